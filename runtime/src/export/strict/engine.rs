//! The strict-mode transform: one walk over the schema that rewrites each node into
//! the provider's subset (keywords checked, moved into descriptions or refused).

use super::super::ctx::Ctx;
use super::super::describe::{append_description, describable, describe_constraint};
use super::super::json_util::{push, push_index};
use super::super::keywords::{has_type, is_annotation, TYPE_NAMES};
use super::super::report::ChangeKind;
use super::super::rewrite::split_type_list;
use super::super::walk::{one_level_down, Levels};
use super::super::Lossy;
use super::profile::Profile;
use serde_json::{Map, Value};

pub(super) struct Engine<'a> {
    /// The prepared input, for resolving `$ref` (targets are transformed where used).
    pub(super) root: &'a Value,
    pub(super) profile: &'a Profile,
    pub(super) lossy: Lossy,
    pub(super) keep_dialect: bool,
    pub(super) ctx: &'a mut Ctx,
    /// The `$ref`s being inlined, outermost first (a cycle is refused).
    pub(super) inlining: Vec<String>,
    /// The schema nesting of the node being transformed (the root is 0).
    pub(super) depth: usize,
}

impl Levels for Engine<'_> {
    fn levels(&mut self) -> (&mut Ctx, &mut usize) {
        (self.ctx, &mut self.depth)
    }
}

impl Engine<'_> {
    pub(super) fn refuse(
        &mut self,
        ptr: &str,
        message: impl Into<String>,
        rule: impl Into<String>,
    ) {
        self.ctx.refuse(ptr, message, rule);
    }

    pub(super) fn node(&mut self, value: Value, ptr: &str) -> Value {
        // A chain of `$ref`s with siblings, inlined, nests as deep as it is long.
        one_level_down(self, value, ptr, Self::node_at_depth)
    }

    fn node_at_depth(&mut self, value: Value, ptr: &str) -> Value {
        let mut m = match value {
            Value::Object(m) => m,
            other => {
                let rule = self.profile.rule;
                self.refuse(
                    ptr,
                    format!("`{other}` is not a schema object with a type"),
                    format!("{rule}: every schema needs a type"),
                );
                return other;
            }
        };
        self.merge_single_all_of(&mut m, ptr);
        let depth = self.inlining.len();
        if !self.inline_ref(&mut m, ptr) || m.contains_key("$ref") {
            // refused, or a bare `$ref` (kept; cycles are checked on the result)
            self.inlining.truncate(depth);
            return Value::Object(m);
        }
        let out = self.node_body(m, ptr);
        self.inlining.truncate(depth);
        out
    }

    fn node_body(&mut self, mut m: Map<String, Value>, ptr: &str) -> Value {
        self.one_of(&mut m, ptr);
        if self.profile.split_type_lists {
            if let Some((split, _)) = split_type_list(&m, true) {
                let names = m.get("type").cloned().unwrap_or_default();
                if m.contains_key("anyOf") {
                    self.refuse(
                        ptr,
                        format!("`type` {names} lists several types beside an `anyOf`"),
                        "OpenAI strict mode documents `type` lists only as a type with \"null\"",
                    );
                } else {
                    self.ctx.change(
                        ptr,
                        ChangeKind::TypeListSplit,
                        format!("`type` {names} split into an `anyOf` of one branch per type"),
                        "OpenAI strict mode documents `type` lists only as a type with \"null\"; a type-specific keyword constrains only its own type, so the branches accept the same values",
                    );
                    m = split;
                }
            }
        }
        let mut described: Vec<String> = Vec::new();
        let keys: Vec<String> = m.keys().cloned().collect();
        for k in keys {
            let here = push(ptr, &k);
            let Some(v) = m.get(&k).cloned() else {
                continue;
            };
            match k.as_str() {
                "type" => self.check_type(&v, &here),
                "properties" => match v {
                    Value::Object(props) => {
                        let out: Map<String, Value> = props
                            .into_iter()
                            .map(|(name, s)| {
                                let p = push(&here, &name);
                                (name, self.node(s, &p))
                            })
                            .collect();
                        m.insert(k, Value::Object(out));
                    }
                    _ => self.refuse(&here, "`properties` is not an object", self.profile.rule),
                },
                "$defs" | "definitions" => {
                    if let Value::Object(defs) = v {
                        let out: Map<String, Value> = defs
                            .into_iter()
                            .map(|(name, s)| {
                                let p = push(&here, &name);
                                (name, self.node(s, &p))
                            })
                            .collect();
                        m.insert(k, Value::Object(out));
                    }
                }
                "items" => match v {
                    Value::Object(_) => {
                        let out = self.node(v, &here);
                        m.insert(k, out);
                    }
                    _ => self.refuse(
                        &here,
                        format!("`items` is `{v}`, not one schema"),
                        format!(
                            "{}: `items` must be a schema with a type",
                            self.profile.rule
                        ),
                    ),
                },
                "anyOf" => match v {
                    Value::Array(branches) if !branches.is_empty() => {
                        let out: Vec<Value> = branches
                            .into_iter()
                            .enumerate()
                            .map(|(i, b)| self.node(b, &push_index(&here, i)))
                            .collect();
                        m.insert(k, Value::Array(out));
                    }
                    _ => self.refuse(&here, "`anyOf` is not a non-empty list", self.profile.rule),
                },
                "enum" => {
                    if !self.profile.target.is_openai()
                        && v.as_array()
                            .is_some_and(|l| l.iter().any(|x| x.is_object() || x.is_array()))
                    {
                        self.refuse(&here, "`enum` lists an object or an array", "Anthropic strict tool use: `enum` values must be strings, numbers, booleans or null");
                    }
                }
                "required" | "additionalProperties" | "const" | "title" | "description" => {}
                "$schema" if ptr.is_empty() && self.keep_dialect => {}
                "default" if self.profile.keep_default => {}
                "default" => {
                    m.shift_remove("default");
                    if v.is_null() {
                        self.ctx.change(&here, ChangeKind::Removed, "removed `default: null`", "OpenAI strict mode does not accept `default`; a nullable property already reads `null` as absent");
                    } else {
                        described.push(describe_constraint("default", &v).unwrap_or_default());
                        self.ctx.change(&here, ChangeKind::Described, format!("`default` {v} moved into the description"), "OpenAI strict mode does not accept `default`; the model reads it in the description, and an optional property's `null` stands for \"absent\"");
                    }
                }
                "format"
                    if v.as_str()
                        .is_some_and(|f| self.profile.formats.contains(&f)) => {}
                "format" => {
                    // `format` only annotates in JSON Schema 2020-12 unless a validator
                    // asserts it: unknown formats are described, never refused.
                    m.shift_remove("format");
                    described.push(describe_constraint("format", &v).unwrap_or_default());
                    self.ctx.change(
                        &here,
                        ChangeKind::Described,
                        format!("`format` {v} moved into the description"),
                        format!(
                            "{}: supported formats are {}",
                            self.profile.rule,
                            self.profile.formats.join(", ")
                        ),
                    );
                }
                k if is_annotation(k) => {
                    m.shift_remove(k);
                    self.ctx.change(
                        &here,
                        ChangeKind::Removed,
                        format!("removed annotation `{k}`"),
                        format!(
                            "not in {}'s documented subset; it has no validation meaning",
                            self.profile.target
                        ),
                    );
                }
                k => {
                    if let Err(rule) = (self.profile.constraint)(k, &v) {
                        if self.lossy == Lossy::Describe && describable(k) {
                            m.shift_remove(k);
                            if let Some(s) = describe_constraint(k, &v) {
                                described.push(s);
                            }
                            self.ctx.change(
                                &here,
                                ChangeKind::Described,
                                format!("`{k}: {v}` moved into the description"),
                                format!("{rule}; tool-schema's validator still enforces it"),
                            );
                        } else {
                            let hint = if describable(k) {
                                " (ExportOptions::lossy(Lossy::Describe) would move it into the description)"
                            } else {
                                ""
                            };
                            self.refuse(&here, format!("`{k}` cannot be expressed{hint}"), rule);
                        }
                    }
                }
            }
        }
        append_description(&mut m, &described);
        self.object_rules(&mut m, ptr);
        if has_type(&m, "array") && !m.contains_key("items") {
            self.refuse(
                ptr,
                "an array without `items`",
                format!(
                    "{}: every array needs an `items` schema with a type",
                    self.profile.rule
                ),
            );
        }
        if !["type", "enum", "const", "anyOf", "$ref"]
            .iter()
            .any(|k| m.contains_key(*k))
        {
            self.refuse(
                ptr,
                "a schema with no `type` (nor `enum`, `const`, `anyOf` or `$ref`) accepts any value",
                format!("{}: every schema needs a type", self.profile.rule),
            );
        }
        Value::Object(m)
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
}
