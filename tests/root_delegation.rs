//! The arguments object is closed to undeclared names, and where the root schema
//! declares no `properties` but its in-place subschemas do (a root `$ref`, as
//! zod-to-json-schema writes with its `name` option; an `anyOf` of argument shapes),
//! the closing is theirs: their names are accepted, others refused once. The
//! generated validator, the interpreter and the text path agree.

use serde_json::{json, Value};
use tool_schema::{tool_schema, Options, Schema, ToolArgs};

tool_schema! {
    /// A root that is only a reference into `definitions`.
    pub MoveRobot = {
        "$ref": "#/definitions/MoveRobot",
        "definitions": {
            "MoveRobot": {
                "type": "object",
                "properties": {
                    "x": {"type": "integer"},
                    "speed": {"type": "number", "exclusiveMinimum": 0}
                },
                "required": ["x"],
                "additionalProperties": false
            }
        },
        "$schema": "http://json-schema.org/draft-07/schema#"
    }

    /// A root that is an `anyOf` of two argument shapes.
    pub Either = {
        "anyOf": [
            {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]},
            {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}
        ]
    }

    /// A root with `allOf` of a shape: the shape closes the object.
    pub Both = {
        "type": "object",
        "allOf": [{"properties": {"c": {"type": "boolean"}}}]
    }

    /// A root with no properties anywhere stays closed: no argument is accepted.
    pub Nothing = { "type": "object" }
}

fn agree<T: ToolArgs>(call: Value, want: &[&str]) {
    let schema = Schema::parse(T::schema()).unwrap();
    for options in [Options::default(), Options::SPEC] {
        let interp = schema.validate_with(&call, &options).messages();
        let compiled = T::validate_with(&call, &options).messages();
        let text = schema
            .validate_str(&call.to_string(), &options)
            .unwrap()
            .messages();
        assert_eq!(compiled, interp, "{call}");
        assert_eq!(text, interp, "{call}");
        if options == Options::default() {
            assert_eq!(interp, want, "{call}");
        }
    }
}

#[test]
fn a_root_reference_closes_with_its_target() {
    agree::<MoveRobot>(json!({"x": 1}), &[]);
    agree::<MoveRobot>(json!({"x": 1, "speed": 0.5}), &[]);
    agree::<MoveRobot>(json!({"x": 1, "y": 2}), &["unexpected argument 'y'"]);
    agree::<MoveRobot>(json!({}), &["missing required argument 'x'"]);
}

#[test]
fn a_root_any_of_closes_with_its_branches() {
    agree::<Either>(json!({"a": 1}), &[]);
    agree::<Either>(json!({"b": "x"}), &[]);
    assert!(!Either::is_valid(&json!({"c": 1})));
    assert!(!Either::is_valid(&json!({"a": 1, "c": 1})));
    agree::<Either>(
        json!({"a": 1, "c": 1}),
        &Either::validate(&json!({"a": 1, "c": 1}))
            .messages()
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
}

#[test]
fn a_root_all_of_closes_with_its_branch() {
    agree::<Both>(json!({"c": true}), &[]);
    agree::<Both>(json!({"c": true, "d": 1}), &["unexpected argument 'd'"]);
}

#[test]
fn a_root_without_properties_anywhere_stays_closed() {
    agree::<Nothing>(json!({}), &[]);
    agree::<Nothing>(json!({"d": 1}), &["unexpected argument 'd'"]);
}
