//! The exported schema of a derived type describes what serde accepts: calls
//! generated from each example type's exported schema (valid ones, near misses at
//! every boundary, arbitrary values) are checked against the interpreter, the
//! compiled validator and `serde_json::from_value` (see `support/agreement.rs`):
//! a valid call always deserialises, and serde accepts an invalid one only for
//! the extra constraints serde does not know, listed per type below.
//!
//! In particular every violation of an integer type's own range is also a serde
//! error: `-1` for a `u32` is refused by both.

#[path = "support/agreement.rs"]
mod agreement;

use agreement::{check, round_trip, Extras};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use tool_schema::{Schema, ToolArgs};

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct GetWeather {
    /// City name
    city: String,
    unit: Option<Unit>,
    #[arg(minimum = 1, maximum = 16)]
    days: Option<u8>,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Qty {
    #[arg(minimum = 1, maximum = 100)]
    qty: i64,
    note: Option<String>,
}

/// Every integer type at its own range, floats, booleans, any value.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Numbers {
    a: u8,
    b: u16,
    c: u32,
    d: u64,
    e: u128,
    f: usize,
    g: i8,
    h: i16,
    i: i32,
    j: i64,
    k: i128,
    l: isize,
    m: f32,
    n: f64,
    o: bool,
    p: serde_json::Value,
    q: Box<i8>,
}

/// Nested types, arrays, nullable items, renames and defaults.
#[derive(ToolArgs, Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct PlaceOrder {
    customer_id: u32,
    lines: Vec<Line>,
    #[serde(default)]
    express: bool,
    #[serde(rename = "tags")]
    labels: Option<Vec<Option<String>>>,
    shipping: Option<Box<Address>>,
    #[serde(skip)]
    internal: u8,
    #[serde(default)]
    retries: Vec<i16>,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Line {
    sku: String,
    #[arg(minimum = 1)]
    qty: u16,
    priority: Option<Priority>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "SCREAMING-KEBAB-CASE")]
enum Priority {
    Low,
    VeryHigh,
    #[serde(rename = "now")]
    Urgent,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(default)]
#[allow(dead_code)]
struct Address {
    street: String,
    zip: Option<u32>,
}

impl Default for Address {
    fn default() -> Self {
        Address {
            street: "unknown".into(),
            zip: None,
        }
    }
}

/// One tool, several actions: an internally tagged enum of struct and unit
/// variants.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(tag = "action", rename_all = "snake_case")]
enum FileOp {
    /// Read a file.
    Read {
        path: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u32>,
    },
    Move {
        from: String,
        to: String,
        #[arg(minimum = 1, maximum = 3)]
        #[serde(skip_serializing_if = "Option::is_none")]
        retries: Option<u8>,
    },
    #[serde(rename_all = "camelCase")]
    Tag {
        file_name: String,
        labels: Vec<Label>,
    },
    List,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Label {
    Red,
    Green,
}

/// Adjacently tagged: newtype, struct, tuple and unit variants.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(tag = "kind", content = "data")]
enum Shape {
    Circle(f64),
    Rect { w: f64, h: f64 },
    Point(i32, i32),
    Labelled(Label),
    Nothing,
}

/// Externally tagged (serde's default): newtype, struct, tuple and unit variants.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
enum Step {
    Wait(u32),
    Say { text: String },
    Pair(u8, String),
    Stop,
    Pause,
}

/// The three nested, in arrays and an option.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Plan {
    shapes: Vec<Shape>,
    steps: Vec<Step>,
    #[serde(skip_serializing_if = "Option::is_none")]
    then: Option<FileOp>,
}

/// A newtype struct, a tuple struct, a tuple field.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct UserId(u64);

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Span2(u16, Option<Label>);

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Assign {
    user: UserId,
    span: Span2,
    pair: (bool, i8),
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<Step>>,
}

/// `#[serde(flatten)]` of a map: the members no other field names.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Tagged {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u16>,
    #[serde(flatten)]
    labels: BTreeMap<String, u8>,
}

/// `#[arg(default = ..)]`: the value serde's default gives, in the schema.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Search {
    query: String,
    /// How many results.
    #[arg(default = 10, minimum = 1, maximum = 50)]
    #[serde(default = "ten")]
    limit: u8,
    #[arg(default = "en")]
    #[serde(default = "english")]
    lang: String,
}

fn ten() -> u8 {
    10
}

fn english() -> String {
    "en".into()
}

/// Generic types (issue #14): a struct of two `T`, a page of `T`, a tagged enum
/// with generic payloads, instantiated and nested.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Pair<T> {
    left: T,
    right: T,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Page<T> {
    #[arg(max_items = 3)]
    items: Vec<T>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<String>,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Either<A, B> {
    First {
        value: A,
    },
    Second {
        value: B,
        #[arg(minimum = 1)]
        weight: u8,
    },
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Generic {
    pair: Pair<Qty2>,
    page: Page<Either<Qty2, Assign>>,
}

/// `Qty` with `Serialize`, for the round trip.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Qty2 {
    #[arg(minimum = 1, maximum = 100)]
    qty: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// `#[serde(flatten)]` of structs (issue #14): their members joined with the
/// outer struct's, one flattening another, a closed one (serde ignores a
/// flattened struct's `deny_unknown_fields`: it is given only its own members).
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Paging {
    #[arg(minimum = 1, maximum = 50)]
    limit: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    cursor: Option<String>,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Listing {
    query: String,
    #[serde(flatten)]
    paging: Paging,
    #[serde(flatten)]
    qty: Qty2,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Listings {
    #[serde(flatten)]
    listing: Listing,
    steps: Vec<Step>,
}

/// A string enum with documented variants (each value a branch).
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(rename_all = "kebab-case")]
enum Pace {
    /// As fast as possible.
    Fast,
    /// Save energy.
    SlowAndSteady,
}

/// `#[serde(alias)]`: a field read under its name or an alias (`rename_all`
/// not applied to the alias), nested, and in a closed object.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Forecast {
    #[serde(alias = "town", alias = "place")]
    city_name: String,
    #[serde(alias = "days_ahead", skip_serializing_if = "Option::is_none")]
    #[arg(minimum = 1, maximum = 16)]
    days: Option<u8>,
    stops: Vec<Stop>,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Stop {
    #[serde(alias = "n")]
    name: String,
    #[serde(default, alias = "mins", alias = "m")]
    minutes: u16,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Walk {
    pace: Pace,
    #[serde(skip_serializing_if = "Option::is_none")]
    then: Option<Vec<Pace>>,
}

#[test]
fn get_weather() {
    check::<GetWeather>(
        1,
        Extras {
            bounded: &["days"],
            ..Extras::default()
        },
    );
}

#[test]
fn qty() {
    check::<Qty>(
        2,
        Extras {
            bounded: &["qty"],
            ..Extras::default()
        },
    );
}

#[test]
fn numbers() {
    check::<Numbers>(
        3,
        Extras {
            // usize/isize: the 32-bit range on every target, narrower than serde's
            // on a 64-bit one.
            bounded: &["f", "l"],
            ..Extras::default()
        },
    );
}

#[test]
fn place_order() {
    check::<PlaceOrder>(
        4,
        Extras {
            bounded: &["lines.*.qty"],
            ..Extras::default()
        },
    );
}

#[test]
fn enums_alone() {
    check::<Priority>(5, Extras::default());
}

/// Every integer type's range, value by value: the schema and serde agree exactly.
#[test]
fn integer_ranges_agree_exactly() {
    let edges: Vec<Value> = vec![
        json!(i64::MIN),
        json!(i64::MIN + 1),
        json!(-2147483649i64),
        json!(-2147483648i64),
        json!(-32769),
        json!(-32768),
        json!(-129),
        json!(-128),
        json!(-1),
        json!(0),
        json!(127),
        json!(128),
        json!(255),
        json!(256),
        json!(32767),
        json!(32768),
        json!(65535),
        json!(65536),
        json!(2147483647),
        json!(2147483648u64),
        json!(4294967295u64),
        json!(4294967296u64),
        json!(i64::MAX),
        json!(i64::MAX as u64 + 1),
        json!(u64::MAX),
    ];
    let interp = Schema::parse(Numbers::schema()).unwrap();
    let base = json!({
        "a": 0, "b": 0, "c": 0, "d": 0, "e": 0, "f": 0, "g": 0, "h": 0, "i": 0, "j": 0,
        "k": 0, "l": 0, "m": 0, "n": 0, "o": false, "p": null, "q": 0
    });
    let mut checked = BTreeMap::new();
    for field in [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "q",
    ] {
        for edge in &edges {
            let mut call = base.clone();
            call[field] = edge.clone();
            let valid = interp.validate(&call).is_valid();
            let serde = serde_json::from_value::<Numbers>(call.clone()).is_ok();
            // usize/isize: the schema keeps the 32-bit range on every target.
            if matches!(field, "f" | "l") {
                assert!(!valid || serde, "{field} = {edge}");
            } else {
                assert_eq!(valid, serde, "{field} = {edge}");
            }
            *checked.entry(field).or_insert(0) += 1;
        }
    }
    assert_eq!(checked.len(), 13);
}

/// Tagged enums with data (issue #14): generated calls agree with serde, and a
/// valid call's value, written back, is a valid call of the same value.
#[test]
fn internally_tagged() {
    check::<FileOp>(
        6,
        Extras {
            bounded: &["retries"],
            ..Extras::default()
        },
    );
    round_trip::<FileOp>(6);
}

#[test]
fn adjacently_and_externally_tagged_nested() {
    check::<Plan>(
        7,
        Extras {
            bounded: &["then.retries"],
            ..Extras::default()
        },
    );
    round_trip::<Plan>(7);
    check::<Shape>(8, Extras::default());
    // (`Step` is checked nested: at the root, its unit variants are strings, which
    // the arguments object is not.)
}

#[test]
fn newtype_and_tuple_structs() {
    check::<Assign>(
        10,
        Extras {
            ..Extras::default()
        },
    );
    round_trip::<Assign>(10);
}

#[test]
fn flattened_map() {
    let schema: Value = serde_json::from_str(Tagged::SCHEMA_JSON).unwrap();
    assert_eq!(
        schema["additionalProperties"],
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    check::<Tagged>(
        11,
        Extras {
            ..Extras::default()
        },
    );
    round_trip::<Tagged>(11);
}

#[test]
fn defaults_are_serdes() {
    let schema: Value = serde_json::from_str(Search::SCHEMA_JSON).unwrap();
    assert_eq!(
        schema["properties"]["limit"],
        json!({"type": "integer", "description": "How many results.", "minimum": 1, "maximum": 50, "default": 10})
    );
    assert_eq!(schema["required"], json!(["query"]));
    // What serde puts in a left-out argument is the schema's `default`.
    let read = Search::parse(&json!({"query": "q"})).unwrap();
    assert_eq!(json!(read.limit), schema["properties"]["limit"]["default"]);
    assert_eq!(json!(read.lang), schema["properties"]["lang"]["default"]);
    check::<Search>(
        12,
        Extras {
            bounded: &["limit"],
            ..Extras::default()
        },
    );
    round_trip::<Search>(12);
}

#[test]
fn documented_string_enum() {
    check::<Walk>(
        13,
        Extras {
            ..Extras::default()
        },
    );
    round_trip::<Walk>(13);
}

#[test]
fn aliases() {
    check::<Forecast>(
        14,
        Extras {
            bounded: &["days", "days_ahead"],
            ..Extras::default()
        },
    );
    round_trip::<Forecast>(14);
    // Two names of one field: both refuse.
    for call in [
        json!({"cityName": "Oslo", "town": "Rome", "stops": []}),
        json!({"town": "Oslo", "stops": [{"name": "a", "n": "b"}]}),
        json!({"town": "Oslo", "stops": [{"n": "a", "mins": 1, "m": 2}]}),
    ] {
        assert!(
            serde_json::from_value::<Forecast>(call.clone()).is_err(),
            "{call}"
        );
        let report = Forecast::validate(&call);
        assert_eq!(report.violations().len(), 1, "{call}");
        assert_eq!(
            report.violations()[0].kind.code(),
            "same-argument",
            "{call}"
        );
    }
}

#[test]
fn generic_types() {
    check::<Pair<Qty2>>(
        13,
        Extras {
            bounded: &["left.qty", "right.qty"],
            ..Extras::default()
        },
    );
    round_trip::<Pair<Qty2>>(13);
    check::<Generic>(
        14,
        Extras {
            bounded: &[
                "pair.left.qty",
                "pair.right.qty",
                "page.items",
                "page.items.*.value.qty",
                "page.items.*.weight",
            ],
            ..Extras::default()
        },
    );
    round_trip::<Generic>(14);
}

/// `Option` arguments (issue #29): a member of the parameter's type may be
/// left out or `null`, as serde reads it, in generated calls as in written ones.
#[test]
fn generic_option_arguments() {
    check::<Pair<Option<Qty2>>>(
        17,
        Extras {
            bounded: &["left.qty", "right.qty"],
            ..Extras::default()
        },
    );
    round_trip::<Pair<Option<Qty2>>>(17);
    check::<Pair<Option<String>>>(18, Extras::default());
    round_trip::<Pair<Option<String>>>(18);
    check::<Either<Option<Qty2>, Option<u8>>>(
        19,
        Extras {
            bounded: &["value.qty", "weight"],
            ..Extras::default()
        },
    );
    round_trip::<Either<Option<Qty2>, Option<u8>>>(19);
    let both = json!({"left": "a", "right": "b"});
    optional_nulls::<Pair<Option<String>>>(both, &["left", "right"]);
    for absent in [json!({}), json!({"right": "b"})] {
        assert!(<Pair<Option<String>>>::validate(&absent).is_valid());
        assert_eq!(
            <Pair<Option<String>>>::parse(&absent).unwrap(),
            serde_json::from_value(absent).unwrap()
        );
    }
}

#[test]
fn flattened_structs() {
    check::<Listing>(
        15,
        Extras {
            bounded: &["limit", "qty"],
            ..Extras::default()
        },
    );
    round_trip::<Listing>(15);
    check::<Listings>(
        16,
        Extras {
            bounded: &["limit", "qty"],
            ..Extras::default()
        },
    );
    round_trip::<Listings>(16);
}

/// Each `Option` field of `T` named in `fields` set to `null` in `base` (a
/// valid call): valid to the compiled validator, the interpreter and the text
/// path, and read by serde (as `None`).
fn optional_nulls<T>(base: Value, fields: &[&str])
where
    T: ToolArgs + serde::de::DeserializeOwned + std::fmt::Debug + 'static,
{
    let interp = Schema::parse(T::schema()).unwrap();
    for name in fields {
        let mut call = base.clone();
        call[name] = Value::Null;
        assert!(
            T::validate(&call).is_valid(),
            "{call}: {:?}",
            T::validate(&call)
        );
        assert!(interp.validate(&call).is_valid(), "{call}");
        serde_json::from_value::<T>(call.clone()).unwrap();
        T::parse(&call).unwrap();
        tool_schema::parse_str::<T>(&call.to_string()).unwrap();
    }
}

#[test]
fn a_null_for_an_optional_field_is_read_as_serde_reads_it() {
    optional_nulls::<GetWeather>(json!({"city": "Oslo"}), &["unit", "days"]);
    optional_nulls::<Qty>(json!({"qty": 1}), &["note"]);
    let order = json!({"customerId": 1, "lines": [{"sku": "A", "qty": 1, "priority": null}]});
    optional_nulls::<PlaceOrder>(order, &["tags", "shipping"]);
    optional_nulls::<Address>(json!({"street": "1 Main St"}), &["zip"]);
}

/// `#[arg(not_null)]`: the field may be left out, not `null` (the schema says so,
/// and the validator and text path refuse it; serde would read `None`).
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Strictly {
    #[arg(not_null, minimum = 1)]
    days: Option<u8>,
    unit: Option<Priority>,
}

#[test]
fn not_null_keeps_null_out() {
    assert_eq!(
        Strictly::schema()["properties"]["days"],
        json!({"type": "integer", "minimum": 1, "maximum": 255})
    );
    let call = json!({"days": null});
    assert_eq!(
        Strictly::validate(&call).messages(),
        ["argument 'days' should be integer, got null"]
    );
    assert!(tool_schema::parse_str::<Strictly>(&call.to_string()).is_err());
    assert!(serde_json::from_value::<Strictly>(call.clone()).is_ok());
    // Strict exports' `null` for "absent" is still read as absent.
    let nulls = tool_schema::Options::default().null_is_absent(true);
    assert_eq!(
        Strictly::parse_with(&call, &nulls).unwrap(),
        Strictly {
            days: None,
            unit: None
        }
    );
    // The other optional field takes its `null`.
    optional_nulls::<Strictly>(json!({"days": 2}), &["unit"]);
}
