//! Issue #28 item 1: literals whose generated code once grew one nested test per
//! value (an enum of 6,000 values crashed rustc) compile, and generated code, the
//! interpreter and the text path agree on them: long enums are looked up in a
//! hashed set, large `const` literals compared with a parsed copy, and long lists
//! of required names tested one statement after the other.

use serde_json::{json, Value};
use tool_schema::{tool_schema, Schema, ToolArgs};

tool_schema! {
    #[tool(allow(required_undeclared))]
    pub LargeEnums = include!("tests/data/large-literals/enums.json");
}

fn text(s: &str) -> Value {
    serde_json::from_str(s).unwrap()
}

/// Every back end gives the same report, and the expected verdict.
fn agree(call: &Value, valid: bool) {
    let interp = Schema::parse(LargeEnums::schema()).unwrap();
    let compiled = LargeEnums::validate(call);
    assert_eq!(compiled.is_valid(), valid, "{call}: {compiled}");
    assert_eq!(compiled, interp.validate(call), "interpreter on {call}");
    assert_eq!(LargeEnums::is_valid(call), valid, "yes/no on {call}");
    let from_text = LargeEnums::validate_str(&call.to_string()).unwrap();
    assert_eq!(from_text, compiled, "text path on {call}");
}

fn with_required(mut call: Value) -> Value {
    for i in 0..100 {
        call[format!("r{i}")] = json!(i);
    }
    call
}

#[test]
fn every_value_of_a_long_enum_is_found_and_no_other() {
    for i in [0u64, 1, 2, 8, 9, 2999, 5998, 5999] {
        agree(
            &with_required(json!({"n": i, "s": format!("value-{i}")})),
            true,
        );
        agree(&with_required(text(&format!("{{\"n\": {i}.0}}"))), true);
    }
    for bad in [
        json!({"n": 6000}),
        json!({"n": -1}),
        json!({"n": 0.5}),
        json!({"n": "1"}),
        json!({"n": null}),
        json!({"n": 1, "s": "value-6000"}),
        json!({"n": 1, "s": "Value-1"}),
        json!({"n": 1, "s": 1}),
    ] {
        agree(&with_required(bad), false);
    }
}

#[test]
fn mixed_enums_and_large_consts_compare_by_json_equality() {
    let rows: Vec<Value> = (0..500)
        .map(|i| json!([i, format!("r{i}"), i % 2 == 0]))
        .collect();
    let mut floats = rows.clone();
    floats[499] = text(r#"[499.0, "r499", false]"#);
    let mut off = rows.clone();
    off[250] = json!([250, "r250", false]);
    let calls = [
        (json!({"n": 0, "mixed": null}), true),
        (json!({"n": 0, "mixed": 1.5}), true),
        (text(r#"{"n": 0, "mixed": 15.0}"#), true),
        (text(r#"{"n": 0, "mixed": {"j": null, "k": [2.0]}}"#), true),
        (text(r#"{"n": 0, "mixed": [1.0, "x"]}"#), true),
        (
            text(r#"{"n": 0, "mixed": {"j": null, "k": [2], "l": 1}}"#),
            false,
        ),
        (text(r#"{"n": 0, "mixed": ["x", 1]}"#), false),
        (json!({"n": 0, "mixed": false}), false),
        (json!({"n": 0, "rows": {"rows": rows}}), true),
        (json!({"n": 0, "rows": {"rows": floats}}), true),
        (json!({"n": 0, "rows": {"rows": off}}), false),
        (json!({"n": 0, "tags": ["t0", "t39", "t17"]}), true),
        (json!({"n": 0, "tags": ["t0", "t40", "T1"]}), false),
    ];
    for (call, valid) in calls {
        agree(&with_required(call), valid);
    }
}

#[test]
fn required_names_past_the_bit_mask_are_each_reported() {
    let report = LargeEnums::validate(&json!({"n": 1, "r5": 5}));
    let interp = Schema::parse(LargeEnums::schema()).unwrap();
    assert_eq!(report, interp.validate(&json!({"n": 1, "r5": 5})));
    let missing = report.messages();
    assert_eq!(missing.len(), 99.min(report.len()), "{missing:?}");
    assert!(missing[0].contains("'r0'"), "{missing:?}");
    agree(&json!({"n": 1}), false);
}

#[test]
fn a_long_enum_reports_its_values_as_a_short_one_does() {
    let report = LargeEnums::validate(&with_required(json!({"n": 1, "s": "value-x"})));
    let words = report.to_string();
    assert!(
        words.starts_with("argument 's' should be one of \"value-0\""),
        "{}",
        &words[..200]
    );
    // Within the report's cap (tests/hostile_reports.rs holds the cap exactly).
    let cap = tool_schema::Options::default().max_report_bytes;
    assert!(words.len() < cap + 64, "{} bytes", words.len());
}
