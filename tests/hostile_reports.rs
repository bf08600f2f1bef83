//! Issue #11, items 6, 11 and 12 for compiled tools and derived types: generated
//! validators cap their reports while collecting (as the interpreter does, with
//! the same report), share enum lists and patterns, keep shortened copies of
//! what they received, and escape what they echo; `parse_str` and
//! `validate_str` report a member name given twice.

#[path = "../engine/tests/depth_support/mod.rs"]
mod depth_support;

use depth_support::{deep_e_and_c, drop_deep};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use tool_schema::__private::fast_accepts;
use tool_schema::validate_str_with;
use tool_schema::ToolArgsExt;
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

/// Issue #28, item 6: repair looks up the places it mended, the wraps it put
/// back and the enum lists by case in sets, not by scanning every change per
/// violation: 100k numbers written as strings, and 10k mistakes of the other
/// kinds, are mended with `max_violations` raised to hold them (the quadratic
/// lookups took minutes on the 100k).
#[test]
fn repairing_100k_mistakes_is_linear() {
    const N: usize = 100_000;
    const M: usize = 10_000;
    // (An enum of 100 values: validation looks each miss up in the list.)
    let allowed: Vec<String> = (0..100).map(|i| format!("v{i}")).collect();
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {
            "xs": {"type": "array", "items": {"type": "integer"}},
            "es": {"type": "array", "items": {"enum": allowed}},
            "ws": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}
        }
    }))
    .unwrap();
    let xs: Vec<String> = (0..N).map(|i| i.to_string()).collect();
    let es: Vec<String> = (0..M).map(|i| format!("V{}", i % 100)).collect();
    // Lone strings where arrays of integers are wanted: wrapped, then put back.
    let ws: Vec<&str> = vec!["a"; M];
    let args = json!({"xs": xs, "es": es, "ws": ws});
    let options = Options::default().max_violations(2 * N);
    let repaired = schema.repair(&args, &options);
    assert_eq!(repaired.changes.len(), N + M);
    assert_eq!(repaired.value["xs"][N - 1], json!(N - 1));
    assert_eq!(
        repaired.value["es"][M - 1],
        json!(format!("v{}", (M - 1) % 100))
    );
    assert_eq!(repaired.value["ws"], args["ws"], "the wraps are put back");
    // What is left: the lone strings, one type violation each.
    assert_eq!(repaired.report.len(), M);
    assert!(repaired
        .report
        .violations
        .iter()
        .all(|v| v.kind.code() == "type"));
    // Its words and its JSON stay within the report's size, counting the rest.
    let max = repaired.report.max_report_bytes;
    let lines = repaired.messages();
    assert!(joined(&lines) <= 2 * (max + 64), "{}", joined(&lines));
    assert!(lines.iter().any(|l| l.ends_with(" more changes")));
    let j = tool_schema::repair_report(&repaired);
    let text = j.to_string();
    assert!(
        text.len() <= 2 * (max + tool_schema::render::JSON_REPORT_SLACK),
        "{}",
        text.len()
    );
    let kept = j["changes"].as_array().unwrap().len();
    assert_eq!(j["changes_omitted"], json!(N + M - kept));
}

/// A report of one hand-made violation, written within `max` bytes.
fn one(kind: Kind, max: usize) -> tool_schema::Report {
    let v = tool_schema::Violation::new(kind, tool_schema::Path::default(), Default::default());
    let mut r = tool_schema::Report::new(vec![v]);
    r.max_report_bytes = max;
    r
}

/// Bytes of `lines` joined with `; ` (as `Display` joins them).
fn joined(lines: &[String]) -> usize {
    lines.iter().map(String::len).sum::<usize>() + 2 * lines.len()
}

/// Every format of `r` stays within its size: the JSON report's text within
/// `max_report_bytes` and `JSON_REPORT_SLACK`, the words (default, seeds, BFCL
/// codes) within it and the closing line. The JSON report is returned.
fn within_every_format(r: &tool_schema::Report, case: &str) -> Value {
    let max = r.max_report_bytes;
    let j = tool_schema::json_report(r);
    let text = j.to_string();
    let slack = tool_schema::render::JSON_REPORT_SLACK;
    assert!(
        text.len() <= max + slack,
        "{case} at {max}: JSON of {}",
        text.len()
    );
    assert!(!j["violations"].as_array().unwrap().is_empty(), "{case}");
    let mut formats = vec![("default", tool_schema::Format::Default.render(r))];
    formats.push(("bfcl", tool_schema::render::bfcl_codes(r)));
    for f in tool_schema::seed::Format::ALL {
        formats.push((f.name(), f.render(r)));
    }
    for (name, lines) in formats {
        assert!(
            joined(&lines) <= max + 64,
            "{case} at {max}: {name} of {}",
            joined(&lines)
        );
    }
    j
}

/// The list `key` of a JSON entry and the count of what was left out of it: the
/// two together are the whole list, and something is left out when the whole
/// list could not fit.
fn says_what_is_left_out(entry: &Value, key: &str, total: usize, case: &str) {
    let kept = entry[key].as_array().unwrap().len();
    let omitted = entry[format!("{key}_omitted")].as_u64().unwrap_or(0) as usize;
    assert_eq!(kept + omitted, total, "{case}: {entry}");
    assert!(omitted > 0, "{case}: nothing left out of {total}");
}

/// Issue #28, item 4: every format stays within `max_report_bytes`, the JSON
/// report included, whatever the schema gives (many enum values, long values,
/// a long pattern, many tools) and whatever the call sends (a long value, a
/// long tool name); what is cut says so and lists say how much they left out.
#[test]
fn every_format_stays_within_its_size_whatever_the_schema_lists() {
    let caps = [0, 100, 1024, 16 * 1024, 64 * 1024];
    let long = |n: usize, c: char| -> String { std::iter::repeat_n(c, n).collect() };
    // Enum lists: many short values, many 61-character values, one huge value.
    let lists: [(&str, Vec<Value>); 3] = [
        (
            "100k short",
            (0..100_000).map(|i| json!(format!("v{i}"))).collect(),
        ),
        (
            "20k of 61",
            (0..20_000).map(|i| json!(format!("{i:061}"))).collect(),
        ),
        ("one of 200k", vec![json!(long(200_000, 'a')), json!("b")]),
    ];
    for (case, values) in &lists {
        let n = values.len();
        let allowed: std::sync::Arc<[Value]> = values.clone().into();
        for received in [json!("nope"), json!(long(1024, '\u{1b}'))] {
            for max in caps {
                let kind = Kind::Enum {
                    allowed: allowed.clone(),
                    received: received.clone(),
                };
                let j = within_every_format(&one(kind, max), case);
                says_what_is_left_out(&j["violations"][0], "allowed", n, case);
                if max >= 1024 && n > 2 {
                    let words = tool_schema::Format::Default.render(&one(
                        Kind::Enum {
                            allowed: allowed.clone(),
                            received: json!("nope"),
                        },
                        max,
                    ));
                    assert!(words[0].contains(" more), got \"nope\""), "{case} {max}");
                }
            }
        }
    }
    // Long strings from the schema and the call: a pattern, a const, a `not`
    // schema, a tool's own code, a format name, an alias.
    let huge = long(150_000, 'p');
    let kinds = || -> Vec<(&'static str, Kind)> {
        vec![
            (
                "pattern",
                Kind::Pattern {
                    pattern: huge.as_str().into(),
                    received: long(100_000, '"'),
                },
            ),
            (
                "const",
                Kind::Const {
                    expected: json!({"a": [huge.clone(), huge.clone()], "b": huge.clone()}),
                    received: json!(huge.clone()),
                },
            ),
            (
                "not",
                Kind::Not {
                    schema: json!({"enum": [huge.clone()]}),
                },
            ),
            (
                "same-argument",
                Kind::SameArgument {
                    other: huge.clone(),
                },
            ),
            (
                "format",
                Kind::Format {
                    format: huge.clone(),
                    received: huge.clone(),
                },
            ),
            (
                "one-of-many",
                Kind::OneOfMany {
                    matched: (0..100_000).collect(),
                },
            ),
            (
                "property-name",
                Kind::PropertyName {
                    name: huge.clone(),
                    problem: Box::new(Kind::Enum {
                        allowed: lists[0].1.clone().into(),
                        received: json!(huge.clone()),
                    }),
                },
            ),
            (
                "any-of",
                Kind::AnyOf {
                    alternatives: (0..1_000)
                        .map(|_| {
                            vec![tool_schema::Violation::new(
                                Kind::Pattern {
                                    pattern: huge.as_str().into(),
                                    received: "x".into(),
                                },
                                tool_schema::Path::default(),
                                Default::default(),
                            )]
                        })
                        .collect(),
                },
            ),
        ]
    };
    for max in caps {
        for (case, kind) in kinds() {
            let j = within_every_format(&one(kind, max), case);
            let e = &j["violations"][0];
            match case {
                "one-of-many" => {
                    says_what_is_left_out(e, "received", 100_000, case);
                    if max >= 1024 {
                        let words = e["message"].as_str().unwrap();
                        assert!(words.contains(" and … ("), "{words}");
                    }
                }
                "any-of" => says_what_is_left_out(e, "alternatives", 1_000, case),
                "property-name" => says_what_is_left_out(&e["problem"], "allowed", 100_000, case),
                _ => {}
            }
            if case == "pattern" || case == "format" {
                assert!(
                    e["expected"].as_str().unwrap().ends_with('…'),
                    "{case} {max}"
                );
                assert!(
                    e["received"].as_str().unwrap().ends_with('…'),
                    "{case} {max}"
                );
            }
        }
    }
    // An unknown tool: a 1 MB name among 10k tools.
    let known: Vec<String> = (0..10_000).map(|i| format!("tool_{i:05}")).collect();
    for max in caps {
        let kind = Kind::UnknownTool {
            name: long(1 << 20, 'x'),
            known: known.clone(),
        };
        let j = within_every_format(&one(kind, max), "unknown tool");
        let e = &j["violations"][0];
        says_what_is_left_out(e, "allowed", 10_000, "unknown tool");
        assert!(e["received"].as_str().unwrap().ends_with('…'));
    }
}

/// The same bounds on reports of validation: many violations each naming a
/// long list, at every size; the toolbox's unknown-tool error within its
/// options' size.
#[test]
fn validation_reports_stay_within_their_size_in_json() {
    let allowed: Vec<String> = (0..2_000).map(|i| format!("{i:061}")).collect();
    // A 20,000-step pattern: past the default size, let in to report on.
    let schema = Schema::builder()
        .max_pattern_size(1 << 18)
        .parse(&json!({
            "type": "object",
            "properties": {
                "es": {"type": "array", "items": {"enum": allowed}},
                "p": {"type": "string", "pattern": format!("^{}$", "a".repeat(20_000))}
            }
        }))
        .unwrap();
    let args = json!({"es": vec!["nope"; 50], "p": "b".repeat(50_000)});
    for max in [0, 100, 1024, 16 * 1024] {
        let o = Options::default().max_report_bytes(max);
        let r = schema.validate_with(&args, &o);
        let j = within_every_format(&r, "validation");
        let kept = j["violations"].as_array().unwrap().len();
        assert_eq!(j["omitted"], json!(51 - kept), "{max}");
        assert!(
            r.messages().last().unwrap().starts_with("... and "),
            "{max}"
        );
    }
    // The toolbox answers an unknown tool within its options' size.
    let s = Schema::parse(&json!({"type": "object"})).unwrap();
    let tools = (0..10_000).fold(tool_schema::toolbox::Toolbox::new(), |t, i| {
        t.dynamic(format!("tool_{i}"), "", s.clone(), |_| "ok")
    });
    for max in [100, 1024, 16 * 1024] {
        let tools = tools
            .clone()
            .with_options(Options::default().max_report_bytes(max));
        let call = tool_schema::toolbox::Call::new("x".repeat(1 << 20), json!({}));
        let outcome = tools.run(tool_schema::export::Target::Anthropic, call);
        assert!(
            outcome.text().len() <= max + 64,
            "{max}: {}",
            outcome.text().len()
        );
        assert!(outcome.text().contains("more)") || max < 1024, "{max}");
    }
}
