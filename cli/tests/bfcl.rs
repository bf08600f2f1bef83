//! `tool-schema check --dialect bfcl` over the BFCL sample (`tests/data/bfcl` of the
//! repository): every ground-truth call the corpus expects to be valid is valid, and
//! every other one is invalid.

mod support;

use serde_json::{json, Value};
use support::{cmd, json_lines, sample};

#[test]
fn the_valid_calls_are_valid_and_the_others_not() {
    let defs = sample("definitions.jsonl");
    let calls = sample("calls.jsonl");
    let mut input = String::new();
    for c in &calls {
        let def = &defs[c["def"].as_u64().unwrap() as usize];
        let line = json!({
            "function": {"name": def["name"], "parameters": def["parameters"]},
            "arguments": c["arguments"],
        });
        input.push_str(&line.to_string());
        input.push('\n');
    }
    let answers = json_lines(
        cmd()
            .args(["check", "--dialect", "bfcl", "--format", "json"])
            .write_stdin(input)
            .assert()
            .code(1),
    );
    assert_eq!(answers.len(), calls.len());
    let mut valid_found_invalid = Vec::new();
    let mut invalid_found_valid = Vec::new();
    for (c, a) in calls.iter().zip(&answers) {
        let expected_valid = c["expected"].as_array().unwrap().is_empty();
        match (expected_valid, a["valid"].as_bool().unwrap()) {
            (true, false) => valid_found_invalid.push(c["id"].clone()),
            (false, true) => invalid_found_valid.push(c["id"].clone()),
            _ => {}
        }
    }
    assert_eq!(valid_found_invalid, Vec::<Value>::new());
    assert_eq!(invalid_found_valid, Vec::<Value>::new());
    let valid = calls.iter().filter(|c| c["expected"] == json!([])).count();
    assert_eq!(valid, 3073);
}
