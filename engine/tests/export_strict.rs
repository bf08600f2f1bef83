//! The OpenAI strict transform (`export::strict::openai`) against the OpenAI SDK's
//! own transform on pydantic schemas (`tests/data/openai-strict`, see its README),
//! compared semantically; and the transform's rules one by one.
//!
//! The equivalence of `#[derive(ToolArgs)]` structs with the pydantic models of the
//! corpus (issue 6, item 4) is `tests/pydantic_equivalence.rs`, with the same
//! comparison.

mod export_support;

use export_support::{check, record};
use serde_json::{json, Value};
use tool_schema_engine::export::{
    self, strict, ChangeKind, ExportOptions, Lossy, NullableOptional, Target, ToolSpec,
};

// ---------------------------------------------------------------------------------
// Semantic facts of a schema (per property path: types, nullability, requiredness,
// description, title, bounds, listed values), shared with
// `tests/pydantic_equivalence.rs`.
#[path = "../../tests/support/strict_facts.rs"]
mod strict_facts;
use strict_facts::{diff, facts};

fn cases() -> Vec<Value> {
    let text = include_str!("data/openai-strict/cases.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// What the comparison with the SDK must find for each case: nothing, a refusal at
/// the given pointers, or the listed differences, each on purpose.
fn expected(name: &str) -> Result<Vec<&'static str>, Vec<&'static str>> {
    match name {
        // The SDK lists `units`, `verbose`, `retries` in `required` but leaves them
        // non-nullable: the model must then always choose a value, and could not leave
        // the default to the tool. We make them nullable (null = absent = default) and
        // move each default into the description (strict mode has refused `default`).
        "WithDefaults" => Ok(vec![
            "/retries nullable true vs false",
            "/retries description Some(\"How many retries. Default: 3.\") vs Some(\"How many retries.\")",
            "/units nullable true vs false",
            "/units description Some(\"Default: \\\"metric\\\".\") vs None",
            "/verbose nullable true vs false",
            "/verbose description Some(\"Default: false.\") vs None",
        ]),
        // `minLength`/`maxLength` are not in strict mode's supported keywords: refused
        // (the SDK passes them on; the API may refuse them, see the corpus README).
        "Constrained" => Err(vec!["/properties/code/maxLength", "/properties/code/minLength"]),
        // A map (`additionalProperties` as a schema) is not `additionalProperties:
        // false`: refused (the SDK passes it on).
        "MapField" => Err(vec!["/properties/labels/additionalProperties"]),
        _ => Ok(vec![]),
    }
}

#[test]
fn corpus_matches_the_openai_sdk_semantically() {
    let cases = cases();
    assert_eq!(cases.len(), 12);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let input = &case["pydantic_schema"];
        let sdk = &case["openai_tool"]["function"]["parameters"];
        let description = case["openai_tool"]["function"]["description"]
            .as_str()
            .unwrap();
        let ours = strict::openai(input, &ExportOptions::default());
        match (expected(name), ours) {
            (Ok(diffs), Ok(ours)) => {
                assert_eq!(
                    diff(&facts(&ours.schema), &facts(sdk)),
                    diffs,
                    "{name}:\n{}",
                    ours.report
                );
                let tool = export::openai_chat_strict(name, description, input).unwrap();
                assert_eq!(tool["function"]["parameters"], ours.schema);
                assert!(
                    check(Target::OpenAiChatStrict, &tool).is_empty(),
                    "{name}: {:?}",
                    check(Target::OpenAiChatStrict, &tool)
                );
                record("export_strict", Target::OpenAiChatStrict, name, &tool);
            }
            (Err(pointers), Err(e)) => {
                let got: Vec<&str> = e.problems.iter().map(|p| p.pointer.as_str()).collect();
                assert_eq!(got, pointers, "{name}: {e}");
            }
            (want, got) => panic!("{name}: expected {want:?}, got {got:?}"),
        }
    }
}

/// With `Lossy::Describe` the refused length bounds of `Constrained` move into the
/// description; everything else matches the SDK.
#[test]
fn constrained_with_describe_matches_but_for_the_moved_bounds() {
    let case = cases()
        .into_iter()
        .find(|c| c["name"] == "Constrained")
        .unwrap();
    let ours = strict::openai(
        &case["pydantic_schema"],
        &ExportOptions::new().lossy(Lossy::Describe),
    )
    .unwrap();
    let sdk = &case["openai_tool"]["function"]["parameters"];
    assert_eq!(
        diff(&facts(&ours.schema), &facts(sdk)),
        [
            "/code description Some(\"At most 8 characters. At least 2 characters.\") vs None",
            "/code string:maxLength None vs Some(Number(8))",
            "/code string:minLength None vs Some(Number(2))",
        ]
    );
    assert_eq!(ours.report.of_kind(ChangeKind::Described).count(), 2);
}

#[test]
fn corpus_shapes_are_the_sdk_shapes_where_meaning_allows() {
    // Where no difference is expected, the transform gives the SDK's very JSON but
    // for key order and `additionalProperties`/`required` placement.
    for case in cases() {
        let name = case["name"].as_str().unwrap();
        if !matches!(expected(name), Ok(d) if d.is_empty()) {
            continue;
        }
        let ours = strict::openai(&case["pydantic_schema"], &ExportOptions::default()).unwrap();
        assert_eq!(
            ours.schema, case["openai_tool"]["function"]["parameters"],
            "{name}"
        );
    }
}

// ---------------------------------------------------------------------------------
// The transform's rules.

fn oa(v: Value) -> Result<strict::StrictSchema, export::ExportError> {
    strict::openai(&v, &ExportOptions::default())
}

#[test]
fn unevaluated_properties_false_alone_becomes_additional_properties_false() {
    let schema = json!({
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "required": ["a"],
        "unevaluatedProperties": false
    });
    for s in [
        oa(schema.clone()).unwrap(),
        strict::anthropic(&schema, &ExportOptions::default()).unwrap(),
    ] {
        assert_eq!(s.schema["additionalProperties"], json!(false));
        assert!(s.schema.get("unevaluatedProperties").is_none());
        let change = &s.report.changes()[0];
        assert_eq!(change.pointer, "/unevaluatedProperties");
        assert_eq!(change.kind, ChangeKind::Converted);
    }
    // Beside in-place subschemas it means more: refused with the rule.
    let e = oa(json!({
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "anyOf": [{"properties": {"b": {"type": "string"}}}],
        "unevaluatedProperties": false
    }))
    .unwrap_err();
    assert!(e.to_string().contains("unevaluatedProperties"), "{e}");
}

#[test]
fn nullable_optional_lists_properties_whose_null_means_absent() {
    let schema = export_support::order();
    let list = strict::nullable_optional(&schema).unwrap();
    assert_eq!(
        list,
        [
            NullableOptional {
                object_pointer: String::new(),
                property: "note".into(),
                pointer: "/properties/note".into(),
                already_nullable: true,
            },
            NullableOptional {
                object_pointer: String::new(),
                property: "lines".into(),
                pointer: "/properties/lines".into(),
                already_nullable: false,
            },
        ]
    );
    // nested objects too
    let s = oa(json!({"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}}}, "required": ["a"]})).unwrap();
    assert_eq!(
        s.nullable_optional()[0].pointer,
        "/properties/a/properties/b"
    );
    assert_eq!(s.nullable_optional()[0].object_pointer, "/properties/a");
}

#[test]
fn ref_siblings_are_inlined_and_root_refs_resolved() {
    let s = oa(json!({
        "$defs": {"P": {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}},
        "$ref": "#/$defs/P"
    }))
    .unwrap();
    assert_eq!(s.schema["type"], "object");
    assert_eq!(s.schema["properties"]["x"], json!({"type": "integer"}));
    assert!(s
        .report
        .of_kind(ChangeKind::Inlined)
        .any(|c| c.pointer.is_empty()));

    let s = oa(
        json!({"type": "object", "$defs": {"U": {"type": "string", "title": "U"}},
        "properties": {"u": {"$ref": "#/$defs/U", "description": "a unit"}}, "required": ["u"]}),
    )
    .unwrap();
    assert_eq!(
        s.schema["properties"]["u"],
        json!({"description": "a unit", "type": "string", "title": "U"})
    );

    // a sibling that contradicts the target is not inlined
    let e = oa(json!({"type": "object", "$defs": {"U": {"type": "string"}},
        "properties": {"u": {"$ref": "#/$defs/U", "type": "integer"}}, "required": ["u"]}))
    .unwrap_err();
    assert!(e.mentions("/properties/u", "siblings type differ"), "{e}");
    // external references are refused (by the schema model, before the transform)
    let e = oa(json!({"type": "object", "properties": {"u": {"$ref": "other.json#/U"}}, "required": ["u"]})).unwrap_err();
    assert!(
        e.mentions("/properties/u/$ref", "nothing is fetched"),
        "{e}"
    );
}

#[test]
fn one_of_with_a_discriminator_becomes_any_of() {
    let cat = json!({"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}}, "required": ["kind", "lives"]});
    let dog = json!({"type": "object", "properties": {"kind": {"const": "dog"}, "good": {"type": "boolean"}}, "required": ["kind", "good"]});
    let s = oa(json!({"type": "object", "properties": {"pet": {"oneOf": [cat, dog]}}, "required": ["pet"]})).unwrap();
    let pet = &s.schema["properties"]["pet"];
    assert!(pet.get("oneOf").is_none());
    assert_eq!(pet["anyOf"][1]["additionalProperties"], json!(false));
    assert_eq!(s.report.of_kind(ChangeKind::OneOfToAnyOf).count(), 1);
    // without the discriminator the branches overlap: refused
    let e = oa(json!({"type": "object", "properties": {"pet": {"oneOf": [
        {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
        {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}
    ]}}, "required": ["pet"]}))
    .unwrap_err();
    assert!(e.mentions("/properties/pet/oneOf", "may both match"), "{e}");
}

#[test]
fn all_of_one_branch_is_merged_other_composition_refused() {
    let s = oa(json!({"type": "object", "properties": {"a": {"allOf": [{"type": "string", "pattern": "^x"}], "description": "d"}}, "required": ["a"]})).unwrap();
    assert_eq!(
        s.schema["properties"]["a"],
        json!({"description": "d", "type": "string", "pattern": "^x"})
    );
    let e = oa(json!({"type": "object", "properties": {
        "b": {"allOf": [{"type": "string"}, {"minLength": 1}]},
        "c": {"type": "string", "not": {"const": "x"}}
    }, "required": ["b", "c"]}))
    .unwrap_err();
    for p in ["/properties/b/allOf", "/properties/c/not"] {
        assert!(e.problems.iter().any(|x| x.pointer == p), "{p}: {e}");
    }
    // `if`/`then`: the model reads them, strict mode has no such keywords
    let e = oa(json!({"type": "object", "properties": {
        "d": {"type": "integer", "if": {"minimum": 0}, "then": {"maximum": 9}}
    }, "required": ["d"]}))
    .unwrap_err();
    for p in ["/properties/d/if", "/properties/d/then"] {
        assert!(e.mentions(p, "`if`/`then`/`else`"), "{p}: {e}");
    }
}

#[test]
fn type_lists_split_and_defaults_described() {
    let s = oa(json!({"type": "object", "properties": {
        "v": {"type": ["boolean", "string"], "description": "lenient", "maxLength": 5},
        "n": {"type": "integer", "default": 3}
    }, "required": ["v"]}));
    // maxLength is refused in strict mode even inside the split branch
    let e = s.unwrap_err();
    assert!(
        e.mentions(
            "/properties/v/anyOf/1/maxLength",
            "only `pattern` and `format`"
        ),
        "{e}"
    );
    let s = oa(json!({"type": "object", "properties": {
        "v": {"type": ["boolean", "string"], "description": "lenient"},
        "n": {"type": "integer", "default": 3}
    }, "required": ["v"]}))
    .unwrap();
    assert_eq!(
        s.schema["properties"]["v"],
        json!({"description": "lenient", "anyOf": [{"type": "boolean"}, {"type": "string"}]})
    );
    assert_eq!(
        s.schema["properties"]["n"],
        json!({"type": ["integer", "null"], "description": "Default: 3."})
    );
}

#[test]
fn annotations_outside_the_subset_are_removed_and_reported() {
    let s = oa(json!({"type": "object", "$comment": "c", "properties": {
        "a": {"type": "string", "examples": ["x"], "x-ui": {"w": 1}, "deprecated": true, "format": "uri"}
    }, "required": ["a"]}))
    .unwrap();
    assert_eq!(
        s.schema["properties"]["a"],
        json!({"type": "string", "description": "Format: uri."})
    );
    let removed: Vec<&str> = s
        .report
        .of_kind(ChangeKind::Removed)
        .map(|c| c.pointer.as_str())
        .collect();
    assert_eq!(
        removed,
        [
            "/$comment",
            "/properties/a/examples",
            "/properties/a/x-ui",
            "/properties/a/deprecated"
        ]
    );
}

#[test]
fn limits_are_checked() {
    // 11 levels of nested objects
    let mut s =
        json!({"type": "object", "properties": {"leaf": {"type": "string"}}, "required": ["leaf"]});
    for _ in 0..10 {
        s = json!({"type": "object", "properties": {"n": s}, "required": ["n"]});
    }
    let e = oa(s).unwrap_err();
    // reported at the first object too deep
    let deepest = "/properties/n".repeat(10);
    assert!(e.mentions(&deepest, "11 levels"), "{e}");
    // 1001 enum values
    let vals: Vec<Value> = (0..1001).map(Value::from).collect();
    let e = oa(json!({"type": "object", "properties": {"e": {"type": "integer", "enum": vals}}, "required": ["e"]})).unwrap_err();
    assert!(e.mentions("", "1001 enum values"), "{e}");
}

#[test]
fn the_root_must_be_an_object() {
    let e = oa(json!({"type": "array", "items": {"type": "string"}})).unwrap_err();
    assert!(e.mentions("/type", "not \"object\""), "{e}");
    let e = oa(json!({"anyOf": [{"type": "object", "properties": {}}]})).unwrap_err();
    assert!(
        e.problems
            .iter()
            .any(|p| p.message.contains("`anyOf`") || p.message.contains("no `type`")),
        "{e}"
    );
    // a tool without arguments
    let s = oa(json!({"type": "object"})).unwrap();
    assert_eq!(
        s.schema,
        json!({"type": "object", "properties": {}, "additionalProperties": false, "required": []})
    );
}

#[test]
fn report_and_errors_print() {
    let s = oa(export_support::order()).unwrap();
    let text = s.report.to_string();
    assert!(
        text.starts_with("/properties/lines/items: added `additionalProperties: false`"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 3);
    let e = export::export(
        Target::OpenAiChatStrict,
        &ToolSpec::new(
            "t",
            "",
            &json!({"type": "object", "properties": {"s": {"type": "string", "maxLength": 3}}}),
        ),
        &ExportOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot export to OpenAI Chat Completions (strict):\n  tool 't' at /properties/s/maxLength: `maxLength` cannot be expressed (ExportOptions::lossy(Lossy::Describe) would move it into the description) (OpenAI strict mode supports only `pattern` and `format` on strings)"
    );
}
