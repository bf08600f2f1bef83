//! The typed form's property test: the schemas `gen_schemas.rs` drew at build
//! time (each compiled as `pub struct PropN = { ... }`), and calls drawn from each
//! at test time with the project's test generator (`tests/support/agreement.rs`:
//! calls meant valid, with a near miss now and then, and calls meant invalid).
//! Under each option, a call the validator accepts parses typed and serialises
//! back to the same JSON value (numbers by value); a call it refuses is refused
//! by the typed parse with the same report.

#![allow(dead_code)] // the generator's helpers for other tests

#[path = "../../support/agreement.rs"]
mod agreement;

use serde_json::{json, Map, Value};
use tool_schema::json::json_eq;
use tool_schema::{Options, Undeclared};
use tool_schema_typed_tests::props::PROPS;
use tool_schema_typed_tests::{RoundTrip, Validate};

const OPTIONS: [Options; 3] = [
    Options::TOOL_CALL,
    Options::TOOL_CALL.undeclared(Undeclared::RejectAlways),
    Options::TOOL_CALL.undeclared(Undeclared::RejectIfForbidden),
];

/// Calls drawn per schema, half meant valid.
const CALLS: usize = 160;

/// `schema` as the call generator reads it: `oneOf` as `anyOf` (a tagged
/// union's branches exclude each other anyway), an `allOf` of objects as one
/// object (its branches' properties, required names and closing), local `$ref`s
/// into `root` kept.
fn for_generator(root: &Value, schema: &Value) -> Value {
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
            Value::Object(_) if k == "properties" || k == "$defs" => Value::Object(
                v.as_object()
                    .unwrap()
                    .iter()
                    .map(|(name, s)| (name.clone(), for_generator(root, s)))
                    .collect(),
            ),
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
            Some(r) => root.pointer(r.trim_start_matches('#')).unwrap(),
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

/// One call under every option; its problems pushed to `errors`; whether the
/// validator accepted it under one of them at least (tool-call mode closes each
/// branch of an `allOf` to the names the others declare, so a merged object's
/// calls are valid with `Undeclared::RejectIfForbidden` alone).
fn check(
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

#[test]
fn generated_calls_round_trip_or_are_refused_with_the_same_report() {
    let mut rng = agreement::Rng(0x7e5d_2032);
    let mut errors = Vec::new();
    let (mut valid, mut invalid, mut schemas_with_valid) = (0, 0, 0);
    for (name, validate, typed, schema) in PROPS {
        let view = for_generator(schema(), schema());
        let mut any_valid = false;
        for i in 0..CALLS {
            let call = agreement::generate(&mut rng, &view, 0, i % 2 == 0);
            if check(*validate, *typed, &call, name, &mut errors) {
                valid += 1;
                any_valid = true;
            } else {
                invalid += 1;
            }
        }
        schemas_with_valid += usize::from(any_valid);
    }
    eprintln!(
        "{} schemas, {valid} valid and {invalid} invalid calls (each under {} options), {} problems",
        PROPS.len(),
        OPTIONS.len(),
        errors.len()
    );
    assert!(
        errors.is_empty(),
        "{} problems:\n{}",
        errors.len(),
        errors[..errors.len().min(10)].join("\n")
    );
    // Both sides are exercised, on most schemas.
    assert!(
        valid >= PROPS.len() * CALLS / 4 && invalid >= PROPS.len() * CALLS / 4,
        "{valid} valid, {invalid} invalid calls"
    );
    assert!(
        schemas_with_valid * 10 >= PROPS.len() * 9,
        "{schemas_with_valid} of {} schemas got a valid call",
        PROPS.len()
    );
}
