//! The arguments object's own decisions as the streaming checker makes them:
//! at its opening brace (`type`, the `false` schema, alternatives, nesting
//! past `max_depth`) and at its closing brace (`required`, `minProperties`,
//! `dependentRequired`), whether a member was read whole (by its declared
//! slot) or byte by byte (an escaped name). Each text is fed whole, one byte
//! at a time and in 3-byte chunks: the doom byte is the same, and `finish`
//! gives `validate_str`'s report.

mod stream_support;

use serde_json::{json, Value};
use stream_support::doomed_at;
use tool_schema_engine::Options;

fn tool(extra: Value) -> Value {
    let mut schema = json!({
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "string"}},
        "required": ["a"]
    });
    let fields = extra.as_object().unwrap().clone();
    schema.as_object_mut().unwrap().extend(fields);
    schema
}

#[test]
fn the_opening_brace_decides_the_root_type() {
    let tool_call = Options::default();
    assert_eq!(doomed_at(&tool(json!({})), r#"{"a": 1}"#, &tool_call), None);
    for refused in [
        json!({"type": "array"}),
        json!(false),
        json!({"type": ["string", "null"]}),
    ] {
        assert_eq!(doomed_at(&refused, r#"{"a": 1}"#, &tool_call), Some(0));
    }
    // Alternatives at the root: the branch that lives decides.
    let either = json!({"anyOf": [tool(json!({})), {"type": "array"}]});
    assert_eq!(doomed_at(&either, r#"{"a": 1}"#, &tool_call), None);
    assert_eq!(doomed_at(&either, r#"{"b": "x"}"#, &tool_call), Some(9));
}

#[test]
fn nesting_past_the_limit_is_refused_at_the_root_too() {
    let schema = tool(json!({}));
    let none = Options::default().max_depth(0);
    assert_eq!(doomed_at(&schema, r#"{"a": 1}"#, &none), Some(0));
    let one = Options::default().max_depth(1);
    assert_eq!(doomed_at(&schema, r#"{"a": 1}"#, &one), None);
    let open = json!({"type": "object", "properties": {"a": {}}});
    assert_eq!(doomed_at(&open, r#"{"a": {}}"#, &one), Some(6));
}

#[test]
fn the_closing_brace_decides_the_root_counts_and_names() {
    let tool_call = Options::default();
    let plain = tool(json!({}));
    assert_eq!(doomed_at(&plain, r#"{"a": 1, "b": "x"}"#, &tool_call), None);
    assert_eq!(doomed_at(&plain, r#"{"b": "x"}"#, &tool_call), Some(9));
    assert_eq!(doomed_at(&plain, r#"{}"#, &tool_call), Some(1));
    // A required name written with an escape is read byte by byte, not by
    // its slot: still present.
    assert_eq!(doomed_at(&plain, r#"{"\u0061": 1}"#, &tool_call), None);
    assert_eq!(
        doomed_at(&plain, r#"{"b": "x", "\u0061": 1}"#, &tool_call),
        None
    );
    // Beside `required`, the close decides `minProperties` and
    // `dependentRequired`, though every required name is there.
    let counted = tool(json!({"minProperties": 2}));
    assert_eq!(doomed_at(&counted, r#"{"a": 1}"#, &tool_call), Some(7));
    assert_eq!(
        doomed_at(&counted, r#"{"a": 1, "b": "x"}"#, &tool_call),
        None
    );
    let dependent = tool(json!({"dependentRequired": {"a": ["b"]}}));
    assert_eq!(doomed_at(&dependent, r#"{"a": 1}"#, &tool_call), Some(7));
    assert_eq!(
        doomed_at(&dependent, r#"{"b": "x", "a": 1}"#, &tool_call),
        None
    );
    // No `required`: nothing to decide at the close.
    let free = json!({"type": "object", "properties": {"a": {"type": "integer"}}});
    assert_eq!(doomed_at(&free, r#"{}"#, &tool_call), None);
}

#[test]
fn an_object_inside_closes_as_the_root_does() {
    let tool_call = Options::default();
    let schema = json!({
        "type": "object",
        "properties": {"inner": tool(json!({"minProperties": 1}))},
        "required": ["inner"]
    });
    assert_eq!(
        doomed_at(&schema, r#"{"inner": {"a": 1}}"#, &tool_call),
        None
    );
    let missing = r#"{"inner": {"b": "x"}}"#;
    assert_eq!(doomed_at(&schema, missing, &tool_call), Some(19));
    let escaped = r#"{"inner": {"\u0061": 1}}"#;
    assert_eq!(doomed_at(&schema, escaped, &tool_call), None);
}
