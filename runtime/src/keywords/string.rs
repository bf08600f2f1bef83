//! The string keywords: `minLength` and `maxLength` (counted in Unicode code
//! points), `pattern`, and `format` (whose formats live in [`super::format`]).
//! Each decision is written once here; the interpreter, the text path and
//! generated code call it.

use super::count;
use crate::violation::Kind;

/// Length in Unicode code points, as `minLength`/`maxLength` count.
#[inline]
pub fn length(s: &str) -> u64 {
    s.chars().count() as u64
}

/// The violation of a lower bound `limit` by a string of `length` code points.
pub fn too_short(limit: u64, length: u64) -> Kind {
    Kind::MinLength { limit, length }
}

/// The violation of an upper bound `limit` by a string of `length` code points.
pub fn too_long(limit: u64, length: u64) -> Kind {
    Kind::MaxLength { limit, length }
}

/// The violation of `minLength: limit` by a string of `length` code points.
#[inline]
pub fn min_length(limit: u64, length: u64) -> Option<Kind> {
    count::below(limit, length).then(|| too_short(limit, length))
}

/// The violation of `maxLength: limit` by a string of `length` code points.
#[inline]
pub fn max_length(limit: u64, length: u64) -> Option<Kind> {
    count::above(limit, length).then(|| too_long(limit, length))
}

/// Whether `s` is within `minLength: min` and `maxLength: max`. A code point is
/// 1 to 4 bytes, so the byte length settles most strings without counting.
#[inline]
pub fn length_ok(min: Option<u64>, max: Option<u64>, s: &str) -> bool {
    let bytes = s.len() as u64;
    // At least `bytes / 4` code points, at most `bytes`.
    if count::within(min, None, bytes / 4) && count::within(None, max, bytes) {
        return true;
    }
    count::within(min, max, length(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-length shortcut answers as counting does.
    #[test]
    fn length_ok_matches_counting() {
        let strings = [
            "",
            "a",
            "abcd",
            "é",
            "ééé",
            "日本語",
            "😀😀",
            "a😀b",
            "abcdefgh",
        ];
        for s in strings {
            let n = length(s);
            for min in [None, Some(0), Some(1), Some(2), Some(3), Some(4), Some(9)] {
                for max in [None, Some(0), Some(1), Some(2), Some(3), Some(8)] {
                    let want = min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m);
                    assert_eq!(length_ok(min, max, s), want, "{s:?} {min:?} {max:?}");
                }
            }
        }
    }
}
