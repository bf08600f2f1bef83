//! `Schema::validate` on valid arguments allocates nothing.
//!
//! A counting global allocator (`tests/support/counting_alloc.rs`) wraps `System`.

use serde_json::{json, Value};
use std::hint::black_box;
use tool_schema_engine::{Options, Report, Schema, Undeclared};

#[path = "../../tests/support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{allocations, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

fn parse(v: Value) -> Schema {
    Schema::parse(&v).unwrap_or_else(|e| panic!("schema refused: {e}"))
}

fn text(s: &str) -> Value {
    serde_json::from_str(s).unwrap()
}

const POLICIES: [Options; 3] = [
    Options::TOOL_CALL,
    Options::TOOL_CALL.undeclared(Undeclared::RejectAlways),
    Options::TOOL_CALL.undeclared(Undeclared::RejectIfForbidden),
];

/// Asserts that validating every one of `valid` allocates nothing (under every
/// policy), and that it is indeed valid.
fn assert_no_alloc(schema: &Schema, valid: &[Value]) {
    for args in valid {
        let (report, n) = allocations(|| schema.validate(black_box(args)));
        assert!(report.is_valid(), "{args} should be valid: {report}");
        assert_eq!(n, 0, "validate allocated {n} times on {args}");

        let (ok, n) = allocations(|| schema.is_valid(black_box(args)));
        assert!(ok);
        assert_eq!(n, 0, "is_valid allocated {n} times on {args}");

        for opts in &POLICIES {
            let (report, n): (Report, usize) =
                allocations(|| schema.validate_with(black_box(args), black_box(opts)));
            assert!(report.is_valid(), "{args} under {opts:?}: {report}");
            assert_eq!(
                n, 0,
                "validate_with({opts:?}) allocated {n} times on {args}"
            );
        }
    }
}

#[test]
fn the_counter_counts() {
    let (v, n) = allocations(|| vec![1u8, 2, 3]);
    assert_eq!(v.len(), 3);
    assert!(n >= 1);
    let ((), n) = allocations(|| ());
    assert_eq!(n, 0);
    // Outside a measured region nothing is counted.
    let _s = String::from("not counted");
    let ((), n) = allocations(|| ());
    assert_eq!(n, 0);
}

#[test]
fn flat_weather_schema() {
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
    let valid = [
        json!({"city": "Paris"}),
        json!({"city": "Paris", "unit": "c", "days": 3, "detailed": false, "lat": 48.85}),
        json!({"lat": 1, "city": ""}),
    ];
    assert_no_alloc(&s, &valid);
}

#[test]
fn enum_bounds_nested_objects_and_arrays_of_objects() {
    let s = parse(json!({
        "type": "object",
        "properties": {
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "qty": {"type": "integer", "minimum": 1, "maximum": 100},
            "ratio": {"type": "number", "minimum": 0.5, "maximum": 1.5},
            "filters": {
                "type": "object",
                "properties": {
                    "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}},
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
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "integer", "minimum": 1},
                        "kind": {"enum": [1, "two", null, [3], {"four": 4}]},
                        "meta": {"type": "object", "additionalProperties": true}
                    },
                    "required": ["id"]
                }
            }
        },
        "required": ["unit", "filters"]
    }));
    let valid = [
        json!({"unit": "celsius", "filters": {"tags": []}}),
        text(
            r#"{
            "unit": "fahrenheit",
            "qty": 100,
            "ratio": 1,
            "filters": {"tags": ["a", "c", "b", "a"], "range": {"lo": 0, "hi": 1000}},
            "rows": [
                {"id": 1, "kind": 1.0},
                {"id": 2, "kind": "two", "meta": {"anything": [1, {"x": null}]}},
                {"kind": null, "id": 3},
                {"id": 4, "kind": [3.0]},
                {"id": 5, "kind": {"four": 4}}
            ]
        }"#,
        ),
    ];
    assert_no_alloc(&s, &valid);
}

#[test]
fn const_values() {
    let s = parse(json!({
        "type": "object",
        "properties": {
            "version": {"const": 2},
            "mode": {"type": "string", "const": "fast"},
            "shape": {"const": {"kind": "circle", "r": [1, 2.5]}},
            "flag": {"const": true},
            "none": {"const": null}
        }
    }));
    let valid = [
        json!({}),
        text(
            r#"{"version": 2.0, "mode": "fast", "shape": {"r": [1.0, 2.5], "kind": "circle"}, "flag": true, "none": null}"#,
        ),
    ];
    assert_no_alloc(&s, &valid);
}

#[test]
fn type_lists_and_untyped_properties() {
    let s = parse(json!({
        "type": "object",
        "properties": {
            "s": {"type": ["string", "null"]},
            "n": {"type": ["number", "boolean"], "minimum": 0},
            "any": {},
            "list": {"type": ["array", "null"], "items": {"type": ["integer", "string"]}}
        },
        "additionalProperties": true
    }));
    let valid = [
        json!({"s": null, "n": true, "any": {"deep": [[[]]]}, "list": null}),
        json!({"s": "x", "n": 3, "any": null, "list": [1, "a", 2]}),
        json!({"n": 0.5, "list": []}),
    ];
    assert_no_alloc(&s, &valid);
    // An extra argument that `additionalProperties: true` allows (tool-call mode).
    let extra = json!({"s": "x", "extra": {"k": [1, 2]}});
    let (report, n) = allocations(|| s.validate(black_box(&extra)));
    assert!(report.is_valid(), "{report}");
    assert_eq!(n, 0);
}

#[test]
fn invalid_calls_do_allocate() {
    let s = parse(json!({
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"enum": ["c", "f"]},
            "qty": {"type": "integer", "minimum": 1},
            "nested": {"type": "object", "properties": {"x": {"type": "integer"}}}
        },
        "required": ["city"]
    }));
    let invalid = [
        json!({}),
        json!({"city": 1}),
        json!({"city": "a", "unit": "k"}),
        json!({"city": "a", "qty": 0}),
        json!({"city": "a", "other": 1}),
        json!({"city": "a", "nested": {"x": "y"}}),
        json!([]),
    ];
    for args in &invalid {
        let (report, n) = allocations(|| s.validate(black_box(args)));
        assert!(!report.is_valid(), "{args} should be invalid");
        assert!(n > 0, "an invalid call ({args}) should allocate its report");
        // `is_valid` builds no violation: it never allocates, valid or not.
        let (ok, n) = allocations(|| s.is_valid(black_box(args)));
        assert!(!ok);
        assert_eq!(n, 0, "is_valid allocated on {args}");
    }
    // And the same schema on valid input still allocates nothing.
    assert_no_alloc(&s, &[json!({"city": "a", "nested": {"x": 1}})]);
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
    let valid = [
        json!({"count": 255, "id": i64::MIN, "big": u64::MAX}),
        json!({"ratio": 3.4e38, "scale": 1e308, "maybe": 2147483647}),
        json!({"count": 0, "maybe": null}),
    ];
    assert_no_alloc(&s, &valid);
}

#[test]
fn conditional_and_counting_keywords_allocate_nothing() {
    let s = parse(json!({
        "type": "object",
        "properties": {
            "kind": {"enum": ["a", "b"]},
            "card": {"type": "string"},
            "billing": {"type": "string"},
            "tags": {"type": "array", "contains": {"const": "x"}, "maxContains": 2},
            "env": {"type": "object", "patternProperties": {"^[A-Z]+$": {"type": "string"}}}
        },
        "patternProperties": {"^x-": {"type": "integer"}},
        "dependentRequired": {"card": ["billing"]},
        "dependentSchemas": {"billing": {"required": ["card"]}},
        "if": {"properties": {"kind": {"const": "a"}}},
        "then": {"required": ["tags"]},
        "else": {"properties": {"tags": {"maxItems": 1}}}
    }));
    let valid = [
        json!({"kind": "a", "tags": ["x", "y"]}),
        json!({"kind": "b", "card": "c", "billing": "b", "x-n": 3}),
        json!({"kind": "a", "tags": ["x"], "env": {"HOME": "/", "PATH": "/bin"}}),
    ];
    // The regular expressions' caches are filled on first use.
    for args in &valid {
        assert!(s.is_valid(args));
    }
    assert_no_alloc(&s, &valid);
}

#[test]
fn unevaluated_keywords_allocate_nothing() {
    let s = parse(json!({
        "type": "object",
        "properties": {"kind": {"enum": ["a", "b"]}},
        "allOf": [{"properties": {"city": {"type": "string"}}}],
        "anyOf": [
            {"properties": {"days": {"type": "integer"}}, "required": ["days"]},
            {"properties": {"date": {"type": "string"}}, "required": ["date"]}
        ],
        "if": {"properties": {"kind": {"const": "a"}}},
        "then": {"properties": {"unit": {"enum": ["c", "f"]}}},
        "patternProperties": {"^x-": {"type": "integer"}},
        "unevaluatedProperties": false,
        "dependentSchemas": {"city": {"properties": {"tags": {
            "type": "array",
            "prefixItems": [{"type": "string"}],
            "contains": {"const": 1},
            "unevaluatedItems": {"type": "integer"}
        }}}}
    }));
    let valid = [
        json!({"kind": "a", "city": "Oslo", "days": 3, "unit": "c"}),
        json!({"kind": "b", "date": "d", "x-n": 1}),
        json!({"city": "Oslo", "days": 1, "date": "d", "tags": ["t", 1, 2]}),
    ];
    for args in &valid {
        assert!(s.is_valid(args), "{args}");
    }
    assert_no_alloc(&s, &valid);
}

#[test]
fn aliases() {
    let s = parse(json!({
        "type": "object",
        "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        "required": ["city"],
        "x-tool-schema-aliases": {"city": ["town", "place"], "days": ["n"]}
    }));
    assert_no_alloc(
        &s,
        &[
            json!({"town": "Oslo", "n": 2}),
            json!({"city": "Oslo", "days": 2}),
            json!({"place": "Oslo"}),
        ],
    );
}

#[test]
fn patterns_on_the_engine_allocate_nothing() {
    // Groups, alternation, assertions and lazy repetitions: none is a simple
    // pattern, so the engine answers (its scratch space is filled on first use).
    let s = parse(json!({
        "type": "object",
        "properties": {
            "phone": {"type": "string", "pattern": "^(\\+|00)[0-9]{7,15}$"},
            "slug": {"type": "string", "pattern": "^[a-z]+(-[a-z]+)*$"},
            "word": {"type": "string", "pattern": "\\bfoo\\b|^(?i:bar)+?$"}
        },
        "patternProperties": {"^(x|y)-\\w+$": {"type": "integer"}}
    }));
    let valid = [
        json!({"phone": "+441234567890", "slug": "my-tool", "word": "a foo b"}),
        json!({"phone": "0012345678", "word": "BarbAR", "x-a1": 1, "y-b": 2}),
    ];
    for args in &valid {
        assert!(s.is_valid(args), "{args}");
    }
    assert_no_alloc(&s, &valid);
}
