//! `#[serde(flatten)]` of a struct, at compile time, for generated code only: the
//! flattened type's `properties` and `required` (its hidden `__MEMBERS`) joined
//! with the outer type's own, so the exported schema is one flat object.
//!
//! ```
//! use tool_schema_engine::__private::{concat_str, joined_bytes, joined_len, name_clash};
//!
//! const PARTS: &[&str] = &[r#"{"a":{"type":"string"}}"#, "{}", r#"{"b":{}}"#];
//! const BYTES: [u8; joined_len(PARTS)] = joined_bytes(PARTS);
//! assert_eq!(concat_str(&BYTES), r#"{"a":{"type":"string"},"b":{}}"#);
//! assert_eq!(name_clash(PARTS, &[]), "");
//! assert_eq!(name_clash(&[r#"{"a":1}"#, r#"{"x":{"a":2},"a":3}"#], &[]), "\"a\"");
//! assert_eq!(name_clash(&[r#"{"a":1}"#], &[r#"{"a":["b","a"]}"#]), "\"a\"");
//! ```

use crate::constcat::{bytes_eq, concat_str};

/// What a struct brings where another type flattens it: the JSON text of its
/// `properties` object, of its `required` array (`[]` for none) and of its
/// aliases (the `x-tool-schema-aliases` object, `{}` for none).
pub type Members = Option<(&'static str, &'static str, &'static str)>;

/// The inside of the JSON container text `text` (`{..}` or `[..]`), trimmed of its
/// brackets.
const fn inside(text: &str) -> &[u8] {
    let bytes = text.as_bytes();
    assert!(bytes.len() >= 2, "joined: not a JSON object or array");
    bytes.split_at(bytes.len() - 1).0.split_at(1).1
}

/// The length of [`joined_bytes`]`(parts)`.
pub const fn joined_len(parts: &[&str]) -> usize {
    let mut total = 2;
    let mut any = false;
    let mut i = 0;
    while i < parts.len() {
        let inner = inside(parts[i]);
        if !inner.is_empty() {
            if any {
                total += 1;
            }
            total += inner.len();
            any = true;
        }
        i += 1;
    }
    total
}

/// The JSON containers `parts` (all objects or all arrays, the first's brackets
/// used) joined into one: their members, in order. `N` must be
/// [`joined_len`]`(parts)`.
pub const fn joined_bytes<const N: usize>(parts: &[&str]) -> [u8; N] {
    let mut out = [0u8; N];
    assert!(!parts.is_empty(), "joined_bytes: nothing to join");
    let first = parts[0].as_bytes();
    out[0] = first[0];
    let mut at = 1;
    let mut i = 0;
    while i < parts.len() {
        let inner = inside(parts[i]);
        if !inner.is_empty() {
            if at > 1 {
                out[at] = b',';
                at += 1;
            }
            let mut j = 0;
            while j < inner.len() {
                out[at] = inner[j];
                at += 1;
                j += 1;
            }
        }
        i += 1;
    }
    out[at] = first[first.len() - 1];
    assert!(at + 1 == N, "joined_bytes: N is not joined_len(parts)");
    out
}

/// `key` (a member's `,"name":` text) before a joined JSON container that has
/// members (a `required` array, an aliases object); nothing before an empty one.
pub const fn key_if_members(joined: &str, key: &'static str) -> &'static str {
    if joined.len() > 2 {
        key
    } else {
        ""
    }
}

/// A joined JSON container, or nothing for an empty one (see [`key_if_members`]).
pub const fn value_if_members(joined: &str) -> &str {
    if joined.len() > 2 {
        joined
    } else {
        ""
    }
}

/// The end of the JSON string that starts at `bytes[i]` (a `"`): the index after
/// its closing quote.
const fn string_end(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// The member names (as JSON text, quotes included) of the object text `object`,
/// one at a time: the `(start, end)` of the `n`th name, `None` past the last.
const fn member_name(object: &[u8], n: usize) -> Option<(usize, usize)> {
    let mut depth = 0usize;
    let mut seen = 0;
    let mut expect_name = false;
    let mut i = 0;
    while i < object.len() {
        match object[i] {
            b'"' => {
                let end = string_end(object, i);
                if depth == 1 && expect_name {
                    if seen == n {
                        return Some((i, end));
                    }
                    seen += 1;
                    expect_name = false;
                }
                i = end;
                continue;
            }
            b'{' | b'[' => {
                depth += 1;
                expect_name = depth == 1 && object[i] == b'{';
            }
            b'}' | b']' => depth -= 1,
            b',' if depth == 1 => expect_name = true,
            _ => {}
        }
        i += 1;
    }
    None
}

/// The `n`th alias (as JSON text, quotes included) of the aliases object text
/// `object` (`{"name": ["alias", ..], ..}`): the strings inside its arrays.
const fn alias_name(object: &[u8], n: usize) -> Option<(usize, usize)> {
    let mut depth = 0usize;
    let mut seen = 0;
    let mut i = 0;
    while i < object.len() {
        match object[i] {
            b'"' => {
                let end = string_end(object, i);
                if depth == 2 {
                    if seen == n {
                        return Some((i, end));
                    }
                    seen += 1;
                }
                i = end;
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    None
}

/// The `n`th name of part `k` of [`name_clash`]'s parts: a member name of
/// `properties[k]`, or past them an alias of `aliases[k - properties.len()]`.
const fn part_name<'a>(
    properties: &[&'a str],
    aliases: &[&'a str],
    k: usize,
    n: usize,
) -> Option<&'a [u8]> {
    let (text, found) = if k < properties.len() {
        let text = properties[k].as_bytes();
        (text, member_name(text, n))
    } else {
        let text = aliases[k - properties.len()].as_bytes();
        (text, alias_name(text, n))
    };
    match found {
        Some((s, e)) => Some(text.split_at(e).0.split_at(s).1),
        None => None,
    }
}

/// The first name (as JSON text) that the `properties` object texts and the
/// aliases object texts `aliases` declare twice (two properties, a property and
/// an alias, or two aliases); `""` for none.
pub const fn name_clash<'a>(properties: &[&'a str], aliases: &[&'a str]) -> &'a str {
    let parts = properties.len() + aliases.len();
    let mut i = 0;
    while i < parts {
        let mut n = 0;
        while let Some(name) = part_name(properties, aliases, i, n) {
            let mut j = i;
            while j < parts {
                let mut m = if j == i { n + 1 } else { 0 };
                while let Some(other) = part_name(properties, aliases, j, m) {
                    if bytes_eq(name, other) {
                        return concat_str(name);
                    }
                    m += 1;
                }
                j += 1;
            }
            n += 1;
        }
        i += 1;
    }
    ""
}

#[cfg(test)]
mod tests {
    use super::*;

    const ARRAYS: &[&str] = &["[]", r#"["a"]"#, "[]", r#"["b","c"]"#];
    const JOINED: [u8; joined_len(ARRAYS)] = joined_bytes(ARRAYS);
    const NONE: &[&str] = &["[]", "[]"];
    const EMPTY: [u8; joined_len(NONE)] = joined_bytes(NONE);

    #[test]
    fn aliases_clash_with_names_and_aliases() {
        let props = [r#"{"a":{},"b":{}}"#, r#"{"c":{}}"#];
        assert_eq!(name_clash(&props, &[r#"{"a":["x"]}"#]), "");
        assert_eq!(
            name_clash(&props, &[r#"{"a":["x"]}"#, r#"{"c":["c2","b"]}"#]),
            "\"b\""
        );
        assert_eq!(
            name_clash(&props, &[r#"{"a":["x"]}"#, r#"{"c":["x"]}"#]),
            "\"x\""
        );
        assert_eq!(name_clash(&[r#"{"a":{"x":1}}"#], &[r#"{"a":["x"]}"#]), "");
    }

    #[test]
    fn arrays_and_empty_ones() {
        assert_eq!(concat_str(&JOINED), r#"["a","b","c"]"#);
        assert_eq!(concat_str(&EMPTY), "[]");
        assert_eq!(key_if_members(concat_str(&EMPTY), ",\"required\":"), "");
        assert_eq!(value_if_members(concat_str(&EMPTY)), "");
        assert_eq!(value_if_members(concat_str(&JOINED)), r#"["a","b","c"]"#);
    }

    #[test]
    fn names_at_the_top_level_only() {
        let obj = r#"{"a":{"b":1,"c":[{"d":2}]},"e\"":"f","g":{}}"#;
        let names: Vec<&str> = (0..)
            .map_while(|n| member_name(obj.as_bytes(), n))
            .map(|(s, e)| &obj[s..e])
            .collect();
        assert_eq!(names, [r#""a""#, r#""e\"""#, r#""g""#]);
        assert_eq!(name_clash(&[obj, r#"{"b":1,"d":2}"#], &[]), "");
        assert_eq!(name_clash(&[obj, r#"{"b":1,"g":2}"#], &[]), r#""g""#);
        assert_eq!(name_clash(&["{}", "{}"], &[]), "");
    }
}
