//! Unknown keywords: refused at their place by default (a misspelt keyword would
//! drop its constraint), annotations with
//! `SchemaBuilder::annotate_unknown_keywords(true)`, as the JSON Schema
//! specification has them: kept, asserting nothing, a `$id` inside one names no
//! resource, and a value inside one is a schema only where a `$ref` names it. The
//! keywords of another draft than the schema's are unknown there too. The suite's
//! `optional/unknownKeyword.json`, `optional/refOfUnknownKeyword.json` and
//! `optional/cross-draft.json` run in both back ends in
//! `tests/compiled/tests/json_schema_test_suite.rs`.

use serde_json::{json, Value};
use tool_schema_engine::{Options, Schema, SchemaBuilder};

fn annotating() -> SchemaBuilder {
    Schema::builder().annotate_unknown_keywords(true)
}

fn valid(schema: &Schema, data: Value) -> bool {
    schema.is_valid_with(&data, &Options::SPEC)
}

#[test]
fn refused_by_default_annotations_when_asked() {
    let schema = json!({"properties": {"name": {"type": "string", "maxLenght": 3}}});
    let e = Schema::parse(&schema).unwrap_err();
    assert_eq!(e.problems[0].pointer, "/properties/name/maxLenght");
    assert!(e.to_string().contains("did you mean \"maxLength\""), "{e}");
    let s = annotating().parse(&schema).unwrap();
    assert!(valid(&s, json!({"name": "long name"})));
    assert!(!valid(&s, json!({"name": 1})));
    // Kept as written.
    assert_eq!(s.to_value()["properties"]["name"]["maxLenght"], json!(3));
}

#[test]
fn an_id_inside_an_unknown_keyword_names_nothing() {
    let uri = "https://x.example/thing.json";
    let schema = json!({
        "$defs": {
            "fake": {"not": {"schemas": [{"$id": uri, "type": "null"}]}},
            "real": {"$id": uri, "type": "string"}
        },
        "anyOf": [{"$ref": "#/$defs/fake"}, {"$ref": uri}]
    });
    let s = annotating().parse(&schema).unwrap();
    // `fake` is `not {}`: nothing; the reference by URI is the real resource's.
    assert!(valid(&s, json!("a string")));
    assert!(!valid(&s, json!(1)));
    assert!(!valid(&s, json!(null)));
    // Alone, the unknown keyword's `$id` is no resource a reference may name.
    let alone = json!({"unknown": {"$id": uri, "type": "null"}, "$ref": uri});
    let e = annotating().parse(&alone).unwrap_err();
    assert!(e.to_string().contains("nothing is fetched"), "{e}");
}

#[test]
fn a_reference_into_an_unknown_keyword_reads_a_schema() {
    for (schema, pointer) in [
        (
            json!({"unknown-keyword": {"type": "integer"}}),
            "#/unknown-keyword",
        ),
        (
            json!({"unknown/keyword": {"type": "integer"}}),
            "#/unknown~1keyword",
        ),
        (
            json!({"properties": {"foo": {"unknown": {"type": "integer"}}}}),
            "#/properties/foo/unknown",
        ),
    ] {
        let mut schema = schema;
        schema["properties"]["bar"] = json!({"$ref": pointer});
        let s = annotating().parse(&schema).unwrap();
        assert!(valid(&s, json!({"bar": 3})), "{schema}");
        assert!(!valid(&s, json!({"bar": true})), "{schema}");
        // The keyword alone asserts nothing.
        assert!(valid(&s, json!({"foo": true})), "{schema}");
    }
}

#[test]
fn another_drafts_keywords_are_unknown_in_a_draft() {
    let draft7 = "http://json-schema.org/draft-07/schema#";
    let draft2019 = "https://json-schema.org/draft/2019-09/schema";
    let prefix = json!([{"type": "string"}]);
    for (draft, read) in [
        (draft7, false),
        (draft2019, false),
        ("https://json-schema.org/draft/2020-12/schema", true),
    ] {
        let schema = json!({"$schema": draft, "prefixItems": prefix});
        let s = annotating().parse(&schema).unwrap();
        assert_eq!(!valid(&s, json!([1])), read, "{draft}");
        // Without the setting the model reads it in every draft.
        assert!(
            !valid(&Schema::parse(&schema).unwrap(), json!([1])),
            "{draft}"
        );
    }
    // Draft 7 has no `$defs` (nor `dependentRequired`): annotations, though a
    // `$ref` may still name a schema inside.
    let schema = json!({"$schema": draft7, "dependentRequired": {"a": ["b"]}, "$defs": {"n": {"minimum": 2}}, "properties": {"n": {"$ref": "#/$defs/n"}}});
    let s = annotating().parse(&schema).unwrap();
    assert!(valid(&s, json!({"a": 1})));
    assert!(!valid(&s, json!({"n": 1})));
    // Draft 2020-12 has no `additionalItems`: refused by default, else unknown.
    let schema = json!({"prefixItems": prefix, "additionalItems": false});
    assert!(Schema::parse(&schema).is_err());
    assert!(valid(
        &annotating().parse(&schema).unwrap(),
        json!(["a", 1])
    ));
}
