//! Objects and arrays opened inside other values, as the streaming checker
//! opens them: the frame of a member or item whose parent has one node and
//! whose schema applies nothing in place is made directly (see
//! `Judge::open_lean`), any other by expanding its alternatives. Each text is
//! fed whole, one byte at a time and in 3-byte chunks: the doom byte is the
//! same, and `finish` gives `validate_str`'s report, in both modes.

mod stream_support;

use serde_json::{json, Value};
use stream_support::doomed_at;
use tool_schema_engine::Options;

/// The offset of the first `needle` in `text`.
fn at(text: &str, needle: &str) -> Option<usize> {
    Some(text.find(needle).unwrap())
}

fn point() -> Value {
    json!({
        "type": "object",
        "properties": {"x": {"type": "integer", "maximum": 9}, "y": {"type": "string"}},
        "required": ["x"],
        "additionalProperties": false
    })
}

fn tool() -> Value {
    json!({
        "type": "object",
        "properties": {
            "p": point(),
            "points": {"type": "array", "items": point()},
            "pair": {"type": "array", "prefixItems": [point(), {"type": "array", "maxItems": 2}]},
            "grid": {"type": "array", "items": {"type": "array", "maxItems": 2}},
            "set": {"type": "array", "items": {"type": "array", "uniqueItems": true}},
            "either": {"anyOf": [point(), {"type": "array"}]},
            "never": false,
            "counted": {"type": "object", "minProperties": 2},
            "loose": {"type": "object", "additionalProperties": point()}
        }
    })
}

#[test]
fn a_nested_object_is_checked_member_by_member() {
    let tool = tool();
    for options in [Options::default(), Options::SPEC] {
        let valid = r#"{"p": {"x": 1, "y": "a"}, "points": [{"x": 2}, {"x": 3, "y": "b"}]}"#;
        assert_eq!(doomed_at(&tool, valid, &options), None);
        // An undeclared name, a bound broken, a required name missing.
        let text = r#"{"p": {"x": 1, "z": 2}}"#;
        assert_eq!(doomed_at(&tool, text, &options), at(text, "z"));
        // `12` breaks `maximum: 9` at its second digit (in spec mode, where
        // `12.0` is an integer too, at its close).
        let text = r#"{"points": [{"x": 1}, {"x": 12}]}"#;
        let end = if options.integer_floats { "}]" } else { "2}" };
        assert_eq!(doomed_at(&tool, text, &options), at(text, end));
        let text = r#"{"points": [{"x": 1}, {"y": "a"}]}"#;
        assert_eq!(doomed_at(&tool, text, &options), at(text, "}]"));
    }
}

#[test]
fn a_nested_value_of_the_wrong_type_is_refused_at_its_first_byte() {
    let tool = tool();
    for options in [Options::default(), Options::SPEC] {
        // The offending value is the last one that opens.
        for (text, wrong) in [
            (r#"{"p": [1]}"#, 6),
            (r#"{"points": [[1]]}"#, 12),
            (r#"{"grid": [{"x": 1}]}"#, 10),
            (r#"{"pair": [[1], {"x": 1}]}"#, 10),
            (r#"{"pair": [{"x": 1}, {"x": 1}]}"#, 20),
            (r#"{"never": {}}"#, 10),
            (r#"{"never": []}"#, 10),
        ] {
            assert_eq!(doomed_at(&tool, text, &options), Some(wrong), "{text}");
        }
    }
}

#[test]
fn nested_counts_items_and_alternatives_are_decided_as_they_come() {
    let tool = tool();
    for options in [Options::default(), Options::SPEC] {
        let valid = r#"{"pair": [{"x": 1}, [1, 2]], "grid": [[1], [2, 3]], "set": [[1, 2]]}"#;
        assert_eq!(doomed_at(&tool, valid, &options), None);
        // `maxItems` of an inner array as one more item starts.
        let text = r#"{"grid": [[1, 2], [3, 4, 5]]}"#;
        assert_eq!(doomed_at(&tool, text, &options), at(text, "5"));
        let text = r#"{"pair": [{"x": 1}, [1, 2, 3]]}"#;
        assert_eq!(doomed_at(&tool, text, &options), at(text, "3]"));
        // `uniqueItems` as the repeated item closes.
        let text = r#"{"set": [[1, 2, 1]]}"#;
        assert_eq!(
            doomed_at(&tool, text, &options),
            at(text, "1]]").map(|i| i + 1)
        );
        // Alternatives: an object that no branch takes.
        let text = r#"{"either": {"x": 1, "q": 2}}"#;
        assert_eq!(doomed_at(&tool, text, &options), at(text, "q"));
        assert_eq!(
            doomed_at(&tool, r#"{"either": [{"q": 2}]}"#, &options),
            None
        );
        // `minProperties` at the close; a member of `additionalProperties`.
        let text = r#"{"counted": {"a": 1}}"#;
        assert_eq!(doomed_at(&tool, text, &options), at(text, "}}"));
        let text = r#"{"loose": {"k": {"x": 1}, "l": {"x": 1, "w": 0}}}"#;
        assert_eq!(doomed_at(&tool, text, &options), at(text, "w"));
    }
}

#[test]
fn nesting_past_the_limit_is_refused_inside_values_too() {
    let tool = tool();
    let two = Options::default().max_depth(2);
    assert_eq!(
        doomed_at(&tool, r#"{"points": [{"x": 1}]}"#, &two),
        Some(12)
    );
    let three = Options::default().max_depth(3);
    assert_eq!(doomed_at(&tool, r#"{"points": [{"x": 1}]}"#, &three), None);
}
