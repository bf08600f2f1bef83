//! The seeds' tools written as Rust structs with `#[derive(ToolArgs)]`: their
//! schemas are the seeds' schemas, and they give the seeds' exact strings in each
//! seed's format (compare `seed_examples_compiled.rs`, the same tools written with
//! `tool_schema!`). The seeds' optional arguments take no `null`: their
//! `Option` fields say so with `#[arg(not_null)]`.

use serde::Deserialize;
use serde_json::json;
use tool_schema::seed::Format as SeedFormat;
use tool_schema::{Options, Schema, ToolArgs, Undeclared};

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct GetWeather {
    /// City name
    city: String,
    #[arg(not_null)]
    unit: Option<Unit>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

/// Seed 002's lesson schema: `qty` 1..=100, required; `note`; nothing else.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Qty {
    #[arg(minimum = 1, maximum = 100)]
    qty: i64,
    #[arg(not_null)]
    note: Option<String>,
}

/// Seed 000's examples 1, 2 and 4.
#[derive(ToolArgs, Deserialize)]
struct Weather000 {
    city: String,
    #[arg(not_null)]
    units: Option<String>,
}

/// Seed 000's example 3.
#[derive(ToolArgs, Deserialize)]
struct Add {
    a: f64,
    b: f64,
}

/// Seed 001's example: `{"required": {"query": "str", "limit": "int"}}`.
#[derive(ToolArgs, Deserialize)]
struct Search {
    query: String,
    limit: i128,
}

/// Seed 003's background schema, with an enum.
#[derive(ToolArgs, Deserialize)]
struct Forecast {
    city: String,
    #[arg(not_null)]
    days: Option<i128>,
    #[arg(not_null)]
    units: Option<Units>,
}

#[derive(ToolArgs, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Units {
    C,
    F,
}

fn render<T: ToolArgs>(
    format: SeedFormat,
    undeclared: Undeclared,
    args: serde_json::Value,
) -> Vec<String> {
    let options = Options::default().undeclared(undeclared);
    format.render(&T::validate_with(&args, &options))
}

fn seed000<T: ToolArgs>(args: serde_json::Value) -> Vec<String> {
    render::<T>(SeedFormat::Seed000, Undeclared::RejectAlways, args)
}

fn seed001<T: ToolArgs>(args: serde_json::Value) -> Vec<String> {
    render::<T>(SeedFormat::Seed001, Undeclared::RejectAlways, args)
}

fn seed002<T: ToolArgs>(args: serde_json::Value) -> Vec<String> {
    render::<T>(SeedFormat::Seed002, Undeclared::RejectIfForbidden, args)
}

fn seed003<T: ToolArgs>(args: serde_json::Value) -> Vec<String> {
    render::<T>(SeedFormat::Seed003, Undeclared::RejectAlways, args)
}

#[test]
fn the_weather_tool_is_the_lessons_get_weather() {
    // Seed 002's lesson: `get_weather`, exactly (keys in the same order).
    let lesson = json!({
        "type": "object",
        "properties": {
            "city": {"type": "string", "description": "City name"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}
        },
        "required": ["city"]
    });
    assert_eq!(GetWeather::schema(), &lesson);
    assert_eq!(GetWeather::SCHEMA_JSON, lesson.to_string());
    assert_eq!(GetWeather::NAME, "get_weather");
    assert_eq!(
        GetWeather::DESCRIPTION,
        "Get the current weather for a city."
    );
    assert_eq!(
        Unit::SCHEMA_JSON,
        r#"{"type":"string","enum":["celsius","fahrenheit"]}"#
    );
}

#[test]
fn the_weather_tool_in_every_format() {
    let call = json!({"unit": "kelvin", "units": "metric"});
    assert_eq!(
        GetWeather::validate(&call).messages(),
        [
            "missing required argument 'city'",
            "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
            "unexpected argument 'units'",
        ]
    );
    assert_eq!(
        seed000::<GetWeather>(call.clone()),
        [
            "missing required argument 'city'",
            "unexpected argument 'units'"
        ]
    );
    assert_eq!(
        seed001::<GetWeather>(call.clone()),
        ["missing:city", "extra:units"]
    );
    assert_eq!(
        seed002::<GetWeather>(call.clone()),
        ["missing:city", "enum:unit"]
    );
    assert_eq!(
        seed003::<GetWeather>(call),
        ["enum:unit", "missing:city", "unexpected:units"]
    );
    // The compiled validator and the interpreter agree on the exported schema.
    let interp = Schema::parse(GetWeather::schema()).unwrap();
    for call in [
        json!({"city": "Tokyo"}),
        json!({"city": 1, "unit": 2}),
        json!({"unit": "celsius", "x": null}),
    ] {
        assert_eq!(
            GetWeather::validate(&call),
            interp.validate(&call),
            "{call}"
        );
    }
}

#[test]
fn the_weather_tool_parses_typed_arguments() {
    assert_eq!(
        GetWeather::parse(&json!({"city": "Tokyo", "unit": "celsius"})),
        Ok(GetWeather {
            city: "Tokyo".into(),
            unit: Some(Unit::Celsius)
        })
    );
    assert_eq!(
        GetWeather::parse(&json!({"city": "Tokyo"})).unwrap().unit,
        None
    );
    let err = GetWeather::parse(&json!({"city": "Tokyo", "unit": "kelvin"})).unwrap_err();
    assert_eq!(
        err.messages(),
        ["argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\""]
    );
    assert_eq!(Unit::parse(&json!("fahrenheit")), Ok(Unit::Fahrenheit));
}

#[test]
fn the_lesson_qty_schema() {
    assert_eq!(
        Qty::schema(),
        &json!({
            "type": "object",
            "properties": {
                "qty": {"type": "integer", "minimum": 1, "maximum": 100},
                "note": {"type": "string"}
            },
            "required": ["qty"],
            "additionalProperties": false
        })
    );
    assert_eq!(
        Qty::DESCRIPTION,
        "Seed 002's lesson schema: `qty` 1..=100, required; `note`; nothing else."
    );
}

#[test]
fn the_lesson_qty_in_every_format() {
    // The lesson's four calls.
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

    let call = json!({"qty": 0, "note": 5, "extra": true});
    assert_eq!(
        Qty::validate(&call).messages(),
        [
            "argument 'qty' should be at least 1, got 0",
            "argument 'note' should be string, got integer",
            "unexpected argument 'extra'",
        ]
    );
    assert_eq!(
        seed000::<Qty>(call.clone()),
        [
            "argument 'note' should be string, got integer",
            "unexpected argument 'extra'"
        ]
    );
    assert_eq!(
        seed001::<Qty>(call.clone()),
        ["extra:extra", "type:note:str"]
    );
    assert_eq!(
        seed002::<Qty>(call.clone()),
        ["min:qty", "type:note", "unexpected:extra"]
    );
    assert_eq!(seed003::<Qty>(call), ["type:note", "unexpected:extra"]);

    assert_eq!(
        Qty::parse(&json!({"qty": 100, "note": "rush"})),
        Ok(Qty {
            qty: 100,
            note: Some("rush".into())
        })
    );
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
    assert_eq!(
        seed000::<Add>(json!({"a": true, "b": 2.5})),
        ["argument 'a' should be number, got boolean"]
    );
    let add = Add::parse(&json!({"a": 2, "b": 0.5})).unwrap();
    assert_eq!(add.a + add.b, 2.5);
    let w = Weather000::parse(&json!({"city": "Paris", "units": "metric"})).unwrap();
    assert_eq!(
        (w.city.as_str(), w.units.as_deref()),
        ("Paris", Some("metric"))
    );
}

#[test]
fn seed_001_example() {
    assert_eq!(
        seed001::<Search>(json!({"limit": true, "debug": 1})),
        ["missing:query", "extra:debug", "type:limit:int"]
    );
    assert!(seed001::<Search>(json!({"query": "vector db", "limit": 3})).is_empty());
    let s = Search::parse(&json!({"query": "vector db", "limit": 3})).unwrap();
    assert_eq!((s.query.as_str(), s.limit), ("vector db", 3));
}

#[test]
fn seed_003_sample_and_enum() {
    assert_eq!(
        seed003::<Forecast>(json!({"days": true, "tz": "UTC"})),
        ["missing:city", "type:days", "unexpected:tz"]
    );
    assert!(seed003::<Forecast>(json!({"city": "Rome", "days": 2})).is_empty());
    let f = Forecast::parse(&json!({"city": "Rome", "days": 2, "units": "c"})).unwrap();
    assert_eq!((f.city.as_str(), f.days), ("Rome", Some(2)));
    assert!(matches!(f.units, Some(Units::C)));
    assert!(matches!(Units::parse(&json!("f")), Ok(Units::F)));
    assert_eq!(
        seed003::<Forecast>(json!({"units": "k", "city": 1})),
        ["enum:units", "type:city"]
    );
    assert_eq!(
        seed003::<Forecast>(json!({"units": 3, "city": "x"})),
        ["type:units"]
    );
    // The background schema, exactly.
    assert_eq!(
        Forecast::schema(),
        &json!({
            "type": "object",
            "properties": {
                "city":  {"type": "string"},
                "days":  {"type": "integer"},
                "units": {"type": "string", "enum": ["c", "f"]}
            },
            "required": ["city"]
        })
    );
}
