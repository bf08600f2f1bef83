//! The JSON Pointer formats: `json-pointer` (RFC 6901) and
//! `relative-json-pointer` (draft-bhutton-relative-json-pointer-00).

/// Whether `s` is a JSON Pointer: empty, or `/`-prefixed reference tokens in
/// which `~` is only ever `~0` or `~1`.
pub fn is_json_pointer(s: &str) -> bool {
    if s.is_empty() {
        return true;
    }
    let Some(tokens) = s.strip_prefix('/') else {
        return false;
    };
    let mut bytes = tokens.bytes();
    while let Some(b) = bytes.next() {
        if b == b'~' && !matches!(bytes.next(), Some(b'0' | b'1')) {
            return false;
        }
    }
    true
}

/// Whether `s` is a relative JSON Pointer: a non-negative integer (ASCII digits,
/// no leading zero), then `#` or a JSON Pointer.
pub fn is_relative_json_pointer(s: &str) -> bool {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || (digits > 1 && s.starts_with('0')) {
        return false;
    }
    let rest = &s[digits..];
    rest == "#" || is_json_pointer(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers() {
        for ok in ["", "/", "/a~0b~1c", "//", "/-", "/😎"] {
            assert!(is_json_pointer(ok), "{ok}");
        }
        for bad in ["a", "#", "#/", "/~", "/~2", "/~~"] {
            assert!(!is_json_pointer(bad), "{bad}");
        }
        for ok in ["0", "1", "0#", "120/a", "100", "0//"] {
            assert!(is_relative_json_pointer(ok), "{ok}");
        }
        for bad in [
            "", "/a", "-1/a", "+1", "01/a", "01#", "0##", "1#/a", "1\n", "١/a",
        ] {
            assert!(!is_relative_json_pointer(bad), "{bad}");
        }
    }
}
