//! The JSON Schema vocabulary as the exports read it: type names, annotations,
//! applicators (the keywords that hold subschemas) and the type each keyword
//! constrains.

use serde_json::{Map, Value};

/// The names in a schema's `type` (one name or a list); `None` without `type`.
pub(crate) fn type_names(node: &Map<String, Value>) -> Option<Vec<&str>> {
    match node.get("type")? {
        Value::String(s) => Some(vec![s.as_str()]),
        Value::Array(list) => Some(list.iter().filter_map(Value::as_str).collect()),
        _ => Some(Vec::new()),
    }
}

pub(crate) fn has_type(node: &Map<String, Value>, name: &str) -> bool {
    type_names(node).is_some_and(|t| t.contains(&name))
}

pub(crate) const TYPE_NAMES: [&str; 7] = [
    "string", "number", "integer", "boolean", "object", "array", "null",
];

/// Keywords that only annotate: removing one never changes which values are valid.
pub(crate) fn is_annotation(k: &str) -> bool {
    matches!(
        k,
        "title"
            | "description"
            | "default"
            | "examples"
            | "$comment"
            | "deprecated"
            | "readOnly"
            | "writeOnly"
            | "$schema"
            | "$id"
            | "$anchor"
            | "$dynamicAnchor"
            | "$vocabulary"
            | "contentMediaType"
            | "contentEncoding"
            | "contentSchema"
    ) || k.starts_with("x-")
}

/// Keywords that hold one subschema.
pub(crate) const SINGLE_APPLICATORS: [&str; 10] = [
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
    "additionalItems",
];
/// Keywords that hold a list of subschemas.
pub(crate) const LIST_APPLICATORS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];
/// Keywords that hold a map of subschemas.
pub(crate) const MAP_APPLICATORS: [&str; 5] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];

/// The JSON type keyword a keyword constrains, if it constrains only one kind of value
/// (read from the vocabulary table, [`crate::schema::vocabulary::applies_to`]).
pub(crate) fn keyword_type(k: &str) -> Option<&'static str> {
    crate::schema::vocabulary::applies_to(k).map(crate::JsonType::name)
}

/// Does a JSON value have JSON Schema type `t`?
pub(crate) fn value_has_type(v: &Value, t: &str) -> bool {
    match t {
        "null" => v.is_null(),
        "boolean" => v.is_boolean(),
        "string" => v.is_string(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        "number" => v.is_number(),
        "integer" => match v {
            Value::Number(n) => {
                n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
            }
            _ => false,
        },
        _ => false,
    }
}
