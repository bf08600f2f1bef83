//! Schema dialects other than JSON Schema, translated into JSON Schema so that they
//! run through the one schema model and both back ends.
//!
//! - [`Dialect::Bfcl`]: the Berkeley Function Calling Leaderboard's python-style
//!   function definitions (type names `dict`, `float`, `tuple`, `any`; `enum` on an
//!   array lists the allowed elements; every keyword but `type`, `properties`,
//!   `required`, `items` and `enum` is an annotation). The exact rules are those of
//!   the corpus's `DIALECT.md`; [`bfcl_codes`] writes its error codes.

use crate::schema::{Schema, SchemaError};
use crate::violation::{Kind, Report};
use serde_json::{Map, Value};

/// A schema dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Dialect {
    /// JSON Schema (2020-12), as [`Schema::parse`] reads it.
    #[default]
    JsonSchema,
    /// BFCL's python-style definitions (the `parameters` of a function).
    Bfcl,
}

impl Dialect {
    /// The dialect called `name` (`"json-schema"`, `"bfcl"`).
    pub fn from_name(name: &str) -> Option<Dialect> {
        match name {
            "json-schema" | "jsonschema" => Some(Dialect::JsonSchema),
            "bfcl" => Some(Dialect::Bfcl),
            _ => None,
        }
    }

    /// `schema` in JSON Schema: unchanged for [`Dialect::JsonSchema`].
    pub fn to_json_schema(self, schema: &Value) -> Result<Value, SchemaError> {
        match self {
            Dialect::JsonSchema => Ok(schema.clone()),
            Dialect::Bfcl => bfcl_to_json_schema(schema),
        }
    }

    /// Parses `schema` written in this dialect.
    pub fn parse(self, schema: &Value) -> Result<Schema, SchemaError> {
        match self {
            Dialect::JsonSchema => Schema::parse(schema),
            Dialect::Bfcl => Schema::parse(&bfcl_to_json_schema(schema)?),
        }
    }
}

fn err(pointer: &str, message: impl Into<String>) -> SchemaError {
    SchemaError::single(pointer, message)
}

/// Translates a BFCL `parameters` node (whose type must be `dict`) into JSON Schema.
pub fn bfcl_to_json_schema(parameters: &Value) -> Result<Value, SchemaError> {
    match parameters.get("type") {
        Some(Value::String(t)) if t == "dict" => bfcl_node(parameters, ""),
        Some(other) => Err(err(
            "/type",
            format!("the parameters of a BFCL function must have type \"dict\", got {other}"),
        )),
        None if parameters.is_object() => Err(err("", "a BFCL schema node must have a \"type\"")),
        None => Err(err("", "a BFCL schema node must be an object")),
    }
}

fn bfcl_node(node: &Value, ptr: &str) -> Result<Value, SchemaError> {
    let Value::Object(map) = node else {
        return Err(err(ptr, "a BFCL schema node must be an object"));
    };
    let at = |k: &str| format!("{ptr}/{}", k.replace('~', "~0").replace('/', "~1"));
    let ty = match map.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(other) => {
            return Err(err(
                &at("type"),
                format!("a BFCL type is a single name, got {other}"),
            ))
        }
        None => return Err(err(ptr, "a BFCL schema node must have a \"type\"")),
    };
    let json_type = match ty {
        "string" => Some("string"),
        "integer" => Some("integer"),
        "float" => Some("number"),
        "boolean" => Some("boolean"),
        "array" | "tuple" => Some("array"),
        "dict" => Some("object"),
        "any" => None,
        other => {
            return Err(err(
                &at("type"),
                format!("\"{other}\" is not a BFCL type; expected one of \"string\", \"integer\", \"float\", \"boolean\", \"array\", \"tuple\", \"dict\", \"any\""),
            ))
        }
    };
    let mut out = Map::new();
    if let Some(t) = json_type {
        out.insert("type".into(), Value::from(t));
    }
    if let Some(Value::String(d)) = map.get("description") {
        out.insert("description".into(), Value::from(d.clone()));
    }
    let enum_values = match map.get("enum") {
        None => None,
        Some(Value::Array(values)) => Some(values.clone()),
        Some(_) => return Err(err(&at("enum"), "a BFCL enum must be a list")),
    };
    let is_array = json_type == Some("array");
    if let (Some(values), false) = (&enum_values, is_array) {
        out.insert("enum".into(), Value::Array(values.clone()));
    }
    if json_type == Some("object") {
        if let Some(props) = map.get("properties") {
            let Value::Object(props) = props else {
                return Err(err(&at("properties"), "BFCL properties must be an object"));
            };
            let mut translated = Map::new();
            for (name, sub) in props {
                let sub_ptr = format!(
                    "{}/{}",
                    at("properties"),
                    name.replace('~', "~0").replace('/', "~1")
                );
                translated.insert(name.clone(), bfcl_node(sub, &sub_ptr)?);
            }
            out.insert("properties".into(), Value::Object(translated));
        }
        if let Some(required) = map.get("required") {
            let ok = required
                .as_array()
                .is_some_and(|r| r.iter().all(Value::is_string));
            if !ok {
                return Err(err(
                    &at("required"),
                    "BFCL required must be a list of names",
                ));
            }
            out.insert("required".into(), required.clone());
        }
    }
    if is_array {
        let items = match map.get("items") {
            None => None,
            Some(items @ Value::Object(_)) => Some(bfcl_node(items, &at("items"))?),
            Some(_) => return Err(err(&at("items"), "BFCL items must be a single schema node")),
        };
        // An enum on an array lists the allowed elements, checked after the
        // element's own type.
        let items = match (items, enum_values) {
            (Some(Value::Object(mut i)), Some(values)) => {
                if i.contains_key("enum") {
                    let extra = serde_json::json!({ "enum": values });
                    i.insert("allOf".into(), Value::Array(vec![extra]));
                } else {
                    i.insert("enum".into(), Value::Array(values));
                }
                Some(Value::Object(i))
            }
            (None, Some(values)) => Some(serde_json::json!({ "enum": values })),
            (items, None) => items,
            (Some(other), Some(_)) => Some(other),
        };
        if let Some(items) = items {
            out.insert("items".into(), items);
        }
    }
    Ok(Value::Object(out))
}

/// The BFCL dialect's error codes (`missing:`, `unexpected:`, `type:`, `enum:` with
/// the path), de-duplicated and sorted.
pub fn bfcl_codes(report: &Report) -> Vec<String> {
    let mut codes: Vec<String> = report
        .violations
        .iter()
        .map(|v| {
            let tag = match &v.kind {
                Kind::Missing => "missing",
                Kind::Unexpected => "unexpected",
                Kind::Type { .. } => "type",
                Kind::Enum { .. } => "enum",
                other => other.code(),
            };
            format!("{tag}:{}", v.path)
        })
        .collect();
    codes.sort();
    codes.dedup();
    codes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Undeclared};
    use serde_json::json;

    fn codes(def: &Value, args: Value) -> Vec<String> {
        let s = Dialect::Bfcl.parse(def).unwrap();
        let o = Options::default().undeclared(Undeclared::RejectAlways);
        bfcl_codes(&s.validate_with(&args, &o))
    }

    #[test]
    fn dialect_examples() {
        let def = json!({"type": "dict", "properties": {
            "city": {"type": "string"},
            "days": {"type": "integer"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "body": {"type": "dict", "properties": {"mode": {"type": "string", "enum": ["COOL", "HEAT"]}, "temp": {"type": "integer"}}, "required": ["mode"]},
            "tags": {"type": "array", "items": {"type": "string"}},
            "ratio": {"type": "float"},
            "blob": {"type": "any"},
            "metrics": {"type": "array", "items": {"type": "string"}, "enum": ["a", "b"]}
        }, "required": ["city"]});
        assert!(codes(&def, json!({"city": "Paris", "ratio": 2, "blob": null})).is_empty());
        assert_eq!(codes(&def, json!({})), ["missing:city"]);
        assert_eq!(
            codes(&def, json!({"city": "P", "days": 5.0})),
            ["type:days"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "days": null})),
            ["type:days"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "unit": "Celsius"})),
            ["enum:unit"]
        );
        assert_eq!(codes(&def, json!({"city": "P", "unit": 5})), ["type:unit"]);
        assert_eq!(
            codes(&def, json!({"city": "P", "tags": ["a", 1]})),
            ["type:tags[1]"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "body": {"temp": "20", "fan": 1}})),
            ["missing:body.mode", "type:body.temp", "unexpected:body.fan"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "cty": "x", "Days": 3})),
            ["unexpected:Days", "unexpected:cty"]
        );
        assert_eq!(
            codes(&def, json!({"city": "P", "metrics": ["a", "c", 3]})),
            ["enum:metrics[1]", "type:metrics[2]"]
        );
    }

    #[test]
    fn not_in_the_dialect() {
        for bad in [
            json!({"type": "object", "properties": {}}),
            json!({"type": "dict", "properties": {"a": {"type": "String"}}}),
            json!({"type": "dict", "properties": {"a": {"type": "array", "items": []}}}),
            json!({"type": "dict", "required": "a"}),
            json!({"type": "dict", "properties": {"a": {"type": "string", "enum": "x"}}}),
            json!({"type": "dict", "properties": {"a": 3}}),
        ] {
            assert!(Dialect::Bfcl.parse(&bad).is_err(), "{bad}");
        }
        // Annotations of every kind are fine.
        let ok = json!({"type": "dict", "properties": {"a": {"type": "integer", "optional": "True", "default": "x", "maximum": 3, "format": "float"}}, "required": []});
        assert!(Dialect::Bfcl.parse(&ok).is_ok());
    }
}
