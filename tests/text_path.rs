//! The text path for declared tools: `parse_str::<T>` (typed arguments read through
//! the validating deserializer, in one pass) and `T::validate_str`, against
//! parse-then-validate (`serde_json::from_str::<Value>` then `T::parse_with` /
//! `T::validate_with`): the same value, the same report, the same JSON error, on
//! generated calls under several options. And the allocations: `parse_str`
//! allocates exactly what `serde_json::from_str::<T>` allocates (the typed value's
//! own fields), `validate_str` nothing.

#[path = "../runtime/tests/text_support/mod.rs"]
mod text_support;

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::{allocations, Counting};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;
use std::hint::black_box;
use std::panic::{catch_unwind, AssertUnwindSafe};
use text_support::{generate, write, Rng, Style, FEW, STYLES};
use tool_schema::text::validate_str_with;
use tool_schema::{parse_str, parse_str_with, tool_schema, Options, ParseError, ToolArgs};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct GetWeather {
    /// City name
    city: String,
    unit: Option<Unit>,
    #[arg(minimum = 1, maximum = 16)]
    days: Option<u8>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

/// Search the documentation.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Search {
    #[arg(min_length = 1)]
    query: String,
    #[arg(minimum = 1, maximum = 50)]
    #[serde(default)]
    max_results: u32,
    sort: Option<Sort>,
    #[serde(default)]
    tags: Vec<String>,
    #[arg(minimum = 0.0, maximum = 1.0)]
    min_score: Option<f64>,
    include_archived: Option<bool>,
    #[arg(pattern = "^[a-z]{2}$")]
    language: Option<String>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Sort {
    Relevance,
    NewestFirst,
}

/// Place an order.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Order {
    customer: String,
    items: Vec<LineItem>,
    #[arg(max_items = 3)]
    #[serde(default)]
    notes: Vec<String>,
    coupon: Option<String>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct LineItem {
    sku: String,
    #[arg(minimum = 1)]
    qty: u32,
    price: f64,
    gift: Option<bool>,
}

/// The other mappings: maps, sets (uniqueItems: read into a value), fixed arrays,
/// `char`, nullable elements, any value, boxes, 64- and 128-bit integers.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Misc {
    counts: BTreeMap<String, i64>,
    labels: Option<BTreeSet<String>>,
    rgb: Option<[u8; 3]>,
    letter: Option<char>,
    maybe: Option<Vec<Option<String>>>,
    any: Option<Value>,
    boxed: Option<Box<i32>>,
    big: Option<i64>,
    huge: Option<u128>,
    ratio: Option<f32>,
}

tool_schema! {
    /// Book a flight.
    pub BookFlight = {
        "type": "object",
        "properties": {
            "from": {"type": "string", "pattern": "^[A-Z]{3}$", "examples": ["OSL", "CDG", "osl"]},
            "to": {"type": "string", "pattern": "^[A-Z]{3}$", "examples": ["OSL", "CDG", "osl"]},
            "date": {"type": "string", "format": "date", "examples": ["2024-05-01", "2024-02-30"]},
            "passengers": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string", "minLength": 1},
                        "age": {"type": "integer", "minimum": 0, "maximum": 130},
                        "seat": {"anyOf": [{"type": "string", "enum": ["aisle", "window"]}, {"type": "null"}]}
                    },
                    "required": ["name"]
                }
            },
            "class": {"enum": ["economy", "business", 1]},
            "budget": {"type": ["number", "null"], "exclusiveMinimum": 0}
        },
        "required": ["from", "to", "date", "passengers"]
    }
}

fn options() -> Vec<Options> {
    let mut o = FEW.to_vec();
    o.push(Options::TOOL_CALL.object_root(false));
    o.push(Options::TOOL_CALL.integer_floats(true));
    o
}

/// `parse_str_with::<T>` against `T::parse_with` on the parsed value.
fn compare_typed<T>(label: &str, text: &str, options: &Options, errors: &mut Vec<String>) -> bool
where
    T: ToolArgs + DeserializeOwned + PartialEq + Debug + 'static,
{
    let got = catch_unwind(AssertUnwindSafe(|| parse_str_with::<T>(text, options)));
    let want = catch_unwind(AssertUnwindSafe(|| {
        serde_json::from_str::<Value>(text).map(|v| T::parse_with(&v, options))
    }));
    let same = match (&got, &want) {
        (Ok(Ok(a)), Ok(Ok(Ok(b)))) => a == b,
        (Ok(Err(ParseError::Invalid(a))), Ok(Ok(Err(b)))) => a == b,
        (Ok(Err(ParseError::Malformed(a))), Ok(Err(b))) => {
            a.json_error().to_string() == b.to_string()
        }
        (Err(_), Err(_)) => true,
        _ => false,
    };
    if !same && errors.len() < 30 {
        errors.push(format!(
            "{label} {options:?}\n  text: {text}\n  text path:  {got:?}\n  value path: {want:?}"
        ));
    }
    matches!(got, Ok(Ok(_)))
}

/// `T::validate_str` / `validate_str_with::<T>` against `T::validate_with`.
fn compare_untyped<T: ToolArgs + 'static>(
    label: &str,
    text: &str,
    options: &Options,
    errors: &mut Vec<String>,
) {
    let got = validate_str_with::<T>(text, options);
    let want = serde_json::from_str::<Value>(text).map(|v| T::validate_with(&v, options));
    let same = match (&got, &want) {
        (Ok(a), Ok(b)) => a == b,
        (Err(a), Err(b)) => a.json_error().to_string() == b.to_string(),
        _ => false,
    };
    if *options == Options::default() {
        let plain = T::validate_str(text);
        if format!("{plain:?}") != format!("{got:?}") {
            errors.push(format!(
                "{label}: T::validate_str differs from validate_str_with"
            ));
        }
    }
    if !same && errors.len() < 30 {
        errors.push(format!(
            "{label} {options:?}\n  text: {text}\n  text path:  {got:?}\n  value path: {want:?}"
        ));
    }
}

/// Generated calls of `T` (and a few hand-written `extra` texts), every style,
/// typed and untyped; returns how many calls were valid.
fn differential<T>(seed: u64, calls: usize, extra: &[&str]) -> usize
where
    T: ToolArgs + DeserializeOwned + PartialEq + Debug + 'static,
{
    let schema = T::schema();
    let mut rng = Rng(seed);
    let mut errors = Vec::new();
    let mut texts: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
    for _ in 0..calls {
        let value = generate(schema, schema, &mut rng, 0);
        texts.extend(STYLES.iter().map(|&style| write(&value, style)));
    }
    let mut valid = 0;
    for (i, text) in texts.iter().enumerate() {
        for o in &options() {
            let label = format!("{} #{i}", T::NAME);
            if compare_typed::<T>(&label, text, o, &mut errors) {
                valid += 1;
            }
            compare_untyped::<T>(&label, text, o, &mut errors);
        }
    }
    assert!(
        errors.is_empty(),
        "{} mismatches:\n{}",
        errors.len(),
        errors.join("\n")
    );
    valid
}

#[test]
fn typed_weather() {
    let valid = differential::<GetWeather>(
        1,
        300,
        &[
            r#"{"city": "Oslo"}"#,
            r#"{"city": "Oslo", "unit": "celsius", "days": 16}"#,
            r#"{"city": "Oslo", "unit": {"celsius": null}}"#,
            r#"{"city": "Oslo", "unit": "Celsius"}"#,
            r#"{"city": "Oslo", "unit": null}"#,
            r#"{"city": "Oslo", "days": 3.0}"#,
            r#"{"city": "Oslo", "days": 300}"#,
            r#"{"city": "Oslo", "city": "Paris"}"#,
            r#"{"city": "Oslo"} x"#,
            r#"["Oslo", null, 3]"#,
            r#""Oslo""#,
            r#"{"city": "O\u0073lo", "\u0064ays": 2}"#,
        ],
    );
    assert!(valid > 100, "{valid} valid calls");
}

#[test]
fn typed_search() {
    let valid = differential::<Search>(
        2,
        300,
        &[
            r#"{"query": "derive", "maxResults": 10, "sort": "newest_first", "tags": ["a"], "minScore": 0.5, "includeArchived": false, "language": "en"}"#,
            r#"{"query": "", "maxResults": 0, "sort": "oldest", "minScore": 2}"#,
            r#"{"query": "x", "max_results": 10}"#,
            r#"{"query": "x", "language": "eng"}"#,
        ],
    );
    assert!(valid > 20, "{valid} valid calls");
}

#[test]
fn typed_order() {
    let item = r#"{"sku": "A-1", "qty": 2, "price": 9.99, "gift": true}"#;
    let twenty = format!(
        r#"{{"customer": "Ann", "items": [{}], "notes": ["x", "y"], "coupon": null}}"#,
        vec![item; 20].join(", ")
    );
    let valid = differential::<Order>(
        3,
        200,
        &[
            &twenty,
            r#"{"customer": "Ann", "items": []}"#,
            r#"{"customer": "Ann", "items": [{"sku": "A", "qty": 0, "price": 1}]}"#,
            r#"{"customer": "Ann", "items": [{"sku": "A", "qty": 1, "price": 1, "color": "red"}]}"#,
            r#"{"customer": "Ann", "items": [], "notes": ["1", "2", "3", "4"]}"#,
            r#"{"customer": "Ann", "items": [], "extra": 1}"#,
        ],
    );
    assert!(valid > 10, "{valid} valid calls");
}

#[test]
fn typed_other_mappings() {
    let valid = differential::<Misc>(
        4,
        300,
        &[
            r#"{"counts": {}}"#,
            r#"{"counts": {"a": 1, "b": -2}, "labels": ["x", "y"], "rgb": [1, 2, 3], "letter": "z",
                "maybe": ["a", null], "any": {"k": [1, {"d": null}]}, "boxed": 7, "big": -9223372036854775808,
                "huge": 18446744073709551615, "ratio": 0.5}"#,
            r#"{"counts": {"a": 1.0}}"#,
            r#"{"counts": {"a": 1, "a": 2}}"#,
            r#"{"counts": {}, "labels": ["x", "x"]}"#,
            r#"{"counts": {}, "rgb": [1, 2]}"#,
            r#"{"counts": {}, "rgb": [1, 2, 3, 4]}"#,
            r#"{"counts": {}, "rgb": [1, 2, 256]}"#,
            r#"{"counts": {}, "letter": "ab"}"#,
            r#"{"counts": {}, "huge": 18446744073709551616}"#,
            r#"{"counts": {}, "big": 9223372036854775808}"#,
        ],
    );
    assert!(valid > 10, "{valid} valid calls");
}

#[test]
fn untyped_tool_schema_tool() {
    let schema = BookFlight::schema();
    let mut rng = Rng(5);
    let mut errors = Vec::new();
    let mut valid = 0;
    let written = [
        json!({"from": "OSL", "to": "CDG", "date": "2024-05-01", "passengers": [{"name": "Ann"}]}),
        json!({"from": "OSL", "to": "CDG", "date": "2024-05-01", "class": 1.0, "budget": null,
               "passengers": [{"name": "Ann", "seat": null}, {"name": "Bo", "age": 7, "seat": "aisle"}]}),
        json!({"from": "OSL", "to": "CDG", "date": "2024-05-01", "budget": 0.01,
               "passengers": [{"name": "Zoë", "age": 130.0}]}),
    ];
    for i in 0..600 {
        let value = match written.get(i) {
            Some(v) => v.clone(),
            None => generate(schema, schema, &mut rng, 0),
        };
        for style in STYLES {
            let text = write(&value, style);
            for o in &options() {
                compare_untyped::<BookFlight>(
                    &format!("BookFlight #{i} {style:?}"),
                    &text,
                    o,
                    &mut errors,
                );
            }
            if BookFlight::validate(&value).is_valid() && style == Style::Compact {
                valid += 1;
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} mismatches:\n{}",
        errors.len(),
        errors.join("\n")
    );
    assert!(valid >= 3, "{valid} valid calls");
}

#[test]
fn readme_example() {
    let args: GetWeather = parse_str(r#"{"city": "Tokyo", "days": 3}"#).unwrap();
    assert_eq!(
        args,
        GetWeather {
            city: "Tokyo".into(),
            unit: None,
            days: Some(3)
        }
    );
    let err = parse_str::<GetWeather>(r#"{"unit": "kelvin", "days": 0}"#).unwrap_err();
    assert_eq!(
        err.messages(),
        [
            "missing required argument 'city'",
            "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
            "argument 'days' should be at least 1, got 0",
        ]
    );
    let err = parse_str::<GetWeather>(r#"{"city": "Tokyo""#).unwrap_err();
    assert_eq!(
        err.messages(),
        ["the arguments are not valid JSON: EOF while parsing an object at line 1 column 16"]
    );
    let report = BookFlight::validate_str(
        r#"{"from": "OSL", "to": "CDG", "date": "2024-13-01", "passengers": []}"#,
    )
    .unwrap();
    assert_eq!(report.len(), 2, "{report}");
}

/// Asserts that `parse_str::<T>` on `text` succeeds with exactly the allocations of
/// `serde_json::from_str::<T>`, and `validate_str` with none.
fn assert_allocations<T>(text: &str) -> usize
where
    T: ToolArgs + DeserializeOwned + PartialEq + Debug + 'static,
{
    // Warm up: the schema cache, the plan, regex caches.
    let typed = parse_str::<T>(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let (plain, serde) = allocations(|| serde_json::from_str::<T>(black_box(text)).unwrap());
    assert_eq!(typed, plain);
    let (typed, ours) = allocations(|| parse_str::<T>(black_box(text)).unwrap());
    drop(typed);
    assert_eq!(
        ours,
        serde,
        "parse_str::<{}> allocated {ours} times, serde_json::from_str {serde} times, on {text}",
        T::NAME
    );
    let (report, n) = allocations(|| T::validate_str(black_box(text)).unwrap());
    assert!(report.is_valid());
    assert_eq!(
        n,
        0,
        "{}::validate_str allocated {n} times on {text}",
        T::NAME
    );
    eprintln!(
        "{}: parse_str and serde_json::from_str both allocate {serde} times",
        T::NAME
    );
    serde
}

#[test]
fn parse_str_allocates_only_the_typed_value() {
    assert_eq!(
        assert_allocations::<GetWeather>(r#"{"city": "Oslo", "unit": "celsius", "days": 3}"#),
        1
    );
    assert_eq!(
        assert_allocations::<GetWeather>(r#"{"days": 3, "city": "Oslo"}"#),
        1
    );
    assert_allocations::<Search>(
        r#"{"query": "derive", "maxResults": 10, "sort": "newest_first", "tags": ["a", "b"], "minScore": 0.5, "includeArchived": false, "language": "en"}"#,
    );
    let item = r#"{"sku": "A-1", "qty": 2, "price": 9.99, "gift": true}"#;
    let order = format!(
        r#"{{"customer": "Ann", "items": [{}], "notes": ["x", "y"], "coupon": "C10"}}"#,
        vec![item; 20].join(", ")
    );
    assert_allocations::<Order>(&order);
    assert_allocations::<Misc>(
        r#"{"counts": {"a": 1, "b": -2}, "rgb": [1, 2, 3], "letter": "z", "maybe": ["a", null], "boxed": 7, "big": -5, "ratio": 0.5}"#,
    );
    // A tool declared by `tool_schema!`: no typed value, no allocation.
    let text = r#"{"from": "OSL", "to": "CDG", "date": "2024-05-01", "passengers": [{"name": "Ann", "seat": null}, {"name": "Bo", "age": 7, "seat": "aisle"}], "class": 1, "budget": 99.5}"#;
    assert!(BookFlight::validate_str(text).unwrap().is_valid());
    let (report, n) = allocations(|| BookFlight::validate_str(black_box(text)).unwrap());
    assert!(report.is_valid());
    assert_eq!(n, 0);
    let _ = json!(null);
}
