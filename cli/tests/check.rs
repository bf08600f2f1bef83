//! `tool-schema check`, run as a binary: every tools shape, every line form, the
//! text and json formats, each exit status, input that cannot be used.

mod support;

use predicates::prelude::*;
use serde_json::Value;
use support::{cmd, data, json_lines};

const SHAPES: [&str; 5] = [
    "mcp.json",
    "anthropic.json",
    "openai_chat.json",
    "openai_responses.json",
    "gemini.json",
];

#[test]
fn every_record_form_against_every_tools_shape() {
    for shape in SHAPES {
        let lines = json_lines(
            cmd()
                .args(["check", "--format", "json", "--tools"])
                .arg(data(&format!("tools/{shape}")))
                .arg(data("records.jsonl"))
                .assert()
                .code(0),
        );
        assert_eq!(lines.len(), 7, "{shape}");
        for (i, l) in lines.iter().enumerate() {
            assert_eq!(l["valid"], true, "{shape} line {}: {l}", i + 1);
            assert_eq!(l["violations"], serde_json::json!([]));
        }
        assert_eq!(lines[3]["tool"], "search");
    }
}

#[test]
fn text_lists_the_problems_of_each_call_and_a_summary() {
    cmd()
        .args(["check", "--tools"])
        .arg(data("tools/mcp.json"))
        .arg(data("invalid.jsonl"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "line 1: get_weather: 2 problems\n  missing required argument 'city'\n  unexpected argument 'citty' (did you mean 'city'?)\n",
        ))
        .stdout(predicate::str::contains("line 2:").not())
        .stdout(predicate::str::contains(
            "line 3: get_weather: 2 problems\n  argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"Celsius\" (did you mean \"celsius\"?)\n  unexpected argument 'fromat' (did you mean 'format'?)\n",
        ))
        .stdout(predicate::str::contains("line 4: search: 1 problem\n  "))
        .stdout(predicate::str::contains("line 5: get_wether: 1 problem\n  unknown tool 'get_wether' (did you mean 'get_weather'?); available tools: 'get_weather', 'search'\n"))
        .stdout(predicate::str::is_match(r"(?m)^calls\s+5$").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^valid\s+1$").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^invalid\s+4$").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^unexpected\s+2$").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^malformed\s+1$").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^unknown-tool\s+1$").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^get_weather\s+3\s+2\s+4$").unwrap())
        .stderr("");
}

#[test]
fn json_writes_one_report_per_line() {
    let lines = json_lines(
        cmd()
            .args(["check", "--format", "json", "--tools"])
            .arg(data("tools/anthropic.json"))
            .arg(data("invalid.jsonl"))
            .assert()
            .code(1),
    );
    let valid: Vec<&Value> = lines.iter().map(|l| &l["valid"]).collect();
    assert_eq!(valid, [false, true, false, false, false]);
    for l in &lines {
        for v in l["violations"].as_array().unwrap() {
            for field in ["kind", "path", "pointer", "message"] {
                assert!(v.get(field).is_some(), "{field} in {v}");
            }
        }
    }
    let first = &lines[0]["violations"];
    assert_eq!(first[0]["kind"], "missing");
    assert_eq!(first[0]["pointer"], "/city");
    assert_eq!(first[1]["kind"], "unexpected");
    assert_eq!(first[1]["suggestion"], "city");
    assert_eq!(
        first[1]["message"],
        "unexpected argument 'citty' (did you mean 'city'?)"
    );
    assert!(first[0].get("suggestion").is_none());
    let third = &lines[2]["violations"][0];
    assert_eq!(third["kind"], "enum");
    assert_eq!(third["received"], "Celsius");
    assert_eq!(third["suggestion"], "celsius");
    assert_eq!(lines[2]["violations"][1]["suggestion"], "format");
    assert_eq!(lines[3]["violations"][0]["kind"], "malformed");
    assert_eq!(lines[4]["violations"][0]["kind"], "unknown-tool");
    assert_eq!(lines[4]["violations"][0]["suggestion"], "get_weather");
    assert_eq!(
        lines[4]["violations"][0]["allowed"],
        serde_json::json!(["get_weather", "search"])
    );
}

#[test]
fn self_contained_lines_need_no_tools_and_blank_lines_are_skipped() {
    let lines = json_lines(
        cmd()
            .args(["check", "--format", "json"])
            .arg(data("self_contained.jsonl"))
            .assert()
            .code(1),
    );
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["valid"], true);
    let messages: Vec<&Value> = lines[1]["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| &v["message"])
        .collect();
    assert_eq!(
        messages,
        [
            "missing required argument 'city'",
            "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\""
        ]
    );
}

#[test]
fn reads_standard_input() {
    let line = r#"{"function": {"name": "f", "parameters": {"type": "object", "properties": {}}}, "arguments": {}}"#;
    for args in [&["check"][..], &["check", "-"]] {
        cmd()
            .args(args)
            .write_stdin(format!("{line}\n{line}\n"))
            .assert()
            .code(0)
            .stdout(predicate::str::is_match(r"(?m)^calls\s+2$").unwrap());
    }
}

#[test]
fn a_line_that_cannot_be_used_is_named_and_the_rest_checked() {
    let good = r#"{"function": {"name": "f", "parameters": {"type": "object", "properties": {"a": {"type": "integer"}}}}, "arguments": {"a": "x"}}"#;
    let input = format!("{good}\nnot json\n{good}\n");
    let lines = json_lines(
        cmd()
            .args(["check", "--format", "json"])
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "tool-schema: line 2: the line is not valid JSON",
            )),
    );
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["valid"], false);
    assert!(lines[1]["error"].as_str().unwrap().starts_with("line 2: "));
    assert_eq!(lines[2]["valid"], false);
    cmd()
        .arg("check")
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(predicate::str::is_match(r"(?m)^unusable lines\s+1$").unwrap());
}

#[test]
fn unusable_inputs_exit_2_with_the_reason() {
    let cases: [(&[&str], &str, &str); 6] = [
        (&["check"], "{\"name\": \"f\", \"arguments\": {}}\n", "line 1: no \"function\" with \"parameters\": a line without its definition needs --tools FILE"),
        (&["check"], "[1, 2]\n", "line 1: expected a JSON object, got an array"),
        (&["check"], "{\"function\": {\"name\": \"f\", \"parameters\": {\"type\": \"int\"}}, \"arguments\": {}}\n", "line 1: the schema of tool 'f' is refused: /type: unknown type \"int\""),
        (&["check"], "{\"function\": {\"name\": \"f\", \"parameters\": {}}}\n", "line 1: the line has no \"arguments\""),
        (&["check", "--dialect", "bfcl"], "{\"function\": {\"name\": \"f\", \"parameters\": {\"type\": \"object\"}}, \"arguments\": {}}\n", "line 1: the schema of tool 'f' is refused"),
        (&["check", "/nonexistent/calls.jsonl"], "", "cannot read /nonexistent/calls.jsonl"),
    ];
    for (args, stdin, message) in cases {
        cmd()
            .args(args)
            .write_stdin(stdin)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    cmd()
        .args(["check", "--tools", "/nonexistent/tools.json"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--tools cannot read /nonexistent/tools.json",
        ));
    cmd()
        .args(["check", "--tools"])
        .arg(data("records.jsonl"))
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 1: no schema"));
    cmd()
        .args(["check", "--format", "yaml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'yaml'"));
}

#[test]
fn hostile_lines_never_panic() {
    let deep = format!(
        "{{\"function\": {{\"name\": \"f\", \"parameters\": {{}}}}, \"arguments\": {{\"a\": {}{}}}}}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let deep_text = format!(
        "{{\"name\": \"get_weather\", \"arguments\": \"{}{}\"}}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let bytes = b"\xff\xfe{\n".to_vec();
    cmd().arg("check").write_stdin(deep).assert().code(2);
    cmd()
        .args(["check", "--tools"])
        .arg(data("tools/mcp.json"))
        .write_stdin(deep_text)
        .assert()
        .code(1);
    cmd().arg("check").write_stdin(bytes).assert().code(2);
}

#[test]
fn help_explains_the_line_forms_and_exit_status() {
    cmd()
        .args(["check", "--help"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("\"type\": \"tool_use\""))
        .stdout(predicate::str::contains("tool_calls entry"))
        .stdout(predicate::str::contains(
            "Exit status: 0 when every call is valid",
        ))
        .stdout(predicate::str::contains("--dialect <DIALECT>"));
    cmd()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("check"))
        .stdout(predicate::str::contains("lint"))
        .stdout(predicate::str::contains("export"));
}

#[test]
fn null_is_absent_reads_strict_mode_calls() {
    let line =
        "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"format\": null}}\n";
    let tools = data("tools/openai_chat.json");
    cmd()
        .arg("check")
        .arg("--tools")
        .arg(&tools)
        .write_stdin(line)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "argument 'format' should be string, got null",
        ));
    cmd()
        .args(["check", "--null-is-absent", "--tools"])
        .arg(&tools)
        .write_stdin(line)
        .assert()
        .code(0);
}

/// Issue #28, item 4: a call naming an unknown tool of 1 MB among 10k tools
/// gives a `--format json` line within the report's size (16 KiB, the JSON
/// report's slack and the tool's name as a violation keeps it), the name cut
/// and the tools left out counted; the text block stays bounded too.
#[test]
fn an_unknown_long_tool_name_among_many_tools_gives_a_bounded_line() {
    let tools: Vec<Value> = (0..10_000)
        .map(|i| serde_json::json!({"name": format!("tool_{i:05}"), "input_schema": {"type": "object"}}))
        .collect();
    let path = std::env::temp_dir().join(format!(
        "tool-schema-many-tools-{}.json",
        std::process::id()
    ));
    std::fs::write(&path, Value::Array(tools).to_string()).unwrap();
    let call = serde_json::json!({"name": "x".repeat(1 << 20), "arguments": {}}).to_string();
    let run = cmd()
        .args(["check", "--format", "json", "--tools"])
        .arg(&path)
        .write_stdin(format!("{call}\n"))
        .assert()
        .code(1);
    let out = run.get_output().stdout.clone();
    assert!(out.len() <= 16 * 1024 + 512 + 1024 + 64, "{}", out.len());
    let lines = json_lines(run);
    let v = &lines[0]["violations"][0];
    assert_eq!(v["kind"], "unknown-tool");
    let kept = v["allowed"].as_array().unwrap().len();
    assert_eq!(kept as u64 + v["allowed_omitted"].as_u64().unwrap(), 10_000);
    assert!(v["received"].as_str().unwrap().ends_with('…'));
    assert!(lines[0]["tool"].as_str().unwrap().ends_with('…'));
    let text = cmd()
        .args(["check", "--tools"])
        .arg(&path)
        .write_stdin(format!("{call}\n"))
        .assert()
        .code(1);
    let out = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(out.len() < 16 * 1024 + 4096, "{}", out.len());
    assert!(out.contains(" more)"), "{out}");
}
