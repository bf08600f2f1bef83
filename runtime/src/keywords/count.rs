//! The comparison of a count (a string's length, an array's elements, an
//! object's members) with its `min*`/`max*` limit, written once for the three
//! families that count.

use crate::violation::{Kind, Position, Sink, Trail};

/// A `min*` keyword's decision: `count` is below `limit`.
#[inline(always)]
pub fn below(limit: u64, count: u64) -> bool {
    count < limit
}

/// A `max*` keyword's decision: `count` is above `limit`.
#[inline(always)]
pub fn above(limit: u64, count: u64) -> bool {
    count > limit
}

/// Whether `count` is within `min` and `max` (each when present).
#[inline(always)]
pub fn within(min: Option<u64>, max: Option<u64>, count: u64) -> bool {
    !min.is_some_and(|m| below(m, count)) && !max.is_some_and(|m| above(m, count))
}

/// The violation a count bound makes, from the limit and the count.
pub type Violated = fn(u64, u64) -> Kind;

/// The reporting walk of a family's `min*`/`max*` pair: the violation each bound
/// `count` breaks, built by `too_few` or `too_many` only when it is reported.
#[inline]
pub fn report(
    (min, max): (Option<u64>, Option<u64>),
    count: u64,
    (too_few, too_many): (Violated, Violated),
    (trail, pos): (&Trail<'_>, Position),
    out: &mut Sink<'_>,
) {
    if let Some(limit) = min.filter(|&limit| below(limit, count)) {
        out.report(|| too_few(limit, count), trail, pos);
    }
    if let Some(limit) = max.filter(|&limit| above(limit, count)) {
        out.report(|| too_many(limit, count), trail, pos);
    }
}
