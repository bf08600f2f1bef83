//! The streaming checker (`crate::stream`) on hostile and broken streams:
//! nesting past the limits, huge strings and objects, text that is not JSON,
//! cut off or repeated names, escapes split across chunks. Each gets a clear
//! answer; once doomed, the checker stops reading (its memory stops growing
//! but for the text `finish` checks).

use serde_json::json;
use tool_schema_engine::{Kind, Options, Schema};

fn schema() -> Schema {
    Schema::parse(&json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "maxLength": 10},
            "free": {},
            "unit": {"enum": ["é", "😀x"]},
            "tags": {"type": "object", "maxProperties": 5}
        }
    }))
    .unwrap()
}

/// Feeds `text` one byte at a time; the byte at which it was doomed.
fn doomed_at(schema: &Schema, options: &Options, text: &[u8]) -> Option<usize> {
    let mut checker = schema.stream(options);
    text.chunks(1).find_map(|b| checker.feed(b).doomed_at())
}

#[test]
fn nesting_past_the_limits_is_doomed_at_the_first_container_past_them() {
    let schema = schema();
    let text = format!("{{\"free\": {}", "[".repeat(200_000));
    // `max_depth(10)`: the arguments object is level 1, the 10th `[` level 11.
    let options = Options::default().max_depth(10);
    let at = doomed_at(&schema, &options, text.as_bytes()).unwrap();
    assert_eq!(at, "{\"free\": ".len() + 9);
    let mut checker = schema.stream(&options);
    let progress = checker.feed(text.as_bytes());
    assert!(matches!(
        progress.report().unwrap().violations()[0].kind,
        Kind::TooDeep { limit: 10 }
    ));
    // serde_json reads at most 127 nested containers, whatever `max_depth` says:
    // the 128th is not JSON to `validate_str`.
    for options in [Options::default(), Options::default().max_depth(usize::MAX)] {
        let at = doomed_at(&schema, &options, text.as_bytes()).unwrap();
        assert_eq!(at, "{\"free\": ".len() + 126);
        let nested = format!("{}{}", &text[..=at], "]".repeat(127) + "}");
        assert!(schema.validate_str(&nested, &options).is_err());
        let fits = format!("{}{}", &text[..at], "]".repeat(126) + "}");
        assert!(schema.validate_str(&fits, &options).is_ok());
    }
}

#[test]
fn a_huge_string_is_doomed_past_max_length_and_read_whole_elsewhere() {
    let schema = schema();
    let options = Options::default();
    let long = "x".repeat(1 << 20);
    let text = format!("{{\"name\": \"{long}\"}}");
    assert_eq!(
        doomed_at(&schema, &options, text.as_bytes()),
        Some("{\"name\": \"".len() + 10)
    );
    let text = format!("{{\"free\": \"{long}\"}}");
    let mut checker = schema.stream(&options);
    for piece in text.as_bytes().chunks(4096) {
        assert!(!checker.feed(piece).is_doomed());
    }
    assert!(checker.finish().is_valid());
}

#[test]
fn many_members_are_doomed_at_the_one_past_max_properties() {
    let schema = schema();
    let members: Vec<String> = (0..10_000).map(|i| format!("\"k{i}\": {i}")).collect();
    let text = format!("{{\"tags\": {{{}}}}}", members.join(", "));
    let at = doomed_at(&schema, &Options::default(), text.as_bytes()).unwrap();
    assert_eq!(at, text.find("\"k5\"").unwrap());
}

#[test]
fn text_that_is_not_json_is_doomed_where_it_stops_being_json() {
    let schema = schema();
    let options = Options::default();
    for (text, bad) in [
        (r#"{"free" 1}"#, 8),
        (r#"{"name": "a"} {}"#, 14),
        (r#"{"free": tru}"#, 12),
        (r#"{"free": 01}"#, 10),
        (r#"{"free": "\q"}"#, 11),
        (r#"{,}"#, 1),
    ] {
        assert_eq!(
            doomed_at(&schema, &options, text.as_bytes()),
            Some(bad),
            "{text}"
        );
        let mut checker = schema.stream(&options);
        checker.feed(text.as_bytes());
        let report = checker.finish();
        assert!(
            matches!(report.violations()[0].kind, Kind::NotJson { .. }),
            "{text}: {:?}",
            report.messages()
        );
    }
    let mut checker = schema.stream(&options);
    checker.feed(b"{\"free\": \"\xff\"}");
    assert!(matches!(
        checker.finish().violations()[0].kind,
        Kind::NotJson { .. }
    ));
}

#[test]
fn a_cut_off_text_names_the_value_left_open() {
    let schema = schema();
    let options = Options::default();
    for (text, message) in [
        ("", "the arguments are cut off after byte 0: the text ended inside it; send the whole call"),
        (r#"{"name": "ab"#, "argument 'name' is cut off after byte 12: the text ended inside it; send the whole call"),
        (r#"{"tags": {"a": 1"#, "argument 'tags.a' is cut off after byte 16: the text ended inside it; send the whole call"),
        (r#"{"free": [1, 2"#, "argument 'free[1]' is cut off after byte 14: the text ended inside it; send the whole call"),
    ] {
        let mut checker = schema.stream(&options);
        assert!(!checker.feed(text.as_bytes()).is_doomed(), "{text}");
        let report = checker.finish();
        assert_eq!(report.messages(), [message], "{text}");
        let json = tool_schema_engine::json_report(&report);
        assert_eq!(json["violations"][0]["kind"], "cut-off");
        assert_eq!(json["violations"][0]["at"], text.len());
    }
}

#[test]
fn a_cut_off_text_doomed_before_its_end_names_the_value_left_open_whatever_the_chunks() {
    // Doomed early (a wrong type, a name past the closed object, a string
    // past `maxLength`), then cut off later, elsewhere: `finish` names where
    // the text stopped, not where reading stopped (found by the stream fuzz
    // target on a cut-off weather call).
    let schema = schema();
    let options = Options::default();
    for (text, place) in [
        (r#"{"tags": 5, "free": "FR!}"#, "free"),
        (r#"{"nope": 1, "tags": {"a": [1"#, "tags.a[0]"),
        (r#"{"name": "abcdefghijklmnop", "free": {"x": "#, "free.x"),
        (r#"{"name": 1, "free": [{"#, "free[0]"),
    ] {
        let mut reports = Vec::new();
        for size in [1, 2, 7, text.len()] {
            let mut checker = schema.stream(&options);
            let doomed = text
                .as_bytes()
                .chunks(size)
                .map(|piece| checker.feed(piece).doomed_at())
                .fold(None, Option::or);
            assert!(doomed.is_some_and(|at| at < text.len() - 2), "{text}");
            reports.push(checker.finish());
        }
        let message = format!(
            "argument '{place}' is cut off after byte {}: the text ended inside it; send the whole call",
            text.len()
        );
        for report in &reports {
            assert_eq!(report.messages(), [message.as_str()], "{text}");
        }
    }
}

#[test]
fn a_number_past_what_serde_json_reads_ends_the_reading() {
    // A huge exponent, then a byte after it: the reader stops there (it once
    // read that byte again and again until the stack overflowed; found by the
    // stream fuzz target); `finish` gives `validate_str`'s answer.
    let schema = schema();
    for options in [
        Options::default(),
        Options::SPEC,
        Options::default().integer_floats(true),
    ] {
        for text in [
            "88e88888888888888888888888888 \n\u{1}^",
            "1e999999999999999999999 ",
            r#"{"free": 1e999999999999999999999, "name": "a"}"#,
            r#"{"free": [-2.5E+99999999999999999999999]}"#,
        ] {
            for size in [1, 3, text.len()] {
                let mut checker = schema.stream(&options);
                for piece in text.as_bytes().chunks(size) {
                    checker.feed(piece);
                }
                let report = checker.finish();
                let kind = &report.violations()[0].kind;
                assert!(matches!(kind, Kind::NotJson { .. }), "{text}: {kind:?}");
                assert!(schema.validate_str(text, &options).is_err(), "{text}");
            }
        }
    }
}

#[test]
fn a_repeated_name_is_doomed_at_its_close() {
    let schema = schema();
    let text = r#"{"free": 1, "free": 2}"#;
    let at = doomed_at(&schema, &Options::default(), text.as_bytes()).unwrap();
    assert_eq!(at, text.rfind("\"free\"").unwrap() + 5);
    let mut checker = schema.stream(&Options::default());
    let progress = checker.feed(text.as_bytes());
    assert_eq!(
        progress.report().unwrap().messages(),
        ["argument 'free' is given more than once"]
    );
    assert_eq!(
        checker.finish(),
        schema.validate_str(text, &Options::default()).unwrap()
    );
}

#[test]
fn escapes_split_anywhere_decode_before_the_enum_prefix_test() {
    let schema = schema();
    let options = Options::default();
    for text in [
        r#"{"unit": "\u00e9"}"#,
        r#"{"unit": "\ud83d\ude00x"}"#,
        r#"{"unit": "😀x"}"#,
    ] {
        assert_eq!(
            doomed_at(&schema, &options, text.as_bytes()),
            None,
            "{text}"
        );
    }
    let text = r#"{"unit": "\u00e8"}"#;
    assert_eq!(
        doomed_at(&schema, &options, text.as_bytes()),
        Some(text.find("8").unwrap())
    );
    // A lone surrogate: the checker stops judging, `finish` says what serde_json says.
    let text = r#"{"unit": "\ud83d"}"#;
    assert_eq!(doomed_at(&schema, &options, text.as_bytes()), None);
    let mut checker = schema.stream(&options);
    checker.feed(text.as_bytes());
    assert!(matches!(
        checker.finish().violations()[0].kind,
        Kind::NotJson { .. }
    ));
}
