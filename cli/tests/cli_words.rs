//! The command speaks its own language: its messages name its flags, never the
//! library's Rust items; `lint` says each repeated note once; an empty log of
//! calls does not pass.

mod support;

use predicates::prelude::*;
use support::{cmd, data, shared_file};

/// A tool whose schema carries `$schema` and a `maxLength` OpenAI strict refuses.
fn tool(name: &str) -> String {
    format!(
        r#"{{"name": "{name}", "description": "d", "parameters": {{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {{"q": {{"type": "string", "maxLength": 9}}, "n": {{"type": "integer"}}}}, "required": ["q"]}}}}"#
    )
}

/// Standard output and standard error of a run, together.
fn both(run: &assert_cmd::assert::Assert) -> String {
    let out = run.get_output();
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// No Rust path (`ExportOptions::lossy`, `Schema::builder`), options type or
/// function name in what the command wrote.
fn assert_cli_words(text: &str) {
    for rust in [
        "::",
        "ExportOptions",
        "Lossy",
        "null_is_absent",
        "json_report",
    ] {
        assert!(!text.contains(rust), "`{rust}` in the output:\n{text}");
    }
}

#[test]
fn refusals_and_notes_name_the_flags() {
    let defs = format!("{}\n", tool("search"));
    let run = cmd()
        .args(["export", "--target", "openai-strict", "-"])
        .write_stdin(defs.clone())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "`maxLength` cannot be expressed (`--lossy describe` would move it into the description)",
        ));
    assert_cli_words(&both(&run));
    let run = cmd()
        .args(["export", "--target", "openai-strict", "--lossy", "describe", "-"])
        .write_stdin(defs)
        .assert()
        .code(0)
        .stderr(predicate::str::contains(
            "note: 1 optional properties are now required and nullable: check the calls with `tool-schema check --null-is-absent`",
        ))
        .stderr(predicate::str::contains(
            "removed `$schema` (not asked for (`export` writes no `$schema`)",
        ));
    assert_cli_words(&both(&run));
}

#[test]
fn schema_errors_name_no_rust() {
    // A `$ref` to a document nothing registers: the library's message names its
    // builder; the command's says what it can do.
    let def = r#"{"name": "f", "parameters": {"type": "object", "properties": {"a": {"$ref": "https://example.com/a.json"}}}}"#;
    for command in ["lint", "export"] {
        let mut c = cmd();
        c.arg(command);
        if command == "export" {
            c.args(["--target", "mcp"]);
        }
        let run = c.arg("-").write_stdin(format!("{def}\n")).assert().code(1);
        let text = both(&run);
        assert!(
            text.contains("neither in the schema nor registered"),
            "{text}"
        );
        assert!(
            text.contains("the command line registers no documents"),
            "{text}"
        );
        assert_cli_words(&text);
    }
    let call = format!(r#"{{"function": {}, "arguments": {{}}}}"#, def);
    let run = cmd()
        .arg("check")
        .write_stdin(format!("{call}\n"))
        .assert()
        .code(2);
    assert_cli_words(&both(&run));
}

#[test]
fn the_help_names_no_rust() {
    for command in [&[][..], &["check"], &["lint"], &["export"]] {
        let run = cmd().args(command).arg("--help").assert().code(0);
        assert_cli_words(&both(&run));
    }
}

#[test]
fn every_output_on_the_test_data_names_no_rust() {
    let mut files: Vec<_> = std::fs::read_dir(data("tools"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.push(data("lint_problems.json"));
    files.extend(shared_file("corpora/mcp/tools.jsonl"));
    for file in &files {
        assert_cli_words(&both(&cmd().arg("lint").arg(file).assert()));
        for target in ["openai-strict", "anthropic-strict", "gemini", "mcp"] {
            let run = cmd()
                .args(["export", "--target", target])
                .arg(file)
                .assert();
            assert_cli_words(&both(&run));
        }
    }
    for calls in ["invalid.jsonl", "self_contained.jsonl"] {
        assert_cli_words(&both(&cmd().arg("check").arg(data(calls)).assert()));
    }
}

#[test]
fn lint_says_a_repeated_note_once() {
    let defs: String = ["a", "b", "c"].iter().map(|n| tool(n) + "\n").collect();
    let run = cmd().args(["lint", "-"]).write_stdin(defs).assert().code(0);
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    let removed: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("removed `$schema`"))
        .collect();
    assert_eq!(
        removed,
        ["  change: /$schema: removed `$schema` (not asked for (`export` writes no `$schema`); providers read the schema as JSON Schema 2020-12 or their own subset) [21 times: anthropic, anthropic_strict, openai_chat, openai_responses, gemini, gemini_json_schema, mcp; every tool (3)]"]
    );
    assert!(out.contains(
        "  refused at /properties/q/maxLength: `maxLength` cannot be expressed (`--lossy describe` would move it into the description) (OpenAI strict mode supports only `pattern` and `format` on strings) [6 times: openai_chat_strict, openai_responses_strict; every tool (3)]"
    ), "{out}");
}

#[test]
fn lint_of_the_mcp_corpus_is_short() {
    // 40 tools, 9 targets: 360 removals of `$schema` were 360 lines.
    let Some(corpus) = shared_file("corpora/mcp/tools.jsonl") else {
        return;
    };
    let run = cmd().arg("lint").arg(corpus).assert().code(0);
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert_eq!(out.matches("removed `$schema`").count(), 1, "{out}");
    assert!(out.lines().count() < 150, "{} lines", out.lines().count());
}

#[test]
fn an_empty_log_of_calls_is_unusable() {
    let empty =
        std::env::temp_dir().join(format!("tool-schema-empty-{}.jsonl", std::process::id()));
    std::fs::write(&empty, "").unwrap();
    cmd()
        .arg("check")
        .arg(&empty)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("no tool calls found in"));
    std::fs::remove_file(&empty).unwrap();
    for input in ["", "\n  \n"] {
        for format in ["text", "json"] {
            cmd()
                .args(["check", "--format", format])
                .write_stdin(input)
                .assert()
                .code(2)
                .stderr("tool-schema: no tool calls found in standard input\n");
        }
    }
    cmd()
        .args(["check", "--tools"])
        .arg(data("tools/mcp.json"))
        .write_stdin("")
        .assert()
        .code(2);
}
