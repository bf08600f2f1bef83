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
        Kind::NotAllowed if v.path.is_root() => "no arguments are allowed".to_string(),
        Kind::NotAllowed => format!("argument '{}' is not allowed", v.path),
        Kind::PropertyName { name, problem } => {
            format!(
                "{subject} has a property name '{name}' that {}",
                predicate(problem)
            )
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
        kind => format!("{subject} {}", predicate(kind)),
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

/// What a value should be: `should be at least 1, got 0`.
fn predicate(kind: &Kind) -> String {
    match kind {
        Kind::Type { expected, received } => format!("should be {expected}, got {received}"),
        Kind::Enum { allowed, received } => {
            let got = short_json(received, QUOTE_MAX);
            match allowed.as_slice() {
                [] => format!("cannot take any value (its enum is empty), got {got}"),
                [one] => format!("should be {one}, got {got}"),
                many => format!("should be one of {}, got {got}", list(many)),
            }
        }
        Kind::Const { expected, received } => format!(
            "should be {}, got {}",
            short_json(expected, QUOTE_MAX),
            short_json(received, QUOTE_MAX)
        ),
        Kind::BelowMinimum { limit, received } => {
            format!("should be at least {limit}, got {received}")
        }
        Kind::AboveMaximum { limit, received } => {
            format!("should be at most {limit}, got {received}")
        }
        Kind::ExclusiveMinimum { limit, received } => {
            format!("should be greater than {limit}, got {received}")
        }
        Kind::ExclusiveMaximum { limit, received } => {
            format!("should be less than {limit}, got {received}")
        }
        Kind::MultipleOf { divisor, received } => {
            format!("should be a multiple of {divisor}, got {received}")
        }
        Kind::MinLength { limit, length } => format!(
            "should be at least {} long, got {length}",
            plural(*limit, "character", "characters")
        ),
        Kind::MaxLength { limit, length } => format!(
            "should be at most {} long, got {length}",
            plural(*limit, "character", "characters")
        ),
        Kind::Pattern { pattern, received } => format!(
            "should match the pattern {pattern}, got {}",
            short_json(&Value::String(received.clone()), QUOTE_MAX)
        ),
        Kind::Format { format, received } => format!(
            "should be {}, got {}",
            crate::formats::describe(format),
            short_json(&Value::String(received.clone()), QUOTE_MAX)
        ),
        Kind::MinItems { limit, count } => format!(
            "should have at least {}, got {count}",
            plural(*limit, "item", "items")
        ),
        Kind::MaxItems { limit, count } => format!(
            "should have at most {}, got {count}",
            plural(*limit, "item", "items")
        ),
        Kind::UniqueItems { first, second } => {
            format!("should have unique items, but items {first} and {second} are equal")
        }
        Kind::MinProperties { limit, count } => format!(
            "should have at least {}, got {count}",
            plural(*limit, "property", "properties")
        ),
        Kind::MaxProperties { limit, count } => format!(
            "should have at most {}, got {count}",
            plural(*limit, "property", "properties")
        ),
        Kind::Not { schema } => format!(
            "should not match the schema {}",
            short_json(schema, QUOTE_MAX)
        ),
        Kind::AnyOf { alternatives } => {
            format!("should match at least one of: {}", branches(alternatives))
        }
        Kind::OneOfNone { alternatives } => {
            format!("should match exactly one of: {}", branches(alternatives))
        }
        Kind::OneOfMany { matched } => {
            let names: Vec<String> = matched.iter().map(|i| format!("({})", i + 1)).collect();
            format!(
                "should match exactly one alternative, but matches {}",
                names.join(" and ")
            )
        }
        Kind::Missing => "is missing".to_string(),
        Kind::Unexpected => "is not expected".to_string(),
        Kind::NotAllowed => "is not allowed".to_string(),
        Kind::PropertyName { name, problem } => {
            format!("has a property name '{name}' that {}", predicate(problem))
        }
        Kind::UnknownTool { name, .. } => format!("names an unknown tool '{name}'"),
    }
}

/// `(1) argument 'x' should be string, got integer; (2) ...`
fn branches(alternatives: &[Vec<Violation>]) -> String {
    let parts: Vec<String> = alternatives
        .iter()
        .enumerate()
        .map(|(i, vs)| {
            let msgs: Vec<String> = vs.iter().map(message).collect();
            format!("({}) {}", i + 1, msgs.join(", "))
        })
        .collect();
    parts.join("; ")
}

fn list(values: &[Value]) -> String {
    let parts: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    parts.join(", ")
}
