//! `array` keywords at a model node: the node's constants handed to the
//! value-level decisions of `crate::keywords::array`.

use crate::keywords::array::*;
use crate::keywords::count;
use crate::schema::Node;
use crate::violation::{Position, Sink, Trail};
use serde_json::Value;

/// The yes/no walk: whether `items` satisfies `node`'s counts and `uniqueItems`.
#[inline]
pub(crate) fn valid(node: &Node, items: &[Value]) -> bool {
    count_ok(node.min_items, node.max_items, items.len() as u64)
        && !(node.unique_items && first_duplicate(items).is_some())
}

/// The reporting walk: `node`'s counts and `uniqueItems` that `items` breaks.
#[inline]
pub(crate) fn report(
    node: &Node,
    items: &[Value],
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) {
    let count = items.len() as u64;
    count::report(
        (node.min_items, node.max_items),
        count,
        (too_few, too_many),
        (trail, pos),
        out,
    );
    if node.unique_items {
        if let Some(kind) = unique(items) {
            out.report(|| kind, trail, pos);
        }
    }
}
