//! Strict-mode objects: closed with `additionalProperties: false`, `required`
//! checked, and (OpenAI) every property required, an optional one made nullable.

use super::super::keywords::{has_type, type_names};
use super::super::report::{ChangeKind, NullableOptional};
use super::super::rewrite::make_nullable;
use super::engine::Engine;
use crate::json::pointer;
use serde_json::{Map, Value};
use std::collections::HashSet;

impl Engine<'_> {
    /// Objects: closed, and (OpenAI) every property required, optional ones nullable.
    pub(super) fn object_rules(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let is_object = has_type(m, "object") || m.contains_key("properties");
        if !is_object {
            return;
        }
        self.add_object_type(m, ptr);
        self.close(m, ptr);
        let Some(required) = self.declared_required(m, ptr) else {
            return;
        };
        if self.profile.all_required {
            self.require_all(m, ptr, required);
        }
    }

    /// `type: "object"` added beside `properties` when there is no `type`.
    fn add_object_type(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        if m.contains_key("properties") && type_names(m).is_none() {
            m.insert("type".into(), Value::from("object"));
            self.ctx.change(
                ptr,
                ChangeKind::Added,
                "added `type: \"object\"` beside `properties`",
                format!(
                    "{}: every schema needs a type; tool arguments there are objects",
                    self.profile.rule
                ),
            );
        }
    }

    /// `unevaluatedProperties: false` where no subschema applied in place is left
    /// to evaluate a member (`allOf`, `anyOf`, `oneOf`, `$ref`, `if`/`then`/`else`,
    /// `dependentSchemas`): only `properties` and `patternProperties` evaluate
    /// members there, so it closes the object exactly as `additionalProperties:
    /// false` does, and becomes it (is removed beside an `additionalProperties`,
    /// which evaluates every member). Elsewhere it stays, and is refused with the
    /// profile's rule.
    pub(super) fn unevaluated_as_additional(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        const IN_PLACE: [&str; 9] = [
            "allOf",
            "anyOf",
            "oneOf",
            "$ref",
            "$dynamicRef",
            "if",
            "then",
            "else",
            "dependentSchemas",
        ];
        if m.get("unevaluatedProperties") != Some(&Value::Bool(false))
            || IN_PLACE.iter().any(|k| m.contains_key(*k))
        {
            return;
        }
        m.remove("unevaluatedProperties");
        let here = pointer::join(ptr, "unevaluatedProperties");
        if m.contains_key("additionalProperties") {
            self.ctx.change(
                &here,
                ChangeKind::Removed,
                "removed `unevaluatedProperties: false`",
                "`additionalProperties` evaluates every member: nothing is left for it",
            );
        } else {
            m.insert("additionalProperties".into(), Value::Bool(false));
            self.ctx.change(
                &here,
                ChangeKind::Converted,
                "`unevaluatedProperties: false` became `additionalProperties: false`",
                "without subschemas applied in place, only `properties` and `patternProperties` evaluate members: the same closing",
            );
        }
    }

    /// `additionalProperties: false` added where the object declares `properties`;
    /// an object open to other keys refused.
    fn close(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let closed_rule = format!(
            "{}: `additionalProperties: false` is required on every object",
            self.profile.rule
        );
        match m.get("additionalProperties") {
            None if m.contains_key("properties") => {
                m.insert("additionalProperties".into(), Value::Bool(false));
                self.ctx.change(
                    ptr,
                    ChangeKind::Closed,
                    "added `additionalProperties: false`",
                    format!("{closed_rule}; tool-call validation already rejects undeclared arguments of an object that declares `properties`"),
                );
            }
            None if m.contains_key("anyOf") => {} // its branches are closed
            None => self.refuse(
                ptr,
                "an object without `properties` accepts any keys",
                closed_rule,
            ),
            Some(Value::Bool(false)) => {
                if !m.contains_key("properties") && !m.contains_key("anyOf") {
                    m.insert("properties".into(), Value::Object(Map::new()));
                    self.ctx.change(
                        ptr,
                        ChangeKind::Added,
                        "added `properties: {}` to a closed object",
                        "a closed object without properties accepts only `{}`, as `properties: {}` says; clients refuse an object schema without `properties`",
                    );
                }
            }
            Some(Value::Bool(true)) => self.refuse(
                &pointer::join(ptr, "additionalProperties"),
                "`additionalProperties: true` lets the object hold undeclared keys",
                closed_rule,
            ),
            Some(_) => self.refuse(
                &pointer::join(ptr, "additionalProperties"),
                "`additionalProperties` as a schema (a map of arbitrary keys) cannot be expressed",
                closed_rule,
            ),
        }
    }

    /// The names in `required`, each checked against `properties`; `None` when there
    /// are no `properties` or `required` is not a list of names (refused).
    fn declared_required(&mut self, m: &Map<String, Value>, ptr: &str) -> Option<Vec<String>> {
        // Read in place: once its properties are transformed an object's subtree can be
        // large (inlined references), and a copy per level would be quadratic.
        let Some(Value::Object(props)) = m.get("properties") else {
            return None;
        };
        let required: Vec<String> = match m.get("required") {
            None => Vec::new(),
            Some(Value::Array(l)) if l.iter().all(Value::is_string) => l
                .iter()
                .filter_map(Value::as_str)
                .map(String::from)
                .collect(),
            Some(_) => {
                self.refuse(
                    &pointer::join(ptr, "required"),
                    "`required` is not a list of names",
                    self.profile.rule,
                );
                return None;
            }
        };
        for r in &required {
            if !props.contains_key(r) {
                self.refuse(
                    &pointer::join(ptr, "required"),
                    format!("`required` names '{r}', which `properties` does not declare"),
                    format!(
                        "{}: with `additionalProperties: false` no value could have it",
                        self.profile.rule
                    ),
                );
            }
        }
        Some(required)
    }

    /// OpenAI: every property listed in `required`, each optional one made nullable
    /// (its `null` standing for "absent").
    fn require_all(&mut self, m: &mut Map<String, Value>, ptr: &str, required: Vec<String>) {
        let props = match m.get_mut("properties") {
            Some(Value::Object(p)) => std::mem::take(p),
            _ => return,
        };
        let required: HashSet<String> = required.into_iter().collect();
        let mut out = Map::new();
        for (name, schema) in props {
            let schema = if required.contains(&name) {
                schema
            } else {
                self.nullable_optional(ptr, &name, schema)
            };
            out.insert(name, schema);
        }
        let names: Vec<Value> = out.keys().cloned().map(Value::String).collect();
        m.insert("properties".into(), Value::Object(out));
        m.insert("required".into(), Value::Array(names));
    }

    /// The optional property `name` of the object at `ptr` made nullable and recorded.
    fn nullable_optional(&mut self, ptr: &str, name: &str, schema: Value) -> Value {
        let here = pointer::join(&pointer::join(ptr, "properties"), name);
        let (schema, already, how) = make_nullable(schema);
        if already {
            self.ctx.change(
                &here,
                ChangeKind::Required,
                format!("optional '{name}' listed in `required` (it already accepts null)"),
                "OpenAI strict mode requires every property in `required`; the model sends null for \"absent\"",
            );
        } else {
            self.ctx.change(
                &here,
                ChangeKind::Nullable,
                format!("optional '{name}' listed in `required` and made nullable ({how})"),
                "OpenAI strict mode requires every property in `required`; an optional one is emulated by a union with null, and its null stands for \"absent\"",
            );
        }
        self.ctx.nullable.push(NullableOptional {
            object_pointer: ptr.to_string(),
            property: name.to_string(),
            pointer: here,
            already_nullable: already,
        });
        schema
    }
}
