//! JSON pointers (RFC 6901) and the URI fragments that carry them: the one place a
//! reference token is escaped or unescaped and a `%XX` escape is decoded.

use std::borrow::Cow;

/// One reference token escaped: `~` as `~0`, `/` as `~1`.
pub fn escape_token(token: &str) -> Cow<'_, str> {
    if token.contains(['~', '/']) {
        let mut out = String::with_capacity(token.len() + 2);
        push_escaped(&mut out, token);
        Cow::Owned(out)
    } else {
        Cow::Borrowed(token)
    }
}

/// One reference token unescaped: `~1` as `/`, then `~0` as `~`.
pub fn unescape_token(token: &str) -> Cow<'_, str> {
    if token.contains('~') {
        Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(token)
    }
}

/// Appends `/` and the escaped `token` to `pointer`.
pub fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    push_escaped(pointer, token);
}

/// `pointer` + `/` + the escaped `token`, as a new string.
pub fn join(pointer: &str, token: &str) -> String {
    let mut out = String::with_capacity(pointer.len() + token.len() + 1);
    out.push_str(pointer);
    push_token(&mut out, token);
    out
}

/// `pointer` + `/` + `index`, as a new string.
pub fn join_index(pointer: &str, index: usize) -> String {
    format!("{pointer}/{index}")
}

fn push_escaped(out: &mut String, token: &str) {
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// Whether `pointer` is `prefix` or a pointer under it (`/a/b` is under `/a`, `/ab`
/// is not).
pub fn at_or_under(pointer: &str, prefix: &str) -> bool {
    pointer
        .strip_prefix(prefix)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// `pointer` as a URI fragment (RFC 6901, section 6): every byte a fragment may not
/// hold as written (RFC 3986: anything but unreserved characters, sub-delimiters,
/// `:`, `@`, `/` and `?`), `%` included, written as a `%XX` escape of its UTF-8, so
/// that [`percent_decode`] gives `pointer` back.
pub fn fragment(pointer: &str) -> Cow<'_, str> {
    fn plain(b: u8) -> bool {
        b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/?".contains(&b)
    }
    if pointer.bytes().all(plain) {
        return Cow::Borrowed(pointer);
    }
    let mut out = String::with_capacity(pointer.len() + 8);
    for b in pointer.bytes() {
        if plain(b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Cow::Owned(out)
}

/// Decodes the `%XX` escapes of a URI fragment; `None` when an escape is malformed or
/// the bytes decoded are not UTF-8.
pub fn percent_decode(s: &str) -> Option<Cow<'_, str>> {
    if !s.contains('%') {
        return Some(Cow::Borrowed(s));
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            out.push(u8::try_from(u32::from_str_radix(hex, 16).ok()?).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok().map(Cow::Owned)
}

/// The JSON pointer a local reference names, decoded: `""` for `#`, `/$defs/A` for
/// `#/$defs/A` or `#/%24defs/A`. `None` for a reference that is not local, not a
/// pointer (a plain-name fragment such as `#anchor`), or badly escaped.
pub fn local_ref_pointer(reference: &str) -> Option<Cow<'_, str>> {
    let decoded = percent_decode(reference.strip_prefix('#')?)?;
    (decoded.is_empty() || decoded.starts_with('/')).then_some(decoded)
}

/// The value a local reference names in `root` (`#` is `root` itself); `None` for a
/// reference that is not a local JSON pointer or names nothing.
pub fn resolve_local<'a>(
    root: &'a serde_json::Value,
    reference: &str,
) -> Option<&'a serde_json::Value> {
    root.pointer(&local_ref_pointer(reference)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pointer_as_a_fragment_decodes_back() {
        assert_eq!(fragment("/$defs/a~0b~1c"), "/$defs/a~0b~1c");
        assert!(matches!(fragment("/$defs/x"), Cow::Borrowed(_)));
        assert_eq!(fragment("/$defs/50%"), "/$defs/50%25");
        assert_eq!(fragment("/a b/\"c\"#é"), "/a%20b/%22c%22%23%C3%A9");
        for pointer in [
            "",
            "/",
            "/a%b",
            "/%25/ü€😀",
            "/[x]{y}|^`<>",
            "/a?b:c@d!e$f&g'h(i)*+,;=",
        ] {
            assert_eq!(percent_decode(&fragment(pointer)).as_deref(), Some(pointer));
        }
    }

    #[test]
    fn tokens_round_trip() {
        for token in ["", "a", "a/b", "c~d", "~1", "~0/~", "é/ü"] {
            assert_eq!(unescape_token(&escape_token(token)), token);
        }
        assert_eq!(escape_token("a/b~c"), "a~1b~0c");
        assert_eq!(unescape_token("~01"), "~1");
        assert_eq!(join("/x", "a/b"), "/x/a~1b");
        assert_eq!(join_index("/x", 3), "/x/3");
        assert!(at_or_under("/a/b", "/a") && at_or_under("/a", "/a") && at_or_under("/a", ""));
        assert!(!at_or_under("/ab", "/a") && !at_or_under("/b", "/a"));
    }

    #[test]
    fn fragments_decode() {
        assert_eq!(local_ref_pointer("#").as_deref(), Some(""));
        assert_eq!(
            local_ref_pointer("#/%24defs/a%20b").as_deref(),
            Some("/$defs/a b")
        );
        assert_eq!(local_ref_pointer("#anchor"), None);
        assert_eq!(local_ref_pointer("other.json#/a"), None);
        assert_eq!(local_ref_pointer("#/a%zz"), None);
        assert_eq!(local_ref_pointer("#/a%2"), None);
        assert_eq!(local_ref_pointer("#/a%ff"), None);
        assert_eq!(percent_decode("%C3%A9").as_deref(), Some("é"));
    }
}
