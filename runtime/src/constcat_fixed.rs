//! Constant concatenation for the `ToolArgs` implementation of a generic type,
//! for generated code only.
//!
//! A generic type's schema text holds its parameters' (`<T as ToolArgs>::__USE_JSON`),
//! and an array's length cannot depend on a type parameter: the text is written
//! into a buffer of a fixed capacity, the generated code keeping one constant per
//! capacity tier ([`TIERS`]) and taking the first that fits. A constant is only
//! evaluated where it is used, so only that tier's buffer is kept in the program;
//! [`TIERS`]'s last is the limit.
//!
//! ```
//! use tool_schema_engine::__private::{fixed_concat, fixed_str, Fixed};
//!
//! const TEXT: Fixed<u8, 64> = fixed_concat(&[r#"{"items":"#, r#"{"type":"string"}"#, "}"]);
//! assert_eq!(fixed_str(&TEXT), r#"{"items":{"type":"string"}}"#);
//! ```

use crate::constcat::{concat_str, defs_len, Defs};

/// The capacities (bytes of text) of a generic type's schema text.
pub const TIERS: [usize; 4] = [512, 8 << 10, 128 << 10, 2 << 20];

/// The capacities (entries) of a generic type's list of definitions.
pub const DEFS_TIERS: [usize; 2] = [8, 512];

/// Up to `N` items, `len` of them written; `len` greater than `N` when what was
/// to be written did not fit (then nothing is read from it).
#[derive(Clone, Copy)]
pub struct Fixed<E: Copy + 'static, const N: usize> {
    items: [E; N],
    len: usize,
}

/// The bytes of `pieces`, one after another, in a buffer of `N`.
pub const fn fixed_concat<const N: usize>(pieces: &[&str]) -> Fixed<u8, N> {
    let mut items = [0u8; N];
    let mut len = 0;
    let mut i = 0;
    while i < pieces.len() {
        let bytes = pieces[i].as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            if len < N {
                items[len] = bytes[j];
            }
            len += 1;
            j += 1;
        }
        i += 1;
    }
    Fixed { items, len }
}

/// The text written, which fitted (the generated code picks a tier it fits in).
pub const fn fixed_str<const N: usize>(fixed: &Fixed<u8, N>) -> &str {
    assert!(fixed.len <= N, "fixed_str: the text did not fit");
    concat_str(fixed.items.split_at(fixed.len).0)
}

/// A tool's whole schema text: `root` (an object's text) with `defs` as its root
/// `$defs`, in a buffer of `N`; [`fixed_schema_len`] long.
pub const fn fixed_schema<const N: usize>(root: &str, defs: Defs) -> Fixed<u8, N> {
    let members = crate::constcat::without_close(root);
    let open = crate::constcat::defs_open(root, defs);
    let close = crate::constcat::defs_close(defs);
    let mut pieces: [&str; 3] = [members, open, ""];
    let mut out = fixed_concat::<N>(&pieces);
    let mut i = 0;
    while i < defs.len() {
        let sep = if i > 0 { "," } else { "" };
        // Definition names are Rust identifiers: no JSON escaping (checked by
        // `constcat::defs_bytes` where the same names are written for a
        // non-generic type).
        pieces = [sep, "\"", defs[i].0];
        out = append(out, &pieces);
        pieces = ["\":", defs[i].1, ""];
        out = append(out, &pieces);
        i += 1;
    }
    append(out, &[close])
}

/// The length of [`fixed_schema`]`(root, defs)`.
pub const fn fixed_schema_len(root: &str, defs: Defs) -> usize {
    let members = crate::constcat::without_close(root).len();
    let open = crate::constcat::defs_open(root, defs).len();
    let close = crate::constcat::defs_close(defs).len();
    members + open + defs_len(defs) + close
}

const fn append<const N: usize>(mut out: Fixed<u8, N>, pieces: &[&str]) -> Fixed<u8, N> {
    let mut i = 0;
    while i < pieces.len() {
        let bytes = pieces[i].as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            if out.len < N {
                out.items[out.len] = bytes[j];
            }
            out.len += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

/// The definitions of `lists`, each name once, in order of first appearance, in a
/// list of `N` ([`crate::constcat::defs_count`] of them).
pub const fn fixed_defs<const N: usize>(lists: &[Defs]) -> Fixed<(&'static str, &'static str), N> {
    let mut items = [("", ""); N];
    let mut len = 0;
    let mut i = 0;
    while i < lists.len() {
        let mut j = 0;
        while j < lists[i].len() {
            if !crate::constcat::seen_before(lists, i, j) {
                if len < N {
                    items[len] = lists[i][j];
                }
                len += 1;
            }
            j += 1;
        }
        i += 1;
    }
    Fixed { items, len }
}

/// The definitions written, which fitted.
pub const fn fixed_list<const N: usize>(
    fixed: &'static Fixed<(&'static str, &'static str), N>,
) -> Defs {
    assert!(fixed.len <= N, "fixed_list: the list did not fit");
    fixed.items.split_at(fixed.len).0
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOT: &str = r#"{"type":"object"}"#;
    const DEFS: Defs = &[("A", "{}"), ("B", r#"{"x":1}"#)];
    const TEXT: Fixed<u8, 128> = fixed_schema(ROOT, DEFS);
    const NONE: Fixed<u8, 32> = fixed_schema(ROOT, &[]);
    const SHORT: Fixed<u8, 4> = fixed_concat(&["abc", "def"]);
    const MERGED: Fixed<(&str, &str), 8> = fixed_defs(&[DEFS, &[("A", "{}"), ("C", "{}")]]);

    #[test]
    fn schema_with_and_without_definitions() {
        let text = fixed_str(&TEXT);
        assert_eq!(text, r#"{"type":"object","$defs":{"A":{},"B":{"x":1}}}"#);
        assert_eq!(text.len(), fixed_schema_len(ROOT, DEFS));
        assert_eq!(fixed_str(&NONE), ROOT);
        assert_eq!(fixed_schema_len(ROOT, &[]), ROOT.len());
    }

    #[test]
    fn too_long_is_marked_not_cut() {
        assert_eq!(SHORT.len, 6);
        assert_eq!(&SHORT.items, b"abcd");
    }

    #[test]
    fn definitions_once_each() {
        let names: Vec<&str> = fixed_list(&MERGED).iter().map(|(n, _)| *n).collect();
        assert_eq!(names, ["A", "B", "C"]);
    }
}
