//! The generated seed-operation cases (`tests/data/generated/seed_cases.jsonl`,
//! written by `tools/gen_seed_cases.py` from an independent Python reference of
//! SEED-OPS.md) run through `tool_schema::seed::run_case`.
//!
//! Answers are compared like `conformance/compare.py` does: objects without regard to
//! key order, lists in order, numbers by exact value (`1` equals `1.0`), booleans never
//! equal to numbers; an expected `{"error": ...}` matches any error.

use serde_json::Value;
use std::collections::BTreeSet;
use tool_schema::seed::run_case;

const CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/generated/seed_cases.jsonl"
);

/// Every rule the generated file promises to cover (`RULES` in the generator). A case id
/// is `RULE-N`.
const RULES: &[&str] = &[
    "float-token-not-integer",
    "integer-token-is-integer",
    "integer-is-number",
    "float-is-number",
    "bool-not-number",
    "number-not-boolean",
    "string-not-coerced",
    "containers-top-level",
    "null-type-error",
    "untyped-accepts-any",
    "received-type-names",
    "type-matrix",
    "enum-int-float-equal",
    "enum-bool-not-number",
    "enum-strings",
    "enum-null",
    "enum-arrays",
    "enum-objects",
    "enum-mixed",
    "enum-type-error-suppresses",
    "keywords-ignored-000",
    "bounds-ignored-003",
    "bounds-inclusive-int",
    "bounds-inclusive-float",
    "bounds-int-float-mixed",
    "bounds-non-number-ignored",
    "bounds-type-error-suppresses",
    "min-max-both",
    "enum-then-bounds-order",
    "precision-big-int",
    "required-order",
    "argument-order",
    "required-undeclared",
    "required-present-not-missing",
    "additional-properties-000",
    "additional-properties-002",
    "additional-properties-003",
    "nonascii-names",
    "empty-name",
    "punct-names",
    "unknown-tool-001",
    "args-absent-001",
    "missing-map-order-001",
    "extras-sorted-001",
    "type-order-001",
    "category-order-001",
    "optional-absent-001",
    "maps-absent-001",
    "unknown-tool-003",
    "arguments-absent-003",
    "sorted-output-003",
    "one-error-per-arg-003",
    "ok-true-003",
    "tighten-undeclared",
    "tighten-already-required",
    "tighten-required-absent",
    "tighten-appended",
    "tighten-preserves",
    "forbid-extras-absent",
    "forbid-extras-true",
    "forbid-extras-false",
    "diff-problems-tighten",
    "diff-problems-forbid",
    "diff-problems-order",
    "diff-problems-removed",
    "diff-problems-keywords",
    "random-validate_arguments",
    "random-validate_call",
    "random-validate_args",
    "random-tighten_required",
    "random-forbid_extras",
    "random-diff_problems",
    "random-validate_tool_call",
];

const OPS: &[&str] = &[
    "validate_arguments",
    "validate_call",
    "validate_args",
    "tighten_required",
    "forbid_extras",
    "diff_problems",
    "validate_tool_call",
];

struct Case {
    id: String,
    op: String,
    input: Value,
    expected: Value,
}

fn load() -> Vec<Case> {
    let text = std::fs::read_to_string(CASES)
        .unwrap_or_else(|e| panic!("cannot read {CASES}: {e} (run tools/gen_seed_cases.py)"));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{CASES}:{}: not JSON: {e}", i + 1));
            let field = |name: &str| {
                v.get(name)
                    .cloned()
                    .unwrap_or_else(|| panic!("{CASES}:{}: no \"{name}\"", i + 1))
            };
            let string = |name: &str| match field(name) {
                Value::String(s) => s,
                other => panic!("{CASES}:{}: \"{name}\" is not a string: {other}", i + 1),
            };
            Case {
                id: string("id"),
                op: string("op"),
                input: field("input"),
                expected: field("expected"),
            }
        })
        .collect()
}

/// The rule part of an id `RULE-N`.
fn rule_of(id: &str) -> &str {
    match id.rsplit_once('-') {
        Some((rule, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => rule,
        _ => panic!("case id {id:?} is not RULE-N"),
    }
}

/// Exact value comparison of two JSON numbers (an integer is never rounded to a
/// double, as in Python).
fn same_number(a: &serde_json::Number, b: &serde_json::Number) -> bool {
    fn int(n: &serde_json::Number) -> Option<i128> {
        n.as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
    }
    fn float_as_int(f: f64) -> Option<i128> {
        // 2^100 is far beyond every integer serde_json reads as an integer.
        (f.is_finite() && f.fract() == 0.0 && f.abs() < 1.0e30).then_some(f as i128)
    }
    match (int(a), int(b)) {
        (Some(x), Some(y)) => x == y,
        (Some(x), None) => b.as_f64().and_then(float_as_int) == Some(x),
        (None, Some(y)) => a.as_f64().and_then(float_as_int) == Some(y),
        (None, None) => a.as_f64() == b.as_f64(),
    }
}

/// JSON equality as in compare.py.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => same_number(x, y),
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, p)| y.get(k).is_some_and(|q| same(p, q)))
        }
        _ => false,
    }
}

fn matches(got: &Result<Value, String>, expected: &Value) -> bool {
    if expected.get("error").is_some() {
        return got.is_err();
    }
    match (got, expected.get("output")) {
        (Ok(out), Some(want)) => same(out, want),
        _ => false,
    }
}

#[test]
fn generated_seed_cases_agree_with_the_reference() {
    let cases = load();
    let mut failures = Vec::new();
    for case in &cases {
        let got = run_case(&case.op, &case.input).map_err(|e| e.to_string());
        if !matches(&got, &case.expected) {
            let got = match &got {
                Ok(v) => format!("{{\"output\": {v}}}"),
                Err(e) => format!("{{\"error\": {}}}", Value::String(e.clone())),
            };
            failures.push(format!(
                "FAIL {} op={}\n  input:    {}\n  expected: {}\n  got:      {}",
                case.id, case.op, case.input, case.expected, got
            ));
        }
    }
    assert!(
        cases.len() > 300,
        "only {} cases in {CASES}: regenerate it with tools/gen_seed_cases.py",
        cases.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} generated seed cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn generated_seed_cases_cover_every_promised_rule() {
    let cases = load();
    let mut ids = BTreeSet::new();
    for case in &cases {
        assert!(
            ids.insert(case.id.as_str()),
            "duplicate case id {}",
            case.id
        );
        assert!(
            OPS.contains(&case.op.as_str()),
            "case {} names an unknown op {:?}",
            case.id,
            case.op
        );
        let expected = case.expected.as_object();
        assert!(
            expected.is_some_and(
                |e| e.len() == 1 && (e.contains_key("output") || e.contains_key("error"))
            ),
            "case {}: expected must be {{\"output\": ...}} or {{\"error\": ...}}",
            case.id
        );
    }
    let rules: BTreeSet<&str> = cases.iter().map(|c| rule_of(&c.id)).collect();
    let missing: Vec<&str> = RULES
        .iter()
        .copied()
        .filter(|r| !rules.contains(r))
        .collect();
    assert!(missing.is_empty(), "rules with no case: {missing:?}");
    for op in OPS {
        let n = cases.iter().filter(|c| c.op == *op).count();
        assert!(n >= 20, "only {n} cases of {op}");
    }
}

#[test]
fn comparison_follows_compare_py() {
    use serde_json::json;
    assert!(same(
        &json!({"a": 1, "b": [1.0]}),
        &json!({"b": [1], "a": 1.0})
    ));
    assert!(!same(&json!(true), &json!(1)));
    assert!(!same(&json!([1, 2]), &json!([2, 1])));
    assert!(!same(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
    assert!(!same(
        &json!(9_007_199_254_740_993_u64),
        &json!(9_007_199_254_740_992.0)
    ));
    assert!(same(&json!(-0.0), &json!(0)));
    assert!(matches(&Err("x".into()), &json!({"error": "y"})));
    assert!(!matches(&Ok(json!([])), &json!({"error": "y"})));
    assert!(!matches(&Err("x".into()), &json!({"output": []})));
}
