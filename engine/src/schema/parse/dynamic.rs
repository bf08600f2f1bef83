//! `$dynamicRef` per dynamic scope: a reference to a `$dynamicAnchor` lands on the
//! outermost resource of the *evaluation path* that declares that anchor, so one
//! schema reached along two paths (through `then` and through `else`, each via a
//! resource declaring its own anchor) may need two targets. The model resolves
//! references once, so the parser specialises: each node is copied once per
//! distinct binding of the anchor names that matter below it (the dynamic
//! references it can reach), and each copy's references point at the copies for
//! their own paths. Both back ends then read an ordinary graph.
//!
//! The copies are bounded ([`MAX_COPIES`]); past the bound, each `$dynamicRef` is
//! resolved along the first path from the root that reaches it, as before
//! (`ScopeGraph::first_scopes`).

use super::Parser;
use crate::schema::{uri, Node, NodeId};
use std::collections::{HashMap, VecDeque};

/// The most nodes the specialisation may add.
const MAX_COPIES: usize = 4096;

/// One `$dynamicRef` to a dynamic anchor: its node, the anchor's name (an index
/// into the names), its static target.
pub(super) struct DynamicRef {
    pub from: NodeId,
    pub name: usize,
    pub to: NodeId,
}

/// A binding of the anchor names: for each, the node the outermost resource so
/// far declares under it (restricted to the names that matter at a node).
type Binding = Vec<Option<NodeId>>;

impl Parser<'_> {
    /// Specialises the nodes for `refs` (whose static targets are set as each
    /// node's `reference` already); `names`: the anchor names they use. Returns
    /// false, changing nothing, when the copies would pass [`MAX_COPIES`].
    pub(super) fn specialise_dynamic(&mut self, refs: &[DynamicRef], names: &[String]) -> bool {
        let n = self.nodes.len();
        if names.len() > 64 {
            return false;
        }
        // The anchors each resource declares, by name.
        let mut declared: HashMap<&str, Binding> = HashMap::new();
        let anchors_of = |base: &str| -> Binding {
            names
                .iter()
                .map(|name| {
                    let key = format!("{base}#{name}");
                    if self.dynamic_anchors.contains(&key) {
                        self.index.get(&key).copied()
                    } else {
                        None
                    }
                })
                .collect()
        };
        let bases: Vec<Option<String>> = (0..n)
            .map(|i| self.graph.base_of(i).map(str::to_string))
            .collect();
        for b in bases.iter().flatten() {
            if !declared.contains_key(b.as_str()) {
                let a = anchors_of(b);
                declared.insert(b.as_str(), a);
            }
        }
        let root_anchors = anchors_of(&self.root_base);
        let mut dynamic: HashMap<u32, (usize, NodeId)> = HashMap::new();
        for r in refs {
            dynamic.insert(r.from.0, (r.name, r.to));
        }
        // The names each node can reach a dynamic reference to (bit per name),
        // propagated backwards over every edge (a dynamic reference to each node
        // declaring its anchor).
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (i, node) in self.nodes.iter().enumerate() {
            for c in node.subschemas() {
                preds[c.0 as usize].push(i as u32);
            }
        }
        for r in refs {
            for a in declared.values().chain(std::iter::once(&root_anchors)) {
                if let Some(t) = a[r.name] {
                    preds[t.0 as usize].push(r.from.0);
                }
            }
        }
        let mut relevant = vec![0u64; n];
        let mut work: Vec<u32> = Vec::new();
        for r in refs {
            relevant[r.from.0 as usize] |= 1 << r.name;
            work.push(r.from.0);
        }
        while let Some(i) = work.pop() {
            let bits = relevant[i as usize];
            for &p in &preds[i as usize] {
                if relevant[p as usize] | bits != relevant[p as usize] {
                    relevant[p as usize] |= bits;
                    work.push(p);
                }
            }
        }
        let mask = |binding: &Binding, bits: u64| -> Binding {
            binding
                .iter()
                .enumerate()
                .map(|(k, b)| if bits & (1 << k) != 0 { *b } else { None })
                .collect()
        };
        // Entering node `i` from a path bound as `binding`: the anchors of its
        // resource bind the names still free.
        let enter = |binding: &Binding, i: usize| -> Binding {
            let mut out = binding.clone();
            if let Some(a) = bases[i].as_deref().and_then(|b| declared.get(b)) {
                for (slot, anchor) in out.iter_mut().zip(a) {
                    if slot.is_none() {
                        *slot = *anchor;
                    }
                }
            }
            mask(&out, relevant[i])
        };
        // The states (node, binding), each with the id of its copy: the first
        // state of a node keeps the node's id.
        let mut ids: HashMap<(u32, Binding), u32> = HashMap::new();
        let mut first: Vec<bool> = vec![false; n];
        let mut states: Vec<(u32, Binding, u32)> = Vec::new();
        let mut queue: VecDeque<usize> = VecDeque::new();
        let mut next_id = n as u32;
        let mut state_of = |node: u32,
                            binding: Binding,
                            states: &mut Vec<(u32, Binding, u32)>,
                            queue: &mut VecDeque<usize>|
         -> u32 {
            if let Some(&id) = ids.get(&(node, binding.clone())) {
                return id;
            }
            let id = if std::mem::replace(&mut first[node as usize], true) {
                next_id += 1;
                next_id - 1
            } else {
                node
            };
            ids.insert((node, binding.clone()), id);
            states.push((node, binding, id));
            queue.push_back(states.len() - 1);
            id
        };
        let root_binding = mask(&root_anchors, relevant[0]);
        let root_binding = enter(&root_binding, 0);
        state_of(0, root_binding, &mut states, &mut queue);
        // Each state's children, as state ids.
        let mut rewired: Vec<Vec<u32>> = Vec::new();
        while let Some(s) = queue.pop_front() {
            if states.len() > n + MAX_COPIES {
                return false;
            }
            let (node, binding) = (states[s].0, states[s].1.clone());
            let mut kids: Vec<NodeId> = self.nodes[node as usize].subschemas().collect();
            if let Some(&(name, to)) = dynamic.get(&node) {
                // The reference is the last child.
                if let Some(last) = kids.last_mut() {
                    *last = binding.get(name).copied().flatten().unwrap_or(to);
                }
            }
            let out: Vec<u32> = kids
                .iter()
                .map(|c| {
                    let b = enter(&binding, c.0 as usize);
                    state_of(c.0, b, &mut states, &mut queue)
                })
                .collect();
            if rewired.len() <= s {
                rewired.resize(s + 1, Vec::new());
            }
            rewired[s] = out;
        }
        // The copies, then every state's children rewired.
        let mut copies: Vec<Node> = Vec::new();
        // By id (stable): (id, position) pairs, the one sort of pairs the crate compiles.
        let mut order: Vec<(u32, u64)> = Vec::with_capacity(states.len());
        for (s, &(_, _, id)) in states.iter().enumerate() {
            order.push((id, s as u64));
        }
        order.sort_unstable();
        for &(id, s) in &order {
            if id as usize >= n {
                copies.push(self.nodes[states[s as usize].0 as usize].clone());
            }
        }
        self.nodes.extend(copies);
        for (s, &(_, _, id)) in states.iter().enumerate() {
            let kids = &rewired[s];
            for (slot, &k) in self.nodes[id as usize]
                .subschemas_mut()
                .into_iter()
                .zip(kids)
            {
                *slot = NodeId(k);
            }
        }
        true
    }

    /// The anchor name of a `$dynamicRef` to `target` that lands on a dynamic
    /// anchor (`None`: a plain reference, to a pointer or a plain anchor).
    pub(super) fn dynamic_name<'t>(&self, target: &'t str) -> Option<&'t str> {
        let (resource, name) = uri::split_fragment(target);
        if name.is_empty() || name.starts_with('/') {
            return None;
        }
        self.dynamic_anchors
            .contains(&format!("{resource}#{name}"))
            .then_some(name)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Options, Schema};
    use serde_json::{json, Value};

    /// A generic list whose item type each of two resources binds, reached
    /// through `then` and through `else`.
    fn lists(extra: usize) -> Value {
        let mut generic = json!({
            "$id": "genericList",
            "properties": {"list": {"items": {"$dynamicRef": "#itemType"}}},
            "$defs": {"defaultItemType": {"$dynamicAnchor": "itemType"}}
        });
        for i in 0..extra {
            generic["properties"][format!("p{i}")] = json!({"$dynamicRef": "#itemType"});
        }
        json!({
            "$id": "https://example.com/main",
            "if": {"properties": {"kind": {"const": "numbers"}}, "required": ["kind"]},
            "then": {"$ref": "numberList"},
            "else": {"$ref": "stringList"},
            "$defs": {
                "genericList": generic,
                "numberList": {
                    "$id": "numberList",
                    "$defs": {"itemType": {"$dynamicAnchor": "itemType", "type": "number"}},
                    "$ref": "genericList"
                },
                "stringList": {
                    "$id": "stringList",
                    "$defs": {"itemType": {"$dynamicAnchor": "itemType", "type": "string"}},
                    "$ref": "genericList"
                }
            }
        })
    }

    #[test]
    fn each_path_gets_its_own_target() {
        let s = Schema::parse(&lists(0)).unwrap();
        let ok = |v: Value| s.is_valid_with(&v, &Options::SPEC);
        assert!(ok(json!({"kind": "numbers", "list": [1.5]})));
        assert!(!ok(json!({"kind": "numbers", "list": ["a"]})));
        assert!(ok(json!({"kind": "strings", "list": ["a"]})));
        assert!(!ok(json!({"kind": "strings", "list": [1.5]})));
        // Only what reaches the reference is copied.
        assert!(s.nodes().len() < 30, "{} nodes", s.nodes().len());
    }

    #[test]
    fn past_the_bound_the_first_path_decides() {
        // Thousands of references, each needing a copy per path: the bound
        // keeps the schema as large as it was written.
        let s = Schema::parse(&lists(super::MAX_COPIES)).unwrap();
        assert!(s.nodes().len() < 2 * super::MAX_COPIES);
        assert!(s.is_valid_with(&json!({"kind": "numbers", "list": [1]}), &Options::SPEC));
    }

    /// Draft 2019-09's extendible tree: `$recursiveRef` lands on the outermost
    /// resource with `$recursiveAnchor: true`.
    fn tree(outer_anchor: bool) -> Value {
        let mut s = json!({
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$id": "http://localhost:4242/recursiveRef/schema.json",
            "$defs": {
                "myobject": {
                    "$id": "myobject.json",
                    "$recursiveAnchor": true,
                    "anyOf": [
                        {"type": "string"},
                        {"type": "object", "additionalProperties": {"$recursiveRef": "#"}}
                    ]
                }
            },
            "anyOf": [{"type": "integer"}, {"$ref": "#/$defs/myobject"}]
        });
        if outer_anchor {
            s["$recursiveAnchor"] = json!(true);
        }
        s
    }

    #[test]
    fn recursive_ref_lands_on_the_outermost_recursive_anchor() {
        for (outer, nested_integer) in [(false, false), (true, true)] {
            let s = Schema::parse(&tree(outer)).unwrap();
            let ok = |v: Value| s.is_valid_with(&v, &Options::SPEC);
            assert!(ok(json!(1)) && ok(json!("a")) && ok(json!({"foo": "hi"})));
            assert_eq!(
                ok(json!({"foo": 1})),
                nested_integer,
                "outer anchor {outer}"
            );
            assert_eq!(ok(json!({"foo": {"bar": 1}})), nested_integer);
            assert!(!ok(json!({"foo": true})));
        }
    }

    #[test]
    fn recursive_ref_without_anchor_is_a_ref_and_other_drafts_refuse_it() {
        let s = Schema::parse(&json!({
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "properties": {"foo": {"$recursiveRef": "#"}},
            "additionalProperties": false
        }))
        .unwrap();
        assert!(s.is_valid_with(&json!({"foo": {"foo": {}}}), &Options::SPEC));
        assert!(!s.is_valid_with(&json!({"foo": {"bar": 1}}), &Options::SPEC));
        let e = Schema::parse(&json!({"properties": {"foo": {"$recursiveRef": "#"}}}))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("$recursiveRef is a keyword of draft 2019-09"),
            "{e}"
        );
        let e = Schema::parse(&json!({
            "$schema": "https://json-schema.org/draft/2019-09/schema",
            "$recursiveRef": "#/x"
        }))
        .unwrap_err()
        .to_string();
        assert!(e.contains("must be"), "{e}");
    }
}
