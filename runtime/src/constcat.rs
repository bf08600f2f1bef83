//! Concatenation of string slices at compile time, for generated code only.
//!
//! `#[derive(ToolArgs)]` builds a tool's `SCHEMA_JSON` from its own JSON text and
//! the `SCHEMA_JSON` of every nested `ToolArgs` type, which the macro cannot see:
//!
//! ```
//! use tool_schema_engine::__private::{concat_bytes, concat_len, concat_str};
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

/// `out` with `bytes` written from `at`, and the place after them.
const fn copy_at<const N: usize>(mut out: [u8; N], at: usize, bytes: &[u8]) -> ([u8; N], usize) {
    let mut j = 0;
    while j < bytes.len() {
        out[at + j] = bytes[j];
        j += 1;
    }
    (out, at + bytes.len())
}

/// The bytes of `pieces`, one after another. `N` must be [`concat_len`]`(pieces)`.
pub const fn concat_bytes<const N: usize>(pieces: &[&str]) -> [u8; N] {
    let mut out = [0u8; N];
    let mut at = 0;
    let mut i = 0;
    while i < pieces.len() {
        (out, at) = copy_at(out, at, pieces[i].as_bytes());
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

/// Whether the JSON object text `object` is a lone reference, `{"$ref":"..."}`
/// (how a recursive type stands where another type nests it).
const fn is_lone_ref(object: &str) -> bool {
    let bytes = object.as_bytes();
    let open = b"{\"$ref\":\"";
    if bytes.len() < open.len() + 2 {
        return false;
    }
    let mut i = 0;
    while i < open.len() {
        if bytes[i] != open[i] {
            return false;
        }
        i += 1;
    }
    // The pointer (a quote inside it would be escaped, so there is none), then `"}`.
    while i < bytes.len() - 2 {
        if bytes[i] == b'"' {
            return false;
        }
        i += 1;
    }
    bytes[bytes.len() - 2] == b'"' && bytes[bytes.len() - 1] == b'}'
}

/// With [`spliced_body`] and [`spliced_close`], splices another type's schema text
/// `object` into an object that has members of its own (a description, examples),
/// after them and a comma: its members, or, when it is a lone reference
/// (`{"$ref":"#/$defs/Name"}`, a recursive type), one `anyOf` branch,
/// `"anyOf":[{"$ref":"#/$defs/Name"}]}`. A `$ref` is never given siblings: several
/// providers' subsets allow none beside it, and an export that inlines the target
/// to make room for them cannot inline a recursive one.
pub const fn spliced_open(object: &str) -> &'static str {
    if is_lone_ref(object) {
        "\"anyOf\":["
    } else {
        ""
    }
}

/// See [`spliced_open`]: `object` itself for a lone reference, else its members
/// and closing brace ([`object_members`]).
pub const fn spliced_body(object: &str) -> &str {
    if is_lone_ref(object) {
        object
    } else {
        object_members(object)
    }
}

/// See [`spliced_open`]: `]}` after a lone reference, else nothing.
pub const fn spliced_close(object: &str) -> &'static str {
    if is_lone_ref(object) {
        "]}"
    } else {
        ""
    }
}

/// `object` without its closing brace: `{"a":1}` -> `{"a":1`.
pub const fn without_close(object: &str) -> &str {
    let bytes = object.as_bytes();
    assert!(
        !bytes.is_empty() && bytes[bytes.len() - 1] == b'}',
        "without_close: not a JSON object"
    );
    concat_str(bytes.split_at(bytes.len() - 1).0)
}

/// The definitions of recursive types, `(name in $defs, schema JSON text)`:
/// `ToolArgs::__DEFS`.
pub type Defs = &'static [(&'static str, &'static str)];

const fn str_eq(a: &str, b: &str) -> bool {
    bytes_eq(a.as_bytes(), b.as_bytes())
}

/// Whether `a` and `b` are the same bytes.
pub const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether entry `j` of list `i` has the name of an earlier entry. Two different
/// schemas under one name stop the build.
pub const fn seen_before(lists: &[Defs], i: usize, j: usize) -> bool {
    let (name, schema) = lists[i][j];
    let mut a = 0;
    while a <= i {
        let end = if a == i { j } else { lists[a].len() };
        let mut b = 0;
        while b < end {
            if str_eq(lists[a][b].0, name) {
                if str_eq(lists[a][b].1, schema) {
                    return true;
                }
                panic!(
                    "#[derive(ToolArgs)]: two different recursive types of the same name are \
                     nested in one schema, and their definitions would share one `$defs` \
                     entry; rename one of them"
                );
            }
            b += 1;
        }
        a += 1;
    }
    false
}

/// The place of the first definition at or after list `i`, index `j` whose name no
/// earlier definition has; `(lists.len(), 0)` past the last one.
const fn next_distinct(lists: &[Defs], mut i: usize, mut j: usize) -> (usize, usize) {
    while i < lists.len() {
        while j < lists[i].len() {
            if !seen_before(lists, i, j) {
                return (i, j);
            }
            j += 1;
        }
        i += 1;
        j = 0;
    }
    (i, 0)
}

/// The number of distinct definitions in `lists` (one per name).
pub const fn defs_count(lists: &[Defs]) -> usize {
    let mut n = 0;
    let (mut i, mut j) = next_distinct(lists, 0, 0);
    while i < lists.len() {
        n += 1;
        (i, j) = next_distinct(lists, i, j + 1);
    }
    n
}

/// The definitions of `lists`, each name once, in order of first appearance. `N`
/// must be [`defs_count`]`(lists)`.
pub const fn defs_merge<const N: usize>(lists: &[Defs]) -> [(&'static str, &'static str); N] {
    let mut out = [("", ""); N];
    let mut n = 0;
    let (mut i, mut j) = next_distinct(lists, 0, 0);
    while i < lists.len() {
        out[n] = lists[i][j];
        n += 1;
        (i, j) = next_distinct(lists, i, j + 1);
    }
    assert!(n == N, "defs_merge: N is not the number of definitions");
    out
}

/// The length of [`defs_bytes`]`(defs)`.
pub const fn defs_len(defs: Defs) -> usize {
    let mut total = 0;
    let mut i = 0;
    while i < defs.len() {
        // `"name":schema` and a comma before every member but the first.
        total += defs[i].0.len() + 3 + defs[i].1.len() + if i > 0 { 1 } else { 0 };
        i += 1;
    }
    total
}

/// The members of a `$defs` object: `"A":{...},"B":{...}`. The names are Rust
/// identifiers, so they need no escaping (checked).
pub const fn defs_bytes<const N: usize>(defs: Defs) -> [u8; N] {
    let mut out = [0u8; N];
    let mut at = 0;
    let mut i = 0;
    while i < defs.len() {
        if i > 0 {
            out[at] = b',';
            at += 1;
        }
        out[at] = b'"';
        at += 1;
        let name = defs[i].0.as_bytes();
        let mut j = 0;
        while j < name.len() {
            assert!(
                name[j] != b'"' && name[j] != b'\\' && name[j] >= 0x20,
                "defs_bytes: a definition name that JSON would escape"
            );
            out[at] = name[j];
            at += 1;
            j += 1;
        }
        out[at] = b'"';
        out[at + 1] = b':';
        at += 2;
        (out, at) = copy_at(out, at, defs[i].1.as_bytes());
        i += 1;
    }
    assert!(at == N, "defs_bytes: N is not defs_len(defs)");
    out
}

/// What opens the root `$defs` after the members of `object` (see
/// [`without_close`]): nothing without definitions.
pub const fn defs_open(object: &str, defs: Defs) -> &'static str {
    if defs.is_empty() {
        ""
    } else if str_eq(object, "{}") {
        "\"$defs\":{"
    } else {
        ",\"$defs\":{"
    }
}

/// What closes the root object after [`defs_open`] and the definitions.
pub const fn defs_close(defs: Defs) -> &'static str {
    if defs.is_empty() {
        "}"
    } else {
        "}}"
    }
}

/// Per export target (in `Target::ALL`'s order), the first problem of a derived
/// type's schema as part of another tool's schema: `(refusal, lossy change)`, each
/// `""` for none: `ToolArgs::__TARGET_PROBLEMS`. A shorter list (the default) knows
/// of no problem.
pub type TargetProblems = &'static [(&'static str, &'static str)];

/// `own`'s problems, or where `own` has none for a target, the first a nested
/// type's list has.
pub const fn first_problems<const N: usize>(
    own: TargetProblems,
    nested: &[TargetProblems],
) -> [(&'static str, &'static str); N] {
    let mut out = [("", ""); N];
    let mut i = 0;
    while i < N {
        let (mut refusal, mut lossy) = if i < own.len() { own[i] } else { ("", "") };
        let mut j = 0;
        while j < nested.len() {
            if i < nested[j].len() {
                if refusal.is_empty() {
                    refusal = nested[j][i].0;
                }
                if lossy.is_empty() {
                    lossy = nested[j][i].1;
                }
            }
            j += 1;
        }
        out[i] = (refusal, lossy);
        i += 1;
    }
    out
}

/// The problem that stops the build for target `index`: the refusal, else the lossy
/// change unless `allow_lossy`; `""` for none.
pub const fn target_problem(
    problems: TargetProblems,
    index: usize,
    allow_lossy: bool,
) -> &'static str {
    if index >= problems.len() {
        return "";
    }
    let (refusal, lossy) = problems[index];
    if !refusal.is_empty() || allow_lossy {
        refusal
    } else {
        lossy
    }
}

/// What serde reads as a type and what its derived schema accepts:
/// `ToolArgs::__READING`, for `#[serde(untagged)]` enums, where serde keeps the
/// first variant that reads a value (not the one the validator matched).
///
/// The type masks are sets of [`json_type`] bits. `exact` holds the JSON types on
/// which the schema accepts every value serde reads as the type (it never accepts
/// one serde refuses: a valid call always deserialises): a struct without
/// `#[serde(deny_unknown_fields)]` is not exact on objects (serde ignores the
/// members the validator refuses), nor on arrays (serde also reads a struct from
/// an array of its fields), nor is a field with `#[arg]` bounds, an `Option`
/// field (serde reads `null` as `None`), a unit enum (serde also reads
/// `{"name": null}`), an `f32` on fractions (serde reads a number past its range as
/// an infinity), a set (serde drops duplicates), `usize`/`isize` (the schema keeps
/// them to 32 bits).
///
/// Where two variants' types overlap and the earlier is not exact, the arrays and
/// objects they could share decide ([`untagged_conflict`]): the first element of
/// an array the earlier reads against the items the later accepts, and a struct's
/// member names (a struct closed by `deny_unknown_fields` never reads an object
/// holding a name it does not declare; a struct never reads one without its
/// required names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The JSON types of the values serde reads as the type.
    pub reads: u8,
    /// The JSON types of the values the type's schema accepts.
    pub accepts: u8,
    /// The JSON types on which serde reads no value the schema refuses.
    pub exact: u8,
    /// Of the arrays serde reads as the type, the JSON types of their first
    /// element, and [`json_type::EMPTY`] if it reads `[]`.
    pub first: u8,
    /// Of the arrays the schema accepts, the JSON types of their items, and
    /// [`json_type::EMPTY`] if it accepts `[]`.
    pub items: u8,
    /// A struct's member names (as serde names them): whether `required` and
    /// `declared` are known.
    pub keyed: bool,
    /// The names serde requires (and the schema: the same list).
    pub required: &'static [&'static str],
    /// The names the struct declares.
    pub declared: &'static [&'static str],
    /// `#[serde(deny_unknown_fields)]`: neither serde nor the schema (whatever the
    /// options) takes another name.
    pub closed: bool,
}

/// The JSON types of [`Reading`], as bits.
pub mod json_type {
    /// `null`.
    pub const NULL: u8 = 1;
    /// `true`, `false`.
    pub const BOOLEAN: u8 = 2;
    /// A number serde_json holds as an integer (`u64` or `i64`).
    pub const INTEGER: u8 = 4;
    /// A number serde_json holds as an `f64` (a fraction or an exponent, or an
    /// integer beyond 64 bits).
    pub const FRACTION: u8 = 8;
    /// A string.
    pub const STRING: u8 = 16;
    /// An array.
    pub const ARRAY: u8 = 32;
    /// An object.
    pub const OBJECT: u8 = 64;
    /// Every JSON type.
    pub const ALL: u8 = 127;
    /// In [`super::Reading::first`] and [`super::Reading::items`]: the empty array.
    pub const EMPTY: u8 = 128;
}

use json_type::{ALL, ARRAY, EMPTY, OBJECT};

impl Reading {
    /// Values of `types`, read as the schema accepts them (`exact`) or not; no
    /// array.
    const fn plain(types: u8, exact: bool) -> Reading {
        Reading {
            reads: types,
            accepts: types,
            exact: if exact { types } else { 0 },
            first: 0,
            items: 0,
            keyed: false,
            required: &[],
            declared: &[],
            closed: false,
        }
    }

    /// Nothing known (a type whose `Deserialize` the derive did not see): it may
    /// read anything, and is exact on nothing.
    pub const UNKNOWN: Reading = Reading {
        reads: ALL,
        accepts: ALL,
        exact: 0,
        first: ALL | EMPTY,
        items: ALL | EMPTY,
        keyed: false,
        required: &[],
        declared: &[],
        closed: false,
    };

    /// An enum of unit variants: serde reads a variant's name, and also an object
    /// `{"name": null}`, which the schema (a string enum) refuses.
    pub const UNIT_ENUM: Reading = Reading {
        reads: json_type::STRING | OBJECT,
        accepts: json_type::STRING,
        exact: json_type::STRING,
        ..Reading::plain(0, true)
    };

    /// `serde_json::Value`: anything, as the schema (`{}`).
    pub const ANY: Reading = Reading {
        first: ALL | EMPTY,
        items: ALL | EMPTY,
        ..Reading::plain(ALL, true)
    };

    /// Values of `types` (not arrays), exactly as the schema accepts them.
    pub const fn exact(types: u8) -> Reading {
        Reading::plain(types, true)
    }

    /// Values of `types` (not arrays), some of which serde reads and the schema
    /// refuses.
    pub const fn inexact(types: u8) -> Reading {
        Reading::plain(types, false)
    }

    /// A number type exact on `exact` of `types`.
    pub const fn partly_exact(types: u8, exact: u8) -> Reading {
        Reading {
            exact,
            ..Reading::plain(types, false)
        }
    }

    /// An array of `item` (`Vec`, `[T; N]`; a set when not `exact`): exact when
    /// its items are and nothing (item counts, uniqueness) narrows it.
    pub const fn array(item: Reading, exact: bool) -> Reading {
        Reading {
            first: item.reads | EMPTY,
            items: item.accepts | EMPTY,
            ..Reading::plain(ARRAY, exact && item.fully_exact())
        }
    }

    /// A map of `value`: exact when its values are.
    pub const fn map(value: Reading) -> Reading {
        Reading::plain(OBJECT, value.fully_exact())
    }

    /// A struct: serde reads an object or an array (its fields in order, the
    /// first element being what serde reads as the first field, `first`), the
    /// schema takes an object, exactly when `exact` (`deny_unknown_fields` and
    /// every field exact).
    pub const fn structure(
        exact: bool,
        first: u8,
        required: &'static [&'static str],
        declared: &'static [&'static str],
        closed: bool,
    ) -> Reading {
        Reading {
            reads: OBJECT | ARRAY,
            accepts: OBJECT,
            exact: if exact { OBJECT } else { 0 },
            first,
            items: 0,
            keyed: true,
            required,
            declared,
            closed,
        }
    }

    /// `T` or `null` (`Option<T>` where it is not a field's own type).
    pub const fn nullable(self) -> Reading {
        Reading {
            reads: self.reads | json_type::NULL,
            accepts: self.accepts | json_type::NULL,
            exact: self.exact | json_type::NULL,
            keyed: false,
            ..self
        }
    }

    /// Whether the schema accepts every value serde reads as the type.
    pub const fn fully_exact(self) -> bool {
        self.reads & !self.exact == 0
    }

    /// Whether an `Option<T>` field of this `T` is exact: `T` is, and takes `null`
    /// itself (serde reads a field's `null` as `None`; the schema of an optional
    /// field refuses it unless `T` takes it).
    pub const fn optional_field_exact(self) -> bool {
        self.fully_exact() && self.accepts & json_type::NULL != 0
    }

    /// An untagged enum of `variants`: what any of them reads or accepts, exact on
    /// the types every variant reading them is exact on (the enum's own check,
    /// [`untagged_conflict`], ensures serde's first variant is one whose schema
    /// decides).
    pub const fn either(variants: &[Reading]) -> Reading {
        let mut out = Reading {
            exact: ALL,
            ..Reading::plain(0, true)
        };
        let mut i = 0;
        while i < variants.len() {
            let v = variants[i];
            out.reads |= v.reads;
            out.accepts |= v.accepts;
            out.exact &= v.exact | !v.reads;
            out.first |= v.first;
            out.items |= v.items;
            i += 1;
        }
        out.exact &= out.reads;
        out
    }
}

/// Whether every name of `names` is in `of`.
const fn all_in(names: &[&str], of: &[&str]) -> bool {
    let mut i = 0;
    while i < names.len() {
        let mut found = false;
        let mut j = 0;
        while j < of.len() {
            if str_eq(names[i], of[j]) {
                found = true;
            }
            j += 1;
        }
        if !found {
            return false;
        }
        i += 1;
    }
    true
}

/// The JSON types of values that a later variant of an untagged enum (`later`)
/// accepts and serde may read as an earlier one (`earlier`) although the earlier
/// variant's schema refuses them: there, what serde returns is not what the
/// validator accepted. `0`: none.
pub const fn untagged_conflict(earlier: Reading, later: Reading) -> u8 {
    let mut conflict = earlier.reads & later.accepts & !earlier.exact;
    // An array the later accepts, whose first element (or emptiness) the earlier
    // cannot read.
    if conflict & ARRAY != 0 && earlier.first & later.items == 0 {
        conflict &= !ARRAY;
    }
    // An object: the later requires a name the closed earlier never reads, or the
    // earlier requires a name the closed later never accepts.
    if conflict & OBJECT != 0
        && earlier.keyed
        && later.keyed
        && ((earlier.closed && !all_in(later.required, earlier.declared))
            || (later.closed && !all_in(earlier.required, later.declared)))
    {
        conflict &= !OBJECT;
    }
    conflict
}

/// The first JSON type of the set `types`, in words (`"an object"`); `""` for none.
pub const fn json_type_name(types: u8) -> &'static str {
    const NAMES: [&str; 7] = [
        "null",
        "a boolean",
        "an integer",
        "a number with a fraction or an exponent",
        "a string",
        "an array",
        "an object",
    ];
    let mut i = 0;
    while i < 7 {
        if types & (1 << i) != 0 {
            return NAMES[i];
        }
        i += 1;
    }
    ""
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

    const A: Defs = &[("A", "{\"type\":\"string\"}"), ("B", "{}")];
    const B: Defs = &[("B", "{}"), ("C", "{\"type\":\"null\"}")];
    const LISTS: &[Defs] = &[A, &[], B];
    const MERGED: [(&str, &str); defs_count(LISTS)] = defs_merge(LISTS);
    const M: Defs = &MERGED;
    const TEXT_BYTES: [u8; defs_len(M)] = defs_bytes(M);
    const ROOT: &str = r#"{"type":"object"}"#;
    const WITH_DEFS: &[&str] = &[
        without_close(ROOT),
        defs_open(ROOT, M),
        concat_str(&TEXT_BYTES),
        defs_close(M),
    ];
    const WITH_DEFS_BYTES: [u8; concat_len(WITH_DEFS)] = concat_bytes(WITH_DEFS);
    const NO_DEFS: &[&str] = &[without_close(ROOT), defs_open(ROOT, &[]), defs_close(&[])];
    const NO_DEFS_BYTES: [u8; concat_len(NO_DEFS)] = concat_bytes(NO_DEFS);

    #[test]
    fn gathers_definitions_once() {
        assert_eq!(MERGED.len(), 3);
        assert_eq!(
            concat_str(&WITH_DEFS_BYTES),
            r#"{"type":"object","$defs":{"A":{"type":"string"},"B":{},"C":{"type":"null"}}}"#
        );
        assert_eq!(concat_str(&NO_DEFS_BYTES), ROOT);
        assert_eq!(defs_open("{}", M), r#""$defs":{"#);
        assert!(str_eq("ab", "ab") && !str_eq("ab", "abc") && !str_eq("ab", "ac"));
    }

    #[test]
    #[should_panic(expected = "two different recursive types of the same name")]
    fn one_name_two_schemas_is_refused() {
        defs_count(&[&[("A", "{}")], &[("A", "{\"type\":\"null\"}")]]);
    }

    const OWN: TargetProblems = &[("", "a lossy"), ("", "")];
    const NESTED: [(&str, &str); 3] =
        first_problems(OWN, &[&[], &[("x", "y"), ("", "z"), ("w", "")]]);

    #[test]
    fn target_problems_come_from_the_type_then_its_nested_types() {
        assert_eq!(NESTED, [("x", "a lossy"), ("", "z"), ("w", "")]);
        assert_eq!(target_problem(&NESTED, 0, false), "x");
        assert_eq!(target_problem(&NESTED, 1, false), "z");
        assert_eq!(target_problem(&NESTED, 1, true), "");
        assert_eq!(target_problem(&NESTED, 2, true), "w");
        assert_eq!(target_problem(&[], 0, false), "");
    }

    const REF: &str = r##"{"$ref":"#/$defs/Node"}"##;
    const SPLICED: &[&str] = &[
        r#"{"a":{"description":"d""#,
        comma_before_members(REF),
        spliced_open(REF),
        spliced_body(REF),
        spliced_close(REF),
        r#","b":{"description":"e""#,
        comma_before_members(INNER),
        spliced_open(INNER),
        spliced_body(INNER),
        spliced_close(INNER),
        "}",
    ];
    const SPLICED_BYTES: [u8; concat_len(SPLICED)] = concat_bytes(SPLICED);

    #[test]
    fn a_spliced_reference_is_an_any_of_branch() {
        assert_eq!(
            concat_str(&SPLICED_BYTES),
            r##"{"a":{"description":"d","anyOf":[{"$ref":"#/$defs/Node"}]},"b":{"description":"e","type":"string"}}"##
        );
        assert!(is_lone_ref(REF) && is_lone_ref(r##"{"$ref":"#"}"##));
        for not in [
            "{}",
            r##"{"$ref":"#","description":"d"}"##,
            r##"{"$ref":"#"},{"$ref":"#"}"##,
            r#"{"type":"object"}"#,
            r#"{"$ref":""#,
        ] {
            assert!(!is_lone_ref(not), "{not}");
        }
    }

    #[test]
    fn readings_combine() {
        use json_type::*;
        let small = Reading::structure(false, INTEGER, &["x"], &["x"], false);
        let closed_small = Reading::structure(true, INTEGER, &["x"], &["x"], true);
        let big = Reading::structure(false, INTEGER, &["x", "y"], &["x", "y"], false);
        let closed_big = Reading::structure(false, INTEGER, &["x", "y"], &["x", "y"], true);
        // The issue's enum, and its two fixes.
        assert_eq!(untagged_conflict(small, big), OBJECT);
        assert_eq!(untagged_conflict(closed_small, big), 0);
        assert_eq!(untagged_conflict(big, closed_small), 0);
        assert_eq!(untagged_conflict(big, small), OBJECT);
        assert_eq!(untagged_conflict(closed_big, small), OBJECT);
        assert_eq!(untagged_conflict(small, Reading::exact(STRING)), 0);
        assert_eq!(untagged_conflict(Reading::UNIT_ENUM, small), OBJECT);
        // A struct, then arrays: only where its first field reads an item.
        let strings = Reading::array(Reading::exact(STRING), true);
        assert_eq!(untagged_conflict(small, strings), 0);
        let numbers = Reading::array(Reading::exact(INTEGER), true);
        assert_eq!(untagged_conflict(small, numbers), ARRAY);
        let defaulted = Reading::structure(false, ALL | EMPTY, &[], &["x"], false);
        assert_eq!(untagged_conflict(defaulted, strings), ARRAY);
        assert_eq!(json_type_name(OBJECT | ARRAY), "an array");
        assert_eq!(json_type_name(0), "");
        assert!(Reading::exact(STRING).nullable().optional_field_exact());
        assert!(!Reading::exact(STRING).optional_field_exact());
        assert!(!closed_small.fully_exact());
        let either = Reading::either(&[closed_small, Reading::exact(STRING), Reading::exact(NULL)]);
        assert_eq!(either.reads, OBJECT | ARRAY | STRING | NULL);
        assert_eq!(either.accepts, OBJECT | STRING | NULL);
        assert_eq!(either.exact, OBJECT | STRING | NULL);
        assert!(!either.keyed);
        assert_eq!(Reading::either(&[small, closed_small]).exact, 0);
        assert!(all_in(&["a"], &["b", "a"]) && !all_in(&["c"], &["a"]) && all_in(&[], &[]));
    }

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
