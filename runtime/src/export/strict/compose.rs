//! The strict-mode rewrites of applicators: a one-branch `allOf` merged, a `$ref`
//! with siblings inlined, `oneOf` renamed `anyOf` when its branches are disjoint.

use super::super::disjoint::{disjointness_budget_message, overlapping_pairs, pairs_in_words};
use super::super::json_util::{push, resolve_ref};
use super::super::limits::weight_of_map;
use super::super::report::ChangeKind;
use super::super::rewrite::{merge_equivalent, recursive_ref_into_any_of};
use super::engine::Engine;
use serde_json::{Map, Value};

impl Engine<'_> {
    /// A one-branch `allOf` merged into its parent when the merge says the same.
    pub(super) fn merge_single_all_of(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let Some(Value::Array(branches)) = m.get("allOf") else {
            return;
        };
        if branches.len() != 1 {
            return; // refused (OpenAI) or kept (Anthropic) by the keyword walk
        }
        let Value::Object(only) = branches[0].clone() else {
            return;
        };
        let mut rest = m.clone();
        rest.shift_remove("allOf");
        match merge_equivalent(&rest, &only, true) {
            Ok(merged) => {
                *m = merged;
                self.ctx.change(
                    ptr,
                    ChangeKind::AllOfMerged,
                    "one-branch `allOf` merged into its schema",
                    format!("{}: `allOf` is not supported; a single branch beside keywords it does not contradict says the same", self.profile.rule),
                );
            }
            Err(keys) => self.refuse(
                &push(ptr, "allOf"),
                format!(
                    "a one-branch `allOf` whose {} contradict its parent's",
                    keys.join(", ")
                ),
                format!("{}: `allOf` is not supported", self.profile.rule),
            ),
        }
    }

    /// Inlines a `$ref` that has siblings (returns false when refused); checks a bare
    /// one resolves locally.
    pub(super) fn inline_ref(&mut self, m: &mut Map<String, Value>, ptr: &str) -> bool {
        let mut guard = 0;
        while let Some(r) = m.get("$ref").cloned() {
            let Value::String(r) = r else {
                self.refuse(
                    &push(ptr, "$ref"),
                    "`$ref` is not a string",
                    self.profile.rule,
                );
                return false;
            };
            let Some(target) = resolve_ref(self.root, &r) else {
                self.refuse(
                    &push(ptr, "$ref"),
                    format!("`$ref` \"{r}\" is not a local reference that resolves"),
                    format!(
                        "{}: only references to definitions in the schema itself",
                        self.profile.rule
                    ),
                );
                return false;
            };
            if m.len() == 1 {
                return true;
            }
            guard += 1;
            if self.inlining.contains(&r) && !self.profile.target.is_openai() {
                // No recursion at all here: the same problem the recursion check of
                // the result states (recorded once).
                self.refuse(
                    &push(ptr, "$ref"),
                    format!("`$ref` \"{r}\" makes the schema recursive"),
                    format!("{}: recursive schemas are not supported", self.profile.rule),
                );
                return false;
            }
            if self.inlining.contains(&r) && !m.contains_key("anyOf") {
                // Recursive: cannot be inlined. The reference stays, bare, as the one
                // branch of an `anyOf` beside its siblings (the same schema).
                recursive_ref_into_any_of(
                    m,
                    &r,
                    self.ctx,
                    ptr,
                    format!("{}: no keyword may stand beside `$ref`; a recursive reference cannot be inlined, and `anyOf` of one schema says the same", self.profile.rule),
                );
                return true;
            }
            if guard > 16 || self.inlining.contains(&r) {
                self.refuse(
                    ptr,
                    format!("`$ref` \"{r}\" with sibling keywords refers to itself"),
                    format!(
                        "{}: keywords beside a `$ref` must be inlined, and a cycle cannot be",
                        self.profile.rule
                    ),
                );
                return false;
            }
            let Value::Object(target) = target.clone() else {
                self.refuse(
                    ptr,
                    format!("`$ref` \"{r}\" names a boolean schema"),
                    self.profile.rule,
                );
                return false;
            };
            if !self.ctx.charge_inline(ptr, weight_of_map(&target)) {
                return false;
            }
            let mut siblings = m.clone();
            siblings.shift_remove("$ref");
            match merge_equivalent(&siblings, &target, true) {
                Ok(merged) => {
                    let names: Vec<&str> = siblings.keys().map(String::as_str).collect();
                    self.ctx.change(
                        ptr,
                        ChangeKind::Inlined,
                        format!("`$ref` \"{r}\" inlined beside {}", names.join(", ")),
                        format!("{}: no keyword may stand beside `$ref`", self.profile.rule),
                    );
                    *m = merged;
                    self.inlining.push(r);
                }
                Err(keys) => {
                    self.refuse(
                        ptr,
                        format!("`$ref` \"{r}\" cannot be inlined: its siblings {} differ from the target's", keys.join(", ")),
                        format!("{}: no keyword may stand beside `$ref`", self.profile.rule),
                    );
                    return false;
                }
            }
        }
        true
    }

    /// `oneOf` -> `anyOf` when every two branches are provably disjoint.
    pub(super) fn one_of(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let Some(v) = m.get("oneOf").cloned() else {
            return;
        };
        let here = push(ptr, "oneOf");
        let Value::Array(branches) = v else {
            self.refuse(&here, "`oneOf` is not a list", self.profile.rule);
            return;
        };
        let rule = format!(
            "{}: `oneOf` is not supported, `anyOf` is",
            self.profile.rule
        );
        if m.contains_key("anyOf") {
            self.refuse(&here, "`oneOf` beside `anyOf`", rule);
            return;
        }
        let Some((named, count)) =
            overlapping_pairs(&branches, self.root, &mut self.ctx.disjoint_work)
        else {
            self.refuse(&here, disjointness_budget_message(branches.len()), rule);
            return;
        };
        if count > 0 {
            self.refuse(
                &here,
                format!(
                    "`oneOf` branches {} may both match a value, so `anyOf` would accept what `oneOf` rejects",
                    pairs_in_words(&named, count)
                ),
                rule,
            );
            return;
        }
        let mut out = Map::new();
        for (k, v) in std::mem::take(m) {
            if k == "oneOf" {
                out.insert("anyOf".into(), v);
            } else {
                out.insert(k, v);
            }
        }
        *m = out;
        self.ctx.change(
            ptr,
            ChangeKind::OneOfToAnyOf,
            "`oneOf` renamed `anyOf`",
            format!("{rule}; no value matches two of its branches (disjoint types, values or a required discriminator), so exactly-one and at-least-one agree"),
        );
    }
}
