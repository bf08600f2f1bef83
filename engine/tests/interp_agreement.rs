//! The interpreter's yes/no walk (`is_valid`) and its reporting walk (`validate`)
//! agree: a value is valid exactly when the report is empty, under every option
//! set, over the JSON-Schema-Test-Suite, the seed-op cases and targeted schemas.
//! (`validate` runs the yes/no walk first on every subtree, so a disagreement
//! would also drop or invent violations.)

mod suite_support;

use serde_json::{json, Value};
use std::path::Path;
use tool_schema_engine::{Options, Schema, Undeclared};

fn option_sets() -> Vec<Options> {
    let mut out = Vec::new();
    for base in [Options::TOOL_CALL, Options::SPEC] {
        for undeclared in [
            Undeclared::RejectUnlessAllowed,
            Undeclared::RejectAlways,
            Undeclared::RejectIfForbidden,
        ] {
            for flip in 0..8u8 {
                out.push(
                    base.undeclared(undeclared)
                        .formats(flip & 1 != 0)
                        .integer_floats(flip & 2 != 0)
                        .null_is_absent(flip & 4 != 0),
                );
            }
        }
    }
    out
}

/// Checks one schema against values; returns how many (value, options) pairs
/// were valid, so callers can see both outcomes were exercised.
fn agree(schema: &Schema, values: &[Value], opts: &[Options], label: &str) -> (usize, usize) {
    let (mut valid, mut invalid) = (0, 0);
    for v in values {
        for o in opts {
            let fast = schema.is_valid_with(v, o);
            let report = schema.validate_with(v, o);
            assert_eq!(
                fast,
                report.is_valid(),
                "{label}: is_valid_with says {fast} but validate_with reports {:?} for {v} under {o:?}",
                report.violations()
            );
            if fast {
                valid += 1;
            } else {
                invalid += 1;
            }
        }
    }
    (valid, invalid)
}

#[test]
fn json_schema_test_suite_agrees() {
    let opts = option_sets();
    let (mut valid, mut invalid, mut schemas) = (0, 0, 0);
    for (label, schema, values) in suite_support::groups("draft2020-12") {
        let Ok(schema) = Schema::parse(&schema) else {
            continue;
        };
        schemas += 1;
        let (v, i) = agree(&schema, &values, &opts, &label);
        valid += v;
        invalid += i;
    }
    assert!(schemas > 100, "only {schemas} schemas read");
    assert!(
        valid > 1000 && invalid > 1000,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn seed_op_cases_agree() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/seed-ops");
    let opts = option_sets();
    let mut checked = 0;
    for name in ["examples.jsonl", "random.jsonl"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).unwrap();
            let input = &case["input"];
            let Some(args) = input.get("arguments").or_else(|| input.get("args")) else {
                continue;
            };
            for key in ["schema", "schema_a", "schema_b"] {
                let Some(Ok(schema)) = input.get(key).map(Schema::parse) else {
                    continue;
                };
                agree(
                    &schema,
                    std::slice::from_ref(args),
                    &opts,
                    &case["id"].to_string(),
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} cases read");
}

#[test]
fn targeted_schemas_agree() {
    let opts = option_sets();
    // Over 64 declared properties (the required bit mask's limit), required names
    // past it and undeclared, `null` for optional ones, numeric limits of every kind.
    let mut props = serde_json::Map::new();
    for i in 0..70 {
        props.insert(
            format!("p{i}"),
            json!({"type": "integer", "minimum": -3, "maximum": 5}),
        );
    }
    props.insert(
        "big".into(),
        json!({"type": "number", "maximum": 18446744073709551615u64}),
    );
    props.insert(
        "frac".into(),
        json!({"exclusiveMinimum": 0.5, "exclusiveMaximum": 9007199254740993i64}),
    );
    let wide = Schema::parse(&json!({
        "type": "object",
        "properties": props,
        "required": ["p1", "p66", "p69", "undeclared"],
    }))
    .unwrap();
    let values = [
        json!({"p1": 0, "p66": 1, "p69": 2, "undeclared": 1}),
        json!({"p1": 0, "p66": 1, "p69": 2}),
        json!({"p69": 2, "p66": 1, "p1": 0, "undeclared": null}),
        json!({"p1": null, "p66": 1, "p69": 2, "undeclared": 1, "p3": null}),
        json!({"p1": 6, "p66": -4, "p69": 2.0, "undeclared": 1}),
        json!({"p1": 0, "p66": 1, "p69": 2, "undeclared": 1, "big": 18446744073709551615u64}),
        json!({"p1": 0, "p66": 1, "p69": 2, "undeclared": 1, "big": 1e30}),
        json!({"p1": 0, "p66": 1, "p69": 2, "undeclared": 1, "frac": 0.5}),
        json!({"p1": 0, "p66": 1, "p69": 2, "undeclared": 1, "frac": 9007199254740992u64}),
        json!({"p1": 0, "p66": 1, "p69": 2, "undeclared": 1, "frac": 9007199254740993u64}),
        json!({"p1": 0, "p66": 1, "p69": 2, "undeclared": 1, "frac": 9.007199254740993e15}),
        json!([1, 2]),
        json!("text"),
    ];
    let (v, i) = agree(&wide, &values, &opts, "wide");
    assert!(v > 0 && i > 0);

    // Applicators on the root value, which stays closed to undeclared properties.
    let applied = Schema::parse(&json!({
        "allOf": [{"properties": {"a": {"type": "integer"}}}],
        "anyOf": [{"required": ["a"]}, {"required": ["b"]}],
        "oneOf": [{"properties": {"a": {"minimum": 3}}}, {"properties": {"a": {"maximum": 5}}}],
        "not": {"required": ["c"]},
        "propertyNames": {"maxLength": 3},
        "$defs": {"n": {"type": ["integer", "null"], "nullable": true}},
        "properties": {"a": {"$ref": "#/$defs/n"}, "b": {}, "c": {}, "list": {
            "prefixItems": [{"const": 1}, {"enum": ["x", 2]}],
            "items": {"type": "string", "format": "date", "pattern": "^2"},
            "uniqueItems": true, "minItems": 1, "maxItems": 4
        }}
    }))
    .unwrap();
    let values = [
        json!({"a": 1}),
        json!({"a": 4}),
        json!({"a": 7}),
        json!({"b": 1}),
        json!({"a": 1, "c": 1}),
        json!({"a": 1, "long": 1}),
        json!({"a": null}),
        json!({"a": 1.0}),
        json!({"a": 1, "list": [1, "x", "2024-01-31"]}),
        json!({"a": 1, "list": [1, 2, "2024-13-31"]}),
        json!({"a": 1, "list": [1, 2, "x", "y"]}),
        json!({"a": 1, "list": [1, 2, "2024-01-31", "2024-01-31"]}),
        json!({"a": 1, "list": []}),
        json!(3),
    ];
    let (v, i) = agree(&applied, &values, &opts, "applied");
    assert!(v > 0 && i > 0);
}
