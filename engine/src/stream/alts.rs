//! What the streaming checker holds per open value: the alternatives it can
//! still satisfy. An alternative is a set of schema nodes that must all hold
//! (the node, its `$ref` and `allOf`, one branch of each `anyOf` / `oneOf`);
//! the value is doomed when every alternative is dead.
//!
//! The alternatives of a value live in two flat lists of its frame (heads and
//! nodes), reused from value to value: no allocation per value once the
//! checker is warm, except where a node applies subschemas in place (the
//! product below).
//!
//! Dropping a node from an alternative only makes the checker slower to doom,
//! never wrong: the expansion stops at [`MAX_ALTERNATIVES`] and [`MAX_HOPS`]
//! and leaves what it did not expand to the node's own check at the value's
//! close (scalars) or to `finish` (the expansion says it was cut).

use super::names::same_name;
use super::plan::{applies_nothing, Plan};
use crate::schema::{Additional, Node, NodeId, Schema};

/// At most this many alternatives per value: a product past it drops the
/// factor (its constraint waits for the value's close or for `finish`).
pub(super) const MAX_ALTERNATIVES: usize = 32;

/// In-place hops (`$ref`, `allOf`, `anyOf`, `oneOf`) expanded from one node.
const MAX_HOPS: usize = 8;

/// One alternative of a value: its nodes are `nodes[start..end]` of the frame.
#[derive(Clone, Copy, Debug)]
pub(super) struct Alt {
    pub start: u32,
    pub end: u32,
    /// The alternative of the enclosing value this one serves (`usize::MAX` at
    /// the root): when every alternative serving it dies, it dies.
    pub parent: usize,
    pub dead: bool,
}

/// Appends to `heads` and `flat` the alternatives of a value that must satisfy
/// every node of `nodes`, each serving `parent`: the product of their
/// expansions. Returns `false` when a bound cut the expansion.
#[inline(always)]
pub(super) fn expand_all(
    schema: &Schema,
    plan: &Plan,
    nodes: &[NodeId],
    parent: usize,
    heads: &mut Vec<Alt>,
    flat: &mut Vec<NodeId>,
) -> bool {
    // The commonest case: one node applying nothing in place.
    if let [n] = nodes {
        if plan.node(*n).simple {
            one(*n, parent, heads, flat);
            return true;
        }
    }
    expand_several(schema, plan, nodes, parent, heads, flat)
}

/// Appends to `heads` and `flat` the one alternative of a value of `node`
/// alone, serving `parent`.
#[inline(always)]
pub(super) fn one(node: NodeId, parent: usize, heads: &mut Vec<Alt>, flat: &mut Vec<NodeId>) {
    let start = flat.len() as u32;
    flat.push(node);
    heads.push(Alt {
        start,
        end: start + 1,
        parent,
        dead: false,
    });
}

/// [`expand_all`] of nodes other than one applying nothing in place.
fn expand_several(
    schema: &Schema,
    plan: &Plan,
    nodes: &[NodeId],
    parent: usize,
    heads: &mut Vec<Alt>,
    flat: &mut Vec<NodeId>,
) -> bool {
    // The common case without a product: nodes applying nothing in place.
    if nodes.iter().all(|&n| plan.node(n).simple) {
        unexpanded(nodes, parent, heads, flat);
        return true;
    }
    let mut whole = true;
    let mut dnf: Vec<Vec<NodeId>> = vec![Vec::new()];
    for &id in nodes {
        dnf = product(dnf, expand(schema, id, 0, &mut whole), &mut whole);
    }
    for nodes in dnf {
        let start = flat.len() as u32;
        flat.extend(nodes);
        heads.push(Alt {
            start,
            end: flat.len() as u32,
            parent,
            dead: false,
        });
    }
    whole
}

/// Appends to `heads` and `flat` one alternative of a value that must
/// satisfy every node of `nodes` (each once), serving `parent`: the nodes as
/// they are, what they apply in place not followed.
#[inline]
pub(super) fn unexpanded(
    nodes: &[NodeId],
    parent: usize,
    heads: &mut Vec<Alt>,
    flat: &mut Vec<NodeId>,
) {
    let start = flat.len() as u32;
    for &n in nodes {
        if !flat[start as usize..].contains(&n) {
            flat.push(n);
        }
    }
    heads.push(Alt {
        start,
        end: flat.len() as u32,
        parent,
        dead: false,
    });
}

/// The alternatives of node `id`: each a set of nodes that must all hold.
fn expand(schema: &Schema, id: NodeId, hops: usize, whole: &mut bool) -> Vec<Vec<NodeId>> {
    let mut dnf = vec![vec![id]];
    let node = schema.node(id);
    if hops >= MAX_HOPS {
        *whole &= applies_nothing(node);
        return dnf;
    }
    for &conjunct in node.reference.iter().chain(&node.all_of) {
        dnf = product(dnf, expand(schema, conjunct, hops + 1, whole), whole);
    }
    for branches in [&node.any_of, &node.one_of] {
        if branches.is_empty() {
            continue;
        }
        let mut union = Vec::new();
        for &b in branches.iter() {
            union.extend(expand(schema, b, hops + 1, whole));
        }
        if union.len() <= MAX_ALTERNATIVES {
            dnf = product(dnf, union, whole);
        } else {
            *whole = false;
        }
    }
    dnf
}

/// Every union of one alternative of `a` and one of `b`; `a` alone when there
/// would be more than [`MAX_ALTERNATIVES`] (the constraint of `b` is dropped,
/// and `whole` says so).
fn product(a: Vec<Vec<NodeId>>, b: Vec<Vec<NodeId>>, whole: &mut bool) -> Vec<Vec<NodeId>> {
    if a.len() * b.len() > MAX_ALTERNATIVES {
        *whole = false;
        return a;
    }
    let mut out = Vec::with_capacity(a.len() * b.len());
    for x in &a {
        for y in &b {
            let mut both = x.clone();
            both.extend(y.iter().copied().filter(|n| !x.contains(n)));
            out.push(both);
        }
    }
    out
}

/// No declared property (in a list of [`declared`] answers).
pub(super) const UNDECLARED: NodeId = NodeId(u32::MAX);

/// The schema of `node`'s declared property named `name` (aliases included).
#[inline]
pub(super) fn declared(node: &Node, name: &[u8]) -> Option<NodeId> {
    let props = node.properties.as_deref().unwrap_or_default();
    props
        .iter()
        .find(|p| same_name(p.name.as_bytes(), name))
        .map(|p| p.node)
}

/// The schemas member `name` of an object must satisfy under `node`: its
/// declared property (`declared`, as [`declared`] found it), the
/// `patternProperties` its name matches, else the `additionalProperties`
/// schema (an undeclared name the node refuses is decided by the name, see
/// [`refuses_name`]). `name` is UTF-8, made a `str` only for patterns.
pub(super) fn member_nodes(
    node: &Node,
    name: &[u8],
    declared: Option<NodeId>,
    out: &mut Vec<NodeId>,
) {
    if node.unevaluated_properties.is_some() {
        return;
    }
    out.extend(declared);
    let mut patterned = false;
    if node.pattern_set.is_some() {
        let name = std::str::from_utf8(name).unwrap_or_default();
        crate::schema::node_checks::object::each_pattern_schema(node, name, |s| {
            patterned = true;
            out.push(s);
            true
        });
    }
    if declared.is_none() && !patterned {
        if let Additional::Schema(extra) = node.additional {
            out.push(extra);
        }
    }
}

/// The schema item `index` of an array must satisfy under `node`.
pub(super) fn item_node(node: &Node, index: usize) -> Option<NodeId> {
    match node.prefix_items.get(index) {
        Some(&n) => Some(n),
        None => node.items,
    }
}

/// Whether `node` refuses member names it does not declare (`reject`: the
/// `additionalProperties` decision of [`keywords::object`] for this object),
/// and the names it takes are only its `properties` (with aliases): then a
/// name is refused as soon as its prefix is no declared name's prefix.
pub(super) fn names_closed(node: &Node, reject: bool) -> bool {
    node.pattern_properties.is_empty() && closed_but_patterns(node, reject)
}

/// Whether the names `node` takes are only its `properties` and those its
/// `patternProperties` match (`reject` as for [`names_closed`]).
pub(super) fn closed_but_patterns(node: &Node, reject: bool) -> bool {
    reject
        && !matches!(node.additional, Additional::Schema(_))
        && (node.conditional_names.is_empty() || node.additional == Additional::Forbidden)
}

/// Whether the complete member name `name` is refused by `node` (`reject` as
/// for [`names_closed`]; `declared`: a property of `node` is so named):
/// undeclared, matched by no pattern, and refused by
/// the `additionalProperties` decision.
pub(super) fn refuses_name(node: &Node, reject: bool, name: &str, declared: bool) -> bool {
    if declared || matches!(node.additional, Additional::Schema(_)) {
        return false;
    }
    let patterned = !crate::schema::node_checks::object::each_pattern_schema(node, name, |_| false);
    !declared
        && !patterned
        && crate::schema::node_checks::object::refuses_member(node, reject, name)
}
