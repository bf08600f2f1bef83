//! The seed operations: the four exercises this project grew from, reproduced
//! exactly (see `SEED-OPS.md` in the project's shared material).
//!
//! Only with the crate's `seed` feature (off by default; the facade's `seed`
//! turns it on): the project's conformance checks and tests use it.
//!
//! Each operation is the schema model + the interpreter + one [`Format`]: nothing
//! here validates on its own.
//!
//! | operation | seed | options | format |
//! |---|---|---|---|
//! | [`validate_arguments`] | 000 | [`Undeclared::RejectAlways`] | [`Format::Seed000`] |
//! | [`validate_call`] | 001 | [`Undeclared::RejectAlways`] | [`Format::Seed001`] |
//! | [`validate_args`] | 002 | [`Undeclared::RejectIfForbidden`] | [`Format::Seed002`] |
//! | [`validate_tool_call`] | 003 | [`Undeclared::RejectAlways`] | [`Format::Seed003`] |
//!
//! ```
//! use serde_json::json;
//! # use tool_schema_engine as tool_schema;
//! use tool_schema::seed;
//!
//! let schema = json!({"type": "object",
//!     "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
//!     "required": ["a", "b"]});
//! let errors = seed::validate_arguments(&json!({"a": "2", "b": 3}), &schema).unwrap();
//! assert_eq!(errors, ["argument 'a' should be number, got string"]);
//! ```

mod flat;
mod format;
mod words;

pub use flat::flat_to_json_schema;
pub use format::Format;

use crate::json::JsonType;
use crate::options::{Options, Undeclared};
use crate::schema::{Schema, SchemaError};
use crate::violation::{Kind, Path, Position, Report, Violation};
use serde_json::{json, Map, Value};
use std::fmt;

/// Why a seed operation could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedError {
    /// A schema was refused by the schema model.
    Schema(SchemaError),
    /// An input is not of the shape the operation takes.
    Input(String),
    /// `tighten_required` was asked to require a property that is not declared.
    Undeclared(String),
}

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeedError::Schema(e) => write!(f, "invalid schema: {e}"),
            SeedError::Input(msg) => f.write_str(msg),
            SeedError::Undeclared(field) => write!(
                f,
                "cannot require '{field}': it is not declared in the schema's properties"
            ),
        }
    }
}

impl std::error::Error for SeedError {}

impl From<SchemaError> for SeedError {
    fn from(e: SchemaError) -> SeedError {
        SeedError::Schema(e)
    }
}

fn type_word(v: &Value) -> &'static str {
    JsonType::of(v).name()
}

fn object<'a>(v: &'a Value, what: &str) -> Result<&'a Map<String, Value>, SeedError> {
    v.as_object().ok_or_else(|| {
        SeedError::Input(format!(
            "{what} must be a JSON object, got {}",
            type_word(v)
        ))
    })
}

/// `call.<field>` as the arguments object; absent means `{}`.
fn call_arguments<'a>(call: &'a Map<String, Value>, field: &str) -> Result<&'a Value, SeedError> {
    static EMPTY: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    match call.get(field) {
        None => Ok(EMPTY.get_or_init(|| json!({}))),
        Some(v) => {
            object(v, &format!("call.{field}"))?;
            Ok(v)
        }
    }
}

fn call_name(call: &Map<String, Value>) -> Result<&str, SeedError> {
    match call.get("name") {
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err(SeedError::Input(format!(
            "call.name must be a string, got {}",
            type_word(other)
        ))),
        None => Err(SeedError::Input("call.name is missing".into())),
    }
}

fn unknown_tool(name: &str, schemas: &Map<String, Value>) -> Report {
    Report::new(vec![Violation::new(
        Kind::UnknownTool {
            name: crate::violation::received_str(name),
            known: schemas.keys().cloned().collect(),
        },
        Path::default(),
        Position::default(),
    )])
}

fn run(schema: &Value, args: &Value, undeclared: Undeclared) -> Result<Report, SeedError> {
    object(args, "arguments")?;
    let schema = Schema::parse(schema)?;
    Ok(schema.validate_with(args, &Options::default().undeclared(undeclared)))
}

/// Seed 000: every problem of `arguments` as a sentence, `[]` when valid.
pub fn validate_arguments(arguments: &Value, schema: &Value) -> Result<Vec<String>, SeedError> {
    let report = run(schema, arguments, Undeclared::RejectAlways)?;
    Ok(Format::Seed000.render(&report))
}

/// Seed 001: checks `call` (`{"name", "args"}`) against the flat schemas
/// (`{"required": {field: type}, "optional": {field: type}}`).
pub fn validate_call(call: &Value, schemas: &Value) -> Result<Vec<String>, SeedError> {
    let call = object(call, "call")?;
    let schemas = object(schemas, "schemas")?;
    let name = call_name(call)?;
    let args = call_arguments(call, "args")?;
    let report = match schemas.get(name) {
        None => unknown_tool(name, schemas),
        Some(flat) => {
            let schema = flat_to_json_schema(flat).map_err(SeedError::Input)?;
            run(&schema, args, Undeclared::RejectAlways)?
        }
    };
    Ok(Format::Seed001.render(&report))
}

/// Seed 002: `missing:`, `unexpected:` (only where `additionalProperties` is
/// `false`), `type:`, `enum:`, `min:`, `max:` codes.
pub fn validate_args(schema: &Value, args: &Value) -> Result<Vec<String>, SeedError> {
    let report = run(schema, args, Undeclared::RejectIfForbidden)?;
    Ok(Format::Seed002.render(&report))
}

/// Seed 002: a new schema with `field` appended to `required` (unless already
/// there). Fails when `field` is not a declared property.
pub fn tighten_required(schema: &Value, field: &str) -> Result<Value, SeedError> {
    let map = object(schema, "schema")?;
    let declared = match map.get("properties") {
        Some(Value::Object(props)) => props.contains_key(field),
        _ => false,
    };
    if !declared {
        return Err(SeedError::Undeclared(field.to_string()));
    }
    let mut out = map.clone();
    match out
        .entry("required")
        .or_insert_with(|| Value::Array(Vec::new()))
    {
        Value::Array(required) => {
            if !required.iter().any(|r| r.as_str() == Some(field)) {
                required.push(Value::String(field.to_string()));
            }
        }
        other => {
            return Err(SeedError::Input(format!(
                "schema.required must be an array, got {}",
                type_word(other)
            )))
        }
    }
    Ok(Value::Object(out))
}

/// Seed 002: a new schema with `additionalProperties: false`.
pub fn forbid_extras(schema: &Value) -> Result<Value, SeedError> {
    let mut out = object(schema, "schema")?.clone();
    out.insert("additionalProperties".into(), Value::Bool(false));
    Ok(Value::Object(out))
}

/// Seed 002: the problems `schema_b` finds in `args` that `schema_a` does not, in
/// `schema_b`'s order.
pub fn diff_problems(
    schema_a: &Value,
    schema_b: &Value,
    args: &Value,
) -> Result<Vec<String>, SeedError> {
    let a = validate_args(schema_a, args)?;
    let b = validate_args(schema_b, args)?;
    Ok(b.into_iter().filter(|p| !a.contains(p)).collect())
}

/// Seed 003's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolCallOutcome {
    pub ok: bool,
    pub errors: Vec<String>,
}

impl ToolCallOutcome {
    /// `{"ok": ..., "errors": [...]}`.
    pub fn to_value(&self) -> Value {
        json!({"ok": self.ok, "errors": self.errors})
    }
}

/// Seed 003: checks `call` (`{"name", "arguments"}`) against `schemas` (tool name
/// to `{"parameters": JSON schema}`). A tool without `parameters` takes no
/// arguments.
pub fn validate_tool_call(schemas: &Value, call: &Value) -> Result<ToolCallOutcome, SeedError> {
    let schemas = object(schemas, "schemas")?;
    let call = object(call, "call")?;
    let name = call_name(call)?;
    let args = call_arguments(call, "arguments")?;
    let report = match schemas.get(name) {
        None => unknown_tool(name, schemas),
        Some(tool) => {
            let tool = object(tool, &format!("schemas.{name}"))?;
            let no_params = json!({"type": "object", "properties": {}});
            let params = tool.get("parameters").unwrap_or(&no_params);
            run(params, args, Undeclared::RejectAlways)?
        }
    };
    let errors = Format::Seed003.render(&report);
    Ok(ToolCallOutcome {
        ok: errors.is_empty(),
        errors,
    })
}

/// The seven operation names, as conformance cases spell them.
pub const OPERATIONS: [&str; 7] = [
    "validate_arguments",
    "validate_call",
    "validate_args",
    "tighten_required",
    "forbid_extras",
    "diff_problems",
    "validate_tool_call",
];

/// Runs operation `op` on the named arguments in `input` (a conformance case's
/// `input` object) and returns its output as JSON.
pub fn run_case(op: &str, input: &Value) -> Result<Value, SeedError> {
    let input = object(input, "input")?;
    let arg = |name: &str| {
        input
            .get(name)
            .ok_or_else(|| SeedError::Input(format!("input.{name} is missing for {op}")))
    };
    let strings = |v: Vec<String>| Value::Array(v.into_iter().map(Value::String).collect());
    Ok(match op {
        "validate_arguments" => strings(validate_arguments(arg("arguments")?, arg("schema")?)?),
        "validate_call" => strings(validate_call(arg("call")?, arg("schemas")?)?),
        "validate_args" => strings(validate_args(arg("schema")?, arg("args")?)?),
        "tighten_required" => {
            let field = arg("field")?;
            let field = field.as_str().ok_or_else(|| {
                SeedError::Input(format!(
                    "input.field must be a string, got {}",
                    type_word(field)
                ))
            })?;
            tighten_required(arg("schema")?, field)?
        }
        "forbid_extras" => forbid_extras(arg("schema")?)?,
        "diff_problems" => strings(diff_problems(
            arg("schema_a")?,
            arg("schema_b")?,
            arg("args")?,
        )?),
        "validate_tool_call" => validate_tool_call(arg("schemas")?, arg("call")?)?.to_value(),
        other => {
            return Err(SeedError::Input(format!(
                "unknown op \"{other}\"; expected one of {}",
                OPERATIONS.join(", ")
            )))
        }
    })
}
