//! `--map-names` and `--name-prefix` of `export` and `check --tools`, run as a
//! binary on definitions of the repository's BFCL sample (`math.factorial`,
//! `math.hypot`, ...: names Anthropic and OpenAI refuse).

mod support;

use predicates::prelude::*;
use serde_json::{json, Value};
use std::path::PathBuf;
use support::{cmd, json_lines, json_out, sample};

/// `lines` written to a file of this test's temporary directory.
fn file(name: &str, lines: &[Value]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("naming_{name}"));
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, text).unwrap();
    path
}

/// The first python definitions of the BFCL sample, as JSONL definitions (their
/// names: `calculate_triangle_area`, `math.factorial`, `math.hypot`, ...).
fn bfcl_tools() -> PathBuf {
    let mut defs: Vec<Value> = Vec::new();
    for d in sample("definitions.jsonl") {
        if defs.len() < 8 && !defs.iter().any(|e| e["name"] == d["name"]) {
            defs.push(json!({"name": d["name"], "description": "", "parameters": d["parameters"]}));
        }
    }
    assert_eq!(defs[1]["name"], "math.factorial");
    file("bfcl_tools.jsonl", &defs)
}

/// Where each target's value lists the definitions, and where a definition
/// holds its name.
fn names_in(target: &str, value: &Value) -> Vec<String> {
    let (list, name) = match target {
        "gemini" | "gemini-json-schema" => (&value[0]["functionDeclarations"], "/name"),
        "mcp" => (&value["tools"], "/name"),
        "openai" | "openai-strict" => (value, "/function/name"),
        _ => (value, "/name"),
    };
    list.as_array()
        .unwrap()
        .iter()
        .map(|d| d.pointer(name).unwrap().as_str().unwrap().to_owned())
        .collect()
}

const TARGETS: [&str; 9] = [
    "anthropic",
    "anthropic-strict",
    "openai",
    "openai-strict",
    "openai-responses",
    "openai-responses-strict",
    "gemini",
    "gemini-json-schema",
    "mcp",
];

#[test]
fn export_maps_the_names_a_provider_refuses_and_lists_each_rename() {
    let tools = bfcl_tools();
    for target in TARGETS {
        let dotted = target.starts_with("gemini") || target == "mcp";
        let export = |naming: &[&str]| {
            let flags = ["export", "--dialect", "bfcl", "--lossy", "describe"];
            cmd()
                .args(flags)
                .args(naming)
                .args(["--target", target])
                .arg(&tools)
                .assert()
        };
        let keep = export(&[]);
        if dotted {
            keep.code(0);
        } else {
            keep.code(1)
                .stderr(predicate::str::contains(
                    "the tool name 'math.factorial' does not follow the provider's pattern",
                ))
                .stderr(predicate::str::contains(
                    "note: 4 tool names do not follow the provider's pattern: --map-names maps them",
                ));
        }
        let run = export(&["--map-names"]).code(0);
        let stderr = String::from_utf8(run.get_output().stderr.clone()).unwrap();
        let names = names_in(target, &json_out(run));
        assert_eq!(names.len(), 8, "{target}");
        let expected = if dotted {
            "math.factorial"
        } else {
            "math_factorial"
        };
        assert_eq!(names[1], expected, "{target}");
        assert_eq!(
            stderr.contains("the name 'math.factorial' is written 'math_factorial'"),
            !dotted,
            "{target}: {stderr}"
        );
    }
}

#[test]
fn a_name_prefix_is_written_before_every_name() {
    let value = json_out(
        cmd()
            .args([
                "export",
                "--dialect",
                "bfcl",
                "--target",
                "mcp",
                "--name-prefix",
                "bfcl",
            ])
            .arg(bfcl_tools())
            .assert()
            .code(0)
            .stderr(predicate::str::contains(
                "the name 'math.factorial' is written 'bfcl__math.factorial'",
            )),
    );
    let names = names_in("mcp", &value);
    assert_eq!(names[0], "bfcl__calculate_triangle_area");
    assert_eq!(names[1], "bfcl__math.factorial");
}

#[test]
fn two_tools_mapped_to_one_name_are_refused_naming_both() {
    let schema = json!({"type": "object", "properties": {"a": {"type": "integer"}}});
    let tools = file(
        "collide.jsonl",
        &[
            json!({"name": "math.gcd", "parameters": schema}),
            json!({"name": "math_gcd", "parameters": schema}),
        ],
    );
    cmd()
        .args(["export", "--map-names", "--target", "anthropic"])
        .arg(&tools)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "the tools 'math.gcd' and 'math_gcd' are both named 'math_gcd' for Anthropic",
        ));
    cmd()
        .args(["export", "--map-names", "--target", "gemini"])
        .arg(&tools)
        .assert()
        .code(0);
    let calls = file(
        "collide_calls.jsonl",
        &[json!({"name": "math_gcd", "arguments": {"a": 1}})],
    );
    cmd()
        .args(["check", "--map-names", "--tools"])
        .arg(&tools)
        .arg(&calls)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the tools 'math.gcd' and 'math_gcd' are both named 'math_gcd'",
        ));
}

#[test]
fn check_tools_takes_the_mapped_names_with_the_flags() {
    let tools = bfcl_tools();
    let calls = file(
        "calls.jsonl",
        &[
            json!({"type": "tool_use", "id": "t1", "name": "math_factorial", "input": {"number": 5}}),
            json!({"functionCall": {"name": "math.factorial", "args": {"number": 5}}}),
            json!({"type": "function_call", "call_id": "c1", "name": "math_hypot", "arguments": "{\"x\": 3, \"y\": 4}"}),
            json!({"name": "math_hypot", "arguments": {"x": "3", "y": 4}}),
        ],
    );
    let lines = json_lines(
        cmd()
            .args([
                "check",
                "--dialect",
                "bfcl",
                "--format",
                "json",
                "--map-names",
                "--tools",
            ])
            .arg(&tools)
            .arg(&calls)
            .assert()
            .code(1),
    );
    let verdicts: Vec<(&Value, &Value)> = lines.iter().map(|l| (&l["tool"], &l["valid"])).collect();
    assert_eq!(
        verdicts,
        [
            (&json!("math.factorial"), &json!(true)),
            (&json!("math.factorial"), &json!(true)),
            (&json!("math.hypot"), &json!(true)),
            (&json!("math.hypot"), &json!(false)),
        ]
    );
    // Without the flag a mapped name is an unknown tool.
    let lines = json_lines(
        cmd()
            .args(["check", "--dialect", "bfcl", "--format", "json", "--tools"])
            .arg(&tools)
            .arg(&calls)
            .assert()
            .code(1),
    );
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[0]["violations"][0]["kind"], "unknown-tool");
    assert_eq!(lines[1]["valid"], true);
    // With a prefix, the prefixed names.
    let prefixed = file(
        "prefixed_calls.jsonl",
        &[
            json!({"type": "tool_use", "id": "t1", "name": "bfcl__math_factorial", "input": {"number": 5}}),
        ],
    );
    cmd()
        .args([
            "check",
            "--dialect",
            "bfcl",
            "--name-prefix",
            "bfcl",
            "--tools",
        ])
        .arg(&tools)
        .arg(&prefixed)
        .assert()
        .code(0);
    // The flags name tools of --tools: without it they cannot be used.
    cmd()
        .args(["check", "--map-names"])
        .arg(&prefixed)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("need --tools FILE"));
}
