//! The object keywords' decisions: `minProperties`, `maxProperties`, and whether
//! an undeclared member is refused (`additionalProperties` under the
//! [`Undeclared`](crate::Undeclared) policy). The members themselves
//! (`properties`, `required`, `propertyNames`) are walked by each back end.

use crate::schema::Node;
use crate::violation::{Kind, Position, Sink, Trail};

/// `minProperties`' decision: an object of `count` members is too small.
#[inline(always)]
fn too_few(limit: u64, count: u64) -> bool {
    count < limit
}

/// `maxProperties`' decision: an object of `count` members is too large.
#[inline(always)]
fn too_many(limit: u64, count: u64) -> bool {
    count > limit
}

/// The violation of `minProperties: limit` by an object of `count` members.
#[inline]
pub fn min_properties(limit: u64, count: u64) -> Option<Kind> {
    too_few(limit, count).then_some(Kind::MinProperties { limit, count })
}

/// The violation of `maxProperties: limit` by an object of `count` members.
#[inline]
pub fn max_properties(limit: u64, count: u64) -> Option<Kind> {
    too_many(limit, count).then_some(Kind::MaxProperties { limit, count })
}

/// Whether `count` members are within `minProperties: min` and `maxProperties: max`.
#[inline]
pub fn count_ok(min: Option<u64>, max: Option<u64>, count: u64) -> bool {
    !min.is_some_and(|m| too_few(m, count)) && !max.is_some_and(|m| too_many(m, count))
}

/// The yes/no walk: whether an object of `count` members satisfies `node`'s counts.
#[inline]
pub(crate) fn counts_valid(node: &Node, count: u64) -> bool {
    count_ok(node.min_properties, node.max_properties, count)
}

/// The reporting walk: `node`'s counts that an object of `count` members breaks.
pub(crate) fn report_counts(
    node: &Node,
    count: u64,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) {
    let too_few = node
        .min_properties
        .and_then(|limit| min_properties(limit, count));
    let too_many = node
        .max_properties
        .and_then(|limit| max_properties(limit, count));
    for kind in too_few.into_iter().chain(too_many) {
        out.report(|| kind, trail, pos);
    }
}
