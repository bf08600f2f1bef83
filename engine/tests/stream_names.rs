//! Member names as the streaming checker keeps them: a name its object's one
//! node declares (below slot 64) by its slot alone, any other by its bytes.
//! Repeated names (refused at the repeat's closing quote), `required` and
//! `dependentRequired` see both kinds, whether a name was read whole, byte by
//! byte (an escape) or past slot 64. Each text is fed whole, one byte at a
//! time and in 3-byte chunks: the doom byte is the same, and `finish` gives
//! `validate_str`'s report.

mod stream_support;

use serde_json::{json, Map, Value};
use stream_support::doomed_at;
use tool_schema_engine::Options;

fn tool() -> Value {
    json!({
        "type": "object",
        "properties": {"a": {"type": "integer"}, "b": {"type": "string"}},
        "required": ["a"],
        "dependentRequired": {"b": ["a"]}
    })
}

/// An object of 70 declared integer properties `p0`..`p69` (the last ones
/// past slot 64), `p69` required.
fn wide() -> Value {
    let props: Map<String, Value> = (0..70)
        .map(|i| (format!("p{i}"), json!({"type": "integer"})))
        .collect();
    json!({"type": "object", "properties": props, "required": ["p69"]})
}

#[test]
fn a_repeated_name_is_found_however_each_came() {
    let tool = tool();
    for options in [Options::default(), Options::SPEC] {
        for (text, second) in [
            (r#"{"a": 1, "a": 2}"#, 11),
            (r#"{"a": 1, "\u0061": 2}"#, 16),
            (r#"{"\u0061": 1, "a": 2}"#, 16),
            (r#"{"b": "x", "a": 1, "b": "y"}"#, 21),
        ] {
            assert_eq!(doomed_at(&tool, text, &options), Some(second), "{text}");
        }
    }
    // Undeclared names (taken in spec mode) are kept by their bytes.
    let text = r#"{"zz": 1, "a": 1, "zz": 2}"#;
    assert_eq!(doomed_at(&tool, text, &Options::SPEC), Some(21));
    assert_eq!(
        doomed_at(&tool, r#"{"zz": 1, "a": 1}"#, &Options::SPEC),
        None
    );
}

#[test]
fn required_and_dependent_names_are_found_however_they_came() {
    let tool = tool();
    for options in [Options::default(), Options::SPEC] {
        assert_eq!(doomed_at(&tool, r#"{"a": 1, "b": "x"}"#, &options), None);
        assert_eq!(
            doomed_at(&tool, r#"{"b": "x", "\u0061": 1}"#, &options),
            None
        );
        assert_eq!(
            doomed_at(&tool, r#"{"\u0062": "x", "a": 1}"#, &options),
            None
        );
        // `b` asks for `a`; `a` is required anyway.
        assert_eq!(doomed_at(&tool, r#"{"b": "x"}"#, &options), Some(9));
    }
    // A required or asked-for name the node does not declare is kept by its
    // bytes (spec mode takes it), a declared one by its slot: both are found.
    let mixed = json!({
        "type": "object",
        "properties": {"a": {"type": "integer"}},
        "required": ["a", "zz"],
        "dependentRequired": {"zz": ["a"], "a": ["zz"]}
    });
    for text in [r#"{"a": 1, "zz": 2}"#, r#"{"zz": 2, "\u0061": 1}"#] {
        assert_eq!(doomed_at(&mixed, text, &Options::SPEC), None, "{text}");
    }
    assert_eq!(doomed_at(&mixed, r#"{"zz": 2}"#, &Options::SPEC), Some(8));
    assert_eq!(doomed_at(&mixed, r#"{"a": 2}"#, &Options::SPEC), Some(7));
    // In a nested object too.
    let nested = json!({"type": "object", "properties": {"o": tool}});
    let text = r#"{"o": {"b": "x"}}"#;
    assert_eq!(doomed_at(&nested, text, &Options::default()), Some(15));
    let text = r#"{"o": {"\u0061": 1, "b": "x"}}"#;
    assert_eq!(doomed_at(&nested, text, &Options::default()), None);
}

#[test]
fn names_past_slot_64_are_kept_by_their_bytes() {
    let wide = wide();
    for options in [Options::default(), Options::SPEC] {
        assert_eq!(doomed_at(&wide, r#"{"p0": 1, "p69": 2}"#, &options), None);
        assert_eq!(
            doomed_at(&wide, r#"{"p69": 1, "p69": 2}"#, &options),
            Some(15)
        );
        let text = r#"{"p65": 1, "p\u0036\u0035": 2}"#;
        assert_eq!(doomed_at(&wide, text, &options), Some(25));
        assert_eq!(doomed_at(&wide, r#"{"p68": 1}"#, &options), Some(9));
        assert_eq!(doomed_at(&wide, r#"{"p\u00369": 1}"#, &options), None);
    }
}

/// A chunk that ends inside a member name no declared name starts as dooms
/// the call at once (the reader does not wait for the name's end), whether
/// the name so far is short (found among the names' short prefixes) or long.
#[test]
fn a_cut_name_no_declared_name_starts_as_is_doomed_with_its_chunk() {
    let schema = tool_schema_engine::Schema::parse(&json!({
        "type": "object",
        "properties": {
            "quantity": {"type": "integer"},
            "quantity_per_unit": {"type": "integer"},
            "qa": {"type": "string"}
        },
        "additionalProperties": false
    }))
    .unwrap();
    for (prefix, doomed) in [
        (r#"{"qu"#, false),
        (r#"{"quantity"#, false),
        (r#"{"quantity_per"#, false),
        (r#"{"qb"#, true),
        (r#"{"quantitz"#, true),
        (r#"{"quantity_pex"#, true),
        (r#"{"qa": "x", "quantiz"#, true),
        (r#"{"qa": "x", "quantit"#, false),
    ] {
        let mut checker = schema.stream(&Options::default());
        let progress = checker.feed(prefix.as_bytes());
        assert_eq!(progress.is_doomed(), doomed, "{prefix}");
        if doomed {
            assert_eq!(progress.doomed_at(), Some(prefix.len() - 1), "{prefix}");
        }
    }
}
