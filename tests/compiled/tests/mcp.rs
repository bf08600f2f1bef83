//! The 40 tools of the MCP reference servers (`corpora/mcp/tools.jsonl` of the
//! shared material, see its README): every `inputSchema` loads in the interpreter
//! and compiles through `tool_schema!` (`build.rs`), or is refused for a reason
//! listed in `REFUSED`; and realistic calls of every tool (`mcp_calls.jsonl`,
//! written for this test) get identical reports from both back ends and exactly
//! the expected codes.
//!
//! The corpus is read from the shared material (`$TOOL_SCHEMA_SHARED`, `$SHARED`,
//! or `../shared` beside the workspace), not copied into the repository: the
//! servers' packages ship no licence text (the corpus README says so; the same
//! reason keeps it out of `engine/tests/data`). Without it these tests say so and
//! pass.

#[path = "../../support/shared_material.rs"]
mod shared_material;

use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use tool_schema::render::bfcl_codes;
use tool_schema::{Options, Schema, Undeclared};
use tool_schema_compiled_tests::mcp::{MCP, SOURCE};
use tool_schema_compiled_tests::Validate;

/// Input schemas the schema model refuses, with the reason: none.
/// (`$schema`, draft-07's URI in all 40, is an annotation; `format: "uri"` is a
/// format we check; `default`, `minItems`, type lists are supported.)
const REFUSED: &[(&str, &str)] = &[];

/// Lints the schema model finds in the input schemas (allowed in `build.rs`'s
/// invocations, as a user would with `#[tool(allow(...))]`): none.
const LINTS: &[(&str, &str)] = &[];

const OPTIONS: [Options; 4] = [
    Options::TOOL_CALL,
    Options::TOOL_CALL.undeclared(Undeclared::RejectAlways),
    Options::TOOL_CALL.undeclared(Undeclared::RejectIfForbidden),
    Options::SPEC,
];

fn corpus() -> Option<Vec<Value>> {
    if SOURCE.is_empty() {
        shared_material::skip_without_shared(
            "the shared MCP corpus was not there when build.rs ran",
        );
        return None;
    }
    let text = std::fs::read_to_string(SOURCE).unwrap();
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap())
            .collect(),
    )
}

#[test]
fn every_input_schema_loads_and_compiles() {
    let Some(tools) = corpus() else { return };
    assert_eq!(tools.len(), 40);
    let compiled: HashMap<&str, &str> = MCP.iter().map(|(n, s, _)| (*n, *s)).collect();
    let mut refused = Vec::new();
    let mut lints = Vec::new();
    for tool in &tools {
        let name = tool["name"].as_str().unwrap();
        let schema = &tool["inputSchema"];
        match Schema::parse(schema) {
            Ok(s) => {
                for l in s.lints() {
                    lints.push((name, l.kind.code()));
                }
                // Compiled, from exactly this schema.
                assert_eq!(
                    compiled.get(name),
                    Some(&schema.to_string().as_str()),
                    "{name}"
                );
            }
            Err(e) => {
                refused.push((name, e.to_string()));
                assert!(!compiled.contains_key(name), "{name}");
            }
        }
    }
    let refused: Vec<(&str, &str)> = refused.iter().map(|(n, r)| (*n, r.as_str())).collect();
    assert_eq!(refused, REFUSED);
    assert_eq!(lints, LINTS);
    assert_eq!(MCP.len(), 40 - REFUSED.len());
}

#[test]
fn realistic_calls_agree_and_get_their_codes() {
    let Some(_) = corpus() else { return };
    let tools: HashMap<&str, (Schema, Validate)> = MCP
        .iter()
        .map(|(n, s, f)| {
            let schema: Value = serde_json::from_str(s).unwrap();
            (*n, (Schema::parse(&schema).unwrap(), *f))
        })
        .collect();
    let text = include_str!("../mcp_calls.jsonl");
    let mut per_tool: BTreeMap<&str, usize> = BTreeMap::new();
    let mut errors = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let name = case["tool"].as_str().unwrap();
        let args = &case["arguments"];
        let Some((schema, compiled)) = tools.get(name) else {
            errors.push(format!("{name}: no such compiled tool"));
            continue;
        };
        *per_tool
            .entry(tools.get_key_value(name).unwrap().0)
            .or_default() += 1;
        for options in OPTIONS {
            let a = schema.validate_with(args, &options);
            let b = compiled(args, &options);
            if a != b {
                errors.push(format!(
                    "{name} {options:?}: {args}\n  interpreted: {a:?}\n  compiled:    {b:?}"
                ));
            }
        }
        let codes = bfcl_codes(&compiled(args, &Options::TOOL_CALL));
        let expected: Vec<String> = serde_json::from_value(case["expected"].clone()).unwrap();
        if codes != expected {
            errors.push(format!(
                "{name}: {args} expected {expected:?}, got {codes:?}"
            ));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    // A valid and an invalid call at least, for every tool.
    for name in tools.keys() {
        assert!(
            per_tool.get(name).copied().unwrap_or(0) >= 2,
            "{name}: {per_tool:?}"
        );
    }
}
