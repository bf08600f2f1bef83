//! The conformance runner: reads seed-operation cases, one JSON object a line, on
//! standard input and writes one answer line per case on standard output:
//! `{"output": ...}`, or `{"error": "..."}` when the operation fails, the line is
//! not JSON, or it names no known op. It never stops early.
//!
//! ```text
//! cargo run -q --release --example seed_ops < cases.jsonl > answers.jsonl
//! ```

use serde_json::{json, Value};
use std::io::{self, BufRead, BufWriter, Write};
use tool_schema::seed;

fn answer(line: &[u8]) -> Value {
    let case: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => return json!({"error": format!("the line is not valid JSON: {e}")}),
    };
    let Some(op) = case.get("op").and_then(Value::as_str) else {
        return json!({"error": "the case has no \"op\" string"});
    };
    let empty = json!({});
    let input = case.get("input").unwrap_or(&empty);
    match seed::run_case(op, input) {
        Ok(output) => json!({ "output": output }),
        Err(e) => json!({ "error": e.to_string() }),
    }
}

fn main() -> io::Result<()> {
    let mut input = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = Vec::new();
    loop {
        line.clear();
        // Bytes, not `lines()`: a line that is not UTF-8 gets an error answer
        // instead of ending the run.
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
