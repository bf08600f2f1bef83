//! Provider rules over many schemas: the 40 tools of the MCP reference servers
//! (`../shared/corpora/mcp`, see its README) exported for every provider and checked by
//! `export_support::check`; names, toolboxes, per-request limits, options; and what
//! each provider refuses. Every export is written to
//! `$CARGO_TARGET_TMPDIR/exports/export_rules.jsonl` for `tools/check_exports.py`.

mod export_support;

use export_support::{check, record};
#[path = "../../tests/support/shared_material.rs"]
mod shared_material;

use serde_json::{json, Value};
use tool_schema_engine::export::{
    self, export, toolbox, ChangeKind, ExportOptions, Lossy, SchemaDialect, Target, ToolSpec,
};

/// The MCP corpus is read from the shared material (`$TOOL_SCHEMA_SHARED`, else
/// `$SHARED`, default `../shared` beside the workspace), not copied: the reference
/// servers' packages ship no licence text (see the corpus README). Without it these tests say so (`SKIPPED: ...`) and
/// pass, unless `TOOL_SCHEMA_REQUIRE_SHARED=1`.
fn mcp_tools() -> Option<Vec<Value>> {
    let shared = std::env::var_os("TOOL_SCHEMA_SHARED")
        .or_else(|| std::env::var_os("SHARED"))
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared")
        });
    let path = shared.join("corpora/mcp/tools.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        shared_material::skip_without_shared(&format!("no MCP corpus at {}", path.display()));
        return None;
    };
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
}

#[test]
fn mcp_corpus_for_every_provider() {
    let Some(tools) = mcp_tools() else { return };
    assert_eq!(tools.len(), 40);
    let mut outcome = Vec::new();
    for target in Target::ALL {
        let mut refused = Vec::new();
        for t in &tools {
            let name = t["name"].as_str().unwrap();
            let title = t["other_fields"]["title"].as_str();
            let mut spec = ToolSpec::new(
                name,
                t["description"].as_str().unwrap_or(""),
                &t["inputSchema"],
            );
            if let Some(title) = title {
                spec = spec.with_title(title);
            }
            match export(target, &spec, &ExportOptions::default()) {
                Ok(out) => {
                    let problems = check(target, &out.value);
                    assert!(
                        problems.is_empty(),
                        "{name} for {target}: {problems:?}\n{}",
                        out.value
                    );
                    record("export_rules", target, name, &out.value);
                }
                Err(e) => refused.push(format!(
                    "{name}: {}",
                    e.problems
                        .iter()
                        .map(|p| format!("{} {}", p.pointer, p.message))
                        .collect::<Vec<_>>()
                        .join("; ")
                )),
            }
        }
        outcome.push((target, refused));
    }
    // Every tool exports to every provider: reference-server schemas are plain.
    for (target, refused) in outcome {
        assert!(refused.is_empty(), "{target}: {refused:#?}");
    }
}

/// MCP to MCP with `$schema` kept is the identity: same name, title, description and
/// inputSchema as the server sent.
#[test]
fn mcp_round_trip_is_the_identity() {
    let keep = ExportOptions::new().schema_dialect(SchemaDialect::Keep);
    for t in mcp_tools().unwrap_or_default() {
        let name = t["name"].as_str().unwrap();
        let title = t["other_fields"]["title"].as_str().unwrap();
        let description = t["description"].as_str().unwrap();
        let spec = ToolSpec::new(name, description, &t["inputSchema"]).with_title(title);
        let out = export(Target::Mcp, &spec, &keep).unwrap();
        let expected = json!({"name": name, "title": title, "description": description, "inputSchema": t["inputSchema"]});
        assert_eq!(out.value.to_string(), expected.to_string(), "{name}");
        assert!(out.report.is_empty(), "{name}: {}", out.report);
    }
}

fn spec(schema: &Value) -> ToolSpec<'_> {
    ToolSpec::new("t", "A tool.", schema)
}

#[test]
fn names_follow_each_provider_pattern() {
    let schema = json!({"type": "object", "properties": {}});
    let cases: [(&str, [bool; 4]); 6] = [
        // name: [anthropic, openai, gemini, mcp] accepted?
        ("get_weather", [true, true, true, true]),
        ("search-docs", [true, true, true, true]),
        ("fs.read", [false, false, true, true]),
        ("ns:tool", [false, false, true, false]),
        ("1st", [true, true, false, true]),
        ("bad name", [false, false, false, false]),
    ];
    for (name, ok) in cases {
        let spec = ToolSpec::new(name, "", &schema);
        for (target, ok) in [
            Target::Anthropic,
            Target::OpenAiChat,
            Target::Gemini,
            Target::Mcp,
        ]
        .into_iter()
        .zip(ok)
        {
            let got = export(target, &spec, &ExportOptions::default());
            assert_eq!(got.is_ok(), ok, "{name} for {target}: {got:?}");
        }
    }
    let long = "a".repeat(65);
    assert!(export::anthropic(&long, "", &schema).is_err());
    assert!(export::mcp(&long, None, "", &schema).is_ok());
    assert!(export::mcp(&"a".repeat(129), None, "", &schema).is_err());
}

#[test]
fn toolboxes_check_names_and_request_limits() {
    let schema = json!({"type": "object", "properties": {"a": {"type": "string"}}});
    let twice = [
        ToolSpec::new("a", "", &schema),
        ToolSpec::new("a", "", &schema),
    ];
    let e = toolbox(Target::Mcp, &twice, &ExportOptions::default()).unwrap_err();
    assert!(e.to_string().contains("two tools are named 'a'"), "{e}");

    let names: Vec<String> = (0..129).map(|i| format!("t{i}")).collect();
    let many: Vec<ToolSpec<'_>> = names
        .iter()
        .map(|n| ToolSpec::new(n, "", &schema))
        .collect();
    let e = toolbox(Target::OpenAiResponses, &many, &ExportOptions::default()).unwrap_err();
    assert!(e.mentions("", "129 tools"), "{e}");
    assert!(toolbox(
        Target::OpenAiResponses,
        &many[..128],
        &ExportOptions::default()
    )
    .is_ok());

    // Anthropic strict: 20 tools, 24 optional parameters, 16 union-typed parameters
    let e = toolbox(
        Target::AnthropicStrict,
        &many[..21],
        &ExportOptions::default(),
    )
    .unwrap_err();
    assert!(e.mentions("", "21 strict tools"), "{e}");
    assert!(toolbox(
        Target::AnthropicStrict,
        &many[..20],
        &ExportOptions::default()
    )
    .is_ok());
    let props: serde_json::Map<String, Value> = (0..25)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    let wide = json!({"type": "object", "properties": props});
    let e = export(
        Target::AnthropicStrict,
        &spec(&wide),
        &ExportOptions::default(),
    )
    .unwrap_err();
    assert!(e.mentions("", "25 optional parameters"), "{e}");
    let unions = json!({"type": "object", "properties": {
        "a": {"type": ["string", "null"]}, "b": {"anyOf": [{"type": "string"}, {"type": "integer"}]}
    }, "required": ["a", "b"]});
    let nine: Vec<ToolSpec<'_>> = names[..9]
        .iter()
        .map(|n| ToolSpec::new(n, "", &unions))
        .collect();
    let e = toolbox(Target::AnthropicStrict, &nine, &ExportOptions::default()).unwrap_err();
    assert!(e.mentions("", "18 parameters using `anyOf`"), "{e}");
}

#[test]
fn schema_dialect_is_omitted_unless_asked() {
    let schema = json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {}});
    let out = export(Target::Anthropic, &spec(&schema), &ExportOptions::default()).unwrap();
    assert!(out.value["input_schema"].get("$schema").is_none());
    assert_eq!(out.report.changes()[0].kind, ChangeKind::Removed);
    let kept = export(
        Target::Anthropic,
        &spec(&schema),
        &ExportOptions::new().schema_dialect(SchemaDialect::Keep),
    )
    .unwrap();
    assert_eq!(
        kept.value["input_schema"]["$schema"],
        "http://json-schema.org/draft-07/schema#"
    );
    let url = "https://json-schema.org/draft/2020-12/schema".to_string();
    let set = export(
        Target::Mcp,
        &spec(&json!({"type": "object"})),
        &ExportOptions::new().schema_dialect(SchemaDialect::Set(url.clone())),
    )
    .unwrap();
    assert_eq!(
        set.value["inputSchema"].to_string(),
        format!(r#"{{"$schema":"{url}","type":"object","properties":{{}}}}"#)
    );
    // never in Gemini's OpenAPI subset
    let g = export(
        Target::Gemini,
        &spec(&json!({"type": "object", "properties": {"a": {"type": "string"}}})),
        &ExportOptions::new().schema_dialect(SchemaDialect::Set(url)),
    )
    .unwrap();
    assert!(g.value["parameters"].get("$schema").is_none());
}

#[test]
fn json_schema_exports_keep_every_keyword_and_fix_shapes() {
    // keywords the schema model may learn later flow through untouched
    let schema = json!({"type": "object", "properties": {
        "s": {"type": "string", "minLength": 1, "x-ui": "wide", "format": "email"},
        "l": {"type": "array"},
        "m": {"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}, "additionalProperties": {"type": "integer"}}
    }});
    for target in [
        Target::Anthropic,
        Target::OpenAiChat,
        Target::OpenAiResponses,
        Target::GeminiJsonSchema,
        Target::Mcp,
    ] {
        let out = export(target, &spec(&schema), &ExportOptions::default()).unwrap();
        let got = out.value.pointer(target.schema_pointer()).unwrap();
        let mut want = schema.clone();
        want["properties"]["l"]["items"] = json!({});
        assert_eq!(got, &want, "{target}");
        assert!(
            check(target, &out.value).is_empty(),
            "{target}: {:?}",
            check(target, &out.value)
        );
        assert!(
            out.report
                .of_kind(ChangeKind::Added)
                .any(|c| c.pointer == "/properties/l"),
            "{target}"
        );
        record("export_rules", target, "keywords", &out.value);
    }
    // an array without items needs an item type in strict modes and Gemini
    for target in [
        Target::OpenAiChatStrict,
        Target::AnthropicStrict,
        Target::Gemini,
    ] {
        let e = export(target, &spec(&json!({"type": "object", "properties": {"l": {"type": "array"}}, "required": ["l"]})), &ExportOptions::default()).unwrap_err();
        assert!(
            e.mentions("/properties/l", "without `items`"),
            "{target}: {e}"
        );
    }
}

#[test]
fn root_ref_and_missing_properties_are_fixed_everywhere() {
    let tree = json!({"$defs": {"Node": {"type": "object", "properties": {"label": {"type": "string"},
        "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}}, "required": ["label"]}},
        "$ref": "#/$defs/Node"});
    for target in [
        Target::Anthropic,
        Target::OpenAiChat,
        Target::OpenAiChatStrict,
        Target::GeminiJsonSchema,
        Target::Mcp,
    ] {
        let out = export(target, &spec(&tree), &ExportOptions::default()).unwrap();
        assert!(
            check(target, &out.value).is_empty(),
            "{target}: {:?}",
            check(target, &out.value)
        );
        record("export_rules", target, "tree", &out.value);
    }
    // recursion: Gemini's `parameters` and Anthropic strict cannot
    for target in [Target::Gemini, Target::AnthropicStrict] {
        let e = export(target, &spec(&tree), &ExportOptions::default()).unwrap_err();
        assert!(
            e.problems.iter().any(|p| p.message.contains("recursive")),
            "{target}: {e}"
        );
    }
    let none = json!({"type": "object"});
    for target in Target::ALL {
        let out = export(target, &spec(&none), &ExportOptions::default()).unwrap();
        match target {
            Target::Gemini => assert_eq!(out.value, json!({"name": "t", "description": "A tool."})),
            _ => assert_eq!(
                out.value.pointer(target.schema_pointer()).unwrap()["properties"],
                json!({}),
                "{target}"
            ),
        }
    }
    let e = export(
        Target::Mcp,
        &spec(&json!({"type": "string"})),
        &ExportOptions::default(),
    )
    .unwrap_err();
    assert!(e.mentions("/type", "not \"object\""), "{e}");
}

#[test]
fn gemini_refuses_or_describes_what_its_subset_lacks() {
    let schema = json!({"type": "object", "properties": {
        "level": {"type": "integer", "enum": [1, 2]},
        "step": {"type": "number", "multipleOf": 0.5},
        "temp": {"type": "number", "exclusiveMinimum": 0},
        "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}
    }, "required": ["level"]});
    let e = export(Target::Gemini, &spec(&schema), &ExportOptions::default()).unwrap_err();
    let at: Vec<&str> = e.problems.iter().map(|p| p.pointer.as_str()).collect();
    assert_eq!(
        at,
        [
            "/properties/level/enum",
            "/properties/step/multipleOf",
            "/properties/temp/exclusiveMinimum",
            "/properties/tags/uniqueItems"
        ]
    );
    let out = export(
        Target::Gemini,
        &spec(&schema),
        &ExportOptions::new().lossy(Lossy::Describe),
    )
    .unwrap();
    let p = &out.value["parameters"]["properties"];
    assert_eq!(
        p["level"],
        json!({"type": "INTEGER", "description": "One of 1, 2."})
    );
    assert_eq!(
        p["temp"],
        json!({"type": "NUMBER", "description": "Must be greater than 0."})
    );
    assert_eq!(p["tags"]["description"], "Items must be unique.");
    assert!(
        check(Target::Gemini, &out.value).is_empty(),
        "{:?}",
        check(Target::Gemini, &out.value)
    );
    record("export_rules", Target::Gemini, "described", &out.value);
    // the JSON Schema variant keeps them all, reported as not enforced by Gemini
    let out = export(
        Target::GeminiJsonSchema,
        &spec(&schema),
        &ExportOptions::default(),
    )
    .unwrap();
    assert_eq!(out.value["parametersJsonSchema"], schema);
    let not: Vec<&str> = out
        .report
        .of_kind(ChangeKind::NotEnforced)
        .map(|c| c.pointer.as_str())
        .collect();
    assert_eq!(
        not,
        [
            "/properties/step/multipleOf",
            "/properties/temp/exclusiveMinimum",
            "/properties/tags/uniqueItems"
        ]
    );
    // `$ref` siblings are inlined for it
    let refs = json!({"type": "object", "$defs": {"U": {"type": "string"}}, "properties": {"u": {"$ref": "#/$defs/U", "description": "unit"}}});
    let out = export(
        Target::GeminiJsonSchema,
        &spec(&refs),
        &ExportOptions::default(),
    )
    .unwrap();
    assert_eq!(
        out.value["parametersJsonSchema"]["properties"]["u"],
        json!({"description": "unit", "type": "string"})
    );
}

#[test]
fn anthropic_strict_lossy_policy_and_patterns() {
    // `\b` runs in the validator but not in Anthropic's engine (lookaround would be
    // refused by the schema model itself, before any export).
    let schema = json!({"type": "object", "properties": {
        "code": {"type": "string", "pattern": "^[a-z]+\\b", "maxLength": 8},
        "ids": {"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": 3}
    }, "required": ["code", "ids"]});
    let out = export(
        Target::AnthropicStrict,
        &spec(&schema),
        &ExportOptions::default(),
    )
    .unwrap();
    let p = &out.value["input_schema"]["properties"];
    assert_eq!(
        p["code"],
        json!({"type": "string", "description": "Must match the regular expression \"^[a-z]+\\\\b\". At most 8 characters."})
    );
    assert_eq!(
        p["ids"],
        json!({"type": "array", "items": {"type": "integer"}, "minItems": 1, "description": "At most 3 items."})
    );
    assert!(check(Target::AnthropicStrict, &out.value).is_empty());
    let e = export(
        Target::AnthropicStrict,
        &spec(&schema),
        &ExportOptions::new().lossy(Lossy::Refuse),
    )
    .unwrap_err();
    let at: Vec<&str> = e.problems.iter().map(|p| p.pointer.as_str()).collect();
    assert_eq!(
        at,
        [
            "/properties/code/pattern",
            "/properties/code/maxLength",
            "/properties/ids/maxItems"
        ]
    );
}

/// OpenAPI's `nullable` (which tool-schema's model accepts) is written as JSON Schema
/// for JSON Schema providers and kept as such for Gemini's OpenAPI subset.
#[test]
fn openapi_nullable_is_translated() {
    let schema = json!({"type": "object", "properties": {
        "a": {"type": "string", "nullable": true},
        "b": {"const": 3, "nullable": true},
        "c": {"type": "integer", "nullable": false}
    }, "required": ["a", "b", "c"]});
    let out = export(Target::Mcp, &spec(&schema), &ExportOptions::default()).unwrap();
    assert_eq!(
        out.value["inputSchema"]["properties"],
        json!({
            "a": {"type": ["string", "null"]},
            "b": {"anyOf": [{"const": 3}, {"type": "null"}]},
            "c": {"type": "integer"}
        })
    );
    let out = export(
        Target::Gemini,
        &spec(
            &json!({"type": "object", "properties": {"a": {"type": "string", "nullable": true}}}),
        ),
        &ExportOptions::default(),
    )
    .unwrap();
    assert_eq!(
        out.value["parameters"]["properties"]["a"],
        json!({"type": "STRING", "nullable": true})
    );
    let out = export(
        Target::OpenAiChatStrict,
        &spec(&schema),
        &ExportOptions::default(),
    )
    .unwrap();
    assert_eq!(
        out.value["function"]["parameters"]["properties"]["a"],
        json!({"type": ["string", "null"]})
    );
    assert!(out.nullable_optional.is_empty());
}
