//! Issue #28 item 1: literals whose generated code once grew one nested test per
//! value (an enum of 6,000 values crashed rustc) compile, and generated code, the
//! interpreter and the text path agree on them: long enums are looked up in a
//! hashed set, large `const` literals compared with a parsed copy, and long lists
//! of required names tested through tables.
//!
//! Issue #28 item 7: shapes whose code per node once made rustc's memory or time
//! grow too fast (an `anyOf` of object branches, thousands of required names)
//! compile, and the back ends agree on them.

use serde_json::{json, Value};
use tool_schema::ToolArgsExt;
use tool_schema::{tool_schema, Schema, ToolArgs};

tool_schema! {
    #[tool(allow(required_undeclared))]
    pub LargeEnums = include!("tests/data/large-literals/enums.json");
}

tool_schema! {
    /// An `anyOf` of 200 object branches.
    pub ManyBranches = include!("tests/data/large-literals/branches.json");
}

tool_schema! {
    /// 2,000 required properties and 20 required names it does not declare.
    #[tool(allow(required_undeclared))]
    pub ManyRequired = include!("tests/data/large-literals/required.json");
}

fn text(s: &str) -> Value {
    serde_json::from_str(s).unwrap()
}

/// Every back end of tool `$tool` gives the same report on `$call`, and the
/// expected verdict `$valid`.
macro_rules! agree_on {
    ($tool:ty, $call:expr, $valid:expr) => {{
        let (call, valid): (&Value, bool) = ($call, $valid);
        let interp = Schema::parse(<$tool>::schema()).unwrap();
        let compiled = <$tool>::validate(call);
        assert_eq!(compiled.is_valid(), valid, "{call}: {compiled}");
        assert_eq!(compiled, interp.validate(call), "interpreter on {call}");
        assert_eq!(<$tool>::is_valid(call), valid, "yes/no on {call}");
        let from_text = <$tool>::validate_str(&call.to_string()).unwrap();
        assert_eq!(from_text, compiled, "text path on {call}");
        compiled
    }};
}

fn agree(call: &Value, valid: bool) {
    agree_on!(LargeEnums, call, valid);
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

#[test]
fn each_object_branch_is_tried_and_the_failures_reported() {
    for i in [0u64, 1, 99, 150, 199] {
        agree_on!(ManyBranches, &json!({format!("b{i}"): "x"}), true);
        let full = json!({format!("b{i}"): "abc", "count": 100 + i, "flag": true});
        agree_on!(ManyBranches, &full, true);
        // Past this branch's bound, and no other branch takes its name.
        let over = json!({format!("b{i}"): "abc", "count": 101 + i});
        agree_on!(ManyBranches, &over, false);
        let long = "x".repeat(65);
        agree_on!(ManyBranches, &json!({format!("b{i}"): long}), false);
    }
    for bad in [
        json!({}),
        json!({"b200": "x"}),
        json!({"b0": "x", "b1": "y"}),
        json!({"b3": "x", "flag": 1}),
        json!({"b3": "x", "cuont": 1}),
        json!([1]),
        json!(null),
    ] {
        agree_on!(ManyBranches, &bad, false);
    }
}

fn all_required() -> Value {
    let mut call = json!({});
    for i in 0..2000 {
        call[format!("p{i}")] = json!("v");
        if i % 100 == 50 {
            call[format!("u{i}")] = json!(i);
        }
    }
    call
}

#[test]
fn thousands_of_required_names_are_each_reported_in_order() {
    agree_on!(ManyRequired, &all_required(), false);
    // The undeclared names are refused by `additionalProperties: false`, so a
    // call misses them or names them: never valid, and each way reported.
    let mut without = all_required();
    for i in (50..2000).step_by(100) {
        without.as_object_mut().unwrap().remove(&format!("u{i}"));
    }
    let report = agree_on!(ManyRequired, &without, false);
    let words = report.messages();
    assert!(words[0].contains("'u50'"), "{words:?}");
    for gone in ["p0", "p63", "p64", "p1999"] {
        let mut call = without.clone();
        call.as_object_mut().unwrap().remove(gone);
        let report = agree_on!(ManyRequired, &call, false);
        let quoted = format!("'{gone}'");
        let words = report.messages();
        assert!(
            words.iter().any(|w| w.contains(&quoted)),
            "{gone}: {report}"
        );
        // In `required`'s order: p0 before u50, the others after it.
        assert_eq!(words[0].contains(&quoted), gone == "p0", "{gone}: {report}");
    }
    agree_on!(ManyRequired, &json!({"p5": "v"}), false);
    agree_on!(ManyRequired, &json!({"p5": 5}), false);
}
