//! Concatenation of string slices at compile time, for generated code only.
//!
//! `#[derive(ToolArgs)]` builds a tool's `SCHEMA_JSON` from its own JSON text and
//! the `SCHEMA_JSON` of every nested `ToolArgs` type, which the macro cannot see:
//!
//! ```
//! use tool_schema_runtime::__private::{concat_bytes, concat_len, concat_str};
//!
//! const INNER: &str = r#"{"type":"string"}"#;
//! const PIECES: &[&str] = &[r#"{"items":"#, INNER, "}"];
//! const BYTES: [u8; concat_len(PIECES)] = concat_bytes(PIECES);
//! const TEXT: &str = concat_str(&BYTES);
//! assert_eq!(TEXT, r#"{"items":{"type":"string"}}"#);
//! ```

/// The total length in bytes of `pieces`.
pub const fn concat_len(pieces: &[&str]) -> usize {
    let mut total = 0;
    let mut i = 0;
    while i < pieces.len() {
        total += pieces[i].len();
        i += 1;
    }
    total
}

/// The bytes of `pieces`, one after another. `N` must be [`concat_len`]`(pieces)`.
pub const fn concat_bytes<const N: usize>(pieces: &[&str]) -> [u8; N] {
    let mut out = [0u8; N];
    let mut at = 0;
    let mut i = 0;
    while i < pieces.len() {
        let bytes = pieces[i].as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            out[at] = bytes[j];
            at += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(at == N, "concat_bytes: N is not the pieces' total length");
    out
}

/// `bytes` as text; they are the concatenation of `&str`s, so valid UTF-8.
pub const fn concat_str(bytes: &[u8]) -> &str {
    match core::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(_) => panic!("concat_str: not UTF-8"),
    }
}

/// The members of the JSON object text `object` with its closing brace, without
/// the opening one: `{"a":1}` -> `"a":1}`.
///
/// With [`comma_before_members`], splices members in front of another type's
/// schema: `{"description":"d"` + `,` + `"type":"string"}`.
pub const fn object_members(object: &str) -> &str {
    let bytes = object.as_bytes();
    assert!(
        !bytes.is_empty() && bytes[0] == b'{',
        "object_members: not a JSON object"
    );
    concat_str(bytes.split_at(1).1)
}

/// `","` when the JSON object text `object` has members, `""` for `{}`.
pub const fn comma_before_members(object: &str) -> &'static str {
    let bytes = object.as_bytes();
    if bytes.len() == 2 && bytes[0] == b'{' && bytes[1] == b'}' {
        ""
    } else {
        ","
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INNER: &str = r#"{"type":"string"}"#;
    const PIECES: &[&str] = &[
        r#"{"a":{"description":"d""#,
        comma_before_members(INNER),
        object_members(INNER),
        r#","b":{"description":"e""#,
        comma_before_members("{}"),
        object_members("{}"),
        "}",
    ];
    const BYTES: [u8; concat_len(PIECES)] = concat_bytes(PIECES);
    const TEXT: &str = concat_str(&BYTES);

    #[test]
    fn splices_objects() {
        assert_eq!(
            TEXT,
            r#"{"a":{"description":"d","type":"string"},"b":{"description":"e"}}"#
        );
        assert_eq!(concat_len(&[]), 0);
        assert_eq!(concat_str(&concat_bytes::<0>(&[])), "");
        assert_eq!(concat_str(&concat_bytes::<4>(&["é", "", "ab"])), "éab");
    }
}
