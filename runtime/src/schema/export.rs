//! IR -> JSON: the schema as the model holds it, keywords in source order.

use super::{Additional, NodeId, Schema};
use serde_json::{Map, Value};

pub(crate) fn node_to_value(schema: &Schema, id: NodeId) -> Value {
    let node = schema.node(id);
    let ann = &node.annotations;
    let mut out = Map::new();
    for key in &node.keywords {
        let value = match key.as_str() {
            "type" => node.types.map(|t| {
                let mut names: Vec<Value> = t.iter().map(|t| Value::from(t.name())).collect();
                if names.len() == 1 {
                    names.pop().unwrap()
                } else {
                    Value::Array(names)
                }
            }),
            "enum" => node.enum_values.clone().map(Value::Array),
            "const" => node.const_value.clone(),
            "minimum" => node.minimum.clone().map(Value::Number),
            "maximum" => node.maximum.clone().map(Value::Number),
            "properties" => node.properties.as_ref().map(|props| {
                Value::Object(
                    props
                        .iter()
                        .map(|p| (p.name.clone(), node_to_value(schema, p.node)))
                        .collect(),
                )
            }),
            "required" => Some(Value::Array(
                node.required.iter().cloned().map(Value::String).collect(),
            )),
            "additionalProperties" => match node.additional {
                Additional::Allowed => Some(Value::Bool(true)),
                Additional::Forbidden => Some(Value::Bool(false)),
                Additional::Unspecified => None,
            },
            "items" => node.items.map(|i| node_to_value(schema, i)),
            "title" => ann.title.clone().map(Value::String),
            "description" => ann.description.clone().map(Value::String),
            "$comment" => ann.comment.clone().map(Value::String),
            "$schema" => ann.dialect.clone().map(Value::String),
            "default" => ann.default.clone(),
            "examples" => ann.examples.clone().map(Value::Array),
            other => ann
                .other
                .iter()
                .find(|(k, _)| k == other)
                .map(|(_, v)| v.clone()),
        };
        if let Some(v) = value {
            out.insert(key.clone(), v);
        }
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests {
    use crate::Schema;
    use serde_json::json;

    #[test]
    fn round_trip_keeps_keywords_and_order() {
        let v = json!({
            "type": "object",
            "title": "t",
            "properties": {
                "z": {"type": ["string", "null"], "description": "d", "x-ui": {"w": 1}},
                "a": {"enum": [1, "x"], "const": 1, "default": 1, "examples": [1]},
                "n": {"type": "number", "minimum": -1.5, "maximum": 3},
                "l": {"type": "array", "items": {"type": "boolean"}}
            },
            "required": ["z"],
            "additionalProperties": false,
            "$comment": "c",
            "$schema": "https://json-schema.org/draft/2020-12/schema"
        });
        let s = Schema::parse(&v).unwrap();
        let out = s.to_value();
        assert_eq!(out, v);
        assert_eq!(out.to_string(), v.to_string());
    }
}
