//! The model constant (`Schema::__encode` / `Schema::__decode`, what the macros
//! hand to the run time as `ToolArgs::__MODEL`): a decoded schema equals the
//! parsed one and validates every instance alike, for every schema of the
//! JSON-Schema-Test-Suite copy the runtime accepts and the bench schemas; and
//! a truncated or garbled constant is an error, never a panic.

mod suite_support;

use serde_json::{json, Value};
use std::path::Path;
use suite_support::read;
use tool_schema_engine::{Options, Schema};

/// Every (label, schema, instances) of the suite copy (draft 2020-12 and 7) and
/// the bench schemas with their valid and invalid calls.
fn cases() -> Vec<(String, Value, Vec<Value>)> {
    let mut out = suite_support::groups("draft2020-12");
    out.extend(suite_support::groups("draft7"));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/data");
    for name in ["weather", "search", "order", "job"] {
        let schema = read(&dir.join(format!("{name}.json")));
        let instances = ["valid", "invalid"]
            .map(|k| read(&dir.join(format!("{name}_{k}.json"))))
            .to_vec();
        out.push((name.to_string(), schema, instances));
    }
    out
}

#[test]
fn decoding_the_encoding_gives_the_parsed_schema_back() {
    let options = [
        Options::TOOL_CALL,
        Options::SPEC,
        Options::TOOL_CALL.formats(true),
    ];
    let (mut schemas, mut instances) = (0, 0);
    for (label, value, values) in cases() {
        let Ok(parsed) = Schema::parse(&value) else {
            continue;
        };
        let decoded = Schema::__decode(&parsed.__encode())
            .unwrap_or_else(|e| panic!("{label}: the encoding is not read back: {e:?}"));
        assert_eq!(decoded, parsed, "{label}");
        assert_eq!(decoded.lints(), parsed.lints(), "{label}");
        schemas += 1;
        for v in &values {
            for o in &options {
                assert_eq!(
                    decoded.validate_with(v, o),
                    parsed.validate_with(v, o),
                    "{label}: {v}"
                );
                assert_eq!(decoded.is_valid_with(v, o), parsed.is_valid_with(v, o));
                let text = v.to_string();
                assert_eq!(
                    decoded.validate_str(&text, o).ok(),
                    parsed.validate_str(&text, o).ok(),
                    "{label}: {text}"
                );
            }
            instances += 1;
        }
    }
    assert!(schemas > 300, "only {schemas} schemas");
    assert!(instances > 1000, "only {instances} instances");
}

/// A schema with a field of every kind (patterns, references, aliases,
/// discriminators, numbers of each form, annotations, lints).
fn everything() -> Schema {
    Schema::parse(&json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$comment": "all of it",
        "title": "T",
        "description": "D",
        "type": "object",
        "properties": {
            "a": {"type": "string", "pattern": "^a\\d+$", "minLength": 1, "maxLength": 9,
                  "format": "email", "default": "a1", "examples": ["a2"]},
            "n": {"type": ["integer", "null"], "minimum": -5, "maximum": 18446744073709551615u64,
                  "exclusiveMinimum": -7.5, "multipleOf": 0.5, "format": "int32"},
            "pet": {"oneOf": [
                {"type": "object", "properties": {"kind": {"const": "cat"}}, "required": ["kind"]},
                {"type": "object", "properties": {"kind": {"enum": ["dog", 2]}}, "required": ["kind"]}
            ]},
            "r": {"$ref": "#/$defs/d"},
            "list": {"type": "array", "prefixItems": [{"type": "null"}], "items": {"type": "number"},
                     "contains": {"const": 1}, "minContains": 1, "maxContains": 3,
                     "uniqueItems": true, "unevaluatedItems": false},
            "m": {"required": ["x"]}
        },
        "x-tool-schema-aliases": {"a": ["alpha"]},
        "required": ["a", "pet", "zzz"],
        "patternProperties": {"^x_": {"type": "boolean"}, "^y": true},
        "additionalProperties": {"type": "integer"},
        "propertyNames": {"maxLength": 20},
        "dependentRequired": {"a": ["n"]},
        "dependentSchemas": {"n": {"properties": {"extra": {"type": "string"}}}},
        "minProperties": 1,
        "maxProperties": 30,
        "unevaluatedProperties": false,
        "if": {"properties": {"a": {"const": "a1"}}},
        "then": {"properties": {"then_name": true}},
        "else": {"not": {"required": ["n"]}},
        "allOf": [{"deprecated": true, "x-vendor": {"k": [1, 2.5, null]}}],
        "anyOf": [{"minProperties": 1}, {"maxProperties": 40}],
        "$defs": {"d": {"type": "string", "enum": ["p", "q"], "readOnly": true}}
    }))
    .unwrap()
}

#[test]
fn every_field_survives() {
    let schema = everything();
    assert!(!schema.lints().is_empty(), "a lint to carry");
    assert!(schema.nodes().iter().any(|n| n.one_of_tag.is_some()));
    assert!(schema.nodes().iter().any(|n| n.numeric_format.is_some()));
    assert!(schema.root().has_aliases());
    let bytes = schema.__encode();
    let decoded = Schema::__decode(&bytes).unwrap();
    assert_eq!(decoded, schema);
    assert_eq!(decoded.lints(), schema.lints());
    assert_eq!(decoded.to_value(), schema.to_value());
    for (d, p) in decoded.nodes().iter().zip(schema.nodes()) {
        // `Pattern` compares its source alone.
        let translated = |n: &tool_schema_engine::schema::Node| -> Vec<String> {
            let mut t: Vec<String> = n.pattern.iter().map(|p| p.translated.clone()).collect();
            t.extend(
                n.pattern_properties
                    .iter()
                    .map(|(p, _)| p.translated.clone()),
            );
            t
        };
        assert_eq!(translated(d), translated(p));
        assert_eq!(d.pattern_set.is_some(), p.pattern_set.is_some());
    }
    let call = json!({"a": "a12", "pet": {"kind": 2}, "x_1": true, "n": 3});
    assert_eq!(
        decoded.validate_with(&call, &Options::TOOL_CALL),
        schema.validate_with(&call, &Options::TOOL_CALL)
    );
}

#[test]
fn every_prefix_of_an_encoding_is_refused() {
    let bytes = everything().__encode();
    for end in 0..bytes.len() {
        assert!(Schema::__decode(&bytes[..end]).is_err(), "prefix of {end}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Schema::__decode(&longer).is_err());
    assert!(Schema::__decode(&[]).is_err());
}

/// Flipped bytes give an error or some schema, never a panic; a flipped
/// magic is always refused. (A constant is written by the macros; what a
/// garbled one that still decodes does when walked is not asked here.)
#[test]
fn garbled_encodings_never_panic() {
    let samples = [
        everything(),
        Schema::parse(&read(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/data/job.json"),
        ))
        .unwrap(),
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut refused, mut read_back) = (0, 0);
    for schema in &samples {
        let bytes = schema.__encode();
        for i in 0..4 {
            let mut bad = bytes.clone();
            bad[i] ^= 0x20;
            assert!(Schema::__decode(&bad).is_err());
        }
        for _ in 0..1000 {
            let mut bad = bytes.clone();
            for _ in 0..1 + next() % 3 {
                let at = (next() % bad.len() as u64) as usize;
                bad[at] = match next() % 3 {
                    0 => bad[at] ^ (1 << (next() % 8)),
                    1 => 0xff,
                    _ => next() as u8,
                };
            }
            match Schema::__decode(&bad) {
                Ok(_) => read_back += 1,
                Err(_) => refused += 1,
            }
        }
    }
    assert!(refused > 500, "{refused} refused, {read_back} read back");
}
