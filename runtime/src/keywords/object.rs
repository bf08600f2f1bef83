//! The object keywords' decisions: `minProperties`, `maxProperties`, and whether
//! an undeclared member is refused (`additionalProperties` under the
//! [`Undeclared`](crate::Undeclared) policy). The members themselves
//! (`properties`, `required`, `propertyNames`) are walked by each back end.

use super::count;
use crate::options::Undeclared;
use crate::schema::{Additional, Node};
use crate::violation::{Kind, Position, Sink, Trail};

/// Whether `node` closes an object to undeclared names (under the policy of
/// [`rejects_undeclared`]): where it declares `properties`, and at the arguments
/// object (`at_root`, closed in tool-call mode) unless its in-place subschemas
/// declare the names instead ([`Node::members_elsewhere`]).
#[inline]
pub fn closed(node: &Node, at_root: bool) -> bool {
    node.properties.is_some() || (at_root && !node.members_elsewhere)
}

/// Whether an undeclared member is a violation under `policy`, in an object
/// whose schema says `additional` and is `closed` (it declares `properties`, or
/// it is the arguments object). The `additionalProperties` decision.
#[inline]
pub const fn rejects_undeclared(policy: Undeclared, closed: bool, additional: Additional) -> bool {
    match (policy, additional) {
        (_, Additional::Forbidden) => true,
        (_, Additional::Schema(_)) => false,
        (Undeclared::RejectIfForbidden, _) => false,
        (Undeclared::RejectAlways, _) => closed,
        (Undeclared::RejectUnlessAllowed, Additional::Allowed) => false,
        (Undeclared::RejectUnlessAllowed, _) => closed,
    }
}

/// The violation of a lower bound `limit` by an object of `count` members.
fn too_few(limit: u64, count: u64) -> Kind {
    Kind::MinProperties { limit, count }
}

/// The violation of an upper bound `limit` by an object of `count` members.
fn too_many(limit: u64, count: u64) -> Kind {
    Kind::MaxProperties { limit, count }
}

/// The violation of `minProperties: limit` by an object of `count` members.
#[inline]
pub fn min_properties(limit: u64, count: u64) -> Option<Kind> {
    count::below(limit, count).then(|| too_few(limit, count))
}

/// The violation of `maxProperties: limit` by an object of `count` members.
#[inline]
pub fn max_properties(limit: u64, count: u64) -> Option<Kind> {
    count::above(limit, count).then(|| too_many(limit, count))
}

/// Whether `count` members are within `minProperties: min` and `maxProperties: max`.
#[inline]
pub fn count_ok(min: Option<u64>, max: Option<u64>, count: u64) -> bool {
    count::within(min, max, count)
}

/// The yes/no walk: whether an object of `count` members satisfies `node`'s counts.
#[inline]
pub(crate) fn counts_valid(node: &Node, count: u64) -> bool {
    count_ok(node.min_properties, node.max_properties, count)
}

/// The reporting walk: `node`'s counts that an object of `count` members breaks.
#[inline]
pub(crate) fn report_counts(
    node: &Node,
    count: u64,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) {
    count::report(
        (node.min_properties, node.max_properties),
        count,
        (too_few, too_many),
        (trail, pos),
        out,
    );
}
