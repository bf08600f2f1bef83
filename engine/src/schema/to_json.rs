//! IR -> JSON: the schema as the model holds it, keywords in source order.
//!
//! A reference is written as the place of its target: its origin (a document it
//! was loaded from) or a pointer into this document, as a URI fragment. A node the
//! `$dynamicRef` specialisation copied has no place of its own (it shares its
//! original's), so the whole schema's JSON writes each referenced copy once under
//! the root's `$defs`, and its references point there.

use super::{Additional, NodeId, Property, Schema};
use crate::json::pointer;
use serde_json::{Map, Value};
use std::collections::HashMap;

fn count(n: Option<u64>) -> Option<Value> {
    n.map(Value::from)
}

/// Names (`required`, `dependentRequired`'s lists) as an array of strings.
fn strings(names: &[String]) -> Value {
    Value::Array(names.iter().cloned().map(Value::String).collect())
}

/// The whole schema as JSON (see [`Schema::to_value`]).
pub(crate) fn schema_to_value(schema: &Schema) -> Value {
    let mut w = Writer::new(schema, true);
    let mut root = w.value(schema.root_id());
    let mut written = 0;
    let mut defs = Vec::new();
    while written < w.copies.len() {
        let (id, name) = w.copies[written].clone();
        written += 1;
        defs.push((name, w.value(id)));
    }
    if let (Value::Object(map), false) = (&mut root, defs.is_empty()) {
        let entry = map
            .entry("$defs")
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(entry) = entry {
            entry.extend(defs);
        }
    }
    root
}

/// The JSON of node `id` alone (for messages): a reference to a copy is written
/// as its original's place.
pub(crate) fn node_to_value(schema: &Schema, id: NodeId) -> Value {
    Writer::new(schema, false).value(id)
}

struct Writer<'s> {
    schema: &'s Schema,
    /// Whether referenced copies get a place of their own (the whole schema).
    place_copies: bool,
    /// The first node of each (origin, pointer): the one that place names.
    first: Option<HashMap<(Option<&'s str>, &'s str), NodeId>>,
    /// The referenced copies and their names under the root's `$defs`.
    copies: Vec<(NodeId, String)>,
}

impl<'s> Writer<'s> {
    fn new(schema: &'s Schema, place_copies: bool) -> Self {
        Writer {
            schema,
            place_copies,
            first: None,
            copies: Vec::new(),
        }
    }

    fn list(&mut self, ids: &[NodeId]) -> Value {
        let mut out = Vec::with_capacity(ids.len());
        for &i in ids {
            out.push(self.value(i));
        }
        Value::Array(out)
    }

    /// The subschema at `id`, if any (one function for every such keyword: a
    /// closure each would be compiled apart).
    fn one(&mut self, id: Option<NodeId>) -> Option<Value> {
        Some(self.value(id?))
    }

    /// Named subschemas (`properties`, `$defs`, `dependentSchemas`) as an object.
    fn members(&mut self, props: &[Property]) -> Value {
        let mut out = Map::new();
        for p in props {
            out.insert(p.name.clone(), self.value(p.node));
        }
        Value::Object(out)
    }

    /// Where a reference to `target` points.
    fn reference(&mut self, target: NodeId) -> Value {
        let schema = self.schema;
        let node = schema.node(target);
        if self.place_copies && self.is_copy(target) {
            let name = match self.copies.iter().find(|(id, _)| *id == target) {
                Some((_, name)) => name.clone(),
                None => {
                    let name = self.copy_name(target);
                    self.copies.push((target, name.clone()));
                    name
                }
            };
            return Value::String(format!(
                "#{}",
                pointer::fragment(&pointer::join("/$defs", &name))
            ));
        }
        Value::String(match &node.origin {
            Some(origin) => origin.clone(),
            None => format!("#{}", pointer::fragment(&node.pointer)),
        })
    }

    /// Whether `id` is a copy: an earlier node has its origin and pointer.
    fn is_copy(&mut self, id: NodeId) -> bool {
        let schema = self.schema;
        let first = self.first.get_or_insert_with(|| {
            let mut first = HashMap::new();
            for (i, n) in schema.nodes().iter().enumerate() {
                first
                    .entry((n.origin.as_deref(), n.pointer.as_str()))
                    .or_insert(NodeId(i as u32));
            }
            first
        });
        let node = schema.node(id);
        first.get(&(node.origin.as_deref(), node.pointer.as_str())) != Some(&id)
    }

    /// A name under the root's `$defs` for copy `id`, unlike the root's own.
    fn copy_name(&self, id: NodeId) -> String {
        let root = self.schema.node(self.schema.root_id());
        let taken = |name: &str| {
            self.copies.iter().any(|(_, n)| n == name)
                || root
                    .defs
                    .iter()
                    .any(|(_, defs)| defs.iter().any(|p| p.name == name))
        };
        let mut name = format!("copy-{}", id.0);
        while taken(&name) {
            name.push('_');
        }
        name
    }

    fn value(&mut self, id: NodeId) -> Value {
        let schema = self.schema;
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
                "contains" => self.one(node.contains),
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
                    .map(|_| self.members(node.declared_properties())),
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
                    .map(|(_, defs)| self.members(defs)),
                "required" => Some(strings(&node.required)),
                "additionalProperties" => match node.additional {
                    Additional::Allowed => Some(Value::Bool(true)),
                    Additional::Forbidden => Some(Value::Bool(false)),
                    Additional::Schema(s) => Some(self.value(s)),
                    Additional::Unspecified => None,
                },
                "propertyNames" => self.one(node.property_names),
                "unevaluatedProperties" => self.one(node.unevaluated_properties),
                "unevaluatedItems" => self.one(node.unevaluated_items),
                "patternProperties" => {
                    let mut patterns = Map::new();
                    for (p, id) in &node.pattern_properties {
                        patterns.insert(p.source.to_string(), self.value(*id));
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
                "dependentSchemas" => Some(self.members(&node.dependent_schemas)),
                "items" => self.one(node.items),
                "prefixItems" => Some(self.list(&node.prefix_items)),
                "allOf" => Some(self.list(&node.all_of)),
                "anyOf" => Some(self.list(&node.any_of)),
                "oneOf" => Some(self.list(&node.one_of)),
                "not" => self.one(node.not),
                "if" => self.one(node.if_schema),
                "then" => self.one(node.then_schema),
                "else" => self.one(node.else_schema),
                // Resolved: a pointer into the schema, or the place in the document
                // it was loaded from (`$dynamicRef` too: its one target).
                "$ref" | "$dynamicRef" => node.reference.map(|r| self.reference(r)),
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
