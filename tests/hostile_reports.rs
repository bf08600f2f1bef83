//! Issue #11, items 6, 11 and 12 for compiled tools and derived types: generated
//! validators cap their reports while collecting (as the interpreter does, with
//! the same report), share enum lists and patterns, keep shortened copies of
//! what they received, and escape what they echo; `parse_str` and
//! `validate_str` report a member name given twice.

#[path = "../runtime/tests/depth_support/mod.rs"]
mod depth_support;

use depth_support::{deep_e_and_c, drop_deep};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use tool_schema::__private::fast_accepts;
use tool_schema::validate_str_with;
use tool_schema::{parse_str, tool_schema, Kind, Options, ParseError, Schema, ToolArgs};

tool_schema! {
    /// Tag many things.
    pub Tagger = {
        "type": "object",
        "properties": {
            "xs": {"type": "array", "items": {"type": "string"}},
            "unit": {"type": "array", "items": {"enum": ["celsius", "fahrenheit", "kelvin"]}},
            "codes": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]{3}$"}},
            "fixed": {"const": "yes"},
            "a": {"type": "string"},
            "b": {"type": "string"}
        },
        "required": ["a", "b"]
    }
}

fn interpreted() -> Schema {
    Schema::parse(Tagger::schema()).unwrap()
}

#[test]
fn compiled_reports_are_capped_while_collecting_and_match_the_interpreter() {
    let args = json!({"xs": (0..200_000).collect::<Vec<u32>>()});
    let r = Tagger::validate(&args);
    assert_eq!(r.len(), 100);
    assert_eq!(r.omitted, 200_002 - 100);
    // Missing arguments first, though the members came first in the walk.
    assert_eq!(r.violations[0].kind, Kind::Missing);
    assert_eq!(r.violations[1].kind, Kind::Missing);
    assert_eq!(r.violations[2].path.to_string(), "xs[0]");
    assert_eq!(r, interpreted().validate(&args));
    let lines = r.messages();
    assert_eq!(lines.last().unwrap(), "... and 199902 more problems");
    for max in [0, 1, 2, 3, 50] {
        let o = Options::default().max_violations(max);
        let r = Tagger::validate_with(&args, &o);
        assert_eq!(r.len(), max);
        assert_eq!(r, interpreted().validate_with(&args, &o), "{max}");
    }
    // The text path answers the same.
    let text = args.to_string();
    assert_eq!(Tagger::validate_str(&text).unwrap(), r_default(&args));
}

fn r_default(args: &Value) -> tool_schema::Report {
    Tagger::validate(args)
}

#[test]
fn compiled_enum_lists_and_patterns_are_shared() {
    let args = json!({
        "a": "x", "b": "y",
        "unit": ["k1", "k2", "k3"],
        "codes": ["abc", "abd"],
    });
    let r = Tagger::validate(&args);
    assert_eq!(r.len(), 5);
    match (&r.violations[0].kind, &r.violations[2].kind) {
        (Kind::Enum { allowed: x, .. }, Kind::Enum { allowed: y, .. }) => {
            assert!(std::sync::Arc::ptr_eq(x, y))
        }
        other => panic!("{other:?}"),
    }
    match (&r.violations[3].kind, &r.violations[4].kind) {
        (Kind::Pattern { pattern: x, .. }, Kind::Pattern { pattern: y, .. }) => {
            assert!(std::sync::Arc::ptr_eq(x, y))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(r, interpreted().validate(&args));
}

#[test]
fn compiled_received_values_are_shortened_and_escaped() {
    let big = "\u{1b}".repeat(5 * 1024 * 1024);
    let args = json!({"a": "x", "b": "y", "fixed": big, "codes": [big], "\u{202e}evil": 1});
    let r = Tagger::validate(&args);
    assert_eq!(r.len(), 3);
    assert_eq!(r, interpreted().validate(&args));
    match &r.violations[0].kind {
        Kind::Const { received, .. } => assert!(received.as_str().unwrap().len() <= 1024 + 3),
        other => panic!("{other:?}"),
    }
    for m in r.messages() {
        assert!(m.len() < 600, "{}", m.len());
        assert!(!m.contains('\u{1b}') && !m.contains('\u{202e}'), "{m:?}");
    }
    assert_eq!(r.messages()[2], "unexpected argument '\\u202eevil'");
}

/// A derived type with free-form members.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Notes {
    city: String,
    tags: HashMap<String, i64>,
    meta: Option<Value>,
    sorted: Option<BTreeMap<String, String>>,
}

#[test]
fn parse_str_reports_a_repeated_name_at_any_depth() {
    let ok = r#"{"city": "P", "tags": {"a": 1, "b": 2}, "meta": {"x": [{"y": 1}]}, "sorted": {"k": "v"}}"#;
    assert!(parse_str::<Notes>(ok).is_ok());
    assert!(fast_accepts::<Notes>(ok, &Options::default()));
    let cases = [
        (r#"{"city": "P", "city": "Q", "tags": {}}"#, "city"),
        (r#"{"city": "P", "tags": {"a": 1, "a": 2}}"#, "tags.a"),
        (
            r#"{"city": "P", "tags": {}, "meta": {"x": 1, "x": 1}}"#,
            "meta.x",
        ),
        (
            r#"{"city": "P", "tags": {}, "meta": [{"y": {"z": 1, "z": 2}}]}"#,
            "meta[0].y.z",
        ),
        (
            r#"{"city": "P", "tags": {}, "sorted": {"k": "v", "k": "w"}}"#,
            "sorted.k",
        ),
    ];
    for (text, path) in cases {
        let want = format!("argument '{path}' is given more than once");
        match parse_str::<Notes>(text) {
            Err(ParseError::Invalid(r)) => {
                assert_eq!(r.messages(), std::slice::from_ref(&want), "{text}")
            }
            other => panic!("{text}: {other:?}"),
        }
        let r = Notes::validate_str(text).unwrap();
        assert_eq!(r.messages(), [want], "{text}");
        let r = validate_str_with::<Notes>(text, &Options::SPEC).unwrap();
        assert!(r.violations.iter().any(|v| v.kind == Kind::Duplicate));
    }
    // Undeclared names, allowed in spec mode, but not twice.
    let text = r#"{"city": "P", "tags": {}, "zz": 1, "zz": 2}"#;
    assert!(parse_str::<Notes>(r#"{"city": "P", "tags": {}, "zz": 1}"#).is_err());
    let o = Options::SPEC;
    assert!(
        tool_schema::parse_str_with::<Notes>(r#"{"city": "P", "tags": {}, "zz": 1}"#, &o).is_ok()
    );
    match tool_schema::parse_str_with::<Notes>(text, &o) {
        Err(ParseError::Invalid(r)) => {
            assert_eq!(r.messages(), ["argument 'zz' is given more than once"])
        }
        other => panic!("{other:?}"),
    }
}

/// A derived type the generated visitor does not read (untagged data enums keep
/// the generic pass).
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[tool(custom_deserialize)]
struct Loose {
    city: String,
    extra: Option<Value>,
}

#[test]
fn the_generic_typed_pass_reports_a_repeated_name_too() {
    const { assert!(!Loose::__FAST_PATH) };
    assert!(parse_str::<Loose>(r#"{"city": "P", "extra": {"a": 1}}"#).is_ok());
    for (text, path) in [
        (r#"{"city": "P", "city": "Q"}"#, "city"),
        (r#"{"city": "P", "extra": {"a": 1, "a": 1}}"#, "extra.a"),
    ] {
        match parse_str::<Loose>(text) {
            Err(ParseError::Invalid(r)) => assert_eq!(
                r.messages(),
                [format!("argument '{path}' is given more than once")]
            ),
            other => panic!("{text}: {other:?}"),
        }
    }
}

fn metric() -> String {
    "metric".into()
}

/// A defaulted field: `null` read as absent (with `null_is_absent`) leaves its
/// slot empty, and a second `null` is still a repetition.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct WithDefault {
    city: String,
    #[serde(default = "metric")]
    units: String,
}

#[test]
fn a_repeated_null_read_as_absent_is_still_a_repetition() {
    let o = Options::default().null_is_absent(true);
    let ok = r#"{"units": null, "city": "P"}"#;
    assert_eq!(
        tool_schema::parse_str_with::<WithDefault>(ok, &o).unwrap(),
        WithDefault {
            city: "P".into(),
            units: "metric".into()
        }
    );
    assert!(fast_accepts::<WithDefault>(ok, &o));
    let text = r#"{"units": null, "city": "P", "units": null}"#;
    match tool_schema::parse_str_with::<WithDefault>(text, &o) {
        Err(ParseError::Invalid(r)) => {
            assert_eq!(r.messages(), ["argument 'units' is given more than once"])
        }
        other => panic!("{other:?}"),
    }
}

tool_schema! {
    /// Pick one.
    pub Pick = {
        "type": "object",
        "properties": {"e": {"enum": [1, 2]}, "c": {"const": [1]}}
    }
}

#[test]
fn compiled_deep_values_failing_enum_and_const_are_reported_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            // 100k levels: past Options::max_depth, the one too-deep violation.
            let args = deep_e_and_c(100_000);
            let r = Pick::validate(&args);
            let kinds: Vec<&str> = r.violations.iter().map(|v| v.kind.code()).collect();
            assert_eq!(kinds, ["too-deep"]);
            assert_eq!(
                r.messages(),
                Pick::compiled_schema().validate(&args).messages()
            );
            drop(r);
            drop_deep(args);
            // Within the limit, the enum and const misses hold shortened copies.
            let args = deep_e_and_c(120);
            let r = Pick::validate(&args);
            assert_eq!(r.len(), 2);
            let lines = r.messages();
            assert!(
                lines[0].starts_with("argument 'e' should be one of 1, 2, got {\"a\":[{\"a\":[")
            );
            assert!(lines[0].len() < 120, "{}", lines[0]);
            let j = tool_schema::json_report(&r);
            let _ = j.to_string();
            drop((r, j));
            drop_deep(args);
        })
        .unwrap()
        .join()
        .unwrap();
}

tool_schema! {
    /// Missing properties at several levels, and an `anyOf` whose one relevant
    /// alternative adds its own missing ones to the report.
    #[tool(allow(required_undeclared))]
    pub Layered = {
        "type": "object",
        "properties": {
            "a": {"type": "string"},
            "b": {"type": "string"},
            "pick": {"anyOf": [
                {"type": "object", "properties": {"x": {"type": "string"}, "y": {"type": "integer"}}, "required": ["x", "y"]},
                {"type": "string"}
            ]},
            "inner": {
                "type": "object",
                "properties": {"p": {"type": "string"}, "q": {"type": "integer"}},
                "required": ["p", "q"],
                "additionalProperties": false
            },
            "list": {"type": "array", "items": {
                "type": "object",
                "properties": {"k": {"type": "integer"}},
                "required": ["k", "m"]
            }}
        },
        "required": ["a", "b", "c"],
        "additionalProperties": false
    }
}

/// Generated code records missing properties before the members (charged to
/// the cap after them); the interpreter moves them there afterwards: at every
/// cap the two keep and count the same violations, also where a missing
/// property kept beyond the cap (from an `anyOf` alternative) waits to displace
/// others when a nested object starts.
#[test]
fn missing_properties_first_keep_what_moving_them_kept_at_every_cap() {
    let calls = [
        json!({"zz": 1, "pick": {}, "inner": {"r": 1}, "list": [{"k": "s"}, {}, {"m": 1, "k": 1, "n": 2}], "a": 5}),
        json!({"pick": {"x": 1}, "inner": {}, "list": [{}, {}], "b": 1}),
        json!({"list": [{"k": "s", "z": 1}], "pick": {}, "inner": {"p": 1, "s": 2}}),
        json!({"inner": {"q": "q"}, "pick": {"y": "y"}, "d": 1, "e": 2}),
        json!({"a": "a", "b": "b", "c": 1, "pick": {}, "inner": {}}),
        json!({}),
    ];
    agrees_at_every_cap::<Layered>(&calls);
    // The first call reaches the cap inside `pick` before `inner` and `list`.
    let o = Options::default().max_violations(4);
    let r = Layered::validate_with(&calls[0], &o);
    assert_eq!(
        r.violations[..2]
            .iter()
            .filter(|v| v.kind == Kind::Missing)
            .count(),
        2
    );
    assert!(r.omitted > 0);
}

tool_schema! {
    /// An object of more than 16 properties (its missing ones are moved before
    /// its members' violations after the walk) holding narrower ones (found by
    /// a pass over their names first).
    #[tool(allow(required_undeclared))]
    pub Wide = {
        "type": "object",
        "properties": {
            "a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"},
            "d": {"type": "integer"}, "e": {"type": "integer"}, "f": {"type": "integer"},
            "g": {"type": "boolean"}, "h": {"type": "boolean"}, "i": {"type": "boolean"},
            "j": {"type": "number"}, "k": {"type": "number"}, "l": {"type": "number"},
            "m": {"type": "string"}, "n": {"type": "string"}, "o": {"type": "string"},
            "inner": {
                "type": "object",
                "properties": {"p": {"type": "string"}, "q": {"type": "integer"}},
                "required": ["p", "q"],
                "additionalProperties": false
            },
            "list": {"type": "array", "items": {
                "type": "object",
                "properties": {"k": {"type": "integer"}},
                "required": ["k", "m"]
            }}
        },
        "required": ["a", "d", "g", "inner", "z"],
        "additionalProperties": false
    }
}

/// The missing properties of an object too wide for the pass over its names
/// are moved before its members' violations: at every cap, generated code
/// keeps and counts what the interpreter does.
#[test]
fn missing_properties_of_a_wide_object_move_as_in_the_interpreter() {
    let calls = [
        json!({"b": 1, "inner": {"r": 1}, "list": [{"k": "s"}, {}, {"m": 1, "k": 1}], "zz": 5, "e": "e"}),
        json!({"a": "a", "d": 1, "g": true, "inner": {"p": 1}, "list": [{}, {}], "bb": 1}),
        json!({"list": [{"k": "s", "z": 1}], "inner": {}, "c": 1, "f": 1, "i": 1, "l": "l"}),
        json!({"inner": {"p": "p", "q": 1}, "a": "a", "d": 1, "g": false, "z": 1}),
        json!({}),
    ];
    agrees_at_every_cap::<Wide>(&calls);
}

/// Generated code of `T` and the interpreter on `T`'s schema keep and count the
/// same violations of each of `calls`, at every cap from 0 to 16 and without one.
fn agrees_at_every_cap<T: ToolArgs>(calls: &[Value]) {
    let interp = Schema::parse(T::schema()).unwrap();
    for call in calls {
        for max in 0..=16 {
            let o = Options::default().max_violations(max);
            assert_eq!(
                T::validate_with(call, &o),
                interp.validate_with(call, &o),
                "{call} at cap {max}"
            );
        }
        assert_eq!(T::validate(call), interp.validate(call), "{call}");
    }
}
