//! What the streaming checker holds per open value: the alternatives it can
//! still satisfy. An alternative is a set of schema nodes that must all hold
//! (the node, its `$ref` and `allOf`, one branch of each `anyOf` / `oneOf`);
//! the value is doomed when every alternative is dead.
//!
//! Dropping a node from an alternative only makes the checker slower to doom,
//! never wrong: the expansion stops at [`MAX_ALTERNATIVES`] and [`MAX_HOPS`]
//! and leaves what it did not expand to the node's own check at the value's
//! close (scalars) or to `finish`.

use crate::schema::{Additional, Node, NodeId, Schema};

/// At most this many alternatives per value: a product past it drops the
/// factor (its constraint waits for the value's close or for `finish`).
pub(super) const MAX_ALTERNATIVES: usize = 32;

/// In-place hops (`$ref`, `allOf`, `anyOf`, `oneOf`) expanded from one node.
const MAX_HOPS: usize = 8;

/// One alternative of a value.
#[derive(Clone, Debug)]
pub(super) struct Alt {
    /// The nodes that must all hold.
    pub nodes: Vec<NodeId>,
    /// The alternative of the enclosing value this one serves (`usize::MAX` at
    /// the root): when every alternative serving it dies, it dies.
    pub parent: usize,
    pub dead: bool,
}

/// The alternatives of a value that must satisfy every node of `nodes`, each
/// serving `parent`: the product of their expansions.
pub(super) fn expand_all(schema: &Schema, nodes: &[NodeId], parent: usize) -> Vec<Alt> {
    // The common cases without a product: no schema, or one applying nothing in place.
    match nodes {
        [] => {
            return vec![Alt {
                nodes: Vec::new(),
                parent,
                dead: false,
            }]
        }
        [id] if applies_nothing(schema.node(*id)) => {
            return vec![Alt {
                nodes: vec![*id],
                parent,
                dead: false,
            }]
        }
        _ => {}
    }
    let mut dnf: Vec<Vec<NodeId>> = vec![Vec::new()];
    for &id in nodes {
        dnf = product(dnf, expand(schema, id, 0));
    }
    dnf.into_iter()
        .map(|nodes| Alt {
            nodes,
            parent,
            dead: false,
        })
        .collect()
}

/// Whether `node` applies no subschema in place that the expansion reads.
fn applies_nothing(node: &Node) -> bool {
    node.reference.is_none()
        && node.all_of.is_empty()
        && node.any_of.is_empty()
        && node.one_of.is_empty()
}

/// The alternatives of node `id`: each a set of nodes that must all hold.
fn expand(schema: &Schema, id: NodeId, hops: usize) -> Vec<Vec<NodeId>> {
    let mut dnf = vec![vec![id]];
    if hops >= MAX_HOPS {
        return dnf;
    }
    let node = schema.node(id);
    for &conjunct in node.reference.iter().chain(&node.all_of) {
        dnf = product(dnf, expand(schema, conjunct, hops + 1));
    }
    for branches in [&node.any_of, &node.one_of] {
        if branches.is_empty() {
            continue;
        }
        let mut union = Vec::new();
        for &b in branches.iter() {
            union.extend(expand(schema, b, hops + 1));
        }
        if union.len() <= MAX_ALTERNATIVES {
            dnf = product(dnf, union);
        }
    }
    dnf
}

/// Every union of one alternative of `a` and one of `b`; `a` alone when there
/// would be more than [`MAX_ALTERNATIVES`] (the constraint of `b` is dropped).
fn product(a: Vec<Vec<NodeId>>, b: Vec<Vec<NodeId>>) -> Vec<Vec<NodeId>> {
    if a.len() * b.len() > MAX_ALTERNATIVES {
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

/// The schemas member `name` of an object must satisfy under `node`: its
/// declared property, the `patternProperties` its name matches, else the
/// `additionalProperties` schema (an undeclared name the node refuses is
/// decided by the name, see [`refuses_name`]).
pub(super) fn member_nodes(node: &Node, name: &str, out: &mut Vec<NodeId>) {
    if node.unevaluated_properties.is_some() {
        return;
    }
    let declared = node
        .properties
        .iter()
        .flatten()
        .find(|p| p.name == name)
        .map(|p| p.node);
    out.extend(declared);
    let mut patterned = false;
    crate::schema::node_checks::object::each_pattern_schema(node, name, |s| {
        patterned = true;
        out.push(s);
        true
    });
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
    reject
        && node.pattern_properties.is_empty()
        && !matches!(node.additional, Additional::Schema(_))
        && (node.conditional_names.is_empty() || node.additional == Additional::Forbidden)
}

/// Whether the complete member name `name` is refused by `node` (`reject` as
/// for [`names_closed`]): undeclared, matched by no pattern, and refused by
/// the `additionalProperties` decision.
pub(super) fn refuses_name(node: &Node, reject: bool, name: &str) -> bool {
    if matches!(node.additional, Additional::Schema(_)) {
        return false;
    }
    let declared = node.properties.iter().flatten().any(|p| p.name == name);
    let patterned = !crate::schema::node_checks::object::each_pattern_schema(node, name, |_| false);
    !declared
        && !patterned
        && crate::schema::node_checks::object::refuses_member(node, reject, name)
}
