//! Seed 001's flat schema format, translated into JSON Schema so that it runs
//! through the one schema model.

use serde_json::{json, Map, Value};

/// The JSON Schema type of a flat type name.
fn json_type(flat: &str) -> Option<&'static str> {
    Some(match flat {
        "str" => "string",
        "int" => "integer",
        "float" => "number",
        "bool" => "boolean",
        "list" => "array",
        "dict" => "object",
        _ => return None,
    })
}

/// `{"required": {"q": "str"}, "optional": {"n": "int"}}` becomes
/// `{"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}},
/// "required": ["q"]}`: required fields first, each map in its order.
pub fn flat_to_json_schema(flat: &Value) -> Result<Value, String> {
    let Value::Object(flat) = flat else {
        return Err(
            "a flat schema must be an object with \"required\" and/or \"optional\" maps".into(),
        );
    };
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (key, value) in flat {
        if key != "required" && key != "optional" {
            return Err(format!(
                "unknown key \"{key}\" in a flat schema; expected \"required\" or \"optional\""
            ));
        }
        let Value::Object(fields) = value else {
            return Err(format!(
                "flat schema \"{key}\" must map field names to type names"
            ));
        };
        for (field, ty) in fields {
            let name = ty.as_str().and_then(json_type).ok_or_else(|| {
                format!("{key}.{field}: unknown flat type {ty}; expected one of \"str\", \"int\", \"float\", \"bool\", \"list\", \"dict\"")
            })?;
            if properties.contains_key(field) {
                return Err(format!("field \"{field}\" is both required and optional"));
            }
            if key == "required" {
                required.push(Value::String(field.clone()));
            }
            properties.insert(field.clone(), json!({"type": name}));
        }
    }
    // Required fields come first in schema order whatever the maps' order.
    let mut ordered = Map::new();
    for r in &required {
        let name = r.as_str().unwrap_or_default();
        if let Some(v) = properties.get(name) {
            ordered.insert(name.to_string(), v.clone());
        }
    }
    for (k, v) in properties {
        if !ordered.contains_key(&k) {
            ordered.insert(k, v);
        }
    }
    Ok(json!({"type": "object", "properties": ordered, "required": required}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translates_required_first() {
        let s = flat_to_json_schema(&json!({"optional": {"n": "int"}, "required": {"q": "str"}}))
            .unwrap();
        assert_eq!(
            s.to_string(),
            r#"{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"integer"}},"required":["q"]}"#
        );
    }

    #[test]
    fn refuses_bad_flat_schemas() {
        assert!(flat_to_json_schema(&json!({"required": {"q": "string"}}))
            .unwrap_err()
            .contains("unknown flat type \"string\""));
        assert!(flat_to_json_schema(&json!({"extra": {}})).is_err());
        assert!(
            flat_to_json_schema(&json!({"required": {"a": "int"}, "optional": {"a": "str"}}))
                .is_err()
        );
        assert!(flat_to_json_schema(&json!([])).is_err());
    }
}
