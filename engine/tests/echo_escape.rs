//! Issue #11, items 11 and 12: what the call (or a run-time schema) sent is
//! echoed with control and bidi characters escaped and long names cut, in every
//! format and in schema errors; a member name repeated in the arguments' text is
//! a violation on the text path.

use serde_json::{json, Value};
use tool_schema_engine::seed::Format as SeedFormat;
use tool_schema_engine::{
    json_report, Format, Kind, Options, Path, Position, Report, Schema, Segment, Violation,
};

fn schema(v: Value) -> Schema {
    Schema::parse(&v).unwrap()
}

/// Control and bidi characters no echoed text may hold.
fn hostile(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' | '\u{200e}' | '\u{200f}'
        | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

/// Every line of the formats that write words (the default and seed 000's
/// sentences), the JSON report's words and `Display`.
fn words(r: &Report) -> Vec<String> {
    let mut out: Vec<String> = Format::Default.render(r);
    out.extend(SeedFormat::Seed000.render(r));
    let j = json_report(r);
    for e in j["violations"].as_array().unwrap() {
        out.push(e["message"].as_str().unwrap().to_string());
        out.push(e["path"].as_str().unwrap().to_string());
    }
    out.push(r.to_string());
    out
}

fn assert_tame_words(r: &Report) {
    assert_tame(r)
}

fn assert_tame(r: &Report) {
    for w in words(r) {
        assert!(!w.chars().any(hostile), "{w:?}");
    }
}

/// One of each class of character that must not be echoed raw.
const NASTY: [&str; 10] = [
    "\u{1b}[31mred\u{1b}[0m",
    "nul\u{0}byte",
    "new\nline",
    "del\u{7f}",
    "c1\u{85}next",
    "lrm\u{200e}",
    "rlo\u{202e}txt.exe",
    "isolate\u{2066}x\u{2069}",
    "ls\u{2028}ps\u{2029}",
    "tab\there\r",
];

#[test]
fn unexpected_names_are_escaped() {
    let s = schema(json!({"type": "object", "properties": {"city": {"type": "string"}}}));
    let r = s.validate(&json!({"\u{1b}[31mred\u{1b}[0m": 1}));
    assert_eq!(
        r.messages(),
        ["unexpected argument '\\u001b[31mred\\u001b[0m'"]
    );
    for name in NASTY {
        let r = s.validate(&json!({ name: 1 }));
        assert_eq!(r.len(), 1);
        assert_tame(&r);
        // The pointer is data: the exact name.
        assert_eq!(r.violations[0].path.to_pointer(), format!("/{name}"));
    }
}

#[test]
fn names_in_nested_paths_and_values_are_escaped() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "m": {"type": "object", "additionalProperties": {"type": "integer"}},
            "e": {"enum": ["ok", "\u{202e}evil"]},
            "c": {"const": "\u{1b}"},
            "p": {"type": "string", "pattern": "^a\u{202e}$"},
            "f": {"type": "string", "format": "date"},
            "n": {"type": "object", "propertyNames": {"maxLength": 2}}
        }
    }));
    for name in NASTY {
        let args = json!({
            "m": {name: "x"},
            "e": name,
            "c": name,
            "p": name,
            "f": name,
            "n": {name: 1}
        });
        let r = s.validate(&args);
        assert_eq!(r.len(), 6, "{name:?}: {:?}", r.messages());
        assert_tame(&r);
    }
    let r = s.validate(&json!({"e": "kelvin"}));
    assert_eq!(
        r.messages(),
        ["argument 'e' should be one of \"ok\", \"\\u202eevil\", got \"kelvin\""]
    );
}

#[test]
fn ordinary_words_are_unchanged() {
    let s = schema(json!({
        "type": "object",
        "properties": {"unit": {"enum": ["celsius", "fahrenheit"]}, "é": {"type": "string"}},
        "required": ["city"]
    }));
    let r = s.validate(&json!({"unit": "kelvin", "é": 1, "naïve \"x\"": 1}));
    assert_eq!(
        r.messages(),
        [
            "missing required argument 'city'",
            "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
            "argument 'é' should be string, got integer",
            "unexpected argument 'naïve \"x\"'",
        ]
    );
}

#[test]
fn long_names_are_cut() {
    let s = schema(json!({"type": "object", "properties": {"city": {"type": "string"}}}));
    let name = "n".repeat(10 * 1024 * 1024);
    let r = s.validate(&json!({ name.clone(): 1 }));
    let m = &r.messages()[0];
    assert_eq!(m, &format!("unexpected argument '{}…'", "n".repeat(60)));
    // The path keeps a bounded copy.
    match &r.violations[0].path.segments()[0] {
        Segment::Key(k) => assert!(k.len() <= 256 + 3),
        other => panic!("{other:?}"),
    }
    for w in words(&r) {
        assert!(w.len() < 1000, "{}", w.len());
    }
}

#[test]
fn unknown_tools_and_seed_formats_are_escaped() {
    let r = Report::new(vec![Violation::new(
        Kind::UnknownTool {
            name: "get\u{1b}[2Jweather".into(),
            known: vec!["a\u{202e}b".into()],
        },
        Path::default(),
        Position::default(),
    )]);
    assert_eq!(
        r.messages(),
        ["unknown tool 'get\\u001b[2Jweather'; available tools: 'a\\u202eb'"]
    );
    // The seed codes are verbatim (their reference compares them byte for byte).
    assert_eq!(
        SeedFormat::Seed001.render(&r),
        ["unknown_tool:get\u{1b}[2Jweather"]
    );
    assert_tame_words(&r);
    let s = schema(json!({"type": "object", "properties": {}}));
    let r = s.validate_with(
        &json!({"x\ny": 1}),
        &Options::default().undeclared(tool_schema_engine::Undeclared::RejectAlways),
    );
    assert_eq!(SeedFormat::Seed001.render(&r), ["extra:x\ny"]);
    assert_eq!(SeedFormat::Seed002.render(&r), ["unexpected:x\ny"]);
    assert_eq!(
        SeedFormat::Seed000.render(&r),
        ["unexpected argument 'x\\ny'"]
    );
}

#[test]
fn schema_errors_are_escaped_and_cut() {
    // A pattern that does not compile, 1 MB long: the regex error quotes it.
    let pattern = format!("({}", "a".repeat(1024 * 1024));
    let e = Schema::parse(&json!({"type": "string", "pattern": pattern})).unwrap_err();
    let text = e.to_string();
    assert!(text.len() < 8 * 1024, "{}", text.len());
    for p in &e.problems {
        assert!(p.message.chars().count() <= 1001);
    }
    // Hostile characters in the schema's names and patterns.
    let e = Schema::parse(&json!({
        "type": "object",
        "properties": {"a\u{1b}b": {"type": "strin\u{202e}g"}, "p": {"type": "string", "pattern": "(\u{1b}"}}
    }))
    .unwrap_err();
    let text = e.to_string();
    assert!(!text.chars().any(hostile), "{text:?}");
    for p in &e.problems {
        assert!(!p.message.chars().any(hostile), "{p:?}");
        assert!(!p.pointer.chars().any(hostile), "{p:?}");
    }
    // Lints too.
    let s = schema(json!({
        "type": "object",
        "properties": {"a": {}},
        "required": ["\u{1b}[31mgone", "\u{1b}[31mgone"]
    }));
    for l in s.lints() {
        let text = l.to_string();
        assert!(!text.chars().any(hostile), "{text:?}");
    }
}

// ---------------------------------------------------------------------------------
// Repeated names in the arguments' text (item 12)

fn weather() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "opts": {"type": "object", "properties": {"units": {"type": "string"}}},
            "tags": {"type": "object", "additionalProperties": true},
            "list": {"type": "array", "items": {}},
            "any": {}
        },
        "required": ["city"]
    }))
}

#[test]
fn a_repeated_argument_is_a_violation_on_the_text_path() {
    let s = weather();
    let o = Options::default();
    let r = s
        .validate_str(r#"{"city": "Paris", "city": "Rome"}"#, &o)
        .unwrap();
    assert_eq!(r.messages(), ["argument 'city' is given more than once"]);
    assert_eq!(r.violations[0].kind, Kind::Duplicate);
    assert_eq!(
        r.violations[0].position,
        Position {
            argument: Some(0),
            declared: Some(0)
        }
    );
    // The value path cannot see it (serde_json keeps the last value).
    let v: Value = serde_json::from_str(r#"{"city": "Paris", "city": "Rome"}"#).unwrap();
    assert!(s.validate(&v).is_valid());
    // With other violations: after the missing arguments, before the rest.
    let r = s
        .validate_str(r#"{"opts": {"units": 1}, "opts": {"units": 2}}"#, &o)
        .unwrap();
    assert_eq!(
        r.messages(),
        [
            "missing required argument 'city'",
            "argument 'opts' is given more than once",
            "argument 'opts.units' should be string, got integer",
        ]
    );
}

#[test]
fn repeated_names_are_found_at_any_depth_and_in_open_maps() {
    let s = weather();
    let o = Options::default();
    let cases = [
        (
            r#"{"city": "P", "opts": {"units": "c", "units": "f"}}"#,
            "opts.units",
        ),
        (r#"{"city": "P", "tags": {"a": 1, "a": 1}}"#, "tags.a"),
        (
            r#"{"city": "P", "list": [{"x": 1}, {"y": 1, "y": 2}]}"#,
            "list[1].y",
        ),
        (
            r#"{"city": "P", "any": {"deep": [{"z": {"q": 1, "q": 1}}]}}"#,
            "any.deep[0].z.q",
        ),
        (
            r#"{"city": "P", "tags": {"a\u001b": 1, "a\u001b": 1}}"#,
            "tags.a\\u001b",
        ),
    ];
    for (text, path) in cases {
        let r = s.validate_str(text, &o).unwrap();
        assert_eq!(
            r.messages(),
            [format!("argument '{path}' is given more than once")],
            "{text}"
        );
    }
    // Spec mode: undeclared names are allowed, but not twice.
    let r = s
        .validate_str(r#"{"city": "P", "zz": 1, "zz": 2}"#, &Options::SPEC)
        .unwrap();
    assert_eq!(r.messages(), ["argument 'zz' is given more than once"]);
}

#[test]
fn many_names_are_checked_in_constant_time_each() {
    let s = weather();
    let o = Options::default();
    // Distinct names, more than kept in place: valid.
    let names: Vec<String> = (0..5000).map(|i| format!("\"k{i}\": {i}")).collect();
    let text = format!(r#"{{"city": "P", "tags": {{{}}}}}"#, names.join(", "));
    assert!(s.validate_str(&text, &o).unwrap().is_valid());
    assert!(tool_schema_engine::text::__pass_accepts(&s, &text, &o));
    // The same with the first name again at the end.
    let text = format!(
        r#"{{"city": "P", "tags": {{{}, "k0": 1}}}}"#,
        names.join(", ")
    );
    let r = s.validate_str(&text, &o).unwrap();
    assert_eq!(r.messages(), ["argument 'tags.k0' is given more than once"]);
    // 100,000 repeats of one name: the report is capped.
    let many = vec![r#""a": 1"#; 100_000].join(", ");
    let text = format!(r#"{{"city": "P", "tags": {{{many}}}}}"#);
    let r = s.validate_str(&text, &o).unwrap();
    assert_eq!(r.len(), 100);
    assert_eq!(r.omitted, 99_999 - 100);
}

#[test]
fn repeated_names_in_buffered_values_and_escaped_spellings() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "either": {"anyOf": [{"type": "object"}, {"type": "string"}]},
            "set": {"type": "array", "uniqueItems": true},
            "city": {"type": "string"}
        }
    }));
    let o = Options::default();
    let cases = [
        (r#"{"either": {"a": 1, "a": 2}}"#, "either.a"),
        (r#"{"set": [{"a": 1}, {"b": 1, "b": 1}]}"#, "set[1].b"),
        // The same name, spelled with an escape.
        (r#"{"city": "P", "\u0063ity": "Q"}"#, "city"),
    ];
    for (text, path) in cases {
        let r = s.validate_str(text, &o).unwrap();
        assert_eq!(
            r.messages(),
            [format!("argument '{path}' is given more than once")],
            "{text}"
        );
    }
    // A root read into a value (an `anyOf` at the root).
    let s = schema(json!({
        "type": "object",
        "properties": {"a": {}, "b": {}},
        "anyOf": [{"required": ["a"]}, {"required": ["b"]}]
    }));
    let o = Options::SPEC;
    assert!(s.validate_str(r#"{"a": 1}"#, &o).unwrap().is_valid());
    let r = s.validate_str(r#"{"a": 1, "a": 1}"#, &o).unwrap();
    assert_eq!(r.messages(), ["argument 'a' is given more than once"]);
}
