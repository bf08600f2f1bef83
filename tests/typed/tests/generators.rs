//! The generator corpus typed: each schema of `tests/data/generators/` (schemars
//! 0.8 and 1.x, pydantic v2 and zod-to-json-schema output, pasted as is; see that
//! directory's README) compiles as `pub struct Name = { ... }`, and each call of
//! its `NAME.cases.jsonl` and 200 calls drawn from it by the test generator, under
//! each option, parse typed and round-trip when the validator accepts them, and
//! are refused with the validator's report when not.

#![allow(dead_code)] // the generator's helpers for other tests

#[path = "../../support/agreement.rs"]
mod agreement;

use serde_json::Value;
use std::path::Path;
use tool_schema_typed_tests::generators::GENERATORS;
use tool_schema_typed_tests::{check_call, for_generator};

#[test]
fn every_generator_schema_compiles_typed_and_its_calls_round_trip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/generators");
    let mut rng = agreement::Rng(0x6e6e_2032);
    let mut errors = Vec::new();
    let (mut cases, mut valid, mut drawn) = (0, 0, 0);
    for (name, validate, typed, schema) in GENERATORS {
        let text = std::fs::read_to_string(dir.join(format!("{name}.cases.jsonl"))).unwrap();
        for line in text.lines() {
            let case: Value = serde_json::from_str(line).unwrap();
            let call: Value = serde_json::from_str(case["text"].as_str().unwrap()).unwrap();
            cases += 1;
            valid += usize::from(check_call(*validate, *typed, &call, name, &mut errors));
        }
        let view = for_generator(schema(), schema());
        for i in 0..200 {
            let call = agreement::generate(&mut rng, &view, 0, i % 2 == 0);
            drawn += 1;
            valid += usize::from(check_call(*validate, *typed, &call, name, &mut errors));
        }
    }
    assert!(
        errors.is_empty(),
        "{} problems:\n{}",
        errors.len(),
        errors[..errors.len().min(10)].join("\n")
    );
    eprintln!(
        "{} schemas, {cases} cases and {drawn} drawn calls, {valid} valid",
        GENERATORS.len()
    );
    assert!(GENERATORS.len() >= 17, "{} schemas", GENERATORS.len());
    assert!(
        cases >= 300 && valid >= 1000,
        "{cases} cases, {valid} valid"
    );
}

/// The tagged unions and optional nested models of the three generators are
/// read by enums and `Option`s (the bindings name the types; the compiler checks
/// them), not by `serde_json::Value`.
#[test]
fn tagged_unions_and_optional_models_are_typed() {
    use serde_json::json;
    use tool_schema::ToolArgs;
    use tool_schema_typed_tests::generators::{
        pydantic_edit_doc as py, schemars08_edit_doc as s08, schemars1_edit_doc as s1,
        zod_edit_doc as zod,
    };
    let call = json!({"doc_id": "d", "edit": {"action": "delete", "count": 3}, "anchor": null, "retries": 1});
    let a = py::PydanticEditDoc::parse(&call).unwrap();
    let (edit, anchor): (&py::PydanticEditDocEdit, &Option<Option<py::Point>>) =
        (&a.edit, &a.anchor);
    assert!(matches!(
        edit,
        py::PydanticEditDocEdit::Delete(py::Delete { count: 3, .. })
    ));
    assert_eq!(anchor, &Some(None));
    let b = s1::Schemars1EditDoc::parse(&call).unwrap();
    let (edit, anchor): (&s1::Edit, &Option<Option<s1::Point>>) = (&b.edit, &b.anchor);
    assert!(matches!(
        edit,
        s1::Edit::Delete(s1::EditDelete { count: 3, .. })
    ));
    assert_eq!(anchor, &Some(None));
    let c = s08::Schemars08EditDoc::parse(&json!({"doc_id": "d", "edit": {"action": "undo"}, "retries": 0, "anchor": {"x": 1, "y": 2}})).unwrap();
    assert!(matches!(c.edit, s08::Edit::Undo(_)));
    assert_eq!(
        c.anchor.as_ref().unwrap().as_ref().map(|p| (p.x, p.y)),
        Some((1, 2))
    );
    let d =
        zod::ZodEditDoc::parse(&json!({"doc_id": "d", "edit": {"action": "insert", "text": "hi"}}))
            .unwrap();
    let edit: &zod::ZodEditDocEdit = &d.edit;
    assert_eq!(
        edit,
        &zod::ZodEditDocEdit::Insert(zod::ZodEditDocEditInsert { text: "hi".into() })
    );
    assert_eq!(
        serde_json::to_value(&d).unwrap(),
        json!({"doc_id": "d", "edit": {"action": "insert", "text": "hi"}})
    );
}
