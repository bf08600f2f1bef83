//! `$ref`s with sibling keywords inlined, for providers that allow nothing beside a
//! `$ref` (a recursive one kept as a one-branch `anyOf`).

use super::ledger::Ledger;
use super::report::ChangeKind;
use super::rewrite::{merge_equivalent, recursive_ref_into_any_of};
use super::walk::for_each_subschema_mut;
use crate::json::pointer;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;

/// Inlines every `$ref` that has sibling keywords (the sibling wins for annotations;
/// other keys must agree), for providers that allow nothing beside `$ref`.
///
/// A reference that is recursive (its target holds the node, or was inlined on the
/// way to it) cannot be inlined: it stays a bare `$ref` in a one-branch `anyOf` beside
/// the siblings, which says the same (`anyOf` of one schema is that schema, and
/// keywords beside an applicator apply together). The walk tracks the references
/// inlined along the path, copies are charged to [`Ledger::charge_inline`] and the
/// nesting is bounded by [`Ledger::too_deep`].
pub(crate) fn inline_ref_siblings(root: &mut Value, ctx: &mut Ledger, rule: &str) {
    let original = root.clone();
    let mut inliner = Inliner {
        original: &original,
        ctx,
        rule,
        path: Vec::new(),
    };
    inliner.visit(root, "", "", 0);
}

struct Inliner<'a> {
    /// The schema before inlining, to resolve references in.
    original: &'a Value,
    ctx: &'a mut Ledger,
    rule: &'a str,
    /// The target pointers inlined on the way to the node being visited.
    path: Vec<String>,
}

impl Inliner<'_> {
    /// `ptr`: where the node is in the output; `origin`: where it came from in the
    /// original schema.
    fn visit(&mut self, value: &mut Value, ptr: &str, origin: &str, depth: usize) {
        let Value::Object(node) = value else { return };
        if self.ctx.too_deep(ptr, depth) {
            return;
        }
        let inlined_before = self.path.len();
        // The origin of the keys an inlined target brought (the sibling's win).
        let mut target_keys: HashMap<String, String> = HashMap::new();
        while self.inline_step(node, ptr, origin, &mut target_keys) {}
        for_each_subschema_mut(node, ptr, &mut |child, child_ptr| {
            let rel = &child_ptr[ptr.len()..];
            let key = pointer::unescape_token(rel[1..].split('/').next().unwrap_or_default());
            let base = target_keys.get(key.as_ref()).map_or(origin, String::as_str);
            let child_origin = format!("{base}{rel}");
            self.visit(child, child_ptr, &child_origin, depth + 1);
        });
        self.path.truncate(inlined_before);
    }

    /// Inlines the `$ref` of `node` when it has siblings; true when it did (the
    /// target may bring a `$ref` of its own), false when there was nothing to inline
    /// or it was refused (or made a one-branch `anyOf`, if recursive).
    fn inline_step(
        &mut self,
        node: &mut Map<String, Value>,
        ptr: &str,
        origin: &str,
        target_keys: &mut HashMap<String, String>,
    ) -> bool {
        let Some(r) = node.get("$ref").and_then(Value::as_str).map(String::from) else {
            return false;
        };
        if node.len() == 1 {
            return false;
        }
        let Some(target_ptr) = pointer::local_ref_pointer(&r).map(Cow::into_owned) else {
            self.ctx.refuse(
                ptr,
                format!("`$ref` \"{r}\" is not a local reference"),
                self.rule,
            );
            return false;
        };
        let mut siblings = node.clone();
        siblings.shift_remove("$ref");
        if pointer::at_or_under(origin, &target_ptr) || self.path.contains(&target_ptr) {
            self.keep_recursive(node, siblings, ptr, &r);
            return false;
        }
        let Some(Value::Object(target)) = pointer::resolve_local(self.original, &r) else {
            self.ctx.refuse(
                ptr,
                format!("`$ref` \"{r}\" does not resolve to a local schema object"),
                self.rule,
            );
            return false;
        };
        // the target and the siblings are copied
        let copied = super::limits::weight_of_map(target) + super::limits::weight_of_map(&siblings);
        if !self.ctx.charge_inline(ptr, copied) {
            return false;
        }
        let Some(merged) = merge_beside(self.ctx, ptr, &r, &siblings, target, self.rule) else {
            return false;
        };
        target_keys.retain(|k, _| !siblings.contains_key(k));
        for k in target.keys() {
            if !siblings.contains_key(k) {
                target_keys.insert(k.clone(), target_ptr.clone());
            }
        }
        *node = merged;
        self.path.push(target_ptr);
        true
    }

    /// A recursive `$ref` `r` with `siblings` (cannot be inlined): kept bare as the
    /// one branch of an `anyOf` beside them, or refused beside an `anyOf` of theirs.
    fn keep_recursive(
        &mut self,
        node: &mut Map<String, Value>,
        mut siblings: Map<String, Value>,
        ptr: &str,
        r: &str,
    ) {
        if siblings.contains_key("anyOf") {
            self.ctx.refuse(
                ptr,
                format!("`$ref` \"{r}\" with siblings is recursive, so it cannot be inlined, and an `anyOf` beside it leaves no equivalent form"),
                self.rule,
            );
            return;
        }
        recursive_ref_into_any_of(
            &mut siblings,
            r,
            self.ctx,
            ptr,
            format!("{}; a recursive reference cannot be inlined, and `anyOf` of one schema says the same", self.rule),
        );
        *node = siblings;
    }
}

/// `$ref` `r`'s `target` merged with the `siblings` beside it, when that says the
/// same (the change recorded at `ptr`, `rule` its reason); `None`, refused under
/// `rule`, when the siblings differ from the target's.
pub(crate) fn merge_beside(
    ctx: &mut Ledger,
    ptr: &str,
    r: &str,
    siblings: &Map<String, Value>,
    target: &Map<String, Value>,
    rule: &str,
) -> Option<Map<String, Value>> {
    match merge_equivalent(siblings, target, true) {
        Ok(merged) => {
            let names: Vec<&str> = siblings.keys().map(String::as_str).collect();
            ctx.change(
                ptr,
                ChangeKind::Inlined,
                format!("`$ref` \"{r}\" inlined beside {}", names.join(", ")),
                rule.to_string(),
            );
            Some(merged)
        }
        Err(keys) => {
            ctx.refuse(
                ptr,
                format!(
                    "`$ref` \"{r}\" cannot be inlined: its siblings {} differ from the target's",
                    keys.join(", ")
                ),
                rule,
            );
            None
        }
    }
}
