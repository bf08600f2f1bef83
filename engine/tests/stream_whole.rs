//! A first chunk holding the whole value (see `stream::whole`): the text path
//! answers it, and what follows is read as if the checker had read the chunk
//! itself: white space changes nothing, anything else is not JSON at its
//! byte; a root number may still grow; an invalid call is doomed at the byte
//! the byte-by-byte reading dooms it, and `finish` gives `validate_str`'s
//! report on everything fed.

use serde_json::json;
use tool_schema_engine::{Kind, Options, Schema};

fn schema() -> Schema {
    Schema::parse(&json!({
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"enum": ["celsius", "fahrenheit"]}
        },
        "required": ["city"],
        "additionalProperties": false
    }))
    .unwrap()
}

/// Feeds `chunks` in turn: the byte at which the call was doomed, and the report.
fn feed(schema: &Schema, chunks: &[&str]) -> (Option<usize>, tool_schema_engine::Report) {
    let options = Options::default();
    let mut checker = schema.stream(&options);
    let doomed = chunks
        .iter()
        .map(|c| checker.feed(c.as_bytes()).doomed_at())
        .fold(None, Option::or);
    (doomed, checker.finish())
}

/// The same text one byte at a time.
fn bytewise(schema: &Schema, text: &str) -> (Option<usize>, tool_schema_engine::Report) {
    let pieces: Vec<String> = text.chars().map(String::from).collect();
    let pieces: Vec<&str> = pieces.iter().map(String::as_str).collect();
    feed(schema, &pieces)
}

#[test]
fn a_valid_whole_call_stays_open_through_white_space() {
    let schema = schema();
    let call = r#"{"city": "Oslo", "unit": "celsius"}"#;
    let (doomed, report) = feed(&schema, &[call, " \n\t", "  "]);
    assert_eq!(doomed, None);
    assert!(report.is_valid());
}

#[test]
fn a_byte_after_a_valid_whole_call_is_not_json_at_that_byte() {
    let schema = schema();
    let call = r#"{"city": "Oslo"}"#;
    let options = Options::default();
    let mut checker = schema.stream(&options);
    assert!(!checker.feed(call.as_bytes()).is_doomed());
    let progress = checker.feed(b"  x");
    assert_eq!(progress.doomed_at(), Some(call.len() + 2));
    assert!(matches!(
        &progress.report().unwrap().violations()[0].kind,
        Kind::NotJson { message } if message.contains("trailing characters")
    ));
    // As when read byte by byte.
    let text = format!("{call}  x");
    assert_eq!(bytewise(&schema, &text).0, Some(call.len() + 2));
    assert!(matches!(
        checker.finish().violations()[0].kind,
        Kind::NotJson { .. }
    ));
}

#[test]
fn a_whole_root_number_may_still_grow() {
    let schema = Schema::parse(&json!({"type": "integer", "maximum": 15})).unwrap();
    // `1` is valid, but `12` ... `123` is past the maximum.
    let (doomed, report) = feed(&schema, &["1", "2", "3"]);
    assert_eq!(doomed, bytewise(&schema, "123").0);
    assert_eq!(report.messages(), bytewise(&schema, "123").1.messages());
    assert!(!report.is_valid());
    // White space ends it: `1 ` then `2` is not JSON.
    let (doomed, _) = feed(&schema, &["1 ", "2"]);
    assert_eq!(doomed, Some(2));
}

#[test]
fn an_invalid_whole_call_is_doomed_where_the_bytes_doom_it() {
    let schema = schema();
    let options = Options::default();
    for call in [
        r#"{"city": "Oslo", "unit": "kelvin"}"#,
        r#"{"unit": "celsius"}"#,
        r#"{"city": "Oslo", "when": "now"}"#,
        r#"{"city": 3}"#,
    ] {
        let (doomed, report) = feed(&schema, &[call]);
        let (one, exact) = bytewise(&schema, call);
        assert_eq!(doomed, one, "{call}");
        assert_eq!(report, exact, "{call}");
        assert_eq!(
            report,
            schema.validate_str(call, &options).unwrap(),
            "{call}"
        );
        // White space after it: the report of the whole text still.
        let (_, spaced) = feed(&schema, &[call, "  "]);
        assert_eq!(spaced, exact, "{call}");
    }
}
