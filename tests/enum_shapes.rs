//! Enums as generators write them (issue #15, item 2): a `oneOf` or `anyOf` of
//! `const`s (schemars 1.x, rmcp) or of one-value `enum`s (schemars 0.8) reads as one
//! enum, `argument 'mode' should be one of "fast", "slow", got "medium"`, not as a
//! list of failed alternatives; in every back end alike, and in the JSON report as
//! an `enum` violation.

use serde_json::{json, Value};
use tool_schema::{json_report, tool_schema, Options, Schema, ToolArgs};

tool_schema! {
    /// `oneOf` of `const`s with descriptions, as schemars 1.x writes a documented enum.
    pub OneOfConsts = {
        "type": "object",
        "properties": {
            "mode": {
                "oneOf": [
                    {"description": "Quick.", "type": "string", "const": "fast"},
                    {"description": "Careful.", "type": "string", "const": "slow"}
                ]
            }
        },
        "required": ["mode"]
    }

    /// `anyOf` of one-value `enum`s, as schemars 0.8 writes one, and an `enum` of two.
    pub AnyOfEnums = {
        "type": "object",
        "properties": {
            "level": {
                "anyOf": [
                    {"type": "string", "enum": ["low"]},
                    {"type": "string", "enum": ["mid", "high"]},
                    {"type": "string", "enum": ["low"]}
                ]
            }
        }
    }

    /// A `const` beside an alternative of another shape: not an enum.
    pub Mixed = {
        "type": "object",
        "properties": {
            "size": {"anyOf": [{"const": "auto"}, {"type": "integer", "minimum": 1}]}
        }
    }
}

fn messages<T: ToolArgs>(call: Value) -> Vec<String> {
    let schema = Schema::parse(T::schema()).unwrap();
    let options = Options::default();
    let interp = schema.validate_with(&call, &options);
    let compiled = T::validate_with(&call, &options);
    let text = schema.validate_str(&call.to_string(), &options).unwrap();
    assert_eq!(compiled, interp, "{call}");
    assert_eq!(text.messages(), interp.messages(), "{call}");
    interp.messages()
}

#[test]
fn one_of_consts_reads_as_an_enum() {
    assert_eq!(
        messages::<OneOfConsts>(json!({"mode": "medium"})),
        ["argument 'mode' should be one of \"fast\", \"slow\", got \"medium\""]
    );
    assert!(messages::<OneOfConsts>(json!({"mode": "slow"})).is_empty());
    let report = OneOfConsts::validate(&json!({"mode": "medium"}));
    let json = json_report(&report);
    assert_eq!(json["violations"][0]["kind"], json!("enum"), "{json}");
    assert_eq!(
        json["violations"][0]["allowed"],
        json!(["fast", "slow"]),
        "{json}"
    );
}

#[test]
fn any_of_enums_reads_as_one_enum_each_value_once() {
    assert_eq!(
        messages::<AnyOfEnums>(json!({"level": "max"})),
        ["argument 'level' should be one of \"low\", \"mid\", \"high\", got \"max\""]
    );
    assert!(messages::<AnyOfEnums>(json!({"level": "high"})).is_empty());
}

#[test]
fn a_const_beside_another_shape_is_not_an_enum() {
    let got = messages::<Mixed>(json!({"size": 0}));
    assert_eq!(
        got,
        ["argument 'size' should match at least one of: (1) argument 'size' should be \"auto\", got 0; (2) argument 'size' should be at least 1, got 0"]
    );
    let got = messages::<Mixed>(json!({"size": "big"}));
    assert_eq!(got, ["argument 'size' should be \"auto\", got \"big\""]);
}

#[test]
fn long_enums_in_alternatives_are_merged_in_linear_time() {
    // Two alternatives of 20,000 values each, half of them shared: merged by hashing
    // (pair by pair it would be 600 million comparisons, minutes in a debug build).
    let first: Vec<Value> = (0..20_000).map(|i| json!(format!("v{i}"))).collect();
    let second: Vec<Value> = (10_000..30_000).map(|i| json!(format!("v{i}"))).collect();
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {"v": {"oneOf": [{"enum": first}, {"enum": second}]}}
    }))
    .unwrap();
    let report = schema.validate(&json!({"v": "none"}));
    let json = json_report(&report);
    let allowed = json["violations"][0]["allowed"].as_array().unwrap();
    assert_eq!(json["violations"][0]["kind"], json!("enum"));
    // The JSON report lists what fits its size and counts the rest.
    let omitted = json["violations"][0]["allowed_omitted"].as_u64().unwrap();
    assert_eq!(allowed.len() as u64 + omitted, 30_000);
    assert_eq!(allowed[0], json!("v0"));
    assert_eq!(allowed[1], json!("v1"));
}
