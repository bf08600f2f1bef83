//! The seed exercises' own examples (seeds 000 and 003), written as `tool_schema!`
//! tools, give exactly the expected strings in each seed's format.

use serde_json::json;
use tool_schema::seed::Format as SeedFormat;
use tool_schema::{tool_schema, Options, ToolArgs, Undeclared};

tool_schema! {
    /// Seed 000, examples 1, 2 and 4.
    pub Weather000 = {
        "type": "object",
        "properties": {"city": {"type": "string"}, "units": {"type": "string"}},
        "required": ["city"]
    }
    /// Seed 000, example 3.
    pub Add = {
        "type": "object",
        "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
        "required": ["a", "b"]
    }
    /// Seed 003's sample tool.
    pub GetWeather = {
        "type": "object",
        "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
        "required": ["city"]
    }
    /// Seed 003's background schema, with an enum.
    pub Forecast = {
        "type": "object",
        "properties": {
            "city":  {"type": "string"},
            "days":  {"type": "integer"},
            "units": {"type": "string", "enum": ["c", "f"]}
        },
        "required": ["city"]
    }
    /// Seed 002's lesson schema.
    pub Qty = {
        "properties": {
            "qty": {"type": "integer", "minimum": 1, "maximum": 100},
            "note": {"type": "string"}
        },
        "required": ["qty"],
        "additionalProperties": false
    }
}

fn seed000<T: ToolArgs>(args: serde_json::Value) -> Vec<String> {
    let options = Options::default().undeclared(Undeclared::RejectAlways);
    SeedFormat::Seed000.render(&T::validate_with(&args, &options))
}

fn seed002<T: ToolArgs>(args: serde_json::Value) -> Vec<String> {
    let options = Options::default().undeclared(Undeclared::RejectIfForbidden);
    SeedFormat::Seed002.render(&T::validate_with(&args, &options))
}

fn seed003<T: ToolArgs>(args: serde_json::Value) -> Vec<String> {
    let options = Options::default().undeclared(Undeclared::RejectAlways);
    SeedFormat::Seed003.render(&T::validate_with(&args, &options))
}

#[test]
fn seed_000_examples() {
    assert!(seed000::<Weather000>(json!({"city": "Paris"})).is_empty());
    assert_eq!(
        seed000::<Weather000>(json!({})),
        ["missing required argument 'city'"]
    );
    assert_eq!(
        seed000::<Add>(json!({"a": "2", "b": 3})),
        ["argument 'a' should be number, got string"]
    );
    assert_eq!(
        seed000::<Weather000>(json!({"city": "Lima", "country": "PE"})),
        ["unexpected argument 'country'"]
    );
}

#[test]
fn seed_000_rules_booleans_and_floats() {
    assert_eq!(
        seed000::<Add>(json!({"a": true, "b": 2.5})),
        ["argument 'a' should be number, got boolean"]
    );
    assert_eq!(
        seed000::<GetWeather>(json!({"city": "Oslo", "days": 3.0})),
        ["argument 'days' should be integer, got number"]
    );
}

#[test]
fn seed_003_sample() {
    assert_eq!(
        seed003::<GetWeather>(json!({"days": true, "tz": "UTC"})),
        ["missing:city", "type:days", "unexpected:tz"]
    );
    assert!(seed003::<GetWeather>(json!({"city": "Rome", "days": 2})).is_empty());
}

#[test]
fn seed_003_enum_and_one_error_per_argument() {
    assert_eq!(
        seed003::<Forecast>(json!({"units": "k", "city": 1})),
        ["enum:units", "type:city"]
    );
    assert_eq!(
        seed003::<Forecast>(json!({"units": 3, "city": "x"})),
        ["type:units"]
    );
}

#[test]
fn seed_002_lesson() {
    assert_eq!(
        seed002::<Qty>(json!({"note": 5})),
        ["missing:qty", "type:note"]
    );
    assert_eq!(seed002::<Qty>(json!({"qty": 0})), ["min:qty"]);
    assert_eq!(
        seed002::<Qty>(json!({"qty": 3, "extra": 1})),
        ["unexpected:extra"]
    );
    assert_eq!(seed002::<Qty>(json!({"qty": 101})), ["max:qty"]);
}

#[test]
fn the_tool_constants() {
    assert_eq!(GetWeather::NAME, "get_weather");
    assert_eq!(Weather000::NAME, "weather000");
    assert_eq!(GetWeather::DESCRIPTION, "Seed 003's sample tool.");
    assert_eq!(
        GetWeather::SCHEMA_JSON,
        r#"{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]}"#
    );
    assert_eq!(GetWeather::schema()["required"], json!(["city"]));
}
