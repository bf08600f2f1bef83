//! Issue #11: hostile schemas and calls against the schema model's analyses and
//! the exact/linear checks (`multipleOf`, `uniqueItems`, parse-time lookups, `$ref`
//! chains, expansion budget). Every test is a reproducer or a variant of one; none
//! asserts wall time: sizes are such that the old behaviour took minutes and the
//! fixed one takes well under a second in a debug build.

use serde_json::{json, Value};
use tool_schema_runtime::{Options, Schema};

fn parse(v: &Value) -> Schema {
    Schema::parse(v).unwrap_or_else(|e| panic!("schema refused: {e}"))
}

fn text(s: &str) -> Value {
    serde_json::from_str(s).unwrap()
}

/// Validation by `validate`, `is_valid` and the text path, which must agree.
fn verdict(schema: &Schema, args: &Value) -> bool {
    let report = schema.validate_with(args, &Options::SPEC);
    let valid = schema.is_valid_with(args, &Options::SPEC);
    assert_eq!(report.is_valid(), valid, "{args}: {report}");
    let from_text = schema
        .validate_str(&args.to_string(), &Options::SPEC)
        .expect("JSON text");
    assert_eq!(from_text.is_valid(), valid, "text path on {args}");
    valid
}

// ---- item 8: multipleOf is exact ----

#[test]
fn multiple_of_float_divisors_are_exact() {
    let cases = [
        ("2.0", "1500000001", false),
        ("2.0", "1500000002", true),
        ("0.01", "12345678.005", false),
        ("0.01", "12345678.01", true),
        ("0.01", "0.07", true),
        ("0.01", "19.99", true),
        ("1e308", "7.3", false),
        ("1e308", "0", true),
        ("2.0", "1e-300", false),
        ("0.5", "1e-300", false),
        ("0.1", "0.3", true),
        ("1.5", "4.5", true),
        ("1.5", "35", false),
        ("3", "9007199254740993", true),
        ("2", "9007199254740993", false),
        ("2.0", "9007199254740993", false),
    ];
    for (divisor, value, expected) in cases {
        let schema = parse(&json!({"multipleOf": text(divisor)}));
        assert_eq!(
            verdict(&schema, &text(value)),
            expected,
            "{value} multipleOf {divisor}"
        );
    }
}

// ---- item 4: uniqueItems is hashed ----

#[test]
fn unique_items_on_100k_distinct_elements_is_linear() {
    let schema = parse(&json!({"type": "array", "uniqueItems": true}));
    // Integers, floats, strings, arrays and objects: 100,000 distinct values (the
    // quadratic scan made 5e9 comparisons).
    let mut items: Vec<Value> = (0..40_000).map(|i| json!(i)).collect();
    items.extend((0..20_000).map(|i| json!(i as f64 + 0.5)));
    items.extend((0..20_000).map(|i| json!(format!("s{i}"))));
    items.extend((0..10_000).map(|i| json!([i, "x"])));
    items.extend((0..10_000).map(|i| json!({"k": i, "v": [i]})));
    let args = Value::Array(items.clone());
    assert!(verdict(&schema, &args));
    // A duplicate at the end (an equal value of another representation, an object
    // with its keys in another order) is found, with the indexes of the pair.
    for (dup, first) in [
        (text("39999.0"), 39999),
        (json!({"v": [7.0], "k": 7}), 90_007),
    ] {
        let mut with_dup = items.clone();
        with_dup.push(dup);
        let args = Value::Array(with_dup);
        assert!(!verdict(&schema, &args));
        let report = schema.validate(&args);
        let v = &report.violations[0];
        assert_eq!(
            format!("{:?}", v.kind),
            format!("UniqueItems {{ first: {first}, second: 100000 }}")
        );
    }
}
