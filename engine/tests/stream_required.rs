//! `required` as the streaming checker decides it at an object's close: a
//! required property written under one of its aliases
//! (`x-tool-schema-aliases`) is present, one written under no name of it is
//! missing, with or without aliases declared on the object; the call is doomed
//! at the closing brace and only there, and `finish` gives `validate_str`'s
//! report. An empty name is a name like any other.

use serde_json::{json, Value};
use tool_schema_engine::{Options, Schema};

/// The byte at which `text` fed one byte at a time was doomed; `finish` must
/// give `validate_str`'s report.
fn stream(schema: &Schema, text: &str) -> Option<usize> {
    let options = Options::default();
    let mut checker = schema.stream(&options);
    let doomed = text
        .as_bytes()
        .chunks(1)
        .map(|b| checker.feed(b).doomed_at())
        .fold(None, Option::or);
    let exact = schema.validate_str(text, &options).unwrap();
    assert_eq!(checker.finish(), exact, "{text}");
    doomed
}

fn object(extra: Value) -> Schema {
    let mut schema = json!({
        "type": "object",
        "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        "required": ["city"]
    });
    schema
        .as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    Schema::parse(&schema).unwrap()
}

#[test]
fn a_required_name_is_found_under_its_aliases() {
    let schema = object(json!({"x-tool-schema-aliases": {"city": ["town"]}}));
    assert_eq!(stream(&schema, r#"{"town": "Oslo"}"#), None);
    assert_eq!(stream(&schema, r#"{"city": "Oslo", "days": 2}"#), None);
    let missing = r#"{"days": 2}"#;
    assert_eq!(stream(&schema, missing), Some(missing.len() - 1));
}

#[test]
fn without_aliases_a_required_name_is_found_under_its_own() {
    let schema = object(json!({}));
    assert_eq!(stream(&schema, r#"{"days": 2, "city": "Oslo"}"#), None);
    let missing = r#"{"days": 2}"#;
    assert_eq!(stream(&schema, missing), Some(missing.len() - 1));
    // Undeclared (the arguments object is closed): refused at its name.
    assert_eq!(stream(&schema, r#"{"town": "Oslo"}"#), Some(2));
}

#[test]
fn an_empty_name_is_found_whatever_names_follow_it() {
    // An empty name's bytes are none: it is present though the name after it
    // starts where it does (found by property test, seed 1654).
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {"": {"type": ["string", "null"]}, "b": {}},
        "required": ["", "a"],
        "additionalProperties": true
    }))
    .unwrap();
    for text in [
        r#"{"":null,"a":"x"}"#,
        r#"{"": "y", "b": 1, "a": 2}"#,
        r#"{"a": 2, "": null}"#,
    ] {
        assert_eq!(stream(&schema, text), None, "{text}");
    }
    let missing = r#"{"a":"x","b":null}"#;
    assert_eq!(stream(&schema, missing), Some(missing.len() - 1));
    // Repeated, it is refused at its second name's close.
    let twice = r#"{"":null,"a":1,"":2}"#;
    assert!(stream(&schema, twice).is_some(), "{twice}");
}
