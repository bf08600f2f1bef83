//! `tool-schema check --dialect bfcl` over the shared BFCL corpus's `calls.jsonl`
//! as it is (its lines carry `function` and `arguments`): the 3,073 calls its
//! `expected` says are valid are valid, the others invalid. Without the shared
//! material the test says so and passes (`cli/tests/bfcl.rs` checks the same calls
//! from the repository's sample).

mod support;

use serde_json::Value;
use support::{cmd, json_lines, shared_file};

#[test]
fn check_finds_no_valid_call_of_the_shared_corpus_invalid() {
    let Some(calls_path) = shared_file("corpora/bfcl/calls.jsonl") else {
        return;
    };
    let calls: Vec<Value> = std::fs::read_to_string(&calls_path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let answers = json_lines(
        cmd()
            .args(["check", "--dialect", "bfcl", "--format", "json"])
            .arg(&calls_path)
            .assert()
            .code(1),
    );
    assert_eq!(answers.len(), calls.len());
    let mut valid = 0;
    for (c, a) in calls.iter().zip(&answers) {
        let expected_valid = c["expected"].as_array().unwrap().is_empty();
        assert_eq!(a["valid"], expected_valid, "{}: {a}", c["id"]);
        valid += usize::from(expected_valid);
    }
    assert_eq!(valid, 3073);
}
