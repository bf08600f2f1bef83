//! The comparison of a count (a string's length, an array's elements, an
//! object's members) with its `min*`/`max*` limit, written once for the three
//! families that count.

/// A `min*` keyword's decision: `count` is below `limit`.
#[inline(always)]
pub(crate) fn below(limit: u64, count: u64) -> bool {
    count < limit
}

/// A `max*` keyword's decision: `count` is above `limit`.
#[inline(always)]
pub(crate) fn above(limit: u64, count: u64) -> bool {
    count > limit
}

/// Whether `count` is within `min` and `max` (each when present).
#[inline(always)]
pub(crate) fn within(min: Option<u64>, max: Option<u64>, count: u64) -> bool {
    !min.is_some_and(|m| below(m, count)) && !max.is_some_and(|m| above(m, count))
}
