//! `enum`: which type reads its values. Strings: a Rust enum, a variant each.
//! Integers under `"type": "integer"`: the narrowest integer type holding them
//! all (the validator refuses `1.0` there, as serde does). Other numbers: `f64`
//! when each is one exactly, else `serde_json::Number`. Booleans: `bool`. An
//! `enum` mixing kinds of values is a `serde_json::Value` (serde reads one kind
//! into a type). `null` in the `enum` makes the type an `Option` when the
//! schema's `type` lets it through.

use super::{numbers, Planner, Ty};
use serde_json::Value;
use tool_schema_engine::schema::NodeId;
use tool_schema_engine::{JsonType, TypeSet};

/// The kind of a JSON value, as the mapping tells them apart.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    String,
    Integer,
    Number,
    Boolean,
    Other,
}

impl Kind {
    fn of(v: &Value) -> Kind {
        match v {
            Value::String(_) => Kind::String,
            Value::Bool(_) => Kind::Boolean,
            Value::Number(n) if integer(n).is_some() => Kind::Integer,
            Value::Number(_) => Kind::Number,
            _ => Kind::Other,
        }
    }

    fn words(self) -> &'static str {
        match self {
            Kind::String => "strings",
            Kind::Integer => "integers",
            Kind::Number => "numbers",
            Kind::Boolean => "booleans",
            Kind::Other => "objects or arrays",
        }
    }

    /// The JSON type a value of this kind has (a number written `2.0` is an
    /// integer to JSON Schema).
    fn json_type(self) -> Option<JsonType> {
        match self {
            Kind::String => Some(JsonType::String),
            Kind::Integer => Some(JsonType::Integer),
            Kind::Number => Some(JsonType::Number),
            Kind::Boolean => Some(JsonType::Boolean),
            Kind::Other => None,
        }
    }
}

/// `n` as an integer, when it is one by value (`2.0` is `2`).
fn integer(n: &serde_json::Number) -> Option<i128> {
    if let Some(i) = n.as_i64() {
        return Some(i.into());
    }
    if let Some(u) = n.as_u64() {
        return Some(u.into());
    }
    n.as_f64()
        .filter(|f| f.fract() == 0.0 && f.abs() < 1.8e19)
        .map(|f| f as i128)
}

impl<'s> Planner<'s> {
    /// The type reading the values of node `id`'s `enum` (`values`), whose
    /// `type` is `types` (`None`: absent), `null` accepted where `nullable`.
    pub(super) fn enum_reading(
        &mut self,
        id: NodeId,
        values: &[Value],
        types: Option<TypeSet>,
        nullable: bool,
        hint: String,
    ) -> Result<Ty, String> {
        // The values the schema's `type` lets through: the others are never valid.
        let allowed = |v: &&Value| match (types, Kind::of(v)) {
            (None, _) => true,
            (Some(_), _) if v.is_null() => nullable,
            (Some(t), kind) => kind.json_type().is_some_and(|j| t.accepts(j)),
        };
        let valid: Vec<&Value> = values.iter().filter(allowed).collect();
        let null = valid.iter().any(|v| v.is_null());
        let others: Vec<&Value> = valid.into_iter().filter(|v| !v.is_null()).collect();
        let Some(first) = others.first() else {
            return Err(match (null, types) {
                (true, _) => "the schema accepts `null` alone".into(),
                (false, Some(t)) => format!(
                    "no value of the `enum` is of the schema's type ({t}), so the schema accepts none"
                ),
                (false, None) => "the `enum` is empty".into(),
            });
        };
        let mut kind = Kind::of(first);
        for v in &others {
            match (kind, Kind::of(v)) {
                (a, b) if a == b => {}
                (Kind::Integer, Kind::Number) | (Kind::Number, Kind::Integer) => {
                    kind = Kind::Number
                }
                (a, b) => {
                    return Err(format!(
                        "the `enum` mixes {} and {} (serde reads one kind of value into a type)",
                        a.words(),
                        b.words()
                    ))
                }
            }
        }
        let integer_type = types.is_some_and(|t| !t.declares(JsonType::Number));
        let ty = match kind {
            Kind::String => {
                let strings = others
                    .iter()
                    .filter_map(|v| v.as_str())
                    .map(|s| (s.to_string(), Vec::new()))
                    .collect();
                self.declare_enum(id, strings, hint)
            }
            Kind::Boolean => Ty::Bool,
            // Under `"type": "integer"` a float is refused, as serde refuses it.
            Kind::Integer if integer_type => {
                let ints = others
                    .iter()
                    .filter_map(|v| v.as_number().and_then(integer));
                let (low, high) =
                    ints.fold((i128::MAX, i128::MIN), |(l, h), i| (l.min(i), h.max(i)));
                numbers::narrowest(low, high, self.buffered)
            }
            Kind::Integer | Kind::Number => {
                let exact = others
                    .iter()
                    .filter_map(|v| v.as_number())
                    .all(|n| integer(n).is_none_or(|i| i.unsigned_abs() <= 1 << 53));
                if exact {
                    Ty::F64
                } else {
                    Ty::Number
                }
            }
            Kind::Other => {
                return Err("the `enum` holds objects or arrays, which are not mapped".into())
            }
        };
        Ok(if null { Ty::Option(Box::new(ty)) } else { ty })
    }
}
