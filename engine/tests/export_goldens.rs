//! Golden tests: the two example tools (weather, order) exported for every provider,
//! compared with `tests/data/export/<tool>.<target>.json` (reviewed by hand), and the
//! report of changes with `<tool>.<target>.report.txt` where there is one. Every
//! export is also checked against the provider rules of `export_support` and written
//! to `$CARGO_TARGET_TMPDIR/exports/export_goldens.jsonl`.
//!
//! `UPDATE_GOLDENS=1 cargo test -p tool-schema-engine --test export_goldens` rewrites
//! the files; review the diff line by line before committing it.

mod export_support;

use export_support::{check, record, tools};
use std::path::PathBuf;
use tool_schema_engine::export::{export, toolbox, ExportOptions, Target, ToolSpec};

fn data(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/export")
        .join(file)
}

fn golden(file: &str, actual: &str) {
    let path = data(file);
    if std::env::var_os("UPDATE_GOLDENS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDENS=1 writes it)", path.display()));
    assert_eq!(
        actual, expected,
        "{file} differs from its golden (UPDATE_GOLDENS=1 rewrites it)"
    );
}

fn golden_for(target: Target) {
    for (name, description, schema) in tools() {
        let short = name.split('_').nth(1).unwrap(); // weather, order
        let spec = ToolSpec::new(name, description, &schema);
        let out =
            export(target, &spec, &ExportOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let problems = check(target, &out.value);
        assert!(problems.is_empty(), "{name} for {target}: {problems:?}");
        record("export_goldens", target, name, &out.value);
        golden(
            &format!("{short}.{}.json", target.id()),
            &(serde_json::to_string_pretty(&out.value).unwrap() + "\n"),
        );
        let report_file = format!("{short}.{}.report.txt", target.id());
        if out.report.is_empty() {
            assert!(
                !data(&report_file).exists() || std::env::var_os("UPDATE_GOLDENS").is_some(),
                "{report_file} exists but the report is empty"
            );
        } else {
            golden(&report_file, &format!("{}\n", out.report));
        }
    }
}

#[test]
fn anthropic() {
    golden_for(Target::Anthropic);
}

#[test]
fn anthropic_strict() {
    golden_for(Target::AnthropicStrict);
}

#[test]
fn openai_chat() {
    golden_for(Target::OpenAiChat);
}

#[test]
fn openai_chat_strict() {
    golden_for(Target::OpenAiChatStrict);
}

#[test]
fn openai_responses() {
    golden_for(Target::OpenAiResponses);
}

#[test]
fn openai_responses_strict() {
    golden_for(Target::OpenAiResponsesStrict);
}

#[test]
fn gemini() {
    golden_for(Target::Gemini);
}

#[test]
fn gemini_json_schema() {
    golden_for(Target::GeminiJsonSchema);
}

#[test]
fn mcp() {
    golden_for(Target::Mcp);
}

/// The toolbox of both tools per provider: the provider's list shape around the same
/// definitions.
#[test]
fn toolboxes() {
    let tools = tools();
    let specs: Vec<ToolSpec<'_>> = tools
        .iter()
        .map(|(n, d, s)| ToolSpec::new(n, d, s))
        .collect();
    for target in Target::ALL {
        let one: Vec<serde_json::Value> = specs
            .iter()
            .map(|s| export(target, s, &ExportOptions::default()).unwrap().value)
            .collect();
        let all = toolbox(target, &specs, &ExportOptions::default())
            .unwrap()
            .value;
        let expected = match target {
            Target::Gemini | Target::GeminiJsonSchema => {
                serde_json::json!([{"functionDeclarations": one}])
            }
            Target::Mcp => serde_json::json!({"tools": one}),
            _ => serde_json::Value::Array(one),
        };
        assert_eq!(all, expected, "{target}");
    }
}
