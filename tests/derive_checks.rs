//! `#[tool(validate = path)]`: a tool's own checks on its typed arguments, run
//! after the schema's checks pass, in `parse`, `parse_str` (both text passes) and
//! a toolbox; their problems are `custom` violations in every format.

use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::custom::Problems;
use tool_schema::export::Target;
use tool_schema::seed::Format as SeedFormat;
use tool_schema::toolbox::Toolbox;
use tool_schema::ToolArgsExt;
use tool_schema::{json_report, parse_str, Format, Kind, ParseError, Path, ToolArgs};

/// Book a room.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[tool(validate = check_booking)]
struct BookRoom {
    /// First night, as a day of the year.
    #[arg(minimum = 1, maximum = 366)]
    start: u16,
    /// Day of departure.
    #[arg(minimum = 1, maximum = 366)]
    end: u16,
    guests: Vec<String>,
}

fn check_booking(b: &BookRoom, problems: &mut Problems) {
    if b.end <= b.start {
        problems.add(
            "end",
            "end-before-start",
            format!("should be after 'start' ({})", b.start),
        );
    }
    for (i, g) in b.guests.iter().enumerate() {
        if g.trim().is_empty() {
            problems.add(
                Path::root().key("guests").index(i),
                "blank-guest",
                "should name a guest",
            );
        }
    }
}

fn bad() -> Value {
    json!({"guests": ["Ann", " "], "start": 10, "end": 3})
}

#[test]
fn parse_reports_every_problem_of_the_check() {
    let report = BookRoom::parse(&bad()).unwrap_err();
    assert_eq!(
        report.messages(),
        [
            "argument 'end' should be after 'start' (10)",
            "argument 'guests[1]' should name a guest",
        ]
    );
    let v = &report.violations[0];
    assert_eq!(v.kind.code(), "custom");
    assert!(matches!(&v.kind, Kind::Custom { code, .. } if code == "end-before-start"));
    // The argument's place in the call and among the declared arguments.
    assert_eq!(v.position.argument, Some(2));
    assert_eq!(v.position.declared, Some(1));
    let ok = BookRoom::parse(&json!({"start": 1, "end": 3, "guests": ["Ann"]})).unwrap();
    assert_eq!(ok.end, 3);
}

#[test]
fn the_schema_checks_come_first() {
    // Invalid for the schema: the check does not run (there is no typed value).
    let report = BookRoom::parse(&json!({"start": 0, "end": 0, "guests": []})).unwrap_err();
    assert_eq!(
        report.messages(),
        [
            "argument 'start' should be at least 1, got 0",
            "argument 'end' should be at least 1, got 0",
        ]
    );
    // `validate` is the schema's alone.
    assert!(BookRoom::validate(&bad()).is_valid());
}

#[test]
fn parse_str_agrees_on_both_text_passes() {
    let text = bad().to_string();
    let want = BookRoom::parse(&bad()).unwrap_err();
    for got in [
        parse_str::<BookRoom>(&text),
        tool_schema::__private::parse_str_generic::<BookRoom>(&text, &Default::default()),
    ] {
        match got {
            Err(ParseError::Invalid(r)) => assert_eq!(r, want),
            other => panic!("expected the check's report, got {other:?}"),
        }
    }
    let good = r#"{"start": 1, "end": 2, "guests": []}"#;
    assert!(parse_str::<BookRoom>(good).is_ok());
}

#[test]
fn every_format_words_the_problem() {
    let report = BookRoom::parse(&bad()).unwrap_err();
    let j = json_report(&report);
    assert_eq!(
        j["violations"][0],
        json!({"kind": "custom", "path": "end", "pointer": "/end", "argument": 2,
               "code": "end-before-start",
               "message": "argument 'end' should be after 'start' (10)"})
    );
    assert_eq!(j["violations"][1]["pointer"], "/guests/1");
    assert_eq!(
        Format::Default.render(&report),
        report.messages(),
        "the default format"
    );
    for f in [SeedFormat::Seed002, SeedFormat::Seed003] {
        // The seed formats keep the kinds they know; they never fail on this one.
        let _ = f.render(&report);
    }
    assert_eq!(
        SeedFormat::Seed002.render(&report),
        ["custom:end", "custom:guests[1]"]
    );
    // Repairing a call the schema accepts changes nothing.
    assert!(BookRoom::repair(&bad()).changes.is_empty());
}

#[test]
fn the_toolbox_answers_with_the_check() {
    let tools = Toolbox::new().tool(|b: BookRoom| format!("booked from {}", b.start));
    let call = json!({"type": "tool_use", "id": "t1", "name": "book_room", "input": bad()});
    let result = tools.dispatch(Target::Anthropic, &call).unwrap();
    assert_eq!(result["is_error"], true);
    assert_eq!(
        result["content"],
        "argument 'end' should be after 'start' (10)\nargument 'guests[1]' should name a guest"
    );
    // As text (OpenAI's arguments string).
    let call = json!({"id": "c1", "type": "function",
        "function": {"name": "book_room", "arguments": bad().to_string()}});
    let result = tools.dispatch(Target::OpenAiChat, &call).unwrap();
    assert!(result["content"]
        .as_str()
        .unwrap()
        .starts_with("argument 'end' should be after"));
}

#[test]
fn the_cap_on_violations_holds() {
    let mut problems = Problems::new();
    for i in 0..10 {
        problems.add(Path::root().key("guests").index(i), "x", "is bad");
    }
    let options = tool_schema::Options::default().max_violations(3);
    let report = problems.into_report(None, None, &options);
    assert_eq!((report.len(), report.omitted), (3, 7));
}

/// Constraints on strings' formats, on items, on map values and keys.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Constrained {
    #[arg(format = "email")]
    contact: String,
    /// Scores, each from 1 to 10.
    #[arg(min_items = 1, items(minimum = 1, maximum = 10))]
    scores: Vec<u8>,
    #[arg(items(min_length = 1, pattern = "^[a-z]+$", description = "A tag."))]
    tags: Option<std::collections::BTreeSet<String>>,
    #[arg(
        keys(pattern = "^[A-Z]{2}$"),
        values(minimum = 0.0, exclusive_maximum = 1.0)
    )]
    shares: std::collections::HashMap<String, f64>,
    #[arg(items(items(format = "date"), max_items = 2))]
    ranges: Vec<Vec<String>>,
    #[arg(items(minimum = 1))]
    gaps: Vec<Option<u32>>,
    #[arg(values(values = ["low", "high"]))]
    levels: std::collections::BTreeMap<String, String>,
}

#[test]
fn constraints_reach_the_parts() {
    let p = &Constrained::schema()["properties"];
    assert_eq!(p["contact"], json!({"type": "string", "format": "email"}));
    assert_eq!(
        p["scores"],
        json!({"type": "array", "description": "Scores, each from 1 to 10.",
               "items": {"type": "integer", "minimum": 1, "maximum": 10}, "minItems": 1})
    );
    assert_eq!(
        p["tags"]["items"],
        json!({"type": "string", "description": "A tag.", "minLength": 1, "pattern": "^[a-z]+$"})
    );
    assert_eq!(
        p["shares"]["propertyNames"],
        json!({"pattern": "^[A-Z]{2}$"})
    );
    assert_eq!(
        p["shares"]["additionalProperties"],
        json!({"type": "number", "minimum": 0.0, "exclusiveMaximum": 1.0})
    );
    assert_eq!(
        p["ranges"]["items"],
        json!({"type": "array", "items": {"type": "string", "format": "date"}, "maxItems": 2})
    );
    assert_eq!(
        p["gaps"]["items"],
        json!({"type": ["integer", "null"], "minimum": 1, "maximum": 4294967295u32})
    );
    assert_eq!(
        p["levels"]["additionalProperties"],
        json!({"type": "string", "enum": ["low", "high"]})
    );
}

#[test]
fn constraints_on_parts_are_checked_and_agree_with_serde() {
    let good = json!({"contact": "a@b.example", "scores": [1, 10], "tags": ["x"],
        "shares": {"NO": 0.5}, "ranges": [["2024-01-01"]], "gaps": [null, 3],
        "levels": {"a": "low"}});
    assert!(Constrained::parse(&good).is_ok());
    assert!(parse_str::<Constrained>(&good.to_string()).is_ok());
    let bad = json!({"contact": "nobody", "scores": [0, 11], "tags": [""],
        "shares": {"norway": 1.0}, "ranges": [["2024-13-01"], ["2024-01-01", "2024-01-02", "2024-01-03"]], "gaps": [0],
        "levels": {"a": "mid"}});
    let report = Constrained::parse(&bad).unwrap_err();
    let codes: Vec<(&str, String)> = report
        .violations
        .iter()
        .map(|v| (v.kind.code(), v.path.to_string()))
        .collect();
    let want = [
        ("format", "contact"),
        ("below-minimum", "scores[0]"),
        ("above-maximum", "scores[1]"),
        ("min-length", "tags[0]"),
        ("pattern", "tags[0]"),
        ("property-name", "shares"),
        ("exclusive-maximum", "shares.norway"),
        ("format", "ranges[0][0]"),
        ("max-items", "ranges[1]"),
        ("below-minimum", "gaps[0]"),
        ("enum", "levels.a"),
    ];
    for (code, path) in want {
        assert!(
            codes.iter().any(|(c, p)| *c == code && p == path),
            "{code} at {path}: {codes:?}"
        );
    }
    match parse_str::<Constrained>(&bad.to_string()) {
        Err(ParseError::Invalid(r)) => assert_eq!(r, report),
        other => panic!("{other:?}"),
    }
}

/// `#[arg(schema = ..)]`: a type the derive does not read, with its schema
/// written out (in braces, in `json!`, or as JSON text), checked and compiled
/// with the rest.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Written {
    /// How long to wait.
    #[arg(schema = {
        "type": "object",
        "properties": {
            "secs": {"type": "integer", "minimum": 0},
            "nanos": {"type": "integer", "minimum": 0, "maximum": 999999999}
        },
        "required": ["secs", "nanos"],
        "additionalProperties": false
    })]
    wait: std::time::Duration,
    #[arg(schema = json!({"type": "string", "minLength": 2}))]
    code: Box<str>,
    #[arg(schema = r#"{"type": "integer", "minimum": -5}"#, example = -1)]
    offset: Option<std::num::NonZeroI32>,
}

#[test]
fn written_schemas_are_the_fields_schemas() {
    let p = &Written::schema()["properties"];
    assert_eq!(p["wait"]["description"], "How long to wait.");
    assert_eq!(p["wait"]["required"], json!(["secs", "nanos"]));
    assert_eq!(p["code"], json!({"type": "string", "minLength": 2}));
    assert_eq!(
        p["offset"],
        json!({"type": "integer", "minimum": -5, "examples": [-1]})
    );
    assert_eq!(Written::schema()["required"], json!(["wait", "code"]));
    let call = json!({"wait": {"secs": 1, "nanos": 5}, "code": "ab", "offset": 3});
    let w = Written::parse(&call).unwrap();
    assert_eq!(w.wait, std::time::Duration::new(1, 5));
    assert!(parse_str::<Written>(&call.to_string()).is_ok());
    let bad = json!({"wait": {"secs": -1, "nanos": 5}, "code": "a"});
    assert_eq!(
        Written::validate(&bad).messages(),
        [
            "argument 'wait.secs' should be at least 0, got -1",
            "argument 'code' should be at least 2 characters long, got 1",
        ]
    );
}

/// The compiled validator and the interpreter (over the exported schema) report
/// the same violations for the new keys' schemas.
#[test]
fn both_back_ends_agree_on_the_new_keys() {
    fn same<T: ToolArgs>(calls: &[Value]) {
        let schema = tool_schema::Schema::parse(T::schema()).unwrap();
        for call in calls {
            assert_eq!(T::validate(call), schema.validate(call), "{call}");
        }
    }
    same::<Constrained>(&[
        json!({"contact": "a@b.example", "scores": [1, 10], "shares": {"NO": 0.5},
               "ranges": [], "gaps": [], "levels": {}}),
        json!({"contact": "nobody", "scores": [0, 11], "tags": [""],
               "shares": {"norway": 1.0}, "ranges": [["2024-13-01"], ["a", "b", "c"]],
               "gaps": [0, null], "levels": {"a": "mid"}}),
        json!({"contact": 1, "scores": "x", "tags": [1], "shares": [], "ranges": [[1]]}),
    ]);
    same::<Written>(&[
        json!({"wait": {"secs": 1, "nanos": 5}, "code": "ab", "offset": 3}),
        json!({"wait": {"secs": -1, "nanos": 5, "x": 1}, "code": "a", "offset": -9}),
        json!({"wait": 3}),
    ]);
    same::<BookRoom>(&[bad(), json!({"start": 0})]);
}

/// Standard types read from strings need no feature: `IpAddr` (either format,
/// one sentence naming both), `Ipv4Addr`, `Ipv6Addr`, `PathBuf`.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Host {
    ip: std::net::IpAddr,
    v4: Option<std::net::Ipv4Addr>,
    v6: Option<std::net::Ipv6Addr>,
    root: Option<std::path::PathBuf>,
}

#[test]
fn addresses_read_and_word_their_formats() {
    let ok = Host::parse(&json!({"ip": "::1", "v4": "127.0.0.1", "root": "/srv"})).unwrap();
    assert!(ok.ip.is_loopback());
    let report = Host::parse(&json!({"ip": "1.2.3.04", "v6": "1.2.3.4"})).unwrap_err();
    assert_eq!(
        report.messages(),
        [
            "argument 'ip' should be an IPv4 address (e.g. \"192.168.0.1\") or an IPv6 address (e.g. \"2001:db8::1\"), got \"1.2.3.04\"",
            "argument 'v6' should be an IPv6 address (e.g. \"2001:db8::1\"), got \"1.2.3.4\"",
        ]
    );
    // The facts stay the schema's: an `anyOf` of two format misses.
    assert_eq!(report.violations[0].kind.code(), "any-of");
}
