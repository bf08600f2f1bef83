//! The valid path still allocates nothing where issue #11's fixes changed it:
//! indexed property lookups (many properties, a `required` beyond the 64-bit mask),
//! exact `multipleOf` on floats, `uniqueItems` on short arrays, shortened `$ref`
//! chains.

use serde_json::{json, Value};
use std::hint::black_box;
use tool_schema_engine::{Options, Schema};

#[path = "../../tests/support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{allocations, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

fn assert_no_alloc(schema: &Schema, args: &Value) {
    for opts in [Options::TOOL_CALL, Options::TOOL_CALL.null_is_absent(true)] {
        let (report, n) = allocations(|| schema.validate_with(black_box(args), &opts));
        assert!(report.is_valid(), "{args}: {report}");
        assert_eq!(n, 0, "validate allocated {n} times");
        let (ok, n) = allocations(|| schema.is_valid_with(black_box(args), &opts));
        assert!(ok);
        assert_eq!(n, 0, "is_valid allocated {n} times");
    }
}

#[test]
fn indexed_lookups_allocate_nothing() {
    let props: serde_json::Map<String, Value> = (0..200)
        .map(|i| (format!("p{i}"), json!({"type": "integer"})))
        .collect();
    let required: Vec<String> = (0..100).map(|i| format!("p{i}")).collect();
    let schema = Schema::parse(&json!({
        "type": "object", "properties": props, "required": required
    }))
    .unwrap();
    // Members in reverse order (binary search), some optional ones null.
    let mut args = serde_json::Map::new();
    for i in (0..150).rev() {
        args.insert(format!("p{i}"), json!(i));
    }
    assert_no_alloc(&schema, &Value::Object(args.clone()));
    args.insert("p180".into(), Value::Null);
    let opts = Options::TOOL_CALL.null_is_absent(true);
    let args = Value::Object(args);
    let (ok, n) = allocations(|| schema.is_valid_with(black_box(&args), &opts));
    assert!(ok);
    assert_eq!(n, 0);
}

#[test]
fn exact_multiples_short_sets_and_ref_chains_allocate_nothing() {
    let mut defs = serde_json::Map::new();
    for k in 1..100 {
        defs.insert(
            format!("d{k}"),
            json!({"$ref": format!("#/$defs/d{}", k + 1)}),
        );
    }
    defs.insert("d100".into(), json!({"type": "number", "multipleOf": 0.01}));
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {
            "price": {"$ref": "#/$defs/d1"},
            "even": {"type": "number", "multipleOf": 2.0},
            "tags": {"type": "array", "uniqueItems": true}
        },
        "$defs": defs
    }))
    .unwrap();
    let args: Value = serde_json::from_str(
        r#"{"price": 19.99, "even": 1e300, "tags": [1, 2.5, "a", [1], {"k": 1}, null, true, 3, 4, 5, 6, 7, 8, 9, 10, 11]}"#,
    )
    .unwrap();
    assert_no_alloc(&schema, &args);
}
