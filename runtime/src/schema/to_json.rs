//! IR -> JSON: the schema as the model holds it, keywords in source order.

use super::{Additional, NodeId, Property, Schema};
use serde_json::{Map, Value};

fn count(n: Option<u64>) -> Option<Value> {
    n.map(Value::from)
}

fn list(schema: &Schema, ids: &[NodeId]) -> Value {
    let mut out = Vec::with_capacity(ids.len());
    for &i in ids {
        out.push(node_to_value(schema, i));
    }
    Value::Array(out)
}

/// The subschema at `id`, if any (one function for every such keyword: a
/// closure each would be compiled apart).
fn one(schema: &Schema, id: Option<NodeId>) -> Option<Value> {
    Some(node_to_value(schema, id?))
}

/// Named subschemas (`properties`, `$defs`, `dependentSchemas`) as an object.
fn members(schema: &Schema, props: &[Property]) -> Value {
    let mut out = Map::new();
    for p in props {
        out.insert(p.name.clone(), node_to_value(schema, p.node));
    }
    Value::Object(out)
}

/// Names (`required`, `dependentRequired`'s lists) as an array of strings.
fn strings(names: &[String]) -> Value {
    Value::Array(names.iter().cloned().map(Value::String).collect())
}

pub(crate) fn node_to_value(schema: &Schema, id: NodeId) -> Value {
    let node = schema.node(id);
    if node.boolean {
        return Value::Bool(!node.never);
    }
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
            "nullable" => Some(Value::Bool(node.nullable)),
            "enum" => node
                .enum_values
                .as_deref()
                .map(|v| Value::Array(v.to_vec())),
            "const" => node.const_value.clone(),
            "minimum" => node.minimum.clone().map(Value::Number),
            "maximum" => node.maximum.clone().map(Value::Number),
            "exclusiveMinimum" => node.exclusive_minimum.clone().map(Value::Number),
            "exclusiveMaximum" => node.exclusive_maximum.clone().map(Value::Number),
            "multipleOf" => node.multiple_of.clone().map(Value::Number),
            "minLength" => count(node.min_length),
            "maxLength" => count(node.max_length),
            "minItems" => count(node.min_items),
            "contains" => one(schema, node.contains),
            "minContains" => count(node.min_contains),
            "maxContains" => count(node.max_contains),
            "maxItems" => count(node.max_items),
            "minProperties" => count(node.min_properties),
            "maxProperties" => count(node.max_properties),
            "uniqueItems" => Some(Value::Bool(node.unique_items)),
            "pattern" => node.pattern.as_ref().map(|p| Value::from(&*p.source)),
            "format" => node.format.clone().map(Value::String),
            "properties" => node
                .properties
                .as_ref()
                .map(|_| members(schema, node.declared_properties())),
            crate::keywords::alias::KEYWORD => {
                let mut groups = Map::new();
                for (d, _) in node.alias_groups() {
                    let aliases = node.aliases_of(d).map(Value::from).collect();
                    let name = node.declared_properties()[d].name.clone();
                    groups.insert(name, Value::Array(aliases));
                }
                Some(Value::Object(groups))
            }
            "$defs" | "definitions" => node
                .defs
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, defs)| members(schema, defs)),
            "required" => Some(strings(&node.required)),
            "additionalProperties" => match node.additional {
                Additional::Allowed => Some(Value::Bool(true)),
                Additional::Forbidden => Some(Value::Bool(false)),
                Additional::Schema(s) => Some(node_to_value(schema, s)),
                Additional::Unspecified => None,
            },
            "propertyNames" => one(schema, node.property_names),
            "unevaluatedProperties" => one(schema, node.unevaluated_properties),
            "unevaluatedItems" => one(schema, node.unevaluated_items),
            "patternProperties" => {
                let mut patterns = Map::new();
                for (p, id) in &node.pattern_properties {
                    patterns.insert(p.source.to_string(), node_to_value(schema, *id));
                }
                Some(Value::Object(patterns))
            }
            "dependentRequired" => {
                let mut needs = Map::new();
                for (name, names) in &node.dependent_required {
                    needs.insert(name.clone(), strings(names));
                }
                Some(Value::Object(needs))
            }
            "dependentSchemas" => Some(members(schema, &node.dependent_schemas)),
            "items" => one(schema, node.items),
            "prefixItems" => Some(list(schema, &node.prefix_items)),
            "allOf" => Some(list(schema, &node.all_of)),
            "anyOf" => Some(list(schema, &node.any_of)),
            "oneOf" => Some(list(schema, &node.one_of)),
            "not" => one(schema, node.not),
            "if" => one(schema, node.if_schema),
            "then" => one(schema, node.then_schema),
            "else" => one(schema, node.else_schema),
            // Resolved: a pointer into the schema, or the place in the document
            // it was loaded from (`$dynamicRef` too: its one target).
            "$ref" | "$dynamicRef" => node.reference.map(|r| {
                let target = schema.node(r);
                match &target.origin {
                    Some(origin) => Value::String(origin.clone()),
                    None => Value::String(format!("#{}", target.pointer)),
                }
            }),
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
            let key = if key == "$dynamicRef" {
                "$ref"
            } else {
                key.as_str()
            };
            out.insert(key.to_string(), v);
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

    #[test]
    fn draft_7_dependencies_are_written_as_the_2020_12_keywords() {
        let v = json!({
            "$schema": "http://json-schema.org/draft-07/schema#",
            "dependencies": {"card": ["billing"], "method": {"required": ["weight"]}},
            "dependentRequired": {"a": ["b"]}
        });
        let out = Schema::parse(&v).unwrap().to_value();
        assert_eq!(
            out,
            json!({
                "$schema": "http://json-schema.org/draft-07/schema#",
                "dependentRequired": {"card": ["billing"], "a": ["b"]},
                "dependentSchemas": {"method": {"required": ["weight"]}}
            })
        );
    }

    #[test]
    fn round_trip_of_every_keyword() {
        let v = json!({
            "$defs": {"pos": {"type": "integer", "exclusiveMinimum": 0, "multipleOf": 2}},
            "type": "object",
            "properties": {
                "s": {"type": "string", "minLength": 1, "maxLength": 5, "pattern": "^a", "format": "email", "nullable": true},
                "a": {"type": "array", "prefixItems": [{"type": "string"}], "items": false, "minItems": 1, "maxItems": 3, "uniqueItems": true, "contains": {"type": "string"}, "minContains": 1, "maxContains": 2},
                "o": {"type": "object", "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": {"$ref": "#/$defs/pos"}, "propertyNames": {"maxLength": 3}, "minProperties": 1, "maxProperties": 2, "dependentRequired": {"a": ["b", "c"]}, "dependentSchemas": {"b": {"required": ["c"]}}},
                "c": {"anyOf": [{"type": "string"}, {"type": "null"}], "oneOf": [true, {"not": {"const": 1}}], "allOf": [{}], "if": {"type": "string"}, "then": {"minLength": 2}, "else": false},
                "e": {"exclusiveMaximum": 1.5}
            }
        });
        let s = Schema::parse(&v).unwrap();
        assert_eq!(s.to_value().to_string(), v.to_string());
    }
}
