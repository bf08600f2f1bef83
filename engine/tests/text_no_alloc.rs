//! `Schema::validate_str` on valid text allocates nothing (once the schema's plan
//! is built, on first use): flat, nested, enum, bounds, array, formats, patterns,
//! `$ref`, scalar `anyOf`, maps; under every undeclared-property policy and in
//! spec mode.
//!
//! A counting global allocator (`tests/support/counting_alloc.rs`) wraps `System`.

use serde_json::{json, Value};
use std::hint::black_box;
use tool_schema_engine::{Options, Schema, Undeclared};

#[path = "../../tests/support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{allocations, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

fn parse(v: Value) -> Schema {
    Schema::parse(&v).unwrap_or_else(|e| panic!("schema refused: {e}"))
}

const OPTIONS: [Options; 5] = [
    Options::TOOL_CALL,
    Options::TOOL_CALL.undeclared(Undeclared::RejectAlways),
    Options::TOOL_CALL.undeclared(Undeclared::RejectIfForbidden),
    Options::TOOL_CALL.null_is_absent(true),
    Options::SPEC,
];

/// Asserts that `validate_str` on each of `valid` (text without escapes) gives a
/// valid report and allocates nothing, under every options.
fn assert_no_alloc(schema: &Schema, valid: &[&str]) {
    for text in valid {
        for options in &OPTIONS {
            // The first run builds the schema's plan (and warms regex caches).
            let report = schema.validate_str(text, options).unwrap();
            assert!(report.is_valid(), "{text} under {options:?}: {report}");
            let (report, n) = allocations(|| schema.validate_str(black_box(text), options));
            assert!(report.unwrap().is_valid());
            assert_eq!(
                n, 0,
                "validate_str allocated {n} times on {text} under {options:?}"
            );
        }
    }
}

#[test]
fn flat_schema() {
    let s = parse(json!({
        "type": "object",
        "properties": {
            "city": {"type": "string", "description": "City name"},
            "unit": {"type": "string"},
            "days": {"type": "integer"},
            "detailed": {"type": "boolean"},
            "lat": {"type": "number"}
        },
        "required": ["city"]
    }));
    assert_no_alloc(
        &s,
        &[
            r#"{"city": "Paris"}"#,
            r#"{"city": "Paris", "unit": "c", "days": 3, "detailed": false, "lat": 48.85}"#,
            r#"{"lat": 1, "city": ""}"#,
            "{ \"city\" :\n\t\"Paris\" }",
        ],
    );
}

#[test]
fn enum_bounds_nested_objects_and_arrays() {
    let s = parse(json!({
        "type": "object",
        "properties": {
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "qty": {"type": "integer", "minimum": 1, "maximum": 100},
            "ratio": {"type": "number", "exclusiveMinimum": 0.5, "maximum": 1.5, "multipleOf": 0.25},
            "code": {"type": "string", "minLength": 2, "maxLength": 8, "pattern": "^[A-Z]+[0-9]*$"},
            "when": {"type": "string", "format": "date-time"},
            "filters": {
                "type": "object",
                "properties": {
                    "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}, "maxItems": 5},
                    "range": {
                        "type": "object",
                        "properties": {
                            "lo": {"type": "integer", "minimum": 0},
                            "hi": {"type": "integer", "maximum": 1000}
                        },
                        "required": ["lo", "hi"],
                        "additionalProperties": false
                    }
                },
                "required": ["tags"]
            },
            "rows": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "integer", "minimum": 1},
                        "kind": {"enum": [1, "two", null]},
                        "meta": {"type": "object", "additionalProperties": true}
                    },
                    "required": ["id"]
                }
            },
            "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}], "items": false}
        },
        "required": ["unit", "filters"]
    }));
    assert_no_alloc(
        &s,
        &[
            r#"{"unit": "celsius", "filters": {"tags": []}}"#,
            r#"{
                "unit": "fahrenheit",
                "qty": 100,
                "ratio": 1.25,
                "code": "AB12",
                "when": "2024-05-01T10:00:00Z",
                "filters": {"tags": ["a", "c", "b", "a"], "range": {"lo": 0, "hi": 1000}},
                "rows": [
                    {"id": 1, "kind": 1.0},
                    {"id": 2, "kind": "two", "meta": {"anything": [1, {"x": null}]}},
                    {"kind": null, "id": 3}
                ],
                "pair": ["x", 2.5]
            }"#,
        ],
    );
}

#[test]
fn refs_scalar_unions_and_maps() {
    let s = parse(json!({
        "type": "object",
        "properties": {
            "note": {"anyOf": [{"type": "string", "minLength": 1}, {"type": "null"}]},
            "size": {"oneOf": [{"type": "integer"}, {"enum": ["S", "M", "L"]}]},
            "not_zero": {"not": {"const": 0}},
            "owner": {"$ref": "#/$defs/person"},
            "team": {"type": "array", "items": {"$ref": "#/$defs/person"}},
            "labels": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "propertyNames": {"maxLength": 10},
                "maxProperties": 3
            }
        },
        "$defs": {
            "person": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}},
                "required": ["name"]
            }
        }
    }));
    assert_no_alloc(
        &s,
        &[
            r#"{"note": null, "size": "M", "not_zero": 1}"#,
            r#"{"note": "x", "size": 3, "owner": {"name": "Ann", "age": 40},
                "team": [{"name": "Bo"}, {"age": 1, "name": "Cy"}],
                "labels": {"env": "prod", "tier": "1"}}"#,
        ],
    );
}

#[test]
fn escapes_cost_only_serde_jsons_scratch_buffer() {
    let s = parse(json!({
        "type": "object",
        "properties": {"city": {"type": "string", "maxLength": 20}},
        "required": ["city"]
    }));
    let plain = r#"{"city": "Paris"}"#;
    let escaped = r#"{"c\u0069ty": "Par\u00eds \"X\""}"#;
    let options = Options::default();
    assert!(s.validate_str(escaped, &options).unwrap().is_valid());
    let (_, n) = allocations(|| s.validate_str(black_box(plain), &options));
    assert_eq!(n, 0);
    let (_, n) = allocations(|| s.validate_str(black_box(escaped), &options));
    // The scratch buffer that serde_json decodes escapes into, growing.
    assert!((1..=3).contains(&n), "{n} allocations");
}

#[test]
fn invalid_text_allocates_its_report() {
    let s = parse(json!({
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"]
    }));
    let (report, n) =
        allocations(|| s.validate_str(black_box(r#"{"city": 1}"#), &Options::default()));
    assert_eq!(
        report.unwrap().messages(),
        ["argument 'city' should be string, got integer"]
    );
    assert!(n > 0);
}

/// Issue #18: numeric formats (`uint8`, ...) checked as ranges on the valid path.
#[test]
fn numeric_formats() {
    let s = parse(json!({
        "type": "object",
        "properties": {
            "count": {"type": "integer", "format": "uint8", "minimum": 0.0},
            "id": {"type": "integer", "format": "int64"},
            "big": {"type": "integer", "format": "uint64"},
            "ratio": {"type": "number", "format": "float"},
            "scale": {"type": "number", "format": "double"},
            "maybe": {"anyOf": [{"type": "integer", "format": "int32"}, {"type": "null"}]}
        }
    }));
    assert_no_alloc(
        &s,
        &[
            r#"{"count": 255, "id": -9223372036854775808, "big": 18446744073709551615}"#,
            r#"{"ratio": 3.4e38, "scale": 1e308, "maybe": 2147483647}"#,
            r#"{"count": 0, "maybe": null}"#,
        ],
    );
}
