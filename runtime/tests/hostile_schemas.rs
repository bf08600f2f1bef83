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

// ---- item 5: parse is near-linear; property lookups are indexed ----

#[test]
fn parse_of_a_100k_value_enum_is_linear() {
    // Distinct values, then the same list with every value repeated as a float.
    let values: Vec<Value> = (0..100_000).map(|i| json!(i)).collect();
    let schema = parse(&json!({"type": "object", "properties": {"e": {"enum": values}}}));
    assert!(schema.lints().is_empty());
    assert!(verdict(&schema, &json!({"e": 99_999})));
    assert!(!verdict(&schema, &json!({"e": 100_000})));
    let mut doubled = values.clone();
    doubled.extend((0..50_000).map(|i| json!(i as f64)));
    let e = Schema::parse(&json!({"enum": doubled})).unwrap();
    let dups: Vec<&str> = e
        .lints()
        .iter()
        .map(|l| l.diagnostic.pointer.as_str())
        .collect();
    assert_eq!(dups.len(), 50_000);
    assert_eq!(dups[0], "/enum/100000");
}

#[test]
fn parse_of_100k_required_names_is_linear() {
    let names: Vec<String> = (0..100_000).map(|i| format!("p{i}")).collect();
    let props: serde_json::Map<String, Value> = names
        .iter()
        .take(50_000)
        .map(|n| (n.clone(), json!({"type": "integer"})))
        .collect();
    let mut required = names.clone();
    required.push("p7".into());
    let schema = Schema::parse(&json!({
        "type": "object", "properties": props, "required": required,
        "additionalProperties": true
    }))
    .unwrap();
    // 50,000 required names undeclared, one repeated.
    assert_eq!(schema.lints().len(), 50_001);
    let full: serde_json::Map<String, Value> = names.iter().map(|n| (n.clone(), json!(1))).collect();
    assert!(verdict(&schema, &Value::Object(full.clone())));
    let mut short = full;
    short.shift_remove("p99999");
    short.shift_remove("p3");
    let report = schema.validate(&Value::Object(short));
    assert_eq!(report.violations.len(), 2, "{report}");
}

#[test]
fn resolving_30k_refs_is_linear() {
    let defs: serde_json::Map<String, Value> = (0..30_000)
        .map(|i| (format!("d{i}"), json!({"type": "integer", "minimum": i})))
        .collect();
    let props: serde_json::Map<String, Value> = (0..30_000)
        .map(|i| (format!("p{i}"), json!({"$ref": format!("#/$defs/d{i}")})))
        .collect();
    let schema = parse(&json!({"type": "object", "properties": props, "$defs": defs}));
    assert!(verdict(&schema, &json!({"p29999": 29_999})));
    assert!(!verdict(&schema, &json!({"p29999": 29_998})));
}

#[test]
fn ten_k_properties_and_100k_undeclared_keys_are_looked_up_by_index() {
    let props: serde_json::Map<String, Value> = (0..10_000)
        .map(|i| (format!("p{i}"), json!({"type": "integer"})))
        .collect();
    let schema = parse(&json!({
        "type": "object", "properties": props, "additionalProperties": {"type": "string"}
    }));
    let mut args: serde_json::Map<String, Value> =
        (0..100_000).map(|i| (format!("u{i}"), json!("s"))).collect();
    // Declared ones in reverse order (no help from the in-order guess).
    for i in (0..10_000).rev() {
        args.insert(format!("p{i}"), json!(i));
    }
    let args = Value::Object(args);
    assert!(verdict(&schema, &args));
    // Under null_is_absent: optional declared properties sent as null.
    let nulls: serde_json::Map<String, Value> =
        (0..10_000).rev().map(|i| (format!("p{i}"), Value::Null)).collect();
    let opts = Options::TOOL_CALL.null_is_absent(true);
    assert!(schema.validate_with(&Value::Object(nulls.clone()), &opts).is_valid());
    let r = schema.validate_with(&Value::Object(nulls), &Options::TOOL_CALL);
    assert_eq!(r.violations.len(), 10_000);
}
