//! Gemini's OpenAPI-subset `parameters` read back as JSON Schema: the type names in
//! upper case (`STRING`, `OBJECT`) become JSON Schema's, and `propertyOrdering` (an
//! ordering hint for generation, no constraint) is dropped. `nullable`, `enum`,
//! `format` and the bounds are already keywords the schema model reads.

use serde_json::{Map, Value};

/// `parameters` as JSON Schema. Values are walked as schema nodes: `properties`
/// (each member), `items` and `anyOf` (each branch). serde_json parses at most 128
/// levels, which bounds the recursion.
pub fn to_json_schema(parameters: &Value) -> Value {
    let Value::Object(node) = parameters else {
        return parameters.clone();
    };
    let mut out = Map::new();
    for (key, value) in node {
        let value = match (key.as_str(), value) {
            ("propertyOrdering", _) => continue,
            ("type", Value::String(t)) => Value::String(type_name(t)),
            ("properties", Value::Object(members)) => Value::Object(
                members
                    .iter()
                    .map(|(k, v)| (k.clone(), to_json_schema(v)))
                    .collect(),
            ),
            ("items", v) => to_json_schema(v),
            ("anyOf", Value::Array(branches)) => {
                Value::Array(branches.iter().map(to_json_schema).collect())
            }
            (_, v) => v.clone(),
        };
        out.insert(key.clone(), value);
    }
    Value::Object(out)
}

/// `STRING` -> `string`, ...; a name Gemini does not have is kept as written (the
/// schema model then says what is wrong with it).
fn type_name(t: &str) -> String {
    match t {
        "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | "NULL" => {
            t.to_ascii_lowercase()
        }
        _ => t.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn translates_types_and_drops_ordering() {
        let p = json!({
            "type": "OBJECT",
            "properties": {
                "propertyOrdering": {"type": "STRING", "nullable": true},
                "tags": {"type": "ARRAY", "items": {"type": "STRING", "enum": ["a"]}},
                "n": {"anyOf": [{"type": "INTEGER"}, {"type": "NULL"}]}
            },
            "propertyOrdering": ["propertyOrdering", "tags", "n"],
            "required": ["tags"]
        });
        assert_eq!(
            to_json_schema(&p),
            json!({
                "type": "object",
                "properties": {
                    "propertyOrdering": {"type": "string", "nullable": true},
                    "tags": {"type": "array", "items": {"type": "string", "enum": ["a"]}},
                    "n": {"anyOf": [{"type": "integer"}, {"type": "null"}]}
                },
                "required": ["tags"]
            })
        );
    }
}
