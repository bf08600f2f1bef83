//! The integer bounds a number's digits decide as they come: the one node
//! they are read against, and the bounds its integer part so far breaks
//! whatever digits follow (shared by the reader, the members read whole and
//! the plan, which finds each such node's range once).

use crate::json::JsonType;
use crate::keywords;
use crate::keywords::number::Bound;
use crate::schema::facts::{NodeFacts, NUMBER};
use crate::schema::Node;
use crate::violation::Kind;

/// Whether a node takes integers only and bounds them: the one node a
/// number's integer part decides as its digits come.
pub(super) fn int_bounded(facts: &NodeFacts) -> bool {
    facts.accept & (1 << JsonType::Number as u8) == 0 && facts.flags & NUMBER != 0
}

/// The bounds of the integer-only `node` that the integer part `n` read so
/// far already breaks, whatever digits follow: more digits move the value
/// away from zero (and a fraction or an exponent makes it a number, which the
/// node refuses), so only the bounds on that side are asked.
pub(super) fn growing_breaks(node: &Node, n: i64) -> impl Iterator<Item = Kind> + '_ {
    let bounds = if n < 0 {
        [Bound::Minimum, Bound::ExclusiveMinimum]
    } else {
        [Bound::Maximum, Bound::ExclusiveMaximum]
    };
    let n = serde_json::Number::from(n);
    bounds.into_iter().filter_map(move |b| {
        crate::schema::node_checks::number::limit_of(b, node)
            .and_then(|limit| keywords::number::bound(b, limit, &n))
    })
}
