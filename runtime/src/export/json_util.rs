//! JSON helpers the exports use: JSON pointers (a token pushed, escaped and
//! unescaped), local `$ref` fragments resolved, and equality of JSON values.

use serde_json::Value;

/// `ptr` + `/key`, escaped as RFC 6901 requires.
pub(crate) fn push(ptr: &str, key: &str) -> String {
    let mut s = String::with_capacity(ptr.len() + key.len() + 1);
    s.push_str(ptr);
    s.push('/');
    for c in key.chars() {
        match c {
            '~' => s.push_str("~0"),
            '/' => s.push_str("~1"),
            c => s.push(c),
        }
    }
    s
}

pub(crate) fn push_index(ptr: &str, i: usize) -> String {
    format!("{ptr}/{i}")
}

/// Resolves a local `$ref` (`#`, `#/$defs/A`, percent-encoded or not) against `root`.
/// `None` for a reference that is not local or does not resolve.
pub(crate) fn resolve_ref<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let fragment = reference.strip_prefix('#')?;
    let decoded = percent_decode(fragment)?;
    if decoded.is_empty() {
        return Some(root);
    }
    if !decoded.starts_with('/') {
        return None; // a plain-name fragment ($anchor): not resolved here
    }
    root.pointer(&decoded)
}

fn percent_decode(s: &str) -> Option<String> {
    if !s.contains('%') {
        return Some(s.to_string());
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The JSON pointer a local `$ref` names (`""` for `#`), decoded; `None` for a
/// reference that is not a local JSON pointer.
pub(crate) fn ref_pointer(reference: &str) -> Option<String> {
    let decoded = percent_decode(reference.strip_prefix('#')?)?;
    (decoded.is_empty() || decoded.starts_with('/')).then_some(decoded)
}

/// One JSON pointer token, unescaped.
pub(crate) fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
}

/// Equality of JSON values with numbers compared by value (`1` equals `1.0`).
pub(crate) fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if let (Some(x), Some(y)) = (x.as_i64(), y.as_i64()) {
                x == y
            } else if let (Some(x), Some(y)) = (x.as_u64(), y.as_u64()) {
                x == y
            } else {
                x.as_f64() == y.as_f64()
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pointers_escape() {
        assert_eq!(push("", "a/b~c"), "/a~1b~0c");
        assert_eq!(push_index("/anyOf", 2), "/anyOf/2");
    }

    #[test]
    fn refs_resolve_locally() {
        let root = json!({"$defs": {"a b": {"type": "string"}, "x/y": {"type": "integer"}}});
        assert_eq!(
            resolve_ref(&root, "#/$defs/a%20b"),
            Some(&json!({"type": "string"}))
        );
        assert_eq!(
            resolve_ref(&root, "#/$defs/x~1y"),
            Some(&json!({"type": "integer"}))
        );
        assert_eq!(resolve_ref(&root, "#"), Some(&root));
        assert_eq!(resolve_ref(&root, "other.json#/a"), None);
        assert_eq!(resolve_ref(&root, "#/$defs/missing"), None);
    }
}
