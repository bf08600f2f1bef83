//! Each keyword the schema model learned from the 2020-12 applicator and
//! validation vocabularies (`dependentRequired`, `dependentSchemas`, `if`/`then`/
//! `else`, ...), exported to every provider: kept where the provider's dialect
//! keeps its meaning (Anthropic and OpenAI without strict mode, MCP: JSON Schema
//! as it is), kept and reported as not enforced by the provider where the dialect
//! is JSON Schema but the provider does not list the keyword (Gemini
//! `parametersJsonSchema`), refused with the provider's rule where the dialect has
//! no such keyword (the strict modes, Gemini `parameters`). Never dropped.

use serde_json::{json, Value};
use tool_schema_engine::export::{self, ChangeKind, ExportOptions, Target, ToolSpec};

/// What an export does with a keyword.
#[derive(Debug)]
enum Outcome {
    /// The keyword is in the exported schema as written; no change reported.
    Kept,
    /// Kept, with a `NotEnforced` change at the keyword.
    KeptNotEnforced,
    /// Refused: a problem at the keyword whose rule names the provider.
    Refused(&'static str),
}

/// The schema an export holds, wherever the provider puts it.
fn exported_schema(target: Target, tool: &Value) -> &Value {
    match target {
        Target::Anthropic | Target::AnthropicStrict => &tool["input_schema"],
        Target::OpenAiChat | Target::OpenAiChatStrict => &tool["function"]["parameters"],
        Target::OpenAiResponses | Target::OpenAiResponsesStrict => &tool["parameters"],
        Target::Gemini => &tool["parameters"],
        Target::GeminiJsonSchema => &tool["parametersJsonSchema"],
        Target::Mcp => &tool["inputSchema"],
        other => panic!("no test for {other:?}"),
    }
}

fn expected(target: Target) -> Outcome {
    match target {
        Target::Anthropic | Target::OpenAiChat | Target::OpenAiResponses | Target::Mcp => {
            Outcome::Kept
        }
        Target::GeminiJsonSchema => Outcome::KeptNotEnforced,
        Target::AnthropicStrict => Outcome::Refused("Anthropic strict tool use"),
        Target::OpenAiChatStrict | Target::OpenAiResponsesStrict => {
            Outcome::Refused("OpenAI strict mode")
        }
        Target::Gemini => Outcome::Refused("Gemini"),
        other => panic!("no test for {other:?}"),
    }
}

/// Exports `schema` to every target and checks what became of `keyword` (at the
/// schema's root).
fn check(keyword: &str, schema: Value) {
    check_at(keyword, &format!("/{keyword}"), schema)
}

/// The value at JSON pointer `at` of `v`.
fn at_pointer<'v>(v: &'v Value, at: &str) -> Option<&'v Value> {
    v.pointer(at)
}

/// [`check`] for `keyword` at JSON pointer `at` of the schema.
fn check_at(keyword: &str, at: &str, schema: Value) {
    let mut problems = Vec::new();
    for target in Target::ALL {
        let spec = ToolSpec::new("tool", "A tool.", &schema);
        let result = export::export(target, &spec, &ExportOptions::default());
        let at = at.to_string();
        match (expected(target), result) {
            (Outcome::Kept, Ok(done)) => {
                let out = exported_schema(target, &done.value);
                if at_pointer(out, &at) != at_pointer(&schema, &at) {
                    problems.push(format!("{target:?}: {keyword} not kept as written: {out}"));
                }
                if !done.report.changes().is_empty() {
                    problems.push(format!("{target:?}: changes {:?}", done.report.changes()));
                }
            }
            (Outcome::KeptNotEnforced, Ok(done)) => {
                let out = exported_schema(target, &done.value);
                if at_pointer(out, &at) != at_pointer(&schema, &at) {
                    problems.push(format!("{target:?}: {keyword} not kept as written: {out}"));
                }
                let noted = done
                    .report
                    .changes()
                    .iter()
                    .any(|c| c.pointer == at && c.kind == ChangeKind::NotEnforced);
                if !noted {
                    problems.push(format!(
                        "{target:?}: no NotEnforced change at {at}: {:?}",
                        done.report.changes()
                    ));
                }
            }
            (Outcome::Refused(rule), Err(e)) => {
                let named = e
                    .problems
                    .iter()
                    .any(|p| p.pointer == at && p.rule.contains(rule));
                if !named {
                    problems.push(format!("{target:?}: not refused at {at} by {rule:?}: {e}"));
                }
            }
            (want, got) => problems.push(format!("{target:?}: wanted {want:?}, got {got:?}")),
        }
    }
    assert!(problems.is_empty(), "{keyword}:\n{}", problems.join("\n"));
}

fn object(extra: Value) -> Value {
    let mut schema = json!({
        "type": "object",
        "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
        "required": ["a"]
    });
    for (k, v) in extra.as_object().unwrap() {
        schema[k] = v.clone();
    }
    schema
}

#[test]
fn dependent_required() {
    check(
        "dependentRequired",
        object(json!({"dependentRequired": {"a": ["b"]}})),
    );
}

#[test]
fn dependent_schemas() {
    check(
        "dependentSchemas",
        object(json!({"dependentSchemas": {"a": {"required": ["b"]}}})),
    );
}

#[test]
fn if_then_else() {
    let schema = object(json!({
        "if": {"properties": {"a": {"const": "x"}}},
        "then": {"required": ["b"]},
        "else": {"properties": {"b": {"maxLength": 3}}}
    }));
    for keyword in ["if", "then", "else"] {
        check(keyword, schema.clone());
    }
}

#[test]
fn contains_min_contains_max_contains() {
    let schema = json!({
        "type": "object",
        "properties": {"a": {"type": "string"}},
        "required": ["a"],
        "additionalProperties": false
    });
    for keyword in ["contains", "minContains", "maxContains"] {
        // At the root of an array property: checked at its pointer.
        let mut s = schema.clone();
        s["properties"]["list"] = json!({
            "type": "array",
            "items": {"type": "string"},
            "contains": {"const": "x"},
            "minContains": 1,
            "maxContains": 2
        });
        check_at(keyword, &format!("/properties/list/{keyword}"), s);
    }
}

#[test]
fn pattern_properties() {
    check(
        "patternProperties",
        object(json!({"patternProperties": {"^x-": {"type": "string"}}})),
    );
}

#[test]
fn unevaluated_properties() {
    check(
        "unevaluatedProperties",
        object(json!({
            "allOf": [{"properties": {"c": {"type": "integer"}}}],
            "unevaluatedProperties": false
        })),
    );
}

#[test]
fn unevaluated_items() {
    let mut s = object(json!({}));
    s["properties"]["list"] = json!({
        "type": "array",
        "prefixItems": [{"type": "string"}],
        "unevaluatedItems": {"type": "integer"}
    });
    check_at("unevaluatedItems", "/properties/list/unevaluatedItems", s);
}

/// The content keywords only annotate (since 2019-09): every provider takes the
/// tool, and the keyword is either kept as written or left out with nothing else
/// changed (leaving an annotation out never changes which calls are valid).
#[test]
fn content_annotations() {
    let schema = json!({
        "type": "object",
        "properties": {"doc": {
            "type": "string",
            "contentEncoding": "base64",
            "contentMediaType": "application/json",
            "contentSchema": {"type": "object"}
        }},
        "required": ["doc"]
    });
    let mut seen = Vec::new();
    for target in Target::ALL {
        let spec = ToolSpec::new("tool", "A tool.", &schema);
        let done = export::export(target, &spec, &ExportOptions::default())
            .unwrap_or_else(|e| panic!("{target:?} refused annotations: {e}"));
        let out = exported_schema(target, &done.value);
        let doc = &out["properties"]["doc"];
        for k in ["contentEncoding", "contentMediaType", "contentSchema"] {
            match doc.get(k) {
                Some(v) => assert_eq!(
                    Some(v),
                    schema["properties"]["doc"].get(k),
                    "{target:?} {k}"
                ),
                None => seen.push(format!("{target:?} leaves {k} out")),
            }
        }
        // (Gemini's `parameters` writes type names in capitals.)
        let ty = doc["type"].as_str().unwrap_or_default();
        assert!(ty.eq_ignore_ascii_case("string"), "{target:?}: {doc}");
    }
    // Plain JSON Schema dialects keep them.
    for target in [Target::Anthropic, Target::OpenAiChat, Target::Mcp] {
        assert!(
            !seen.iter().any(|s| s.starts_with(&format!("{target:?} "))),
            "{seen:?}"
        );
    }
}
