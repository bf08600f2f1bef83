//! Sets of characters as sorted, disjoint, inclusive ranges: the classes of the
//! pattern engine (`[a-z]`, `\d`, `.`), with the operations the parser needs
//! (canonical order, negation, ASCII case folding) and the membership test the
//! matcher runs.

// With the `regex` feature only the parser and the sizes serve (see `mod.rs`).
#![cfg_attr(feature = "regex", allow(dead_code))]

/// Sorts `ranges` and merges the ones that overlap or touch.
pub(super) fn canonicalize(ranges: &mut Vec<(char, char)>) {
    // In order of the lower ends (the merge needs no more): (end, position)
    // pairs, the one sort of pairs the crate compiles (see `json::value_set`).
    let mut order: Vec<(u64, u32)> = Vec::with_capacity(ranges.len());
    for (i, &(lo, _)) in ranges.iter().enumerate() {
        order.push((u64::from(u32::from(lo)), i as u32));
    }
    order.sort_unstable();
    let mut merged: Vec<(char, char)> = Vec::with_capacity(ranges.len());
    for &(_, i) in &order {
        let (lo, hi) = ranges[i as usize];
        match merged.last_mut() {
            Some(last) if u32::from(lo) <= u32::from(last.1).saturating_add(1) => {
                last.1 = last.1.max(hi);
            }
            _ => merged.push((lo, hi)),
        }
    }
    *ranges = merged;
}

/// The characters not in the canonical `ranges`, canonical.
pub(super) fn negate(ranges: &[(char, char)]) -> Vec<(char, char)> {
    let mut out = Vec::with_capacity(ranges.len() + 1);
    let mut next = Some('\0');
    for &(lo, hi) in ranges {
        if let Some(from) = next {
            if from < lo {
                // `lo` is above `from`, so it has a predecessor.
                if let Some(to) = before(lo) {
                    out.push((from, to));
                }
            }
        }
        next = after(hi);
    }
    if let Some(from) = next {
        out.push((from, char::MAX));
    }
    out
}

/// Adds the other ASCII case of the ASCII letters in `ranges`, canonical, as
/// `regex-lite` does: a range holding lower case letters adds their upper case
/// only (a range from `Y` to `b` adds `A-B`, not `y-z`).
pub(super) fn ascii_case_fold(ranges: &mut Vec<(char, char)>) {
    let len = ranges.len();
    for i in 0..len {
        let (lo, hi) = ranges[i];
        for (from, to, shift) in [('a', 'z', -32i32), ('A', 'Z', 32)] {
            let (start, end) = (lo.max(from), hi.min(to));
            if start <= end {
                ranges.push((shifted(start, shift), shifted(end, shift)));
                break;
            }
        }
    }
    canonicalize(ranges);
}

#[cfg(test)]
thread_local! {
    /// The ranges compared on this thread (see [`contains`]), for the tests of
    /// the bound.
    pub(super) static PROBES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Whether `c` is in the canonical `ranges`: at most 8 comparisons, then a
/// binary search (logarithmic in the ranges).
#[inline]
pub(super) fn contains(ranges: &[(char, char)], c: char) -> bool {
    if ranges.len() <= 8 {
        #[cfg(test)]
        PROBES.with(|p| p.set(p.get() + ranges.len() as u64));
        return ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi);
    }
    ranges
        .binary_search_by(|&(lo, hi)| {
            #[cfg(test)]
            PROBES.with(|p| p.set(p.get() + 1));
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// An ASCII letter moved to its other case (`shift` is 32 or -32).
fn shifted(c: char, shift: i32) -> char {
    u32::try_from(c as i32 + shift)
        .ok()
        .and_then(char::from_u32)
        .unwrap_or(c)
}

/// The character before `c` (skipping the surrogates), if any.
fn before(c: char) -> Option<char> {
    match c {
        '\0' => None,
        '\u{E000}' => Some('\u{D7FF}'),
        c => char::from_u32(u32::from(c) - 1),
    }
}

/// The character after `c` (skipping the surrogates), if any.
fn after(c: char) -> Option<char> {
    match c {
        char::MAX => None,
        '\u{D7FF}' => Some('\u{E000}'),
        c => char::from_u32(u32::from(c) + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negation_and_folding() {
        let mut r = vec![('b', 'd'), ('a', 'a'), ('x', 'x')];
        canonicalize(&mut r);
        assert_eq!(r, [('a', 'd'), ('x', 'x')]);
        assert_eq!(negate(&r), [('\0', '`'), ('e', 'w'), ('y', char::MAX)]);
        assert_eq!(negate(&[('\0', char::MAX)]), []);
        assert_eq!(negate(&[]), [('\0', char::MAX)]);
        assert_eq!(negate(&[('\0', '\u{D7FF}')]), [('\u{E000}', char::MAX)]);
        let mut f = vec![('Y', 'b')];
        ascii_case_fold(&mut f);
        assert_eq!(f, [('A', 'B'), ('Y', 'b')]);
        assert!(contains(&f, 'a') && contains(&f, 'Z') && !contains(&f, 'z'));
    }
}
