//! `unevaluatedProperties` and `unevaluatedItems`: what they see (the members and
//! elements evaluated by the node's own keywords and by the in-place subschemas
//! that passed), their violations and words (`unexpected argument` for
//! `unevaluatedProperties: false`, with the name suggestions; the subschema's own
//! violations otherwise; `is not allowed` for `unevaluatedItems: false`), how
//! tool-call mode reads them, the text path's agreement, and their cost on hostile
//! input. The suite files of both keywords run in both back ends in
//! `tests/compiled/tests/json_schema_test_suite.rs`.

use serde_json::{json, Value};
use tool_schema_engine::{json_report, Kind, Options, Schema};

fn schema(v: Value) -> Schema {
    Schema::parse(&v).unwrap_or_else(|e| panic!("schema refused: {e}"))
}

fn messages(s: &Schema, args: Value) -> Vec<String> {
    s.validate(&args).messages()
}

fn spec_messages(s: &Schema, args: Value) -> Vec<String> {
    s.validate_with(&args, &Options::SPEC).messages()
}

/// A base shape, and two variants that each add their own names.
fn shapes() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {"kind": {"enum": ["flight", "train"]}},
        "required": ["kind"],
        "allOf": [{"properties": {"from": {"type": "string"}, "to": {"type": "string"}}}],
        "anyOf": [
            {"properties": {"kind": {"const": "flight"}, "seat": {"type": "string"}}},
            {"properties": {"kind": {"const": "train"}, "coach": {"type": "integer"}}}
        ],
        "unevaluatedProperties": false
    }))
}

#[test]
fn names_declared_in_place_are_evaluated() {
    let s = shapes();
    for opts in [Options::default(), Options::SPEC] {
        let ok = json!({"kind": "flight", "from": "OSL", "to": "CDG", "seat": "3A"});
        assert!(s.validate_with(&ok, &opts).is_valid(), "{opts:?}");
        assert!(s.is_valid_with(&ok, &opts));
        let ok = json!({"kind": "train", "coach": 4});
        assert!(s.validate_with(&ok, &opts).is_valid(), "{opts:?}");
    }
}

#[test]
fn a_failed_branch_evaluates_nothing() {
    let s = shapes();
    // `coach` is declared by the train branch only, which fails on a flight.
    assert_eq!(
        spec_messages(&s, json!({"kind": "flight", "coach": 4})),
        ["unexpected argument 'coach'"]
    );
}

#[test]
fn unexpected_names_get_suggestions_and_positions() {
    let s = shapes();
    let report = s.validate(&json!({"kind": "flight", "form": "OSL"}));
    assert_eq!(
        report.messages(),
        ["unexpected argument 'form' (did you mean 'from'?)"]
    );
    let v = &report.violations()[0];
    assert_eq!(v.kind, Kind::Unexpected);
    assert_eq!(v.position.argument, Some(1));
    let entry = &json_report(&report)["violations"][0];
    assert_eq!(entry["kind"], "unexpected");
    assert_eq!(entry["path"], "form");
    assert_eq!(entry["argument"], 1);
    assert_eq!(entry["suggestion"], "from");
}

#[test]
fn a_failed_branch_keeps_its_names_in_the_report() {
    // The branch fails on `a`'s type: the report says so, and does not also call
    // `a` unexpected.
    let s = schema(json!({
        "type": "object",
        "allOf": [{"properties": {"a": {"type": "string"}}}],
        "unevaluatedProperties": false
    }));
    assert_eq!(
        messages(&s, json!({"a": 1})),
        ["argument 'a' should be string, got integer"]
    );
    assert!(!s.is_valid(&json!({"a": 1})));
}

#[test]
fn a_schema_checks_each_unevaluated_member() {
    let s = schema(json!({
        "type": "object",
        "properties": {"name": {"type": "string"}},
        "patternProperties": {"^x-": {}},
        "unevaluatedProperties": {"type": "integer", "minimum": 0}
    }));
    assert!(s.is_valid(&json!({"name": "a", "x-any": [1], "count": 3})));
    assert_eq!(
        messages(&s, json!({"name": "a", "count": -1, "other": "z"})),
        [
            "argument 'count' should be at least 0, got -1",
            "argument 'other' should be integer, got string"
        ]
    );
}

#[test]
fn nested_unevaluated_sees_only_its_own_node() {
    // The second branch does not see the first branch's `properties`.
    let s = schema(json!({
        "allOf": [
            {"properties": {"a": {}}},
            {"unevaluatedProperties": false}
        ]
    }));
    assert_eq!(
        spec_messages(&s, json!({"a": 1})),
        ["unexpected argument 'a'"]
    );
    assert!(s.is_valid_with(&json!({}), &Options::SPEC));
}

#[test]
fn if_then_else_and_dependent_schemas_evaluate_when_they_apply() {
    let s = schema(json!({
        "if": {"properties": {"pay": {"const": "card"}}, "required": ["pay"]},
        "then": {"properties": {"cvv": {"type": "string"}}},
        "else": {"properties": {"iban": {"type": "string"}}},
        "dependentSchemas": {"gift": {"properties": {"note": {"type": "string"}}}},
        "properties": {"gift": {"type": "boolean"}},
        "unevaluatedProperties": false
    }));
    let spec = &Options::SPEC;
    assert!(s.is_valid_with(&json!({"pay": "card", "cvv": "1"}), spec));
    assert!(s.is_valid_with(&json!({"iban": "x"}), spec));
    assert!(s.is_valid_with(&json!({"gift": true, "note": "hi"}), spec));
    assert_eq!(
        spec_messages(&s, json!({"pay": "card", "iban": "x"})),
        ["unexpected argument 'iban'"]
    );
    assert_eq!(
        spec_messages(&s, json!({"note": "hi"})),
        ["unexpected argument 'note'"]
    );
}

#[test]
fn unevaluated_items_after_prefix_and_contains() {
    let s = schema(json!({
        "type": "object",
        "properties": {"row": {
            "type": "array",
            "prefixItems": [{"type": "string"}],
            "contains": {"type": "boolean"},
            "unevaluatedItems": false
        }}
    }));
    assert!(s.is_valid(&json!({"row": ["id", true, false]})));
    let report = s.validate(&json!({"row": ["id", true, 3]}));
    assert_eq!(report.messages(), ["argument 'row[2]' is not allowed"]);
    assert_eq!(report.violations()[0].kind, Kind::NotAllowed);
    let s = schema(json!({
        "type": "object",
        "properties": {"row": {
            "type": "array",
            "anyOf": [{"prefixItems": [{"type": "string"}, {"type": "string"}]}],
            "unevaluatedItems": {"type": "integer"}
        }}
    }));
    assert!(s.is_valid(&json!({"row": ["a", "b", 1, 2]})));
    assert_eq!(
        messages(&s, json!({"row": ["a", "b", "c"]})),
        ["argument 'row[2]' should be integer, got string"]
    );
}

#[test]
fn tool_call_mode_lets_the_keyword_close_the_object() {
    // The branches declare pieces; in tool-call mode they close nothing (else
    // `allOf`'s branch would refuse `kind`): `unevaluatedProperties` decides.
    let s = shapes();
    assert!(s.is_valid(&json!({"kind": "train", "from": "a", "coach": 1})));
    assert_eq!(
        messages(&s, json!({"kind": "train", "wifi": true})),
        ["unexpected argument 'wifi'"]
    );
    // `unevaluatedProperties: true`: undeclared names pass in tool-call mode too.
    let open = schema(json!({
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "unevaluatedProperties": true
    }));
    assert!(open.is_valid(&json!({"a": "x", "b": 1})));
}

#[test]
fn the_text_path_agrees() {
    let s = shapes();
    for text in [
        r#"{"kind": "flight", "from": "OSL", "seat": "3A"}"#,
        r#"{"kind": "flight", "form": "OSL"}"#,
        r#"{"kind": "train", "coach": "x"}"#,
    ] {
        let value: Value = serde_json::from_str(text).unwrap();
        for opts in [Options::default(), Options::SPEC] {
            let by_value = s.validate_with(&value, &opts);
            let by_text = s.validate_str(text, &opts).expect("JSON");
            assert_eq!(by_text.messages(), by_value.messages(), "{text} {opts:?}");
        }
    }
}

#[test]
fn the_schema_round_trips() {
    let v = json!({
        "type": "object",
        "properties": {"a": {"type": "array", "unevaluatedItems": {"type": "integer"}}},
        "unevaluatedProperties": false
    });
    assert_eq!(schema(v.clone()).to_value(), v);
}

/// Nested `anyOf`s, each level with `unevaluatedProperties`, over an object of
/// 10,000 members: each in-place node is evaluated once per value (not once per
/// path through the levels), so this is a few passes over the members.
#[test]
fn nested_any_of_is_linear_on_hostile_input() {
    let mut node = json!({"patternProperties": {"^p": {"type": "integer"}}});
    for _ in 0..7 {
        node = json!({
            "anyOf": [node.clone(), {"properties": {"q": {}}, "required": ["q"]}],
            "unevaluatedProperties": false
        });
    }
    let s = schema(node);
    let mut args = serde_json::Map::new();
    for i in 0..10_000 {
        args.insert(format!("p{i}"), json!(i));
    }
    let args = Value::Object(args);
    assert!(s.is_valid_with(&args, &Options::SPEC));
    assert!(s.validate_with(&args, &Options::SPEC).is_valid());
    let mut bad = args.clone();
    bad["zz"] = json!(1);
    let report = s.validate_with(&bad, &Options::SPEC);
    assert!(!report.is_valid());
}
