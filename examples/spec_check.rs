//! A JSON Schema validator on the command line, in spec mode, for conformance
//! harnesses (e.g. Bowtie-style runners).
//!
//! Reads JSON lines `{"schema": <schema>, "instance": <value>}` on standard input
//! and writes one line per input line: `{"valid": true}` or `{"valid": false}`, or
//! `{"schema_error": "..."}` when the schema is refused (or the line is not such an
//! object). The dialect is the schema's `$schema` (draft 2020-12 when absent; draft 7,
//! 2019-09 as `$schema` names them); `format` is an annotation (`Options::SPEC`);
//! references may name the schema's own resources and the bundled meta-schemas,
//! nothing is fetched. It never stops early.
//!
//! ```text
//! cargo run -q --release --example spec_check < cases.jsonl > answers.jsonl
//! ```

use serde_json::{json, Value};
use std::io::{self, BufRead, BufWriter, Write};
use tool_schema::{Options, Schema};

/// The answer to one input line.
fn answer(line: &[u8]) -> Value {
    let case: Value = match serde_json::from_slice(line) {
        Ok(v) => v,
        Err(e) => return json!({"schema_error": format!("the line is not valid JSON: {e}")}),
    };
    let (Some(schema), Some(instance)) = (case.get("schema"), case.get("instance")) else {
        return json!({"schema_error": "the line is not an object with \"schema\" and \"instance\""});
    };
    match Schema::parse(schema) {
        Ok(s) => json!({"valid": s.is_valid_with(instance, &Options::SPEC)}),
        Err(e) => json!({"schema_error": e.to_string()}),
    }
}

/// Answers every line of `input` on `out`, blank lines skipped.
pub fn run(mut input: impl BufRead, mut out: impl Write) -> io::Result<()> {
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

#[allow(dead_code)] // `tests/spec_check.rs` includes this file for `run`.
fn main() -> io::Result<()> {
    run(io::stdin().lock(), BufWriter::new(io::stdout().lock()))
}
