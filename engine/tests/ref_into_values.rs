//! A `$ref` whose JSON pointer names a value no keyword the model reads holds as a
//! schema (inside an annotation such as `examples` or `default`): the value is read
//! as a schema where the reference asks for it, in the dialect of its document, in
//! the schema itself or in a registered document; a value that is not a schema is
//! refused at its place, and a pointer to nothing still is. The suite's
//! `optional/refOfUnknownKeyword.json` runs in both back ends in
//! `tests/compiled/tests/json_schema_test_suite.rs`.

use serde_json::{json, Value};
use tool_schema_engine::{Options, Schema};

fn valid(schema: &Schema, data: Value) -> bool {
    schema.is_valid_with(&data, &Options::SPEC)
}

fn parse(v: Value) -> Schema {
    Schema::parse(&v).unwrap_or_else(|e| panic!("refused: {v}: {e}"))
}

#[test]
fn a_reference_reads_an_annotation_value_as_a_schema() {
    let s = parse(json!({"examples": [{"type": "string"}], "$ref": "#/examples/0"}));
    assert!(valid(&s, json!("a string")));
    assert!(!valid(&s, json!(42)));
    // From a subschema, into a nested annotation, twice (one node for both).
    let s = parse(json!({"properties": {
        "a": {"default": {"minimum": 3}},
        "b": {"$ref": "#/properties/a/default"},
        "c": {"items": {"$ref": "#/properties/a/default"}}
    }}));
    assert!(valid(&s, json!({"a": 1, "b": 5, "c": [3, 4]})));
    assert!(!valid(&s, json!({"b": 2})));
    assert!(!valid(&s, json!({"c": [3, 2]})));
    // An escaped pointer.
    let s = parse(
        json!({"$comment": "x", "examples": [{"a/b": {"maxLength": 1}}], "$ref": "#/examples/0/a~1b"}),
    );
    assert!(valid(&s, json!("x")));
    assert!(!valid(&s, json!("xy")));
}

#[test]
fn the_value_keeps_its_documents_dialect() {
    // Draft 7: an array `items` is a tuple.
    let draft7 = "http://json-schema.org/draft-07/schema#";
    let s = parse(
        json!({"$schema": draft7, "examples": [{"items": [{"type": "string"}]}], "properties": {"a": {"$ref": "#/examples/0"}}}),
    );
    assert!(valid(&s, json!({"a": ["x", 1]})));
    assert!(!valid(&s, json!({"a": [1]})));
}

#[test]
fn a_registered_document_too() {
    let doc = json!({"examples": [{"maximum": 1}], "$ref": "#/examples/0"});
    let builder = Schema::builder().resource("http://x.example/d.json", doc);
    for schema in [
        json!({"$ref": "http://x.example/d.json"}),
        json!({"$ref": "http://x.example/d.json#/examples/0"}),
    ] {
        let s = builder.parse(&schema).unwrap();
        assert!(valid(&s, json!(1)), "{schema}");
        assert!(!valid(&s, json!(2)), "{schema}");
    }
}

#[test]
fn a_value_that_is_not_a_schema_is_refused_at_its_place() {
    for (schema, place, words) in [
        (
            json!({"examples": ["x"], "$ref": "#/examples/0"}),
            "/examples/0",
            "expected a schema",
        ),
        (
            json!({"examples": [{"minimum": "3"}], "$ref": "#/examples/0"}),
            "/examples/0/minimum",
            "expected a number",
        ),
        (
            json!({"examples": [], "$ref": "#/examples/0"}),
            "/$ref",
            "does not name a schema",
        ),
        (
            json!({"$ref": "#/nothing/here"}),
            "/$ref",
            "does not name a schema",
        ),
    ] {
        let e = Schema::parse(&schema).unwrap_err();
        assert_eq!(e.problems[0].pointer, place, "{schema}: {e}");
        assert!(e.to_string().contains(words), "{schema}: {e}");
    }
}
