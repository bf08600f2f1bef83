//! The strict-mode rewrites of applicators: a one-branch `allOf` merged, a `$ref`
//! with siblings inlined, `oneOf` renamed `anyOf` when its branches are disjoint.

use super::super::disjoint::{disjointness_budget_message, overlapping_pairs, pairs_in_words};
use super::super::inline::merge_beside;
use super::super::limits::weight_of_map;
use super::super::report::ChangeKind;
use super::super::rewrite::{
    all_of_conflict, merge_single_all_of, recursive_ref_into_any_of, ALL_OF_MERGED,
};
use super::engine::Engine;
use crate::json::pointer;
use serde_json::{Map, Value};
use std::ops::ControlFlow;

impl Engine<'_> {
    /// A one-branch `allOf` merged into its parent when the merge says the same.
    pub(super) fn merge_single_all_of(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        // any other `allOf` is refused (OpenAI) or kept (Anthropic) by the keyword walk
        match merge_single_all_of(m) {
            None => {}
            Some(Ok(())) => self.ctx.change(
                ptr,
                ChangeKind::AllOfMerged,
                ALL_OF_MERGED,
                format!("{}: `allOf` is not supported; a single branch beside keywords it does not contradict says the same", self.profile.rule),
            ),
            Some(Err(keys)) => self.refuse(
                &pointer::join(ptr, "allOf"),
                all_of_conflict(&keys),
                format!("{}: `allOf` is not supported", self.profile.rule),
            ),
        }
    }

    /// Inlines a `$ref` that has siblings (returns false when refused); checks a bare
    /// one resolves locally.
    pub(super) fn inline_ref(&mut self, m: &mut Map<String, Value>, ptr: &str) -> bool {
        let mut guard = 0;
        while let Some(r) = m.get("$ref").cloned() {
            if let ControlFlow::Break(ok) = self.inline_once(m, ptr, r, &mut guard) {
                return ok;
            }
        }
        true
    }

    /// One `$ref` of `m` (value `r`) inlined beside its siblings: `Continue` when
    /// inlined (the target may bring a `$ref` of its own), `Break` with the answer of
    /// [`Engine::inline_ref`] otherwise.
    fn inline_once(
        &mut self,
        m: &mut Map<String, Value>,
        ptr: &str,
        r: Value,
        guard: &mut usize,
    ) -> ControlFlow<bool> {
        let Value::String(r) = r else {
            self.refuse(
                &pointer::join(ptr, "$ref"),
                "`$ref` is not a string",
                self.profile.rule,
            );
            return ControlFlow::Break(false);
        };
        let Some(target) = pointer::resolve_local(self.root, &r) else {
            self.refuse(
                &pointer::join(ptr, "$ref"),
                format!("`$ref` \"{r}\" is not a local reference that resolves"),
                format!(
                    "{}: only references to definitions in the schema itself",
                    self.profile.rule
                ),
            );
            return ControlFlow::Break(false);
        };
        if m.len() == 1 {
            return ControlFlow::Break(true);
        }
        *guard += 1;
        self.recursive_beside(m, ptr, &r, *guard)?;
        let Value::Object(target) = target.clone() else {
            self.refuse(
                ptr,
                format!("`$ref` \"{r}\" names a boolean schema"),
                self.profile.rule,
            );
            return ControlFlow::Break(false);
        };
        if !self.ctx.charge_inline(ptr, weight_of_map(&target)) {
            return ControlFlow::Break(false);
        }
        let mut siblings = m.clone();
        siblings.shift_remove("$ref");
        let rule = format!("{}: no keyword may stand beside `$ref`", self.profile.rule);
        let Some(merged) = merge_beside(self.ctx, ptr, &r, &siblings, &target, &rule) else {
            return ControlFlow::Break(false);
        };
        *m = merged;
        self.inlining.push(r);
        ControlFlow::Continue(())
    }

    /// A `$ref` with siblings that is being inlined already (recursive): refused
    /// (Anthropic; or a cycle of siblings), or kept bare in a one-branch `anyOf`
    /// beside them (OpenAI). `Continue` when it is not recursive.
    fn recursive_beside(
        &mut self,
        m: &mut Map<String, Value>,
        ptr: &str,
        r: &str,
        guard: usize,
    ) -> ControlFlow<bool> {
        let recursive = self.inlining.iter().any(|inlined| inlined == r);
        if recursive && !self.profile.target.is_openai() {
            // No recursion at all here: the same problem the recursion check of
            // the result states (recorded once).
            self.refuse(
                &pointer::join(ptr, "$ref"),
                format!("`$ref` \"{r}\" makes the schema recursive"),
                format!("{}: recursive schemas are not supported", self.profile.rule),
            );
            return ControlFlow::Break(false);
        }
        if recursive && !m.contains_key("anyOf") {
            // Recursive: cannot be inlined. The reference stays, bare, as the one
            // branch of an `anyOf` beside its siblings (the same schema).
            recursive_ref_into_any_of(
                m,
                r,
                self.ctx,
                ptr,
                format!("{}: no keyword may stand beside `$ref`; a recursive reference cannot be inlined, and `anyOf` of one schema says the same", self.profile.rule),
            );
            return ControlFlow::Break(true);
        }
        if guard > 16 || recursive {
            self.refuse(
                ptr,
                format!("`$ref` \"{r}\" with sibling keywords refers to itself"),
                format!(
                    "{}: keywords beside a `$ref` must be inlined, and a cycle cannot be",
                    self.profile.rule
                ),
            );
            return ControlFlow::Break(false);
        }
        ControlFlow::Continue(())
    }

    /// `oneOf` -> `anyOf` when every two branches are provably disjoint.
    pub(super) fn one_of(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let Some(v) = m.get("oneOf").cloned() else {
            return;
        };
        let here = pointer::join(ptr, "oneOf");
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
