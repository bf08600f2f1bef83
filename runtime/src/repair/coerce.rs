//! The coercions repair may make: each a decision on one violation and the value
//! it is about, taken only when the reading is unambiguous.

use super::Coercion;
use crate::json::{JsonType, TypeSet};
use crate::options::Options;
use crate::violation::Kind;
use serde_json::Value;

/// The value `value` is read as, to mend the violation `kind` found at it, and
/// how; `None` when no unambiguous reading mends it.
pub(super) fn coerce(kind: &Kind, value: &Value, options: &Options) -> Option<(Value, Coercion)> {
    match kind {
        Kind::Type { expected, .. } => retyped(*expected, value, options),
        Kind::Enum { allowed, .. } => other_case(value, allowed),
        Kind::Const { expected, .. } => other_case(value, std::slice::from_ref(expected)),
        _ => None,
    }
}

/// A value of another type read as one of `expected`: a number or a boolean
/// written as a string, a JSON-encoded object or array in a string, a lone value
/// (not `null`) where an array is expected.
fn retyped(expected: TypeSet, value: &Value, options: &Options) -> Option<(Value, Coercion)> {
    let accepts = |v: &Value| expected.accepts(options.type_of(v));
    if let Value::String(s) = value {
        let text = s.trim();
        let wants_number =
            expected.accepts(JsonType::Number) || expected.accepts(JsonType::Integer);
        if wants_number && looks_numeric(text) {
            if let Ok(n @ Value::Number(_)) = serde_json::from_str::<Value>(text) {
                if accepts(&n) {
                    return Some((n, Coercion::NumberFromString));
                }
            }
        }
        if expected.declares(JsonType::Boolean) {
            if text.eq_ignore_ascii_case("true") {
                return Some((Value::Bool(true), Coercion::BooleanFromString));
            }
            if text.eq_ignore_ascii_case("false") {
                return Some((Value::Bool(false), Coercion::BooleanFromString));
            }
        }
        let wants_container =
            expected.declares(JsonType::Object) || expected.declares(JsonType::Array);
        if wants_container && (text.starts_with('{') || text.starts_with('[')) {
            if let Ok(parsed) = serde_json::from_str::<Value>(text) {
                if (parsed.is_object() || parsed.is_array()) && accepts(&parsed) {
                    return Some((parsed, Coercion::ParsedJson));
                }
            }
        }
    }
    let lone = !(value.is_array() || value.is_object() || value.is_null());
    if expected.declares(JsonType::Array) && lone {
        return Some((Value::Array(vec![value.clone()]), Coercion::WrappedInArray));
    }
    None
}

/// Whether `text` is written as a JSON number (a sign, digits, a fraction, an
/// exponent): not `"NaN"`, `"1,000"` or `"0x10"`.
fn looks_numeric(text: &str) -> bool {
    let body = text.strip_prefix('-').unwrap_or(text);
    body.starts_with(|c: char| c.is_ascii_digit())
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E'))
}

/// The one allowed string equal to the string `value` but for case.
fn other_case(value: &Value, allowed: &[Value]) -> Option<(Value, Coercion)> {
    let s = value.as_str()?;
    let lower = s.to_lowercase();
    let mut matches = allowed.iter().filter(|a| {
        a.as_str()
            .is_some_and(|a| a != s && a.to_lowercase() == lower)
    });
    let first = matches.next()?;
    if matches.next().is_some() {
        return None;
    }
    Some((first.clone(), Coercion::EnumCase))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn t(types: &[JsonType]) -> Kind {
        let mut set = TypeSet::EMPTY;
        for ty in types {
            set = set.with(*ty);
        }
        Kind::Type {
            expected: set,
            received: JsonType::String,
        }
    }

    fn read(kind: &Kind, v: Value) -> Option<Value> {
        coerce(kind, &v, &Options::default()).map(|(v, _)| v)
    }

    #[test]
    fn strings_read_as_numbers_and_booleans() {
        assert_eq!(read(&t(&[JsonType::Integer]), json!("3")), Some(json!(3)));
        assert_eq!(read(&t(&[JsonType::Integer]), json!("3.5")), None);
        assert_eq!(
            read(&t(&[JsonType::Number]), json!(" -2.5e1 ")),
            Some(json!(-25.0))
        );
        assert_eq!(read(&t(&[JsonType::Number]), json!("NaN")), None);
        assert_eq!(read(&t(&[JsonType::Number]), json!("1,000")), None);
        assert_eq!(
            read(&t(&[JsonType::Boolean]), json!("True")),
            Some(json!(true))
        );
        assert_eq!(read(&t(&[JsonType::Boolean]), json!("yes")), None);
    }

    #[test]
    fn json_in_strings_and_lone_values() {
        let obj = t(&[JsonType::Object]);
        assert_eq!(read(&obj, json!("{\"a\": 1}")), Some(json!({"a": 1})));
        assert_eq!(read(&obj, json!("[1]")), None);
        let arr = t(&[JsonType::Array]);
        assert_eq!(read(&arr, json!("[1, 2]")), Some(json!([1, 2])));
        assert_eq!(read(&arr, json!("a")), Some(json!(["a"])));
        assert_eq!(read(&arr, json!(4)), Some(json!([4])));
        assert_eq!(read(&arr, json!({"a": 1})), None);
        assert_eq!(read(&arr, Value::Null), None, "null is no lone value");
    }

    #[test]
    fn enum_values_in_another_case() {
        let kind = Kind::Enum {
            allowed: vec![json!("celsius"), json!("fahrenheit")].into(),
            received: json!("Celsius"),
        };
        assert_eq!(read(&kind, json!("CELSIUS")), Some(json!("celsius")));
        assert_eq!(read(&kind, json!("kelvin")), None);
        let twice = Kind::Enum {
            allowed: vec![json!("a"), json!("A")].into(),
            received: json!("x"),
        };
        assert_eq!(read(&twice, json!("α")), None);
        let ambiguous = Kind::Enum {
            allowed: vec![json!("ab"), json!("AB")].into(),
            received: json!("Ab"),
        };
        assert_eq!(read(&ambiguous, json!("Ab")), None);
    }
}
