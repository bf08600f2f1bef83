//! A checked call in words: its `--format json` line and its `--format text` block.

use crate::checker::{Checked, Verdict};
use crate::input::shown;
use serde_json::{json, Map, Value};
use tool_schema_engine::__private::received_str;
use tool_schema_engine::json_report;

/// The kind given to arguments written as JSON text that is not JSON (an entry
/// beside `json_report`'s, with the same fields).
pub const MALFORMED: &str = "malformed";

/// The `--format json` line of a call: `{"valid", "violations", "tool"}`, and
/// `"omitted"` when the report left violations out. Each violation is a
/// `json_report` entry.
pub fn json_line(checked: &Checked) -> Value {
    let mut o = Map::new();
    o.insert("valid".into(), json!(checked.verdict.is_valid()));
    match &checked.verdict {
        Verdict::Checked(report) => {
            let Value::Object(mut r) = json_report(report) else {
                unreachable!("json_report writes an object")
            };
            o.insert(
                "violations".into(),
                r.remove("violations").unwrap_or_default(),
            );
            if let Some(omitted) = r.remove("omitted").filter(|n| n != &json!(0)) {
                o.insert("omitted".into(), omitted);
            }
        }
        Verdict::Malformed(message) => {
            let entry = json!({
                "kind": MALFORMED, "path": "", "pointer": "", "argument": null, "message": message
            });
            o.insert("violations".into(), json!([entry]));
        }
    }
    // The name as a violation keeps a string it received: cut past 1 KiB with
    // `…`, so that the line stays within the report's size.
    o.insert("tool".into(), json!(received_str(&checked.tool)));
    Value::Object(o)
}

/// The `--format json` line of a line that cannot be used.
pub fn json_error(line: usize, message: &str) -> Value {
    json!({"error": format!("line {line}: {message}")})
}

/// The messages of an invalid call (the default words, cut as the report says).
pub fn messages(verdict: &Verdict) -> Vec<String> {
    match verdict {
        Verdict::Checked(report) => report.messages(),
        Verdict::Malformed(message) => vec![message.clone()],
    }
}

/// The `--format text` block of an invalid call: `line N: TOOL: K problems`, then
/// one message a line, indented.
pub fn text_block(line: usize, checked: &Checked) -> String {
    let messages = messages(&checked.verdict);
    let count = problem_count(&checked.verdict);
    let mut out = format!(
        "line {line}: {}: {count} {}\n",
        tool_shown(&checked.tool),
        if count == 1 { "problem" } else { "problems" }
    );
    for m in messages {
        out.push_str("  ");
        out.push_str(&m);
        out.push('\n');
    }
    out
}

/// How many problems a verdict holds (the report's omitted ones included).
pub fn problem_count(verdict: &Verdict) -> usize {
    match verdict {
        Verdict::Checked(report) => report.violations.len() + report.omitted,
        Verdict::Malformed(_) => 1,
    }
}

/// A tool's name as a message shows it; `(unnamed)` for none.
pub fn tool_shown(name: &str) -> String {
    if name.is_empty() {
        "(unnamed)".into()
    } else {
        shown(name)
    }
}
