//! `tool-schema lint` and `tool-schema export`, run as a binary.

mod support;

use predicates::prelude::*;
use support::{cmd, data, json_out};

#[test]
fn lint_tables_errors_lints_and_each_target() {
    cmd()
        .arg("lint")
        .arg(data("lint_problems.json"))
        .assert()
        .code(1)
        .stdout(predicate::str::is_match(
            r"(?m)^tool\s+schema\s+lints\s+anthropic\s+anthropic_strict\s+openai_chat\s+openai_chat_strict\s+openai_responses\s+openai_responses_strict\s+gemini\s+gemini_json_schema\s+mcp$",
        ).unwrap())
        .stdout(predicate::str::is_match(r"(?m)^get_weather\s+ok\s+1\s+ok\s+refused\s+ok\s+refused\s+ok\s+refused\s+1 change\s+1 change\s+ok$").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^count\s+1 error\s+0(\s+-){9}$").unwrap())
        .stdout(predicate::str::contains("lint: /required/1: required property \"country\" is not declared in properties [required-undeclared]"))
        .stdout(predicate::str::contains("  refused at /properties/city/minLength: `minLength` cannot be expressed (`--lossy describe` would move it into the description) (OpenAI strict mode supports only `pattern` and `format` on strings) [2 times: openai_chat_strict, openai_responses_strict; get_weather]"))
        .stdout(predicate::str::contains("error: /properties/n/type: unknown type \"int\""));
}

#[test]
fn lint_passes_clean_definitions_of_every_shape() {
    for shape in [
        "mcp.json",
        "anthropic.json",
        "openai_chat.json",
        "openai_responses.json",
        "gemini.json",
    ] {
        cmd()
            .arg("lint")
            .arg(data(&format!("tools/{shape}")))
            .assert()
            .code(0)
            .stdout(predicate::str::is_match(r"(?m)^get_weather\s+ok\s+0\s+ok").unwrap());
    }
}

#[test]
fn lint_reads_the_bfcl_dialect() {
    let line = r#"{"name": "f", "description": "", "parameters": {"type": "dict", "properties": {"x": {"type": "float"}}, "required": ["x"]}}"#;
    cmd()
        .args(["lint", "--dialect", "bfcl", "-"])
        .write_stdin(format!("{line}\n"))
        .assert()
        .code(0)
        .stdout(predicate::str::is_match(r"(?m)^f\s+ok\s+0\s+ok").unwrap());
}

#[test]
fn lint_lists_each_definition_of_a_name() {
    // The BFCL corpus defines some names more than once; `lint` checks each.
    let line = r#"{"name": "f", "parameters": {"type": "object", "properties": {}}}"#;
    cmd()
        .args(["lint", "-"])
        .write_stdin(format!("{line}\n{line}\n"))
        .assert()
        .code(0)
        .stdout(predicate::str::is_match(r"(?m)^f\s+ok(.*\n)f\s+ok").unwrap());
    cmd()
        .args(["check", "--tools", "-"])
        .write_stdin(format!("{line}\n{line}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "tool 'f' is defined twice (line 1 and line 2)",
        ));
}

#[test]
fn export_writes_the_provider_value() {
    cmd()
        .args(["export", "--target", "openai-strict"])
        .arg(data("tools/mcp.json"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "cannot export to OpenAI Chat Completions (strict)",
        ))
        .stderr(predicate::str::contains("minLength"))
        .stdout("");
    let tools = json_out(
        cmd()
            .args(["export", "--target", "openai-strict", "--lossy", "describe"])
            .arg(data("tools/mcp.json"))
            .assert()
            .code(0)
            .stderr(predicate::str::contains("minLength")),
    );
    assert_eq!(tools[0]["function"]["name"], "get_weather");
    assert_eq!(tools[0]["function"]["strict"], true);
    assert_eq!(
        tools[0]["function"]["parameters"]["properties"]["unit"]["type"],
        serde_json::json!(["string", "null"])
    );
}

#[test]
fn export_takes_every_target() {
    let ids = [
        ("anthropic", "/0/input_schema"),
        ("anthropic-strict", "/0/input_schema"),
        ("openai", "/0/function/parameters"),
        ("openai_chat", "/0/function/parameters"),
        ("openai-responses", "/0/parameters"),
        ("gemini", "/0/functionDeclarations/0/parameters"),
        (
            "gemini-json-schema",
            "/0/functionDeclarations/0/parametersJsonSchema",
        ),
        ("mcp", "/tools/0/inputSchema"),
    ];
    for (id, pointer) in ids {
        let value = json_out(
            cmd()
                .args(["export", "--lossy", "describe", "--target", id])
                .arg(data("tools/openai_chat.json"))
                .assert()
                .code(0),
        );
        assert!(value.pointer(pointer).is_some(), "{id}: {value}");
    }
}

#[test]
fn export_refuses_what_it_cannot_use() {
    cmd()
        .args(["export", "--target", "claude"])
        .arg(data("tools/mcp.json"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown --target 'claude'; expected one of: openai, openai-strict",
        ));
    cmd()
        .args(["export", "--target", "mcp", "/nonexistent.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read /nonexistent.json"));
    cmd()
        .args(["export", "--target", "mcp"])
        .arg(data("lint_problems.json"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("unknown type \"int\""));
    cmd()
        .args(["lint", "-"])
        .write_stdin("{\"oops\": 1}")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no schema"));
}
