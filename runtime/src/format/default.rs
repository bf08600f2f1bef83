//! The default, model-facing sentences: seed 000's wording, extended to every kind
//! and to nested paths.

use crate::json::short_json;
use crate::violation::{Kind, Violation};
use serde_json::Value;
use std::fmt::{self, Write as _};

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
    let subject = Subject(&v.path);
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
        // One string, written once (no intermediate strings).
        kind => {
            let mut out = String::with_capacity(64);
            let _ = write!(out, "{subject} ");
            write_predicate(&mut out, kind);
            out
        }
    }
}

/// `arguments` (the root) or `argument 'PATH'`.
struct Subject<'a>(&'a crate::violation::Path);

impl fmt::Display for Subject<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_root() {
            f.write_str("arguments")
        } else {
            write!(f, "argument '{}'", self.0)
        }
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
    let mut out = String::new();
    write_predicate(&mut out, kind);
    out
}

/// [`predicate`], appended to `out`.
fn write_predicate(out: &mut String, kind: &Kind) {
    let _ = match kind {
        Kind::Type { expected, received } => write!(out, "should be {expected}, got {received}"),
        Kind::Enum { allowed, received } => {
            let got = short_json(received, QUOTE_MAX);
            match allowed.as_slice() {
                [] => write!(out, "cannot take any value (its enum is empty), got {got}"),
                [one] => write!(out, "should be {one}, got {got}"),
                many => {
                    out.push_str("should be one of ");
                    for (i, v) in many.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let _ = write!(out, "{v}");
                    }
                    write!(out, ", got {got}")
                }
            }
        }
        Kind::Const { expected, received } => write!(
            out,
            "should be {}, got {}",
            short_json(expected, QUOTE_MAX),
            short_json(received, QUOTE_MAX)
        ),
        Kind::BelowMinimum { limit, received } => {
            write!(out, "should be at least {limit}, got {received}")
        }
        Kind::AboveMaximum { limit, received } => {
            write!(out, "should be at most {limit}, got {received}")
        }
        Kind::ExclusiveMinimum { limit, received } => {
            write!(out, "should be greater than {limit}, got {received}")
        }
        Kind::ExclusiveMaximum { limit, received } => {
            write!(out, "should be less than {limit}, got {received}")
        }
        Kind::MultipleOf { divisor, received } => {
            write!(out, "should be a multiple of {divisor}, got {received}")
        }
        Kind::MinLength { limit, length } => write!(
            out,
            "should be at least {} long, got {length}",
            plural(*limit, "character", "characters")
        ),
        Kind::MaxLength { limit, length } => write!(
            out,
            "should be at most {} long, got {length}",
            plural(*limit, "character", "characters")
        ),
        Kind::Pattern { pattern, received } => write!(
            out,
            "should match the pattern {pattern}, got {}",
            short_json(&Value::String(received.clone()), QUOTE_MAX)
        ),
        Kind::Format { format, received } => write!(
            out,
            "should be {}, got {}",
            crate::formats::describe(format),
            short_json(&Value::String(received.clone()), QUOTE_MAX)
        ),
        Kind::MinItems { limit, count } => write!(
            out,
            "should have at least {}, got {count}",
            plural(*limit, "item", "items")
        ),
        Kind::MaxItems { limit, count } => write!(
            out,
            "should have at most {}, got {count}",
            plural(*limit, "item", "items")
        ),
        Kind::UniqueItems { first, second } => {
            write!(
                out,
                "should have unique items, but items {first} and {second} are equal"
            )
        }
        Kind::MinProperties { limit, count } => write!(
            out,
            "should have at least {}, got {count}",
            plural(*limit, "property", "properties")
        ),
        Kind::MaxProperties { limit, count } => write!(
            out,
            "should have at most {}, got {count}",
            plural(*limit, "property", "properties")
        ),
        Kind::Not { schema } => write!(
            out,
            "should not match the schema {}",
            short_json(schema, QUOTE_MAX)
        ),
        Kind::AnyOf { alternatives } => {
            write!(
                out,
                "should match at least one of: {}",
                branches(alternatives)
            )
        }
        Kind::OneOfNone { alternatives } => {
            write!(
                out,
                "should match exactly one of: {}",
                branches(alternatives)
            )
        }
        Kind::OneOfMany { matched } => {
            let names: Vec<String> = matched.iter().map(|i| format!("({})", i + 1)).collect();
            write!(
                out,
                "should match exactly one alternative, but matches {}",
                names.join(" and ")
            )
        }
        Kind::Missing => out.write_str("is missing"),
        Kind::Unexpected => out.write_str("is not expected"),
        Kind::NotAllowed => out.write_str("is not allowed"),
        Kind::PropertyName { name, problem } => {
            write!(
                out,
                "has a property name '{name}' that {}",
                predicate(problem)
            )
        }
        Kind::UnknownTool { name, .. } => write!(out, "names an unknown tool '{name}'"),
    };
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
