//! A checker's first chunk that holds the whole value, as when a provider
//! sends the arguments in one piece (or the caller feeds a call it already
//! has): the text path ([`crate::Schema::validate_str`], or the tool's own)
//! answers it in one pass, and the checker reads the chunk itself only when
//! that answer is not "valid".
//!
//! Sound: after one whole JSON value, a continuation is white space (which
//! changes no report) or not JSON (a number is whole only once white space
//! follows it: `1` may go on as `12`); so a chunk the text path finds valid is a
//! valid call as far as it goes, open, and every later non-space byte is the
//! reader's "trailing characters" error, as if the reader had read the chunk.
//! A chunk the text path finds invalid, or that is not one value, is read by
//! the checker as any chunk is (its doom and the byte of it do not depend on
//! how the text was cut); `finish` then reuses the text path's report when
//! nothing came after.

/// Whether `chunk` may hold one whole JSON value that no continuation but
/// white space extends: its first and last bytes that are not white space
/// open and close one (`{` and `}`, `[` and `]`, two quotes, the `t`/`f` and
/// `e` of `true` and `false`, `n` and `l` of `null`), or it is a number that
/// white space follows. A cheap gate before the text path runs, so that a cut
/// first chunk (the common streamed case) costs almost nothing more.
#[inline]
pub(super) fn may_be_whole(chunk: &[u8]) -> bool {
    let space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let (Some(first), Some(last)) = (
        chunk.iter().position(|b| !space(b)),
        chunk.iter().rposition(|b| !space(b)),
    ) else {
        return false;
    };
    match (chunk[first], chunk[last]) {
        (b'{', b'}') | (b'[', b']') | (b't' | b'f', b'e') | (b'n', b'l') => true,
        (b'"', b'"') => last > first,
        (b'-' | b'0'..=b'9', b'0'..=b'9') => last + 1 < chunk.len(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::may_be_whole;

    #[test]
    fn gate_takes_the_ends_of_values() {
        // `12` may go on as `123`; `{"a": "b"` ends with a quote but opens an
        // object; `{"a": {}` ends as an object does (the text path refuses it).
        let cases: [(&[u8], bool); 14] = [
            (b"{}", true),
            (b" {\"a\": 1} \n", true),
            (b"[1]", true),
            (b"\"x\"", true),
            (b"-12 ", true),
            (b"true", true),
            (b"null", true),
            (b"{\"a\": {}", true),
            (b"{\"a\": ", false),
            (b"{\"a\": \"b\"", false),
            (b"  ", false),
            (b"\"", false),
            (b"[1,", false),
            (b"12", false),
        ];
        for (text, whole) in cases {
            let shown = String::from_utf8_lossy(text);
            assert_eq!(may_be_whole(text), whole, "{shown:?}");
        }
    }
}
