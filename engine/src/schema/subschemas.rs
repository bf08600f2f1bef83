//! The iterator of [`Node::subschemas`]: the node's places of subschemas visited
//! one after another by number, so that every caller shares one small `next`
//! (a chain of a dozen iterator adaptors compiled a large state machine per use).

use super::{Additional, Node, NodeId};

/// The places, in [`Node::subschemas`]' order.
const PLACES: u8 = 18;

/// Walks [`Node::subschemas`]: `place` is the keyword, `at` the index in its list.
pub(super) struct Subschemas<'a> {
    node: &'a Node,
    place: u8,
    at: usize,
}

impl<'a> Subschemas<'a> {
    pub(super) fn new(node: &'a Node) -> Self {
        Subschemas {
            node,
            place: 0,
            at: 0,
        }
    }
}

/// A place that holds one subschema: found at index 0 only.
fn one(at: usize, id: Option<NodeId>) -> Option<NodeId> {
    if at == 0 {
        id
    } else {
        None
    }
}

impl Iterator for Subschemas<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let n = self.node;
        while self.place < PLACES {
            let at = self.at;
            let found = match self.place {
                0 => n
                    .properties
                    .as_deref()
                    .and_then(|p| p.get(at))
                    .map(|p| p.node),
                1 => match n.additional {
                    Additional::Schema(x) => one(at, Some(x)),
                    _ => None,
                },
                2 => n.pattern_properties.get(at).map(|(_, s)| *s),
                3 => one(at, n.property_names),
                4 => n.dependent_schemas.get(at).map(|d| d.node),
                5 => n.prefix_items.get(at).copied(),
                6 => one(at, n.items),
                7 => one(at, n.contains),
                8 => one(at, n.unevaluated_properties),
                9 => one(at, n.unevaluated_items),
                10 => n.all_of.get(at).copied(),
                11 => n.any_of.get(at).copied(),
                12 => n.one_of.get(at).copied(),
                13 => one(at, n.not),
                14 => one(at, n.if_schema),
                15 => one(at, n.then_schema),
                16 => one(at, n.else_schema),
                _ => one(at, n.reference),
            };
            match found {
                Some(id) => {
                    self.at += 1;
                    return Some(id);
                }
                None => {
                    self.place += 1;
                    self.at = 0;
                }
            }
        }
        None
    }
}
