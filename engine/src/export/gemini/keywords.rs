//! Gemini's legacy `parameters`: each JSON Schema keyword converted into the Schema
//! object's field (upper-case type names, string `enum`s, inclusive bounds), kept,
//! removed, or (what the subset lacks) moved into the description or refused.

use super::super::describe::describe_constraint;
use super::super::keywords::is_annotation;
use super::super::report::ChangeKind;
use super::parameters::{Conversion, Converter, RULE};
use super::takes_format;
use crate::json::pointer;
use serde_json::{Map, Value};

/// A keyword Gemini's Schema has, and how it maps.
fn gemini_field(k: &str) -> bool {
    matches!(
        k,
        "type"
            | "format"
            | "title"
            | "description"
            | "nullable"
            | "enum"
            | "items"
            | "minItems"
            | "maxItems"
            | "properties"
            | "required"
            | "minProperties"
            | "maxProperties"
            | "minLength"
            | "maxLength"
            | "pattern"
            | "anyOf"
            | "propertyOrdering"
            | "default"
            | "minimum"
            | "maximum"
    )
}

impl Converter<'_> {
    /// Keyword `k` (value `v`) of the schema being converted.
    pub(super) fn keyword(&mut self, c: &mut Conversion<'_>, k: &str, v: &Value) {
        let here = pointer::join(c.ptr, k);
        match k {
            "type" => self.type_name(c, v, &here),
            "properties" => self.properties(c, k, v, &here),
            "items" => self.items(c, k, v, &here),
            "anyOf" => self.any_of(c, k, v, &here),
            "enum" => self.string_enum(c, k, v, &here),
            "const" => self.constant(c, k, v, &here),
            "exclusiveMinimum" | "exclusiveMaximum" => self.exclusive_bound(c, k, v, &here),
            "minimum" | "maximum" => {
                // an exclusive integer bound may already have set a stricter one
                if !c.out.contains_key(k) {
                    c.out.insert(k.into(), v.clone());
                }
            }
            "format" => self.format(c, k, v, &here),
            "additionalProperties" => self.additional_properties(c, v, &here),
            "required" | "title" | "description" | "default" | "pattern" | "minLength"
            | "maxLength" | "minItems" | "maxItems" | "minProperties" | "maxProperties"
            | "propertyOrdering" | "example" => {
                c.out.insert(k.into(), v.clone());
            }
            "$defs" | "definitions" => {
                self.ctx.change(
                    &here,
                    ChangeKind::Removed,
                    format!("removed `{k}`"),
                    format!("{RULE} has no definitions; every `$ref` was inlined"),
                );
            }
            k if is_annotation(k) => {
                self.ctx.change(
                    &here,
                    ChangeKind::Removed,
                    format!("removed annotation `{k}`"),
                    format!("{RULE} has no such field; it has no validation meaning"),
                );
            }
            k => {
                let rule = if gemini_field(k) {
                    RULE.to_string()
                } else {
                    format!("Gemini's Schema has no `{k}`")
                };
                self.lossy_keyword(k, v, &here, &rule, &mut c.described);
            }
        }
    }

    /// `type`: one name, not `"null"`, written in upper case.
    fn type_name(&mut self, c: &mut Conversion<'_>, v: &Value, here: &str) {
        let Some(t) = v.as_str() else {
            self.ctx.refuse(here, "`type` is not one name", RULE);
            return;
        };
        if t == "null" {
            self.ctx.refuse(
                here,
                "a schema whose only type is \"null\"",
                format!("{RULE}: `nullable` qualifies another type"),
            );
            return;
        }
        c.out.insert("type".into(), Value::from(t.to_uppercase()));
        if !self.types_noted {
            self.types_noted = true;
            self.ctx.change(
                "",
                ChangeKind::Converted,
                "type names written in upper case (\"string\" -> \"STRING\") throughout",
                format!("{RULE}: `type` is the OpenAPI Type enum"),
            );
        }
    }

    /// `properties`: non-empty, each schema converted.
    fn properties(&mut self, c: &mut Conversion<'_>, k: &str, v: &Value, here: &str) {
        let Value::Object(props) = v else { return };
        if props.is_empty() {
            self.ctx.refuse(
                here,
                "an object with no properties",
                "Gemini: an OBJECT needs non-empty `properties`",
            );
        }
        let conv: Map<String, Value> = props
            .iter()
            .map(|(n, s)| (n.clone(), self.node(s, &pointer::join(here, n))))
            .collect();
        c.out.insert(k.into(), Value::Object(conv));
    }

    /// `items`: one schema, converted.
    fn items(&mut self, c: &mut Conversion<'_>, k: &str, v: &Value, here: &str) {
        match v {
            Value::Object(_) => {
                let conv = self.node(v, here);
                c.out.insert(k.into(), conv);
            }
            _ => self.ctx.refuse(
                here,
                format!("`items` is `{v}`, not one schema"),
                format!("{RULE}: `items` is one Schema"),
            ),
        }
    }

    /// `anyOf`: each branch converted.
    fn any_of(&mut self, c: &mut Conversion<'_>, k: &str, v: &Value, here: &str) {
        match v {
            Value::Array(branches) => {
                let mut conv: Vec<Value> = Vec::with_capacity(branches.len());
                for (i, b) in branches.iter().enumerate() {
                    conv.push(self.node(b, &pointer::join_index(here, i)));
                }
                c.out.insert(k.into(), Value::Array(conv));
            }
            _ => self.ctx.refuse(here, "`anyOf` is not a list", RULE),
        }
    }

    /// `enum`: strings only (the type STRING added when there is none).
    fn string_enum(&mut self, c: &mut Conversion<'_>, k: &str, v: &Value, here: &str) {
        let vals = v.as_array().cloned().unwrap_or_default();
        if vals.iter().all(Value::is_string) {
            c.out.insert(k.into(), Value::Array(vals));
            if c.ty.is_none() {
                c.out.insert("type".into(), Value::from("STRING"));
                self.ctx.change(
                    c.ptr,
                    ChangeKind::Added,
                    "added `type: \"STRING\"` for a string `enum`",
                    format!("{RULE}: `enum` lists the values of a STRING"),
                );
            }
        } else {
            self.lossy_keyword(
                k,
                v,
                here,
                "Gemini: `enum` lists strings only",
                &mut c.described,
            );
        }
    }

    /// `const`: a string one becomes a one-value `enum`.
    fn constant(&mut self, c: &mut Conversion<'_>, k: &str, v: &Value, here: &str) {
        if v.is_string() {
            c.out.insert("enum".into(), Value::Array(vec![v.clone()]));
            if c.ty.is_none() {
                c.out.insert("type".into(), Value::from("STRING"));
            }
            self.ctx.change(
                here,
                ChangeKind::Converted,
                format!("`const` {v} -> `enum` [{v}]"),
                format!("{RULE} has no `const`; a one-value `enum` says the same"),
            );
        } else if v.is_null() {
            self.ctx.refuse(
                here,
                "`const: null`",
                format!("{RULE}: `nullable` qualifies another type"),
            );
        } else {
            self.lossy_keyword(
                k,
                v,
                here,
                "Gemini's Schema has no `const`, and its `enum` lists strings only",
                &mut c.described,
            );
        }
    }

    /// `exclusiveMinimum`/`exclusiveMaximum` of an integer: the inclusive bound that
    /// says the same (the stricter of the two when both are given).
    fn exclusive_bound(&mut self, c: &mut Conversion<'_>, k: &str, v: &Value, here: &str) {
        const RULE_NO_EXCLUSIVE: &str = "Gemini's Schema has no exclusive bounds";
        let integer = c.ty.as_deref() == Some("integer");
        let n = v.as_i64().filter(|_| integer);
        let is_min = k == "exclusiveMinimum";
        let key = if is_min { "minimum" } else { "maximum" };
        let bound = n.and_then(|n| {
            if is_min {
                n.checked_add(1)
            } else {
                n.checked_sub(1)
            }
        });
        let Some(b) = bound else {
            self.lossy_keyword(k, v, here, RULE_NO_EXCLUSIVE, &mut c.described);
            return;
        };
        let b = match c.input.get(key).and_then(Value::as_i64) {
            Some(other) if is_min => b.max(other),
            Some(other) => b.min(other),
            None => b,
        };
        // a non-integer inclusive bound beside it stays as written
        if c.input.get(key).is_some_and(|o| o.as_i64().is_none()) {
            self.lossy_keyword(k, v, here, RULE_NO_EXCLUSIVE, &mut c.described);
            return;
        }
        c.out.insert(key.into(), Value::from(b));
        self.ctx.change(
            here,
            ChangeKind::Converted,
            format!("`{k}: {v}` -> `{key}: {b}`"),
            format!(
                "{RULE} has no exclusive bounds; for integers the inclusive bound says the same"
            ),
        );
    }

    /// `format`: the ones Gemini takes for the type kept, others described.
    fn format(&mut self, c: &mut Conversion<'_>, k: &str, v: &Value, here: &str) {
        if takes_format(c.ty.as_deref(), v.as_str().unwrap_or_default()) {
            c.out.insert(k.into(), v.clone());
        } else {
            c.described.extend(describe_constraint("format", v));
            self.ctx.change(here, ChangeKind::Described, format!("`format` {v} moved into the description"), "Gemini takes `format` enum or date-time on strings, float/double and int32/int64 on numbers; a format only annotates");
        }
    }

    /// `additionalProperties`: removed beside `properties`, refused otherwise.
    fn additional_properties(&mut self, c: &mut Conversion<'_>, v: &Value, here: &str) {
        if matches!(v, Value::Bool(_)) && c.input.contains_key("properties") {
            self.ctx.change(here, ChangeKind::Removed, format!("removed `additionalProperties: {v}`"), "Gemini's Schema has no `additionalProperties`; the model is offered the declared properties only, and tool-call validation still judges undeclared ones");
        } else {
            self.ctx.refuse(
                here,
                "`additionalProperties` (an object of arbitrary keys) cannot be expressed",
                "Gemini's Schema has no `additionalProperties`, and an OBJECT needs `properties`",
            );
        }
    }
}
