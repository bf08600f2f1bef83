//! A type's schema text made to take `null` as well, at compile time: the
//! schema of `Option<T>` as a generic argument (`Pair<Option<u8>>`), written in
//! the form `#[derive(ToolArgs)]` gives a field of type `Option<T>`, so that the
//! two are the same text.
//!
//! ```
//! use tool_schema_runtime::constcat_null::{null_form, nullable_pieces};
//!
//! let joined = nullable_pieces(r#"{"type":"integer","minimum":0}"#, null_form::JOIN_TYPE);
//! assert_eq!(joined.concat(), r#"{"type":["integer","null"],"minimum":0}"#);
//! let wrapped = nullable_pieces(r#"{"type":"object"}"#, null_form::WRAP);
//! assert_eq!(wrapped.concat(), r#"{"anyOf":[{"type":"object"},{"type":"null"}]}"#);
//! ```

/// How a type's schema text takes `null` where the derive makes it optional
/// (`ToolArgs::__NULL_FORM`), as the derive writes a field `Option<T>`.
pub mod null_form {
    /// Another type's schema: `{"anyOf":[T,{"type":"null"}]}` (a derived type,
    /// whose schema the derive does not see).
    pub const WRAP: u8 = 0;
    /// A schema opening with one JSON type, `{"type":"x",..}`: `"null"` joins it,
    /// `{"type":["x","null"],..}`.
    pub const JOIN_TYPE: u8 = 1;
    /// A schema that is an `anyOf` alone (`IpAddr`): `{"type":"null"}` is one
    /// branch more.
    pub const BRANCH: u8 = 2;
    /// A schema that takes `null` already (`Option<T>`, `Value`): unchanged.
    pub const KEPT: u8 = 3;
}

/// Whether any of `flags` is set (a generic type's conditions, in constants).
pub const fn any_of(flags: &[bool]) -> bool {
    let mut i = 0;
    while i < flags.len() {
        if flags[i] {
            return true;
        }
        i += 1;
    }
    false
}

/// `text` where `condition` holds, else nothing: a piece of a generic type's
/// schema text written only for some instantiations (`,"required":[`).
pub const fn when(condition: bool, text: &'static str) -> &'static str {
    if condition {
        text
    } else {
        ""
    }
}

/// A name of a generic type's `required` list: nothing where it is not
/// `required` (its parameter is an `Option`), else `name`, or `comma_name`
/// (`,` and the name) `after` another name.
pub const fn required_name(
    required: bool,
    after: bool,
    name: &'static str,
    comma_name: &'static str,
) -> &'static str {
    match (required, after) {
        (false, _) => "",
        (true, false) => name,
        (true, true) => comma_name,
    }
}

const TYPE_OPEN: &[u8] = br#"{"type":""#;
const ANY_OF_OPEN: &[u8] = br#"{"anyOf":["#;
const NULL_BRANCH: &str = r#",{"type":"null"}"#;

/// `text` (a schema's compact JSON text) in pieces that, joined, are the schema
/// taking `null` as well in `form` (see [`null_form`]). A text not of the shape
/// `form` says is wrapped in an `anyOf` (never wrong, only longer).
pub const fn nullable_pieces(text: &'static str, form: u8) -> [&'static str; 4] {
    let bytes = text.as_bytes();
    if form == null_form::KEPT {
        return [text, "", "", ""];
    }
    if form == null_form::JOIN_TYPE && starts_with(bytes, TYPE_OPEN) {
        // The end of the type's name (JSON type names hold no escapes).
        let mut end = TYPE_OPEN.len();
        while end < bytes.len() && bytes[end] != b'"' {
            end += 1;
        }
        if end < bytes.len() {
            let (head, rest) = bytes.split_at(end + 1);
            let name = head
                .split_at(TYPE_OPEN.len())
                .1
                .split_at(end - TYPE_OPEN.len())
                .0;
            return [r#"{"type":[""#, str_of(name), r#"","null"]"#, str_of(rest)];
        }
    }
    if form == null_form::BRANCH
        && starts_with(bytes, ANY_OF_OPEN)
        && bytes.len() >= ANY_OF_OPEN.len() + 2
        && bytes[bytes.len() - 2] == b']'
        && bytes[bytes.len() - 1] == b'}'
    {
        let (branches, close) = bytes.split_at(bytes.len() - 2);
        return [str_of(branches), NULL_BRANCH, str_of(close), ""];
    }
    [r#"{"anyOf":["#, text, NULL_BRANCH, "]}"]
}

const fn starts_with(bytes: &[u8], prefix: &[u8]) -> bool {
    bytes.len() >= prefix.len() && crate::constcat::bytes_eq(bytes.split_at(prefix.len()).0, prefix)
}

/// A part of a `&'static str` cut at ASCII bytes, as text.
const fn str_of(bytes: &'static [u8]) -> &'static str {
    match core::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(_) => panic!("nullable_pieces: cut inside a character"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn joined(text: &'static str, form: u8) -> String {
        nullable_pieces(text, form).concat()
    }

    #[test]
    fn each_form_is_the_fields_form() {
        assert_eq!(
            joined(
                r#"{"type":"array","items":{"type":"string"}}"#,
                null_form::JOIN_TYPE
            ),
            r#"{"type":["array","null"],"items":{"type":"string"}}"#
        );
        assert_eq!(
            joined(
                r#"{"anyOf":[{"format":"ipv4"},{"format":"ipv6"}]}"#,
                null_form::BRANCH
            ),
            r#"{"anyOf":[{"format":"ipv4"},{"format":"ipv6"},{"type":"null"}]}"#
        );
        assert_eq!(joined("{}", null_form::KEPT), "{}");
        assert_eq!(
            joined(r##"{"$ref":"#/$defs/T"}"##, null_form::WRAP),
            r##"{"anyOf":[{"$ref":"#/$defs/T"},{"type":"null"}]}"##
        );
    }

    #[test]
    fn required_names_and_their_commas() {
        let names = |required: [bool; 3]| {
            let mut text = String::from(when(any_of(&required), "["));
            for i in 0..3 {
                let name = ["\"a\"", "\"b\"", "\"c\""][i];
                let comma = [",\"a\"", ",\"b\"", ",\"c\""][i];
                text += required_name(required[i], any_of(&required[..i]), name, comma);
            }
            text + when(any_of(&required), "]")
        };
        assert_eq!(names([true, true, true]), r#"["a","b","c"]"#);
        assert_eq!(names([false, true, true]), r#"["b","c"]"#);
        assert_eq!(names([true, false, true]), r#"["a","c"]"#);
        assert_eq!(names([false, false, false]), "");
    }

    #[test]
    fn a_text_of_another_shape_is_wrapped() {
        assert_eq!(
            joined(r#"{"minimum":0}"#, null_form::JOIN_TYPE),
            r#"{"anyOf":[{"minimum":0},{"type":"null"}]}"#
        );
        assert_eq!(
            joined(r#"{"anyOf":[{}],"x":1}"#, null_form::BRANCH),
            r#"{"anyOf":[{"anyOf":[{}],"x":1},{"type":"null"}]}"#
        );
    }
}
