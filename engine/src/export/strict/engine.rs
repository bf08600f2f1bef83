//! The strict-mode transform: one walk over the schema that rewrites each node into
//! the provider's subset (keywords checked, moved into descriptions or refused).

use super::super::describe::append_description;
use super::super::keywords::has_type;
use super::super::ledger::Ledger;
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
    pub(super) ctx: &'a mut Ledger,
    /// The `$ref`s being inlined, outermost first (a cycle is refused).
    pub(super) inlining: Vec<String>,
    /// The schema nesting of the node being transformed (the root is 0).
    pub(super) depth: usize,
}

impl Levels for Engine<'_> {
    fn levels(&mut self) -> (&mut Ledger, &mut usize) {
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

    /// The node after `allOf` and `$ref`: a numeric format made bounds, `oneOf` and
    /// type lists rewritten, every keyword checked, objects closed, and the shape every schema needs checked.
    fn node_body(&mut self, mut m: Map<String, Value>, ptr: &str) -> Value {
        // before the type list is split: the bounds then go to the number branches
        self.numeric_format(&mut m, ptr);
        self.unevaluated_as_additional(&mut m, ptr);
        self.one_of(&mut m, ptr);
        if self.profile.split_type_lists {
            self.split_types(&mut m, ptr);
        }
        let described = self.keywords(&mut m, ptr);
        append_description(&mut m, &described);
        self.object_rules(&mut m, ptr);
        self.check_shape(&m, ptr);
        Value::Object(m)
    }

    /// A `type` list of several non-null types becomes an `anyOf` of one branch per
    /// type (refused beside an `anyOf`).
    fn split_types(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let Some((split, _)) = split_type_list(m, true) else {
            return;
        };
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
            *m = split;
        }
    }

    /// What every transformed schema needs: an array its `items`, any schema a type
    /// (or `enum`, `const`, `anyOf`, `$ref`).
    fn check_shape(&mut self, m: &Map<String, Value>, ptr: &str) {
        if has_type(m, "array") && !m.contains_key("items") {
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
    }
}
