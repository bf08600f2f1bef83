//! The strict-mode step of each keyword: subschemas transformed, keywords of the
//! subset kept, annotations removed, and what the subset lacks moved into the
//! description or refused.

use super::super::describe::{describable, describe_constraint};
use super::super::keywords::{is_annotation, TYPE_NAMES};
use super::super::numeric::{format_to_bounds, missing_bounds, numeric_format, range_words};
use super::super::report::ChangeKind;
use super::super::Lossy;
use super::engine::Engine;
use crate::json::pointer;
use crate::OptionHint;
use serde_json::{Map, Value};

impl Engine<'_> {
    /// Every keyword of `m`, in order, through [`Engine::keyword`]; returns the
    /// sentences to append to the description.
    pub(super) fn keywords(&mut self, m: &mut Map<String, Value>, ptr: &str) -> Vec<String> {
        let mut described: Vec<String> = Vec::new();
        let keys: Vec<String> = m.keys().cloned().collect();
        for k in keys {
            let here = pointer::join(ptr, &k);
            let Some(v) = m.get(&k).cloned() else {
                continue;
            };
            self.keyword(m, k, v, ptr, &here, &mut described);
        }
        described
    }

    /// Keyword `k` (value `v`, at `here`) of the schema `m` at `ptr`.
    fn keyword(
        &mut self,
        m: &mut Map<String, Value>,
        k: String,
        v: Value,
        ptr: &str,
        here: &str,
        described: &mut Vec<String>,
    ) {
        match k.as_str() {
            "type" => self.check_type(&v, here),
            "properties" | "$defs" | "definitions" => self.subschema_map(m, k, v, here),
            "items" => self.items(m, k, v, here),
            "anyOf" => self.any_of(m, k, v, here),
            "enum" => self.check_enum(&v, here),
            "required" | "additionalProperties" | "const" | "title" | "description" => {}
            "$schema" if ptr.is_empty() && self.keep_dialect => {}
            "default" if self.profile.keep_default => {}
            "default" => self.default_described(m, &v, here, described),
            "format"
                if v.as_str()
                    .is_some_and(|f| self.profile.formats().contains(&f)) => {}
            "format" => self.format_described(m, &v, here, described),
            k if is_annotation(k) => self.remove_annotation(m, k, here),
            k => self.constraint(m, k, &v, here, described),
        }
    }

    fn check_type(&mut self, v: &Value, ptr: &str) {
        let names: Vec<&Value> = match v {
            Value::Array(l) => l.iter().collect(),
            v => vec![v],
        };
        for n in names {
            if !n.as_str().is_some_and(|s| TYPE_NAMES.contains(&s)) {
                self.refuse(ptr, format!("unknown type {n}"), self.profile.rule);
            }
        }
    }

    /// `properties`, `$defs` or `definitions`: each schema of the map transformed (a
    /// `properties` that is not a map refused).
    fn subschema_map(&mut self, m: &mut Map<String, Value>, k: String, v: Value, here: &str) {
        match v {
            Value::Object(map) => {
                let mut out = Map::new();
                for (name, s) in map {
                    let p = pointer::join(here, &name);
                    let s = self.node(s, &p);
                    out.insert(name, s);
                }
                m.insert(k, Value::Object(out));
            }
            _ if k == "properties" => {
                self.refuse(here, "`properties` is not an object", self.profile.rule)
            }
            _ => {}
        }
    }

    /// `items`: one schema, transformed.
    fn items(&mut self, m: &mut Map<String, Value>, k: String, v: Value, here: &str) {
        match v {
            Value::Object(_) => {
                let out = self.node(v, here);
                m.insert(k, out);
            }
            _ => self.refuse(
                here,
                format!("`items` is `{v}`, not one schema"),
                format!(
                    "{}: `items` must be a schema with a type",
                    self.profile.rule
                ),
            ),
        }
    }

    /// `anyOf`: a non-empty list of schemas, each transformed.
    fn any_of(&mut self, m: &mut Map<String, Value>, k: String, v: Value, here: &str) {
        match v {
            Value::Array(branches) if !branches.is_empty() => {
                let mut out: Vec<Value> = Vec::with_capacity(branches.len());
                for (i, b) in branches.into_iter().enumerate() {
                    out.push(self.node(b, &pointer::join_index(here, i)));
                }
                m.insert(k, Value::Array(out));
            }
            _ => self.refuse(here, "`anyOf` is not a non-empty list", self.profile.rule),
        }
    }

    /// `enum`: Anthropic takes values of primitive types only.
    fn check_enum(&mut self, v: &Value, here: &str) {
        if !self.profile.target.is_openai()
            && v.as_array()
                .is_some_and(|l| l.iter().any(|x| x.is_object() || x.is_array()))
        {
            self.refuse(here, "`enum` lists an object or an array", "Anthropic strict tool use: `enum` values must be strings, numbers, booleans or null");
        }
    }

    /// `default` where the subset has none (OpenAI): moved into the description (a
    /// `null` one removed).
    fn default_described(
        &mut self,
        m: &mut Map<String, Value>,
        v: &Value,
        here: &str,
        described: &mut Vec<String>,
    ) {
        m.shift_remove("default");
        if v.is_null() {
            self.ctx.change(here, ChangeKind::Removed, "removed `default: null`", "OpenAI strict mode does not accept `default`; a nullable property already reads `null` as absent");
        } else {
            described.push(describe_constraint("default", v).unwrap_or_default());
            self.ctx.change(here, ChangeKind::Described, format!("`default` {v} moved into the description"), "OpenAI strict mode does not accept `default`; the model reads it in the description, and an optional property's `null` stands for \"absent\"");
        }
    }

    /// A numeric format (`uint8`, `int32`, `float`, ...): no strict subset lists one,
    /// so its range becomes `minimum`/`maximum` (kept by OpenAI; described or refused
    /// with the other bounds by Anthropic). Refused at the format itself when the
    /// bounds it needs would be refused.
    pub(super) fn numeric_format(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let Some(format) = numeric_format(m) else {
            return;
        };
        let rule = format!(
            "{}: `format` on numbers is not among the formats it supports",
            self.profile.rule
        );
        let bounds_refused = (self.profile.constraint)("minimum", &Value::Null).err();
        if let Some(bounds_rule) = bounds_refused.filter(|_| self.lossy == Lossy::Refuse) {
            if !missing_bounds(m, format).is_empty() {
                self.refuse(
                    &pointer::join(ptr, "format"),
                    format!(
                        "`format: \"{}\"` bounds the value ({}), and bounds cannot be expressed ({} would move them into the description)",
                        format.name,
                        range_words(format),
                        OptionHint::LossyDescribe.words()
                    ),
                    bounds_rule,
                );
                return;
            }
        }
        format_to_bounds(m, ptr, self.ctx, &rule);
    }

    /// A `format` the provider does not list: moved into the description.
    fn format_described(
        &mut self,
        m: &mut Map<String, Value>,
        v: &Value,
        here: &str,
        described: &mut Vec<String>,
    ) {
        // `format` only annotates in JSON Schema 2020-12 unless a validator
        // asserts it: unknown formats are described, never refused.
        m.shift_remove("format");
        described.push(describe_constraint("format", v).unwrap_or_default());
        self.ctx.change(
            here,
            ChangeKind::Described,
            format!("`format` {v} moved into the description"),
            format!(
                "{}: supported formats are {}",
                self.profile.rule,
                self.profile.formats().join(", ")
            ),
        );
    }

    fn remove_annotation(&mut self, m: &mut Map<String, Value>, k: &str, here: &str) {
        m.shift_remove(k);
        self.ctx.change(
            here,
            ChangeKind::Removed,
            format!("removed annotation `{k}`"),
            format!(
                "not in {}'s documented subset; it has no validation meaning",
                self.profile.target
            ),
        );
    }

    /// Any other keyword: kept when in the profile's subset; else moved into the
    /// description (with [`Lossy::Describe`], when words can carry it) or refused.
    fn constraint(
        &mut self,
        m: &mut Map<String, Value>,
        k: &str,
        v: &Value,
        here: &str,
        described: &mut Vec<String>,
    ) {
        let Err(rule) = (self.profile.constraint)(k, v) else {
            return;
        };
        if self.lossy == Lossy::Describe && describable(k) {
            m.shift_remove(k);
            if let Some(s) = describe_constraint(k, v) {
                described.push(s);
            }
            self.ctx.change(
                here,
                ChangeKind::Described,
                format!("`{k}: {v}` moved into the description"),
                format!("{rule}; tool-schema's validator still enforces it"),
            );
        } else {
            let hint = if describable(k) {
                format!(
                    " ({} would move it into the description)",
                    OptionHint::LossyDescribe.words()
                )
            } else {
                String::new()
            };
            self.refuse(here, format!("`{k}` cannot be expressed{hint}"), rule);
        }
    }
}
