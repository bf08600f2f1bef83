//! What the streaming checker precomputes per schema node, once per
//! [`Schema`] (on its first checker, kept in the schema like the text path's
//! plan): each node's declared names in sorted order (a member name is
//! narrowed by binary search at each byte, with no list of candidates made
//! per member), whether it applies subschemas in place (the alternatives of
//! a value expand without a product), and whether the checker decides every
//! keyword it asks of an object or array ([`super::decided::container`]).

use super::decided;
use crate::schema::{Node, NodeId, Schema};
use crate::text::lookup::NameTable;

/// The plan of one node.
#[derive(Debug)]
pub(super) struct NodePlan {
    /// Indexes into the node's `properties`, sorted by name.
    pub by_name: Box<[u32]>,
    /// The first byte of each name of `by_name` (0 for the empty name), in
    /// that order: sorted.
    pub firsts: Box<[u8]>,
    /// No `$ref`, `allOf`, `anyOf` or `oneOf`: the node is its own only
    /// alternative.
    pub simple: bool,
    /// [`decided::container`] of the node.
    pub decided: bool,
    /// Each declared name's index in `properties` (the first property so
    /// named), found in constant time (none: no property).
    pub names: Option<NameTable>,
    /// The slots (among `properties`, the first so named) of the node's
    /// `required` names, when each is a declared property below slot 64 and
    /// no property has aliases: a member read by its slot is there.
    pub required_slots: Option<u64>,
}

/// Every node's plan.
#[derive(Debug)]
pub(super) struct Plan {
    nodes: Box<[NodePlan]>,
}

impl Plan {
    #[inline]
    pub fn node(&self, id: NodeId) -> &NodePlan {
        &self.nodes[id.0 as usize]
    }
}

/// The streaming plan of `schema`, built on first use.
pub(super) fn of(schema: &Schema) -> &Plan {
    schema.stream.get_or_build(|| build(schema))
}

fn build(schema: &Schema) -> Plan {
    let mut nodes = Vec::with_capacity(schema.nodes().len());
    for node in schema.nodes() {
        let props = node.properties.as_deref().unwrap_or_default();
        let mut by_name: Vec<u32> = (0..props.len() as u32).collect();
        by_name.sort_by(|&a, &b| props[a as usize].name.cmp(&props[b as usize].name));
        let names = (!props.is_empty()).then(|| {
            let mut seen = std::collections::HashSet::new();
            let first = props
                .iter()
                .enumerate()
                .filter(|(_, p)| seen.insert(p.name.as_str()))
                .map(|(i, p)| (Box::from(p.name.as_str()), i as u32));
            NameTable::new(first.collect())
        });
        let firsts = by_name
            .iter()
            .map(|&i| {
                props[i as usize]
                    .name
                    .as_bytes()
                    .first()
                    .copied()
                    .unwrap_or(0)
            })
            .collect();
        nodes.push(NodePlan {
            firsts,
            names,
            by_name: by_name.into_boxed_slice(),
            simple: applies_nothing(node),
            required_slots: required_slots(node),
            decided: decided::container(node),
        });
    }
    Plan {
        nodes: nodes.into_boxed_slice(),
    }
}

/// The mask of `node`'s required names' slots (see
/// [`NodePlan::required_slots`]).
fn required_slots(node: &Node) -> Option<u64> {
    let props = node.properties.as_deref().unwrap_or_default();
    if props.iter().any(|p| p.alias_of.is_some()) {
        return None;
    }
    node.required.iter().try_fold(0u64, |mask, r| {
        let slot = props.iter().position(|p| p.name == *r)?;
        (slot < 64).then(|| mask | 1 << slot)
    })
}

/// Whether `node` applies no subschema in place that the expansion reads.
pub(super) fn applies_nothing(node: &Node) -> bool {
    node.reference.is_none()
        && node.all_of.is_empty()
        && node.any_of.is_empty()
        && node.one_of.is_empty()
}
