//! The typed form of `tool_schema!` (`pub struct Name = { ... }`): the Rust types
//! it declares (checked by the compiler: each binding below names the type the
//! mapping of docs/typed-literals.md gives), the validator and exports of the
//! literal, and the round trip: every call the validator accepts parses and
//! serialises back to the same JSON value; every call it refuses is refused by
//! the typed parse with the same report.

#[path = "support/varied_calls.rs"]
mod varied_calls;

use serde_json::{json, Value};
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
    let tags: &Option<serde_json::Map<String, Value>> = &args.tags;
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
