//! The JSON report: one object per violation, for programs rather than models.

use super::default::message;
use crate::violation::{Kind, Report};
use serde_json::{json, Map, Value};

/// A JSON array with one object per violation, in report order:
///
/// ```json
/// {"kind": "enum", "path": "unit", "pointer": "/unit", "argument": 1,
///  "allowed": ["celsius", "fahrenheit"], "received": "kelvin",
///  "message": "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\""}
/// ```
///
/// `argument` is the argument's index in the call (`null` when missing). Present
/// per kind: `expected` and `received` (type names) for `type`; `allowed` and
/// `received` for `enum`; `expected` and `received` for `const`; `limit` and
/// `received` for `below-minimum` / `above-maximum`; `received` (the name) and
/// `allowed` (the known tools) for `unknown-tool`.
pub fn json_report(report: &Report) -> Value {
    Value::Array(
        report
            .violations
            .iter()
            .map(|v| {
                let mut o = Map::new();
                o.insert("kind".into(), json!(v.kind.code()));
                o.insert("path".into(), json!(v.path.to_string()));
                o.insert("pointer".into(), json!(v.path.to_pointer()));
                o.insert("argument".into(), json!(v.position.argument));
                match &v.kind {
                    Kind::Missing | Kind::Unexpected => {}
                    Kind::Type { expected, received } => {
                        let names: Vec<&str> = expected.iter().map(|t| t.name()).collect();
                        o.insert("expected".into(), json!(names));
                        o.insert("received".into(), json!(received.name()));
                    }
                    Kind::Enum { allowed, received } => {
                        o.insert("allowed".into(), Value::Array(allowed.clone()));
                        o.insert("received".into(), received.clone());
                    }
                    Kind::Const { expected, received } => {
                        o.insert("expected".into(), expected.clone());
                        o.insert("received".into(), received.clone());
                    }
                    Kind::BelowMinimum { limit, received }
                    | Kind::AboveMaximum { limit, received } => {
                        o.insert("limit".into(), Value::Number(limit.clone()));
                        o.insert("received".into(), Value::Number(received.clone()));
                    }
                    Kind::UnknownTool { name, known } => {
                        o.insert("received".into(), json!(name));
                        o.insert("allowed".into(), json!(known));
                    }
                }
                o.insert("message".into(), json!(message(v)));
                Value::Object(o)
            })
            .collect(),
    )
}
