//! The default, model-facing sentences: seed 000's wording, extended to every kind
//! and to nested paths.

use crate::json::short_json;
use crate::violation::{Kind, Violation};
use serde_json::Value;

/// Received values are quoted up to this many characters.
const QUOTE_MAX: usize = 60;

/// The sentence for one violation.
///
/// ```text
/// missing required argument 'city'
/// unexpected argument 'units'
/// argument 'a' should be number, got string
/// argument 'unit' should be one of "celsius", "fahrenheit", got "kelvin"
/// argument 'qty' should be at least 1, got 0
/// argument 'filters.tags[2]' should be string, got integer
/// arguments should be object, got array
/// ```
pub fn message(v: &Violation) -> String {
    let subject = if v.path.is_root() {
        "arguments".to_string()
    } else {
        format!("argument '{}'", v.path)
    };
    match &v.kind {
        Kind::Missing => format!("missing required argument '{}'", v.path),
        Kind::Unexpected => format!("unexpected argument '{}'", v.path),
        Kind::Type { expected, received } => {
            format!("{subject} should be {expected}, got {received}")
        }
        Kind::Enum { allowed, received } => {
            let got = short_json(received, QUOTE_MAX);
            match allowed.as_slice() {
                [] => format!("{subject} cannot take any value (its enum is empty), got {got}"),
                [one] => format!("{subject} should be {one}, got {got}"),
                many => format!("{subject} should be one of {}, got {got}", list(many)),
            }
        }
        Kind::Const { expected, received } => {
            format!(
                "{subject} should be {expected}, got {}",
                short_json(received, QUOTE_MAX)
            )
        }
        Kind::BelowMinimum { limit, received } => {
            format!("{subject} should be at least {limit}, got {received}")
        }
        Kind::AboveMaximum { limit, received } => {
            format!("{subject} should be at most {limit}, got {received}")
        }
        Kind::UnknownTool { name, known } => {
            if known.is_empty() {
                format!("unknown tool '{name}'; no tools are available")
            } else {
                let names: Vec<String> = known.iter().map(|k| format!("'{k}'")).collect();
                format!(
                    "unknown tool '{name}'; available tools: {}",
                    names.join(", ")
                )
            }
        }
    }
}

fn list(values: &[Value]) -> String {
    let parts: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    parts.join(", ")
}
