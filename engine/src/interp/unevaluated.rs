//! The interpreter's `unevaluatedProperties` / `unevaluatedItems`: one walk over
//! a node's in-place subschemas that answers validity and collects what they
//! evaluated ([`Evaluated`]) together, so each in-place node is evaluated once
//! per value (see [`crate::keywords::unevaluated`] for the rules and the bound).

use super::{find_property, Run};
use crate::keywords;
use crate::keywords::unevaluated::{self as uneval, Evaluated};
use crate::schema::{Additional, NodeId};
use crate::violation::{Kind, Position, Sink, Trail};
use serde_json::Value;

impl Run<'_> {
    /// Whether `value` satisfies node `id`, adding to `ev` what the node evaluated
    /// when it does. When it does not, `ev` holds at least the node's own marks
    /// (the reporting walk's collection, [`Run::lenient`], keeps them; the plain
    /// walk drops a failed branch's set, or fails altogether).
    pub(super) fn eval(&self, id: NodeId, value: &Value, root: bool, ev: &mut Evaluated) -> bool {
        let node = self.schema.node(id);
        if !crate::schema::node_checks::unevaluated::collects(node)
            && node.unevaluated_properties.is_none()
            && node.unevaluated_items.is_none()
        {
            // Marked either way: a failed node's marks are dropped by the plain
            // walk, and keep the reporting walk from calling its names unexpected.
            self.own_marks(id, value, ev);
            return self.valid(id, value, root);
        }
        if self.walk_own(id, value, root).is_err() {
            self.own_marks(id, value, ev);
            return false;
        }
        if node.unevaluated_properties.is_none() && node.unevaluated_items.is_none() {
            self.own_marks(id, value, ev);
            return self.applied(id, value, root, ev);
        }
        // An `unevaluated*` sees its own node's marks only: a fresh set.
        let mut own = Evaluated::new();
        self.own_marks(id, value, &mut own);
        let ok =
            self.applied(id, value, root, &mut own) && self.unevaluated_ok(id, value, &mut own);
        ev.merge(own);
        ok
    }

    /// The applicators and `unevaluated*` of a node that has `unevaluated*`, on
    /// the plain walk (its other keywords passed already).
    pub(super) fn collecting_ok(&self, id: NodeId, value: &Value, root: bool) -> bool {
        let mut ev = Evaluated::new();
        self.own_marks(id, value, &mut ev);
        self.applied(id, value, root, &mut ev) && self.unevaluated_ok(id, value, &mut ev)
    }

    /// What node `id`'s own keywords evaluate on `value` (which passed them).
    fn own_marks(&self, id: NodeId, value: &Value, ev: &mut Evaluated) {
        let node = self.schema.node(id);
        match value {
            Value::Object(map)
                if crate::schema::node_checks::unevaluated::evaluates_members(node) =>
            {
                let f = self.schema.facts(id);
                let declared = |k: &str| find_property(node, f, k, &mut 0).is_some();
                let patterns = node.pattern_set.as_ref();
                let additional = node.additional != Additional::Unspecified;
                uneval::own_members(additional, patterns, map, declared, ev);
            }
            Value::Array(items) => {
                uneval::own_elements(
                    node.prefix_items.len(),
                    node.items.is_some(),
                    items.len(),
                    ev,
                );
                if let Some(c) = node.contains {
                    for (i, item) in items.iter().enumerate() {
                        if !ev.has(i) && self.valid(c, item, false) {
                            ev.mark(i);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The in-place applicators of node `id` (all of them: `anyOf` tries every
    /// branch), collecting what those that passed evaluated into `ev`.
    fn applied(&self, id: NodeId, value: &Value, root: bool, ev: &mut Evaluated) -> bool {
        let node = self.schema.node(id);
        if let Some(target) = node.reference {
            if !self.eval(target, value, root, ev) {
                return false;
            }
        }
        for &b in &node.all_of {
            if !self.eval(b, value, root, ev) {
                return false;
            }
        }
        if !node.any_of.is_empty() {
            let mut any = false;
            for &b in &node.any_of {
                let mut sub = Evaluated::new();
                if self.eval(b, value, root, &mut sub) {
                    any = true;
                    ev.merge(sub);
                }
            }
            if !any {
                return false;
            }
        }
        if !node.one_of.is_empty() {
            let mut passed = None;
            for &b in &node.one_of {
                let mut sub = Evaluated::new();
                if self.eval(b, value, root, &mut sub) {
                    if passed.is_some() {
                        return false;
                    }
                    passed = Some(sub);
                }
            }
            match passed {
                Some(sub) => ev.merge(sub),
                None => return false,
            }
        }
        if let Some(not) = node.not {
            if self.valid(not, value, root) {
                return false;
            }
        }
        if let Some(condition) = node.if_schema {
            let mut sub = Evaluated::new();
            let held = self.eval(condition, value, root, &mut sub);
            if held {
                ev.merge(sub);
            }
            if let Some(b) = node.branch(held) {
                if !self.eval(b, value, root, ev) {
                    return false;
                }
            }
        }
        if let Value::Object(map) = value {
            for d in &node.dependent_schemas {
                if map.contains_key(&d.name) && !self.eval(d.node, value, root, ev) {
                    return false;
                }
            }
        }
        true
    }

    /// `unevaluatedProperties` / `unevaluatedItems` of node `id` on `value`, given
    /// what was evaluated (`ev`); on success every entry is evaluated.
    fn unevaluated_ok(&self, id: NodeId, value: &Value, ev: &mut Evaluated) -> bool {
        let node = self.schema.node(id);
        let ok = match (value, node.unevaluated_properties, node.unevaluated_items) {
            (Value::Object(map), Some(u), _) => map
                .values()
                .enumerate()
                .all(|(i, v)| ev.has(i) || self.valid(u, v, false)),
            (Value::Array(items), _, Some(u)) => items
                .iter()
                .enumerate()
                .all(|(i, v)| ev.has(i) || self.valid(u, v, false)),
            _ => return true,
        };
        if ok {
            ev.mark_all();
        }
        ok
    }

    /// The reporting walk's `unevaluated*` of node `id` (after its applicators):
    /// each unevaluated member or element the schema refuses. What was evaluated
    /// is collected as on the plain walk, except where an applicator failed (and
    /// reported so): then what its failed branches evaluated (their own keywords
    /// at least) counts too, so that a name declared in a failed branch is not
    /// reported as unexpected as well.
    pub(super) fn report_unevaluated(
        &self,
        id: NodeId,
        value: &Value,
        trail: &Trail<'_>,
        pos: Position,
        out: &mut Sink<'_>,
    ) {
        let node = self.schema.node(id);
        let root = trail.is_root();
        let mut ev = Evaluated::new();
        self.own_marks(id, value, &mut ev);
        self.lenient(id, value, root, &mut ev);
        match (value, node.unevaluated_properties, node.unevaluated_items) {
            (Value::Object(map), Some(u), _) => {
                let start = out.mark();
                let refuse = self.schema.node(u).never;
                for (i, (key, v)) in map.iter().enumerate() {
                    if ev.has(i) {
                        continue;
                    }
                    let at = Position::at(root, Some(i), None, pos);
                    if refuse {
                        out.report(|| Kind::Unexpected, &trail.key(key), at);
                    } else {
                        self.check(false, u, v, &trail.key(key), at, out);
                    }
                }
                if refuse && out.mark() > start {
                    let names =
                        crate::schema::node_checks::unevaluated::declared_in_place(self.schema, id);
                    let names = names.iter().copied();
                    keywords::object::suggest_names(out, start, trail, names, |k| {
                        keywords::object::has_member(map, k)
                    });
                }
            }
            (Value::Array(items), _, Some(u)) => {
                for (i, v) in items.iter().enumerate() {
                    if !ev.has(i) {
                        self.check(false, u, v, &trail.index(i), pos, out);
                    }
                }
            }
            _ => {}
        }
    }

    /// [`Run::applied`] for the reporting walk: an applicator that fails lets all
    /// its branches count (it is reported itself).
    fn lenient(&self, id: NodeId, value: &Value, root: bool, ev: &mut Evaluated) {
        let node = self.schema.node(id);
        for &b in node.reference.iter().chain(&node.all_of) {
            self.eval(b, value, root, ev);
        }
        for list in [&node.any_of, &node.one_of] {
            let mut passed = Evaluated::new();
            let mut failed = Evaluated::new();
            let mut any = false;
            for &b in list.iter() {
                let mut sub = Evaluated::new();
                if self.eval(b, value, root, &mut sub) {
                    any = true;
                    passed.merge(sub);
                } else {
                    failed.merge(sub);
                }
            }
            ev.merge(passed);
            if !any {
                ev.merge(failed);
            }
        }
        if let Some(condition) = node.if_schema {
            let mut sub = Evaluated::new();
            let held = self.eval(condition, value, root, &mut sub);
            if held {
                ev.merge(sub);
            }
            if let Some(b) = node.branch(held) {
                self.eval(b, value, root, ev);
            }
        }
        if let Value::Object(map) = value {
            for d in &node.dependent_schemas {
                if map.contains_key(&d.name) {
                    self.eval(d.node, value, root, ev);
                }
            }
        }
    }
}
