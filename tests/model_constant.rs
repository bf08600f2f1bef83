//! The checked model the macros hand to the run time (`ToolArgs::__MODEL`): for
//! `tool_schema!` tools and derived types whose whole schema the macro sees, the
//! constant is there and `compiled_schema()`, decoded from it, is the model
//! `Schema::parse` builds of the tool's schema; a derived type nesting another
//! has none and is parsed as before; a hand-written `ToolArgs` whose constant is
//! garbage falls back to parsing.

use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::OnceLock;
use tool_schema::__private::{Position, Report, Sink, Trail};
use tool_schema::ToolArgsExt;
use tool_schema::{tool_schema, Options, Schema, ToolArgs};

tool_schema! {
    Patterns = {
        "type": "object",
        "properties": {
            "slug": {"type": "string", "pattern": "^[a-z0-9-]+$", "maxLength": 40},
            "email": {"type": "string", "format": "email"},
            "size": {"type": "integer", "format": "uint8", "multipleOf": 2}
        },
        "patternProperties": {"^x-": {"type": "string"}, "^n_\\d+$": {"type": "number"}},
        "additionalProperties": false,
        "required": ["slug"]
    };

    References = {
        "type": "object",
        "properties": {
            "from": {"$ref": "#/$defs/place"},
            "to": {"$ref": "#/$defs/place"},
            "mode": {"enum": ["car", "train", 3, null]},
            "at": {"type": "string", "format": "date-time"}
        },
        "required": ["from", "to"],
        "$defs": {
            "place": {
                "type": "object",
                "properties": {"city": {"type": "string", "minLength": 1}, "zip": {"type": "string"}},
                "required": ["city"]
            }
        }
    };

    Unevaluated = {
        "type": "object",
        "properties": {"kind": {"const": "a"}, "list": {
            "type": "array", "prefixItems": [{"type": "integer"}],
            "unevaluatedItems": {"type": "string"}, "minItems": 1
        }},
        "allOf": [{"properties": {"extra": {"type": "boolean"}}}],
        "if": {"properties": {"kind": {"const": "a"}}},
        "then": {"properties": {"then_only": {"type": "integer", "minimum": -3.5}}},
        "unevaluatedProperties": false
    };

    Dependent = {
        "type": "object",
        "properties": {
            "card": {"type": "string"},
            "billing": {"type": "string"},
            "pet": {"oneOf": [
                {"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}}, "required": ["kind"]},
                {"type": "object", "properties": {"kind": {"const": "dog"}, "bark": {"type": "boolean"}}, "required": ["kind"]}
            ]}
        },
        "dependentRequired": {"card": ["billing"]},
        "dependentSchemas": {"billing": {"properties": {"vat": {"type": "string"}}}},
        "examples": [{"card": "x", "billing": "y"}],
        "x-vendor": {"any": [1, 2.5]}
    };

    /// The suite's "escaped pointer ref": a `$defs` name with `%` and `~`. The
    /// schema text (`Schema::to_value`) once wrote the `$ref` as `percent%field`,
    /// which `Schema::parse` refuses; it writes the fragment escaped now.
    Escaped = {
        "$defs": {"tilde~field": {"type": "integer"}, "percent%field": {"type": "integer"}},
        "properties": {
            "tilde": {"$ref": "#/$defs/tilde~0field"},
            "percent": {"$ref": "#/$defs/percent%25field"}
        }
    };
}

/// Constrained fields of plain types: the whole schema is the macro's.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Flat {
    #[arg(min_length = 1, max_length = 20, pattern = "^[a-z0-9-]+$")]
    slug: String,
    #[arg(min_items = 1, max_items = 3)]
    ids: Vec<u32>,
    #[serde(alias = "qty")]
    quantity: Option<u16>,
    #[arg(values = ["eu-west", "us-east"])]
    region: Option<String>,
}

/// An internally tagged enum: a discriminated `oneOf`.
#[derive(ToolArgs, Deserialize, Debug)]
#[serde(tag = "action", rename_all = "snake_case")]
#[allow(dead_code)]
enum Files {
    Read { path: String },
    Move { from: String, to: String },
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum Unit {
    Celsius,
    Fahrenheit,
}

/// Nests another derived type: its schema is joined when the crate compiles,
/// so the macro has no whole model to hand over.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Nesting {
    city: String,
    unit: Option<Unit>,
}

/// The constant is there, and the model decoded from it is the one parsing the
/// tool's schema gives, which validates alike.
fn decoded_as_parsed<T: ToolArgs + 'static>(calls: &[Value]) {
    assert!(!T::__MODEL.is_empty(), "{}: no model constant", T::NAME);
    let parsed = Schema::parse(T::schema()).unwrap();
    let decoded = Schema::__decode(T::__MODEL).unwrap();
    assert_eq!(&decoded, &parsed, "{}", T::NAME);
    assert_eq!(T::compiled_schema(), &parsed, "{}", T::NAME);
    assert_eq!(decoded.lints(), parsed.lints());
    for call in calls {
        for options in [Options::TOOL_CALL, Options::SPEC.formats(true)] {
            let text = call.to_string();
            let by_text = tool_schema::validate_str_with::<T>(&text, &options).unwrap();
            assert_eq!(by_text, parsed.validate_with(call, &options), "{text}");
            assert_eq!(by_text, T::validate_with(call, &options), "{text}");
        }
    }
}

#[test]
fn tool_schema_tools_hand_over_their_model() {
    decoded_as_parsed::<Patterns>(&[
        json!({"slug": "a-b", "size": 4, "x-a": "s", "n_1": 2}),
        json!({"slug": "A B", "size": 300, "x-a": 1, "n_1": "x", "other": 1}),
        json!({"email": "no"}),
    ]);
    decoded_as_parsed::<References>(&[
        json!({"from": {"city": "Paris"}, "to": {"city": "Rome"}, "mode": 3}),
        json!({"from": {"city": ""}, "to": {}, "mode": "bus", "at": "yesterday"}),
    ]);
    decoded_as_parsed::<Unevaluated>(&[
        json!({"kind": "a", "list": [1, "x"], "extra": true, "then_only": 2}),
        json!({"kind": "a", "list": [1, 2], "then_only": -4, "stray": 1}),
    ]);
    decoded_as_parsed::<Dependent>(&[
        json!({"card": "x", "billing": "y", "vat": "z", "pet": {"kind": "cat", "lives": 9}}),
        json!({"card": "x", "vat": 1, "pet": {"kind": "cow"}}),
    ]);
}

#[test]
fn derived_types_seen_whole_hand_over_their_model() {
    decoded_as_parsed::<Flat>(&[
        json!({"slug": "a", "ids": [1], "qty": 3, "region": "eu-west"}),
        json!({"slug": "A", "ids": [], "quantity": -1, "region": "mars"}),
    ]);
    decoded_as_parsed::<Files>(&[
        json!({"action": "move", "from": "a", "to": "b"}),
        json!({"action": "copy", "path": "a"}),
        json!({"action": "read"}),
    ]);
    decoded_as_parsed::<Unit>(&[json!("celsius"), json!("kelvin")]);
}

#[test]
fn a_derived_type_nesting_another_is_parsed() {
    assert!(Nesting::__MODEL.is_empty());
    let parsed = Schema::parse(Nesting::schema()).unwrap();
    assert_eq!(Nesting::compiled_schema(), &parsed);
    let report = Nesting::validate_str(r#"{"city": "Oslo", "unit": "kelvin"}"#).unwrap();
    assert_eq!(report.violations().len(), 1);
}

/// A hand-written implementation whose model constant is garbage: the schema is
/// parsed instead.
struct Garbled;

impl ToolArgs for Garbled {
    const NAME: &'static str = "garbled";
    const DESCRIPTION: &'static str = "";
    const SCHEMA_JSON: &'static str = r#"{"type":"object","properties":{"n":{"type":"integer"}}}"#;
    const __MODEL: &'static [u8] = b"TSM\x01\x05garbage";

    fn schema() -> &'static Value {
        static SCHEMA: OnceLock<Value> = OnceLock::new();
        SCHEMA.get_or_init(|| serde_json::from_str(Self::SCHEMA_JSON).unwrap())
    }

    fn validate_with(args: &Value, options: &Options) -> Report {
        Self::compiled_schema().validate_with(args, options)
    }

    fn __validate_at(_: &Value, _: &Trail<'_>, _: Position, _: &Options, _: &mut Sink<'_>) {}
}

#[test]
fn a_garbled_constant_falls_back_to_parsing() {
    assert!(Schema::__decode(Garbled::__MODEL).is_err());
    let parsed = Schema::parse(Garbled::schema()).unwrap();
    assert_eq!(Garbled::compiled_schema(), &parsed);
    let report = Garbled::validate_str(r#"{"n": "x"}"#).unwrap();
    assert_eq!(report.violations().len(), 1);
}

#[test]
fn a_reference_with_escapes_is_written_escaped_and_parses_back() {
    assert_eq!(
        Escaped::schema()["properties"]["percent"]["$ref"],
        "#/$defs/percent%25field"
    );
    assert_eq!(
        Escaped::schema()["properties"]["tilde"]["$ref"],
        "#/$defs/tilde~0field"
    );
    let model = Escaped::compiled_schema();
    assert_eq!(model, &Schema::__decode(Escaped::__MODEL).unwrap());
    assert_eq!(model, &Schema::parse(Escaped::schema()).unwrap());
    for (call, valid) in [
        (r#"{"percent": 123, "tilde": 1}"#, true),
        (r#"{"percent": "aoeu"}"#, false),
        (r#"{"tilde": "aoeu"}"#, false),
    ] {
        let report = Escaped::validate_str(call).unwrap();
        assert_eq!(report.is_valid(), valid, "{call}");
        let value: Value = serde_json::from_str(call).unwrap();
        assert_eq!(report, Escaped::validate(&value), "{call}");
    }
}
