//! The typed form of `tool_schema!` (`pub struct Name = { ... }`): the Rust types
//! it declares (checked by the compiler: each binding below names the type the
//! mapping of docs/typed-literals.md gives), the validator and exports of the
//! literal, and the round trip: every call the validator accepts parses and
//! serialises back to the same JSON value; every call it refuses is refused by
//! the typed parse with the same report.

#[path = "support/varied_calls.rs"]
mod varied_calls;

use serde_json::{json, Value};
use std::collections::BTreeMap;
use tool_schema::json::json_eq;
use tool_schema::toolbox::Toolbox;
use tool_schema::{tool_schema, Options, ToolArgs};
use varied_calls::varied;

/// Tool-call mode, and undeclared members allowed where `additionalProperties`
/// does not forbid them (which the flattened map keeps).
fn modes() -> [Options; 2] {
    let open = Options::default().undeclared(tool_schema::Undeclared::RejectIfForbidden);
    [Options::default(), open]
}

tool_schema! {
    /// Plan a trip.
    pub struct PlanTrip = {
        "type": "object",
        "properties": {
            "city": { "type": "string", "description": "Where to go" },
            "days": { "type": "integer", "minimum": 1, "maximum": 30 },
            "budget": { "type": "number", "minimum": 0, "maximum": 1000000 },
            "score": { "type": "number" },
            "count": { "type": "integer" },
            "offset": { "type": "integer", "minimum": 0 },
            "small": { "type": "integer", "format": "int16" },
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit", "2x", "a b"] },
            "type": { "type": "boolean" },
            "e-mail": { "type": ["string", "null"], "format": "email" },
            "note": { "type": ["string", "null"] },
            "stops": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": { "type": "string" },
                        "nights": { "type": "integer", "minimum": 0, "maximum": 255 }
                    },
                    "required": ["name"],
                    "additionalProperties": false
                }
            },
            "tags": { "type": "object", "additionalProperties": { "type": "string" } },
            "anything": {},
            "either": { "anyOf": [{ "type": "string" }, { "type": "integer" }] }
        },
        "required": ["city", "days", "e-mail"]
    }
}

#[test]
fn the_types_follow_the_mapping() {
    let args = PlanTrip::parse_with(
        &json!({
            "city": "Oslo", "days": 3, "e-mail": null, "budget": 12.5, "score": 1e300,
            "count": -5, "offset": 18446744073709551615u64, "small": -300, "unit": "2x",
            "type": true, "note": null, "stops": [{"name": "Bergen", "nights": 2}],
            "tags": {"a": "b"}, "anything": [1, {"x": null}], "either": 7, "extra": 1
        }),
        &modes()[1],
    )
    .unwrap();
    let city: &String = &args.city;
    let days: u8 = args.days;
    let e_mail: &Option<String> = &args.e_mail;
    let budget: Option<f64> = args.budget;
    let score: &Option<serde_json::Number> = &args.score;
    let count: Option<i128> = args.count;
    let offset: Option<u64> = args.offset;
    let small: Option<i16> = args.small;
    let unit: Option<PlanTripUnit> = args.unit;
    let kind: Option<bool> = args.r#type;
    let note: &Option<Option<String>> = &args.note;
    let stops: &Option<Vec<PlanTripStopsItem>> = &args.stops;
    let tags: &Option<BTreeMap<String, String>> = &args.tags;
    let anything: &Option<Value> = &args.anything;
    let either: &Option<Value> = &args.either;
    assert_eq!(city, "Oslo");
    assert_eq!(days, 3);
    assert_eq!(e_mail, &None);
    assert_eq!(budget, Some(12.5));
    assert_eq!(score.as_ref().and_then(|n| n.as_f64()), Some(1e300));
    assert_eq!(count, Some(-5));
    assert_eq!(offset, Some(u64::MAX));
    assert_eq!(small, Some(-300));
    assert_eq!(unit, Some(PlanTripUnit::V2x));
    assert_eq!(kind, Some(true));
    assert_eq!(note, &Some(None));
    let stop = &stops.as_ref().unwrap()[0];
    let nights: Option<u8> = stop.nights;
    assert_eq!((stop.name.as_str(), nights), ("Bergen", Some(2)));
    assert_eq!(tags.as_ref().unwrap()["a"], "b");
    assert_eq!(anything, &Some(json!([1, {"x": null}])));
    assert_eq!(either, &Some(json!(7)));
    assert_eq!(args.additional_properties["extra"], 1);
    assert_eq!(
        [
            PlanTripUnit::Celsius,
            PlanTripUnit::Fahrenheit,
            PlanTripUnit::AB
        ]
        .map(|u| serde_json::to_value(u).unwrap()),
        [json!("celsius"), json!("fahrenheit"), json!("a b")]
    );
}

#[test]
fn the_validator_and_exports_are_the_literals() {
    assert_eq!(PlanTrip::NAME, "plan_trip");
    assert_eq!(PlanTrip::DESCRIPTION, "Plan a trip.");
    // The literal's schema, not one derived from the types.
    assert_eq!(
        PlanTrip::schema()["properties"]["days"],
        json!({"type": "integer", "minimum": 1, "maximum": 30})
    );
    assert_eq!(
        PlanTrip::schema()["required"],
        json!(["city", "days", "e-mail"])
    );
    let report = PlanTrip::validate(&json!({"city": "Oslo", "days": 0, "e-mail": null}));
    assert_eq!(
        report.messages(),
        ["argument 'days' should be at least 1, got 0"]
    );
}

/// Calls near the edges of each mapping: absent, `null`, extremes of each
/// integer type and of the exact range of `f64`, unknown members.
fn calls() -> Vec<Value> {
    let base = json!({"city": "Oslo", "days": 3, "e-mail": "a@b.example"});
    let variants: Vec<(&str, Vec<Value>)> = vec![
        (
            "days",
            vec![
                json!(1),
                json!(30),
                json!(0),
                json!(31),
                json!(3.0),
                json!(null),
            ],
        ),
        (
            "budget",
            vec![
                json!(0),
                json!(0.1),
                json!(1000000),
                json!(-1),
                json!(9007199254740993u64),
                json!(null),
            ],
        ),
        (
            "score",
            vec![
                json!(1),
                json!(-0.0),
                json!(1e308),
                json!(9007199254740993u64),
                json!(u64::MAX),
                json!(i64::MIN),
                json!("1"),
            ],
        ),
        (
            "count",
            vec![
                json!(i64::MIN),
                json!(u64::MAX),
                json!(0),
                json!(1.5),
                json!(1e30),
            ],
        ),
        ("offset", vec![json!(0), json!(u64::MAX), json!(-1)]),
        (
            "small",
            vec![json!(-32768), json!(32767), json!(32768), json!(-32769)],
        ),
        (
            "unit",
            vec![
                json!("celsius"),
                json!("a b"),
                json!("Celsius"),
                json!(null),
            ],
        ),
        ("type", vec![json!(false), json!(null), json!(0)]),
        ("e-mail", vec![json!(null), json!("not an email"), json!(1)]),
        ("note", vec![json!(null), json!("n"), json!(false)]),
        (
            "stops",
            vec![
                json!([]),
                json!([{"name": "x"}]),
                json!([{"name": "x", "nights": 255}]),
                json!([{"name": "x", "nights": 256}]),
                json!([{"name": "x", "extra": 1}]),
                json!([{"nights": 1}]),
            ],
        ),
        (
            "tags",
            vec![json!({}), json!({"k": "v", "l": "w"}), json!({"k": 1})],
        ),
        (
            "anything",
            vec![
                json!(null),
                json!({"deep": [null, 1.5, "s"]}),
                json!(u64::MAX),
            ],
        ),
        (
            "either",
            vec![json!("s"), json!(1), json!(1.5), json!(null)],
        ),
        ("unknown", vec![json!(1), json!(null), json!({"a": [1]})]),
    ];
    let mut out = varied(&base, variants);
    // Required members left out, and the whole call not an object.
    for name in ["city", "days", "e-mail"] {
        let mut call = base.clone();
        call.as_object_mut().unwrap().remove(name);
        out.push(call);
    }
    out.push(json!([]));
    out
}

#[test]
fn valid_calls_round_trip_and_invalid_ones_report_the_same() {
    let (mut valid, mut invalid) = (0, 0);
    for (options, call) in modes()
        .iter()
        .flat_map(|o| calls().into_iter().map(move |c| (o, c)))
    {
        let report = PlanTrip::validate_with(&call, options);
        match PlanTrip::parse_with(&call, options) {
            Ok(args) => {
                assert!(
                    report.is_valid(),
                    "parsed a call the validator refuses: {call}"
                );
                let back = serde_json::to_value(&args).unwrap();
                assert!(json_eq(&back, &call), "{call} came back as {back}");
                valid += 1;
            }
            Err(parsed) => {
                assert_eq!(parsed.messages(), report.messages(), "{call}");
                assert!(!report.is_valid());
                invalid += 1;
            }
        }
        // The text path reads the same.
        let text = call.to_string();
        match tool_schema::parse_str_with::<PlanTrip>(&text, options) {
            Ok(args) => assert!(
                json_eq(&serde_json::to_value(&args).unwrap(), &call),
                "{text}"
            ),
            Err(e) => assert!(!report.is_valid(), "{text}: {e}"),
        }
    }
    // Both sides are exercised.
    assert!(
        valid >= 60 && invalid >= 30,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn a_toolbox_hands_the_typed_arguments_to_its_handler() {
    use tool_schema::export::Target;
    let tools = Toolbox::new().tool(|t: PlanTrip| format!("{} for {} days", t.city, t.days));
    let call = json!({"type": "tool_use", "id": "t1", "name": "plan_trip",
        "input": {"city": "Rome", "days": 2, "e-mail": null}});
    let turn = json!({"role": "assistant", "content": [call]});
    let results = tools.dispatch_turn(Target::Anthropic, &turn).unwrap();
    let reply = tool_schema::toolbox::reply(Target::Anthropic, results);
    assert_eq!(reply["content"][0]["content"], "Rome for 2 days");
}

tool_schema! {
    /// Plan a route: `to` and `via` are read by the type of `from`, which they name.
    pub struct Route = {
        "type": "object",
        "properties": {
            "to": { "$ref": "#/properties/from" },
            "from": {
                "type": "object",
                "properties": {
                    "name": { "type": "string" },
                    "near": { "$ref": "#/properties/from" }
                },
                "required": ["name"],
                "additionalProperties": false
            },
            "via": { "type": "array", "items": { "$ref": "#/properties/from" } }
        },
        "required": ["from"],
        "additionalProperties": false
    }
}

#[test]
fn a_node_named_by_a_ref_outside_defs_is_one_type() {
    let call = json!({"from": {"name": "Oslo", "near": {"name": "Bærum"}},
        "to": {"name": "Rome"}, "via": [{"name": "Basel"}]});
    let route = Route::parse(&call).unwrap();
    // One type, `RouteFrom`, named from its place, wherever it is reached.
    let from: &RouteFrom = &route.from;
    let to: &Option<RouteFrom> = &route.to;
    let via: &Option<Vec<RouteFrom>> = &route.via;
    let near: &Option<Box<RouteFrom>> = &from.near;
    assert_eq!(near.as_ref().unwrap().name, "Bærum");
    assert_eq!(to.as_ref().unwrap().name, "Rome");
    assert_eq!(via.as_ref().unwrap()[0].name, "Basel");
    assert_eq!(serde_json::to_value(&route).unwrap(), call);
    let calls = varied(
        &call,
        vec![
            (
                "to",
                vec![
                    json!({"name": "x", "near": {"name": "y"}}),
                    json!({}),
                    json!(null),
                ],
            ),
            (
                "via",
                vec![
                    json!([]),
                    json!([{"name": 1}]),
                    json!([{"name": "a", "b": 1}]),
                ],
            ),
            (
                "from",
                vec![json!({"name": "x", "near": null}), json!("Oslo")],
            ),
        ],
    );
    for call in calls {
        let report = Route::validate(&call);
        match Route::parse(&call) {
            Ok(args) => assert!(json_eq(&serde_json::to_value(&args).unwrap(), &call)),
            Err(parsed) => assert_eq!((parsed, report.is_valid()), (report.clone(), false)),
        }
    }
}

tool_schema! {
    /// Tune a device: enums of numbers and booleans, and maps whose members'
    /// schema is given.
    pub struct Tune = {
        "type": "object",
        "properties": {
            "level": { "type": "integer", "enum": [1, 2, 5] },
            "offset": { "type": "integer", "enum": [-1, 0, 300] },
            "big": { "type": "integer", "enum": [0, 4294967296] },
            "maybe": { "type": ["integer", "null"], "enum": [3, 4, null] },
            "ratio": { "type": "number", "enum": [0.5, 1, 2] },
            "huge": { "type": "number", "enum": [1, 9007199254740993] },
            "flag": { "type": "boolean", "enum": [true, false] },
            "loose": { "enum": ["a", "b"] },
            "mixed": { "enum": [1, "one"] },
            "headers": {
                "type": "object",
                "patternProperties": { "^x-": { "type": "integer", "minimum": 0, "maximum": 9 } },
                "additionalProperties": false
            },
            "limits": { "type": "object", "additionalProperties": { "type": "integer", "minimum": 0 } },
            "open": { "type": "object", "patternProperties": { "^x-": { "type": "string" } } },
            "two": {
                "type": "object",
                "patternProperties": { "^a": { "type": "string" }, "^b": { "type": "integer" } },
                "additionalProperties": false
            }
        },
        "required": ["level"],
        "additionalProperties": false
    }
}

tool_schema! {
    /// Send a request: declared headers and the `x-` ones, flattened.
    pub struct Request = {
        "type": "object",
        "properties": { "host": { "type": "string" } },
        "patternProperties": { "^x-": { "type": "integer", "enum": [1, 2] } },
        "required": ["host"],
        "additionalProperties": false
    }
}

tool_schema! {
    /// Record scores: a name, and a score per undeclared member.
    pub struct Scores = {
        "type": "object",
        "properties": { "name": { "type": "string" } },
        "additionalProperties": { "type": "number", "minimum": 0, "maximum": 100 }
    }
}

#[test]
fn numeric_enums_and_maps_follow_the_mapping() {
    // Undeclared members allowed where the schema does not forbid them (`open`).
    let args = Tune::parse_with(
        &json!({
            "level": 5, "offset": 300, "big": 4294967296u64, "maybe": null,
            "ratio": 0.5, "huge": 9007199254740993u64, "flag": false, "loose": "b",
            "mixed": "one", "headers": {"x-a": 3}, "limits": {"n": u64::MAX},
            "open": {"x-a": "s", "other": [1]}, "two": {"a": "s", "b": 1}
        }),
        &modes()[1],
    )
    .unwrap();
    let level: u8 = args.level;
    let offset: Option<i16> = args.offset;
    let big: Option<u64> = args.big;
    let maybe: Option<Option<u8>> = args.maybe;
    let ratio: Option<f64> = args.ratio;
    let huge: &Option<serde_json::Number> = &args.huge;
    let flag: Option<bool> = args.flag;
    let loose: Option<TuneLoose> = args.loose;
    let mixed: &Option<Value> = &args.mixed;
    let headers: &Option<BTreeMap<String, u8>> = &args.headers;
    let limits: &Option<BTreeMap<String, u64>> = &args.limits;
    let open: &Option<serde_json::Map<String, Value>> = &args.open;
    let two: &Option<Value> = &args.two;
    assert_eq!((level, offset, big), (5, Some(300), Some(1 << 32)));
    assert_eq!((maybe, ratio, flag), (Some(None), Some(0.5), Some(false)));
    assert_eq!(huge.as_ref().unwrap().as_u64(), Some(9007199254740993));
    assert_eq!(loose, Some(TuneLoose::B));
    assert_eq!(mixed, &Some(json!("one")));
    assert_eq!(headers.as_ref().unwrap()["x-a"], 3);
    assert_eq!(limits.as_ref().unwrap()["n"], u64::MAX);
    assert_eq!(open.as_ref().unwrap()["other"], json!([1]));
    assert_eq!(two, &Some(json!({"a": "s", "b": 1})));

    let request = Request::parse(&json!({"host": "h", "x-trace": 2})).unwrap();
    let rest: &BTreeMap<String, u8> = &request.pattern_properties;
    assert_eq!(rest["x-trace"], 2);
    let scores = Scores::parse(&json!({"name": "n", "maths": 97.5})).unwrap();
    let rest: &BTreeMap<String, f64> = &scores.additional_properties;
    assert_eq!(rest["maths"], 97.5);
}

/// Each call under each mode of [`modes`]: parsed and written back unchanged
/// when valid, refused with the validator's report when not; the counts.
fn round_trips<T>(calls: &[Value]) -> (usize, usize)
where
    T: ToolArgs + serde::de::DeserializeOwned + serde::Serialize,
{
    let (mut valid, mut invalid) = (0, 0);
    for options in modes() {
        for call in calls {
            let report = T::validate_with(call, &options);
            match T::parse_with(call, &options) {
                Ok(args) => {
                    assert!(report.is_valid(), "parsed a refused call: {call}");
                    let back = serde_json::to_value(&args).unwrap();
                    assert!(json_eq(&back, call), "{call} came back as {back}");
                    valid += 1;
                }
                Err(parsed) => {
                    assert_eq!(parsed.messages(), report.messages(), "{call}");
                    assert!(!report.is_valid(), "{call}");
                    invalid += 1;
                }
            }
        }
    }
    (valid, invalid)
}

#[test]
fn numeric_enums_and_maps_round_trip_and_report_the_same() {
    let tune = varied(
        &json!({"level": 1}),
        vec![
            (
                "level",
                vec![
                    json!(5),
                    json!(3),
                    json!(1.0),
                    json!("1"),
                    json!(null),
                    json!(0),
                ],
            ),
            (
                "offset",
                vec![json!(-1), json!(300), json!(299), json!(-1.5)],
            ),
            (
                "big",
                vec![json!(4294967296u64), json!(4294967295u64), json!(0)],
            ),
            ("maybe", vec![json!(null), json!(3), json!(4), json!(5)]),
            (
                "ratio",
                vec![json!(0.5), json!(1), json!(1.0), json!(2.0), json!(3)],
            ),
            (
                "huge",
                vec![
                    json!(9007199254740993u64),
                    json!(1),
                    json!(1.0),
                    json!(9007199254740992u64),
                ],
            ),
            ("flag", vec![json!(true), json!(false), json!("true")]),
            ("loose", vec![json!("a"), json!("c"), json!(1)]),
            ("mixed", vec![json!(1), json!("one"), json!(1.0), json!(2)]),
            (
                "headers",
                vec![
                    json!({}),
                    json!({"x-a": 3}),
                    json!({"x-a": 10}),
                    json!({"y": 1}),
                    json!({"x-": 0, "x-b": 9}),
                ],
            ),
            (
                "limits",
                vec![
                    json!({"a": 0}),
                    json!({"a": -1}),
                    json!({"b": u64::MAX, "a": 1}),
                ],
            ),
            (
                "open",
                vec![json!({"x-a": "s", "other": [1]}), json!({"x-a": 1})],
            ),
            (
                "two",
                vec![
                    json!({"a1": "s", "b": 2}),
                    json!({"c": "s"}),
                    json!({"b": "s"}),
                ],
            ),
        ],
    );
    let (valid, invalid) = round_trips::<Tune>(&tune);
    assert!(
        valid >= 50 && invalid >= 30,
        "{valid} valid, {invalid} invalid"
    );
    let request = varied(
        &json!({"host": "h"}),
        vec![
            (
                "x-a",
                vec![json!(1), json!(2), json!(2.0), json!(3), json!(null)],
            ),
            ("x-", vec![json!(1)]),
            ("y", vec![json!(1)]),
            ("host", vec![json!(1)]),
        ],
    );
    let (valid, invalid) = round_trips::<Request>(&request);
    assert!(
        valid >= 6 && invalid >= 8,
        "{valid} valid, {invalid} invalid"
    );
    let scores = varied(
        &json!({"name": "n"}),
        vec![
            (
                "maths",
                vec![
                    json!(0),
                    json!(100),
                    json!(99.5),
                    json!(101),
                    json!("a"),
                    json!(null),
                ],
            ),
            ("name", vec![json!(1)]),
        ],
    );
    let (valid, invalid) = round_trips::<Scores>(&scores);
    assert!(
        valid >= 4 && invalid >= 4,
        "{valid} valid, {invalid} invalid"
    );
}
