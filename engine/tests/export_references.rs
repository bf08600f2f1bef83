//! Exports of schemas with identifiers (`$id`, `$anchor`, `$dynamicRef`), remote
//! references and draft-07 semantics, per provider: each export either keeps the
//! meaning the validator gives the schema (the exported JSON Schema accepts and
//! refuses the same values) or is refused with the provider's rule; nothing is
//! dropped.

use serde_json::{json, Value};
use tool_schema_engine::export::{export, ExportOptions, Target, ToolSpec};
use tool_schema_engine::{Options, Schema};

const DRAFT7: &str = "http://json-schema.org/draft-07/schema#";

/// (name, schema, values to compare verdicts on)
fn cases() -> Vec<(&'static str, Value, Vec<Value>)> {
    vec![
        (
            "anchor",
            json!({"type": "object", "properties": {"a": {"$ref": "#num"}}, "required": ["a"],
                   "$defs": {"n": {"$anchor": "num", "type": "number", "minimum": 1}}}),
            vec![json!({"a": 2}), json!({"a": 0}), json!({"a": "x"})],
        ),
        (
            "id",
            json!({"$id": "http://x.example/root", "type": "object",
                   "properties": {"a": {"$ref": "item"}}, "required": ["a"],
                   "$defs": {"i": {"$id": "item", "type": "string", "maxLength": 2}}}),
            vec![json!({"a": "ab"}), json!({"a": "abc"}), json!({"a": 1})],
        ),
        (
            "draft-07 items",
            json!({"$schema": DRAFT7, "type": "object", "properties": {"a": {"type": "array",
                   "items": [{"type": "string"}], "additionalItems": {"type": "integer"}}}}),
            vec![
                json!({"a": ["x", 1]}),
                json!({"a": [1]}),
                json!({"a": ["x", "y"]}),
            ],
        ),
        (
            "draft-07 $ref beside keywords",
            json!({"$schema": DRAFT7, "type": "object", "definitions": {"s": {"type": "string"}},
                   "properties": {"a": {"$ref": "#/definitions/s", "maxLength": 1}}}),
            vec![json!({"a": "long"}), json!({"a": 1})],
        ),
        (
            "dynamic reference",
            json!({"$id": "http://x.example/t", "$dynamicAnchor": "node", "type": "object",
                   "properties": {"name": {"type": "string"},
                                  "kids": {"type": "array", "items": {"$dynamicRef": "#node"}}}}),
            vec![
                json!({"kids": [{"name": "a"}]}),
                json!({"kids": [{"name": 1}]}),
            ],
        ),
        (
            "meta-schema",
            json!({"type": "object", "properties": {"s": {"$ref": "https://json-schema.org/draft/2020-12/schema"}}}),
            vec![json!({"s": {"type": "string"}}), json!({"s": {"type": 1}})],
        ),
    ]
}

/// The providers that take JSON Schema as written (no strict subset).
fn plain(t: Target) -> bool {
    matches!(
        t,
        Target::Anthropic
            | Target::OpenAiChat
            | Target::OpenAiResponses
            | Target::GeminiJsonSchema
            | Target::Mcp
    )
}

#[test]
fn every_provider_keeps_the_meaning_or_refuses() {
    for (name, schema, values) in cases() {
        let ours = Schema::parse(&schema).unwrap();
        for target in Target::ALL {
            let spec = ToolSpec::new("t", "d", &schema);
            match export(target, &spec, &ExportOptions::default()) {
                Ok(e) => {
                    let exported = e.value.pointer(target.schema_pointer()).unwrap();
                    let text = exported.to_string();
                    for key in [
                        "\"$id\"",
                        "\"$anchor\"",
                        "\"$dynamicRef\"",
                        "\"additionalItems\"",
                    ] {
                        assert!(!text.contains(key), "{name} {target:?}: {key} kept: {text}");
                    }
                    if plain(target) {
                        // The provider reads draft 2020-12: the same verdicts.
                        let theirs = Schema::parse(exported)
                            .unwrap_or_else(|e| panic!("{name} {target:?}: {e}\n{text}"));
                        for v in &values {
                            assert_eq!(
                                ours.is_valid_with(v, &Options::SPEC),
                                theirs.is_valid_with(v, &Options::SPEC),
                                "{name} {target:?} on {v}: {text}"
                            );
                        }
                    }
                }
                Err(e) => {
                    assert!(!plain(target), "{name} {target:?} refused: {e}");
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    }
}

#[test]
fn local_identifiers_are_inlined_for_strict_providers() {
    let (_, schema, _) = cases().remove(0);
    for target in [Target::OpenAiChatStrict, Target::AnthropicStrict] {
        let e = export(
            target,
            &ToolSpec::new("t", "d", &schema),
            &ExportOptions::default(),
        )
        .unwrap_or_else(|e| panic!("{target:?}: {e}"));
        let text = e.value.to_string();
        assert!(!text.contains("#num"), "{target:?}: {text}");
    }
    // A document the schema names is not inlined: refused where only local
    // references are allowed.
    let (_, meta, _) = cases().remove(5);
    for target in [
        Target::OpenAiChatStrict,
        Target::AnthropicStrict,
        Target::Gemini,
    ] {
        let e = export(
            target,
            &ToolSpec::new("t", "d", &meta),
            &ExportOptions::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("https://json-schema.org/draft/2020-12/schema"),
            "{target:?}: {e}"
        );
    }
}
