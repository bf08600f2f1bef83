//! The BFCL sample and the MCP corpus declared with the typed form of `tool_schema!` (see
//! `build.rs`): each definition's Rust types, validator and round trip, for
//! `tests/bfcl.rs`.

use serde_json::{json, Map, Value};
use tool_schema::json::json_eq;
use tool_schema::{Options, Report, ToolArgs, Undeclared};

/// A compiled validator.
pub type Validate = fn(&Value, &Options) -> Report;

/// A tool's schema (`ToolArgs::schema`).
pub type SchemaOf = fn() -> &'static Value;

/// A typed parse, then the typed value written back as JSON.
pub type RoundTrip = fn(&Value, &Options) -> Result<Value, Report>;

/// `args` parsed into `T` with `options`, then serialised: the JSON the typed
/// value writes, or the parse's report.
pub fn round_trip<T>(args: &Value, options: &Options) -> Result<Value, Report>
where
    T: ToolArgs + serde::de::DeserializeOwned + serde::Serialize,
{
    let typed = T::parse_with(args, options)?;
    Ok(serde_json::to_value(&typed).expect("a typed value serialises"))
}

/// The typed BFCL definitions (`BFCL`).
pub mod bfcl {
    include!(concat!(env!("OUT_DIR"), "/bfcl.rs"));
}

/// The typed tools of the shared MCP corpus (`MCP`; empty without the shared
/// material).
pub mod mcp {
    include!(concat!(env!("OUT_DIR"), "/mcp.rs"));
}

/// The schemas of the property test, typed (`PROPS`; see `gen_schemas.rs`).
pub mod props {
    include!(concat!(env!("OUT_DIR"), "/props.rs"));
}

/// The typed generator corpus (`GENERATORS`: tool name, validator, typed round
/// trip, schema; a module each, as their `$defs` keys repeat).
pub mod generators {
    include!(concat!(env!("OUT_DIR"), "/generators.rs"));
}

/// The options every call is checked under.
pub const OPTIONS: [Options; 3] = [
    Options::TOOL_CALL,
    Options::TOOL_CALL.undeclared(Undeclared::RejectAlways),
    Options::TOOL_CALL.undeclared(Undeclared::RejectIfForbidden),
];

/// One call under every option of [`OPTIONS`]: a call the validator accepts
/// parses typed and serialises back to the same JSON value (numbers by value), a
/// call it refuses is refused by the typed parse with the same report; each
/// problem pushed to `errors`. Whether the validator accepted it under one option
/// at least (tool-call mode closes each branch of an `allOf` to the names its
/// siblings declare, so a merged object's calls are valid with
/// `Undeclared::RejectIfForbidden` alone).
pub fn check_call(
    validate: Validate,
    typed: RoundTrip,
    call: &Value,
    what: &str,
    errors: &mut Vec<String>,
) -> bool {
    let mut accepted = false;
    for options in OPTIONS {
        let report = validate(call, &options);
        accepted |= report.is_valid();
        match typed(call, &options) {
            Ok(_) if !report.is_valid() => {
                errors.push(format!("{what} {options:?}: parsed a refused call {call}"));
            }
            Ok(back) if !json_eq(&back, call) => {
                errors.push(format!("{what} {options:?}: {call} came back as {back}"));
            }
            Err(parsed) if parsed != report => errors.push(format!(
                "{what} {options:?}: {call}\n  validate: {report:?}\n  parse:    {parsed:?}"
            )),
            _ => {}
        }
    }
    accepted
}

/// `schema` as the test call generator (`tests/support/agreement.rs`) reads it:
/// `oneOf` as `anyOf` (a tagged union's branches exclude each other anyway), an
/// `allOf` of objects as one object (its branches' properties, required names
/// and closing), local `$ref`s into `root` kept.
pub fn for_generator(root: &Value, schema: &Value) -> Value {
    let Value::Object(map) = schema else {
        return schema.clone();
    };
    if let Some(Value::Array(branches)) = map.get("allOf") {
        let mut object = merged(root, branches);
        if let Some(defs) = map.get("$defs") {
            object["$defs"] = for_generator(root, defs);
        }
        return object;
    }
    let mut out = Map::new();
    for (k, v) in map {
        let k = if k == "oneOf" { "anyOf" } else { k.as_str() };
        let v = match v {
            Value::Array(items) => {
                Value::Array(items.iter().map(|i| for_generator(root, i)).collect())
            }
            other => for_generator(root, other),
        };
        out.insert(k.to_string(), v);
    }
    Value::Object(out)
}

/// The object an `allOf` of objects describes, for the generator.
fn merged(root: &Value, branches: &[Value]) -> Value {
    let (mut props, mut required, mut closed) = (Map::new(), Vec::new(), false);
    for b in branches {
        let b = match b.get("$ref").and_then(Value::as_str) {
            Some(r) => root.pointer(r.trim_start_matches('#')).unwrap_or(b),
            None => b,
        };
        for (name, s) in b["properties"].as_object().into_iter().flatten() {
            props
                .entry(name.clone())
                .or_insert_with(|| for_generator(root, s));
        }
        required.extend(b["required"].as_array().into_iter().flatten().cloned());
        closed |= b.get("additionalProperties") == Some(&json!(false));
    }
    let mut out = json!({"type": "object", "properties": props, "required": required});
    if closed {
        out["additionalProperties"] = json!(false);
    }
    out
}
