//! The coercions repair may make: each a decision on one violation and the value
//! it is about, taken only when the reading is unambiguous.

use super::Coercion;
use crate::json::{JsonType, TypeSet};
use crate::options::Options;
use crate::violation::Kind;
use serde_json::Value;
use std::collections::HashMap;

/// The value `value` is read as, to mend the violation `kind` found at it, and
/// how; `None` when no unambiguous reading mends it. `cases` holds the enum
/// lists already indexed by case (a list is shared by every violation that
/// names it, and indexed once).
pub(super) fn coerce(
    kind: &Kind,
    value: &Value,
    options: &Options,
    cases: &mut Cases,
) -> Option<(Value, Coercion)> {
    match kind {
        Kind::Type { expected, .. } => retyped(*expected, value, options),
        Kind::Enum { allowed, .. } => {
            let index = cases
                .lists
                .entry(allowed.as_ptr() as usize)
                .or_insert_with(|| CaseIndex::of(allowed));
            index.other_case(value, allowed)
        }
        Kind::Const { expected, .. } => {
            let one = std::slice::from_ref(expected);
            CaseIndex::of(one).other_case(value, one)
        }
        _ => None,
    }
}

/// The enum lists of a report indexed by case, each once (by the address of
/// the list the violations share: the report holds the lists while it is used).
#[derive(Default)]
pub(super) struct Cases {
    lists: HashMap<usize, CaseIndex>,
}

/// An enum list's strings by their lowercase form: the first three distinct
/// strings of each (three distinct strings are ambiguous whichever one is sent).
struct CaseIndex(HashMap<String, Vec<usize>>);

impl CaseIndex {
    fn of(allowed: &[Value]) -> CaseIndex {
        let mut by_case: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, a) in allowed.iter().enumerate() {
            let Some(text) = a.as_str() else { continue };
            let same = by_case.entry(text.to_lowercase()).or_default();
            if same.len() < 3 && !same.iter().any(|&j| allowed[j] == *a) {
                same.push(i);
            }
        }
        CaseIndex(by_case)
    }

    /// The one allowed string equal to the string `value` but for case.
    fn other_case(&self, value: &Value, allowed: &[Value]) -> Option<(Value, Coercion)> {
        let s = value.as_str()?;
        let same = self.0.get(&s.to_lowercase())?;
        let mut matches = same.iter().filter(|&&i| allowed[i].as_str() != Some(s));
        let first = *matches.next()?;
        if matches.next().is_some() {
            return None;
        }
        Some((allowed[first].clone(), Coercion::EnumCase))
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
        coerce(kind, &v, &Options::default(), &mut Cases::default()).map(|(v, _)| v)
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
