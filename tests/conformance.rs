//! Every public seed-operation case, run through the library (not the runner).

use serde_json::Value;
use tool_schema::seed;

/// JSON equality as the conformance checker defines it: object key order ignored,
/// numbers by value, booleans never equal to numbers.
fn same(a: &Value, b: &Value) -> bool {
    tool_schema::json::json_eq(a, b)
}

fn check_file(name: &str) -> usize {
    let path = format!("{}/tests/data/seed-ops/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("case line is JSON");
        count += 1;
        let op = case["op"].as_str().expect("op");
        let got = seed::run_case(op, &case["input"]);
        let expected = &case["expected"];
        let ok = match (&got, expected.get("output")) {
            (Ok(out), Some(want)) => same(out, want),
            (Err(_), None) => expected.get("error").is_some(),
            _ => false,
        };
        if !ok {
            failures.push(format!(
                "{} ({op}): expected {expected}, got {got:?}",
                case["id"]
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} cases in {name} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    count
}

#[test]
fn public_examples() {
    assert_eq!(check_file("examples.jsonl"), 21);
}

#[test]
fn public_random_cases() {
    assert_eq!(check_file("random.jsonl"), 420);
}
