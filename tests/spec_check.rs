//! `examples/spec_check.rs` answers its contract: one line per input line,
//! `{"valid": bool}` or `{"schema_error": "..."}`, the dialect from `$schema`.

#[path = "../examples/spec_check.rs"]
mod spec_check;

use serde_json::{json, Value};

fn answers(lines: &[Value]) -> Vec<Value> {
    let mut input = String::new();
    for l in lines {
        input.push_str(&l.to_string());
        input.push_str("\n\n");
    }
    input.push_str("not json\n{\"schema\": {}}\n");
    let mut out = Vec::new();
    spec_check::run(input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn answers_the_contract() {
    let draft7 = "http://json-schema.org/draft-07/schema#";
    let got = answers(&[
        json!({"schema": {"type": "integer"}, "instance": 1.0}),
        json!({"schema": {"type": "integer"}, "instance": "1"}),
        // Spec mode: any root, undeclared properties allowed, formats annotate.
        json!({"schema": {"properties": {"a": {"format": "email"}}}, "instance": {"a": "x", "b": 1}}),
        // The dialect from `$schema`: draft 7's array `items` and `$ref` alone.
        json!({"schema": {"$schema": draft7, "items": [{"type": "string"}], "additionalItems": false}, "instance": ["a", 1]}),
        json!({"schema": {"$schema": draft7, "items": [{"type": "string"}]}, "instance": ["a", 1]}),
        json!({"schema": {"items": [{"type": "string"}]}, "instance": ["a"]}),
        // References: an embedded resource, the bundled meta-schema.
        json!({"schema": {"$ref": "https://json-schema.org/draft/2020-12/schema"}, "instance": {"type": "nope"}}),
        json!({"schema": {"$id": "http://x.example/a", "$ref": "b", "$defs": {"b": {"$id": "b", "minimum": 2}}}, "instance": 1}),
        json!({"schema": {"$ref": "http://x.example/missing"}, "instance": 1}),
    ]);
    let kinds: Vec<String> = got
        .iter()
        .map(|a| match (a.get("valid"), a.get("schema_error")) {
            (Some(v), None) => v.to_string(),
            (None, Some(Value::String(_))) => "schema_error".to_string(),
            _ => panic!("not in the contract: {a}"),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "true",
            "false",
            "true",
            "false",
            "true",
            "schema_error",
            "false",
            "false",
            "schema_error",
            "schema_error",
            "schema_error"
        ]
    );
    assert!(got[5]["schema_error"]
        .as_str()
        .unwrap()
        .contains("prefixItems"));
    assert!(got[8]["schema_error"]
        .as_str()
        .unwrap()
        .contains("nothing is fetched"));
}
