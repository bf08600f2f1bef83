//! Opt-in repair and the optional words of the default format (issue #15, items
//! 2 and 3): every change listed and the repaired value validated again, in both
//! back ends (a `Schema` and a declared tool) and on text; the summary line and
//! the missing argument's description only when asked for.

use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::render::Words;
use tool_schema::repair::Coercion;
use tool_schema::ToolArgsExt;
use tool_schema::{repair_report, tool_schema, Format, Options, Schema, ToolArgs};

tool_schema! {
    /// Book a table.
    pub Booking = {
        "type": "object",
        "properties": {
            "guests": {"type": "integer", "minimum": 1, "description": "How many people. Children count."},
            "outside": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "counts": {"type": "array", "items": {"type": "integer"}},
            "when": {
                "type": "object",
                "properties": {"day": {"type": "string"}, "hour": {"type": "integer"}},
                "required": ["day"]
            },
            "seating": {"enum": ["window", "bar", "BAR"]},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}
        },
        "required": ["guests"]
    }
}

/// Get the weather.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct GetWeather {
    /// The city to look up. Any language.
    city: String,
    /// How many days ahead.
    days: Option<u8>,
    unit: Option<Unit>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

fn booking() -> Schema {
    Schema::parse(Booking::schema()).unwrap()
}

/// The repair of `call` by the interpreter, after checking generated code gives
/// the same.
fn repaired(call: Value) -> tool_schema::repair::Repaired {
    let options = Options::default();
    let by_schema = booking().repair(&call, &options);
    let by_tool = Booking::repair_with(&call, &options);
    assert_eq!(by_schema, by_tool, "{call}");
    by_schema
}

#[test]
fn strings_become_numbers_booleans_objects_and_arrays() {
    let r = repaired(json!({
        "guests": "4",
        "outside": "false",
        "when": "{\"day\": \"Friday\", \"hour\": \"19\"}",
        "tags": "[\"quiet\"]",
        "counts": 3
    }));
    assert_eq!(
        r.value,
        json!({
            "guests": 4,
            "outside": false,
            "when": {"day": "Friday", "hour": 19},
            "tags": ["quiet"],
            "counts": [3]
        })
    );
    assert!(r.is_valid(), "{:?}", r.report);
    let how: Vec<(String, Coercion)> = r
        .changes
        .iter()
        .map(|c| (c.path.to_string(), c.coercion))
        .collect();
    assert_eq!(
        how,
        [
            ("guests".to_string(), Coercion::NumberFromString),
            ("outside".to_string(), Coercion::BooleanFromString),
            ("when".to_string(), Coercion::ParsedJson),
            ("tags".to_string(), Coercion::ParsedJson),
            ("counts".to_string(), Coercion::WrappedInArray),
            ("when.hour".to_string(), Coercion::NumberFromString),
        ]
    );
    assert_eq!(r.messages()[0], "argument 'guests' was \"4\", read as 4");
}

#[test]
fn only_the_unambiguous_is_coerced_and_the_rest_is_reported() {
    let r = repaired(json!({
        "guests": "four",
        "seating": "Window",
        "unit": "Kelvin",
        "counts": "x"
    }));
    // "Window" has one match in another case; "Bar" would have two.
    assert_eq!(r.value["seating"], "window");
    assert_eq!(r.value["guests"], "four");
    assert_eq!(r.value["unit"], "Kelvin");
    // A lone string is not an integer: not wrapped into `counts`.
    assert_eq!(r.value["counts"], "x");
    assert_eq!(r.changes.len(), 1);
    assert_eq!(
        r.report.messages(),
        [
            "argument 'guests' should be integer, got string",
            "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"Kelvin\"",
            "argument 'counts' should be array, got string",
        ]
    );
    let r = repaired(json!({"guests": 2, "seating": "Bar"}));
    assert!(r.changes.is_empty());
    assert!(!r.is_valid());
}

#[test]
fn a_valid_call_is_left_alone() {
    let call = json!({"guests": 2, "tags": ["a"]});
    let r = repaired(call.clone());
    assert_eq!(r.value, call);
    assert!(r.changes.is_empty());
    assert!(r.is_valid());
}

#[test]
fn text_in_a_code_fence_is_unwrapped_and_repaired() {
    let text = "```json\n{\"guests\": \"2\"}\n```";
    let r = booking().repair_str(text, &Options::default()).unwrap();
    let typed = Booking::repair_str(text, &Options::default()).unwrap();
    assert_eq!(r, typed);
    assert_eq!(r.value, json!({"guests": 2}));
    assert_eq!(
        r.changes.iter().map(|c| c.coercion).collect::<Vec<_>>(),
        [Coercion::CodeFence, Coercion::NumberFromString]
    );
    assert_eq!(
        r.messages(),
        [
            "the arguments were in a Markdown code fence, read without it",
            "argument 'guests' was \"2\", read as 2",
        ]
    );
    assert!(booking()
        .repair_str("```json\n{\"guests\": \n```", &Options::default())
        .is_err());
}

#[test]
fn derived_tools_repair_then_parse() {
    let r = GetWeather::repair(&json!({"city": "Oslo", "days": "3", "unit": "Celsius"}));
    assert!(r.is_valid());
    assert_eq!(
        GetWeather::parse(&r.value).unwrap(),
        GetWeather {
            city: "Oslo".into(),
            days: Some(3),
            unit: Some(Unit::Celsius)
        }
    );
    let interp = Schema::parse(GetWeather::schema()).unwrap().repair(
        &json!({"city": "Oslo", "days": "3", "unit": "Celsius"}),
        &Options::default(),
    );
    assert_eq!(interp, r);
}

#[test]
fn the_json_repair_report_lists_changes_and_what_is_left() {
    let r = repaired(json!({"guests": "0"}));
    let j = repair_report(&r);
    assert_eq!(j["valid"], false);
    assert_eq!(j["changes"][0]["coercion"], "number-from-string");
    assert_eq!(j["changes"][0]["pointer"], "/guests");
    assert_eq!(j["changes"][0]["from"], "0");
    assert_eq!(j["changes"][0]["to"], 0);
    assert_eq!(j["violations"][0]["kind"], "below-minimum");
}

#[test]
fn summary_and_descriptions_only_when_asked() {
    let schema = booking();
    let report = schema.validate(&json!({"when": {}, "seatng": "bar"}));
    let plain = Format::Default.render(&report);
    assert_eq!(
        plain,
        [
            "missing required argument 'guests'",
            "missing required argument 'when.day'",
            "unexpected argument 'seatng' (did you mean 'seating'?)",
        ]
    );
    assert_eq!(Format::Default.render_with(&report, &Words::new()), plain);
    let words = Words::new().summary("book_table").describe_missing(&schema);
    assert_eq!(
        Format::Default.render_with(&report, &words),
        [
            "3 problems with the arguments of book_table:",
            "missing required argument 'guests' (How many people.)",
            "missing required argument 'when.day'",
            "unexpected argument 'seatng' (did you mean 'seating'?)",
        ]
    );
    let report = GetWeather::validate(&json!({}));
    assert_eq!(
        Format::Default.render_with(&report, &GetWeather::words()),
        [
            "1 problem with the arguments of get_weather:",
            "missing required argument 'city' (The city to look up.)",
        ]
    );
    let valid = GetWeather::validate(&json!({"city": "Oslo"}));
    assert!(Format::Default
        .render_with(&valid, &GetWeather::words())
        .is_empty());
}
