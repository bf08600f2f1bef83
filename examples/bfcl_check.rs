//! Checks tool calls against BFCL function definitions (the BFCL dialect).
//!
//! Reads JSON lines `{"function": <BFCL definition>, "arguments": {...}}` (other
//! fields ignored) on standard input and writes one line per input line:
//! `{"errors": [codes]}` (the dialect's codes, sorted), `{"schema_error": "..."}`
//! when the definition is not in the dialect, or `{"error": "..."}` for a line that
//! is not valid JSON or lacks a field. It never stops early.
//!
//! ```text
//! cargo run -q --release --example bfcl_check < calls.jsonl > answers.jsonl
//! ```

use serde_json::{json, Value};
use std::io::{self, BufRead, BufWriter, Write};
use tool_schema::dialect::Dialect;
use tool_schema::render::bfcl_codes;
use tool_schema::{Options, Undeclared};

fn answer(line: &[u8]) -> Value {
    let case: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => return json!({"error": format!("the line is not valid JSON: {e}")}),
    };
    let Some(parameters) = case.get("function").and_then(|f| f.get("parameters")) else {
        return json!({"error": "the line has no \"function\" with \"parameters\""});
    };
    let Some(arguments) = case.get("arguments") else {
        return json!({"error": "the line has no \"arguments\""});
    };
    let schema = match Dialect::Bfcl.parse(parameters) {
        Ok(s) => s,
        Err(e) => return json!({"schema_error": e.to_string()}),
    };
    let options = Options::default().undeclared(Undeclared::RejectAlways);
    json!({"errors": bfcl_codes(&schema.validate_with(arguments, &options))})
}

fn main() -> io::Result<()> {
    let mut input = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        writeln!(out, "{}", answer(&line))?;
    }
    out.flush()
}
