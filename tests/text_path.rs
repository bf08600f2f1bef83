//! The text path for declared tools: `parse_str::<T>` (typed arguments read through
//! the validating deserializer, in one pass) and `T::validate_str`, against
//! parse-then-validate (`serde_json::from_str::<Value>` then `T::parse_with` /
//! `T::validate_with`): the same value, the same report, the same JSON error, on
//! generated calls under several options. And the allocations: `parse_str`
//! allocates exactly what `serde_json::from_str::<T>` allocates (the typed value's
//! own fields), `validate_str` nothing.

#[path = "../engine/tests/text_support/mod.rs"]
mod text_support;

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::{allocations, Counting};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Debug;
use std::hint::black_box;
use std::panic::{catch_unwind, AssertUnwindSafe};
use text_support::{generate, write, Rng, Style, FEW, STYLES};
use tool_schema::__private::fast_accepts;
use tool_schema::validate_str_with;
use tool_schema::ToolArgsExt;
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

#[derive(ToolArgs, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
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

/// What the generated visitor of a derived type handles besides the above:
/// renames, a default function, a skipped field, nested `Option`s, `Box<Option>`,
/// bounds on floats and on the wide integers, lengths and patterns, sets of a
/// derived enum (uniqueness), nested derived types in arrays and maps, a
/// defaulted `Value`, fixed arrays in a `Vec`.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Features {
    #[serde(rename = "ID")]
    id: String,
    #[arg(min_length = 2, max_length = 5, pattern = "^[a-zé]+$")]
    word: Option<String>,
    #[serde(default = "seven")]
    #[arg(minimum = -3, maximum = 10)]
    level: i32,
    #[serde(skip)]
    hidden: u8,
    twice: Option<Option<u8>>,
    boxed_opt: Box<Option<f32>>,
    #[arg(minimum = 0.5, maximum = 2.5)]
    factor: Option<f64>,
    size: Option<usize>,
    offset: Option<isize>,
    wide: Option<i128>,
    #[arg(min_items = 1, max_items = 3)]
    picks: Option<BTreeSet<Sort>>,
    small: Option<HashSet<u16>>,
    lines: Option<Vec<LineItem>>,
    by_name: Option<HashMap<String, LineItem>>,
    maybe_unit: Option<Option<Unit>>,
    #[serde(default)]
    extra: Value,
    #[serde(default)]
    grid: Vec<[u8; 2]>,
    #[arg(max_items = 2)]
    #[serde(default)]
    chars: Vec<char>,
}

fn seven() -> i32 {
    7
}

/// Seed 002's lesson schema (as in `derive_seeds.rs`): `qty` 1..=100, `note`.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Qty {
    #[arg(minimum = 1, maximum = 100)]
    qty: i64,
    note: Option<String>,
}

/// The benchmark's job schema (`bench/data/job.json`) as a derived struct.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Job {
    name: String,
    image: String,
    command: String,
    working_dir: Option<String>,
    user: Option<String>,
    queue: Queue,
    #[arg(minimum = 0, maximum = 10)]
    priority: Option<u8>,
    #[arg(minimum = 1, maximum = 64)]
    cpus: u32,
    #[arg(minimum = 128, maximum = 262144)]
    memory_mb: u32,
    #[arg(minimum = 0, maximum = 8)]
    gpus: Option<u8>,
    #[arg(minimum = 1, maximum = 86400)]
    timeout_s: Option<u32>,
    #[arg(minimum = 0, maximum = 10)]
    retries: Option<u8>,
    #[arg(minimum = 0, maximum = 1)]
    cpu_quota: Option<f64>,
    #[arg(minimum = 0)]
    spot_price_max: Option<f64>,
    #[arg(minimum = 1, maximum = 10)]
    backoff_factor: Option<f64>,
    #[arg(minimum = 0)]
    min_free_disk_gb: Option<f64>,
    privileged: Option<bool>,
    network: Option<bool>,
    interactive: Option<bool>,
    cleanup: Option<bool>,
    log_level: Option<LogLevel>,
    restart_policy: Option<RestartPolicy>,
    args: Option<Vec<String>>,
    /// (`u16`: 0 to 65535, where the benchmark's schema starts at 1.)
    ports: Option<Vec<u16>>,
    region: Option<String>,
    zone: Option<String>,
    project: String,
    owner_email: Option<String>,
    description: Option<String>,
    tags: Option<Vec<String>>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Queue {
    Default,
    High,
    Low,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum LogLevel {
    Debug,
    Info,
    Warn,
    Error,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum RestartPolicy {
    Never,
    OnFailure,
    Always,
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
    if has_repeated_names(text) {
        // A repeated name makes the call invalid on the text path: the report is
        // the value's (when it has one) with the repeated names added.
        // (Typed arguments never read a float as an integer.)
        let typed = options.integer_floats(false);
        let want = catch_unwind(AssertUnwindSafe(|| {
            serde_json::from_str::<Value>(text).map(|v| T::validate_with(&v, &typed))
        }));
        let same = match (&got, &want) {
            (Ok(Err(ParseError::Invalid(a))), Ok(Ok(b))) => same_but_repeats(a, b),
            _ => false,
        };
        if !same && errors.len() < 30 {
            errors.push(format!(
                "{label} {options:?} (repeated names)\n  text: {text}\n  text path:  {got:?}\n  value path: {want:?}"
            ));
        }
        return false;
    }
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
    if let Ok(Ok(value)) = &got {
        // A valid call is read by the generated visitor alone, into what
        // `serde_json::from_str` reads (where no `null` is read as absent).
        if T::__FAST_PATH && !has_repeated_names(text) && !fast_accepts::<T>(text, options) {
            errors.push(format!(
                "{label} {options:?}: valid, but the generated path did not read it\n  text: {text}"
            ));
        }
        if !options.null_is_absent {
            if let Ok(plain) = serde_json::from_str::<T>(text) {
                if plain != *value {
                    errors.push(format!(
                        "{label} {options:?}: {value:?} != serde_json::from_str's {plain:?}\n  text: {text}"
                    ));
                }
            }
        }
    }
    matches!(got, Ok(Ok(_)))
}

/// Whether `a` (of a text with a repeated name) is report `b` with the repeated
/// names added: at least one, and the rest `b`'s (cut by the same cap).
fn same_but_repeats(a: &tool_schema::Report, b: &tool_schema::Report) -> bool {
    let repeats = a
        .violations
        .iter()
        .filter(|v| v.kind == tool_schema::Kind::Duplicate)
        .count();
    let rest: Vec<_> = a
        .violations
        .iter()
        .filter(|v| v.kind != tool_schema::Kind::Duplicate)
        .cloned()
        .collect();
    (repeats > 0 || a.omitted > 0)
        && b.violations.starts_with(&rest)
        && rest.len() + a.omitted + repeats >= b.violations.len() + b.omitted
}

/// Whether some object of `text` names a member twice (the generated path leaves
/// those to the exact path, where a `Value` keeps the last one).
fn has_repeated_names(text: &str) -> bool {
    use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
    struct Unique;
    impl<'de> Deserialize<'de> for Unique {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
            d.deserialize_any(Unique)
        }
    }
    impl<'de> Visitor<'de> for Unique {
        type Value = Unique;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("JSON")
        }
        fn visit_bool<E>(self, _: bool) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_i64<E>(self, _: i64) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_u64<E>(self, _: u64) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_f64<E>(self, _: f64) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_str<E>(self, _: &str) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_unit<E>(self) -> Result<Unique, E> {
            Ok(Unique)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
            while seq.next_element::<Unique>()?.is_some() {}
            Ok(Unique)
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Unique, A::Error> {
            let mut seen = BTreeSet::new();
            while let Some(k) = map.next_key::<String>()? {
                if !seen.insert(k) {
                    return Err(serde::de::Error::custom("repeated"));
                }
                map.next_value::<Unique>()?;
            }
            Ok(Unique)
        }
    }
    serde_json::from_str::<Value>(text).is_ok() && serde_json::from_str::<Unique>(text).is_err()
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
    let repeated = has_repeated_names(text);
    let same = match (&got, &want) {
        (Ok(a), Ok(b)) if repeated => same_but_repeats(a, b),
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

tool_schema! {
    /// Book a trip, assembled from pieces and closed by `unevaluatedProperties`.
    pub BookTrip = {
        "type": "object",
        "properties": {
            "kind": {"enum": ["flight", "train"]},
            "stops": {"type": "array", "prefixItems": [{"type": "string"}], "unevaluatedItems": {"type": "integer"}}
        },
        "required": ["kind"],
        "allOf": [{"properties": {"from": {"type": "string"}}}],
        "anyOf": [
            {"properties": {"kind": {"const": "flight"}, "seat": {"type": "string"}}},
            {"properties": {"kind": {"const": "train"}, "coach": {"type": "integer"}}}
        ],
        "unevaluatedProperties": false
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
fn typed_features() {
    const { assert!(Features::__FAST_PATH && Sort::__FAST_PATH) };
    let full = r#"{"ID": "x", "word": "abé", "level": -3, "twice": null, "boxedOpt": 1.5,
        "factor": 2.5, "size": 4294967295, "offset": -2147483648, "wide": -9223372036854775808,
        "picks": ["relevance", "newest_first"], "small": [1, 2, 65535],
        "lines": [{"sku": "A", "qty": 1, "price": 2}], "byName": {"a": {"sku": "B", "qty": 3, "price": 0.5, "gift": false}},
        "maybeUnit": null, "extra": {"k": [null]}, "grid": [[1, 2], [3, 4]], "chars": ["a", "é"]}"#;
    let valid = differential::<Features>(
        6,
        300,
        &[
            r#"{"ID": "x"}"#,
            full,
            r#"{"ID": "x", "hidden": 3}"#,
            r#"{"ID": "x", "word": "a"}"#,
            r#"{"ID": "x", "word": "abcdef"}"#,
            r#"{"ID": "x", "word": "AB"}"#,
            r#"{"ID": "x", "word": "éééé"}"#,
            r#"{"ID": "x", "level": 11}"#,
            r#"{"ID": "x", "level": -4}"#,
            r#"{"ID": "x", "level": null}"#,
            r#"{"ID": "x", "level": 3.0}"#,
            r#"{"ID": "x", "level": -0}"#,
            r#"{"ID": "x", "twice": 256}"#,
            r#"{"ID": "x", "boxedOpt": null}"#,
            r#"{"ID": "x", "boxedOpt": 1e300}"#,
            r#"{"ID": "x", "factor": 0.4999999}"#,
            r#"{"ID": "x", "factor": 1}"#,
            r#"{"ID": "x", "factor": 3}"#,
            r#"{"ID": "x", "size": 4294967296}"#,
            r#"{"ID": "x", "offset": -2147483649}"#,
            r#"{"ID": "x", "wide": 18446744073709551615}"#,
            r#"{"ID": "x", "wide": 18446744073709551616}"#,
            r#"{"ID": "x", "wide": -9223372036854775809}"#,
            r#"{"ID": "x", "picks": []}"#,
            r#"{"ID": "x", "picks": ["relevance", "relevance"]}"#,
            r#"{"ID": "x", "picks": ["relevance", {"newest_first": null}]}"#,
            r#"{"ID": "x", "small": [1, 1]}"#,
            r#"{"ID": "x", "small": [1, 1.0]}"#,
            r#"{"ID": "x", "lines": [{"sku": "A", "qty": 0, "price": 2}]}"#,
            r#"{"ID": "x", "lines": [["A", 1, 2.0, null]]}"#,
            r#"{"ID": "x", "byName": {"a": {"sku": "B", "qty": 3, "price": 1}, "a": {"sku": "C", "qty": 1, "price": 1}}}"#,
            r#"{"ID": "x", "maybeUnit": "kelvin"}"#,
            r#"{"ID": "x", "maybeUnit": "celsius"}"#,
            r#"{"ID": "x", "extra": null}"#,
            r#"{"ID": "x", "grid": [[1, 2, 3]]}"#,
            r#"{"ID": "x", "grid": [[1]]}"#,
            r#"{"ID": "x", "chars": ["ab"]}"#,
            r#"{"ID": "x", "chars": ["a", "b", "c"]}"#,
            r#"{"ID": "x", "id": "y"}"#,
            r#"{"ID": null}"#,
            r#"{"\u0049D": "x", "w\u006frd": "ab\u00e9"}"#,
            r#"{"ID": "x", "ID": "y"}"#,
            r#"{"ID": "x", "word": null, "word": "ab"}"#,
            r#"{"ID": "x", "word": "ab", "word": null}"#,
        ],
    );
    assert!(valid > 50, "{valid} valid calls");
}

#[test]
fn typed_seed_002() {
    const { assert!(Qty::__FAST_PATH) };
    let valid = differential::<Qty>(
        7,
        100,
        &[
            r#"{"qty": 5}"#,
            r#"{"qty": 5, "note": "x"}"#,
            r#"{"qty": 0}"#,
            r#"{"qty": 101, "note": 3}"#,
            r#"{"qty": 5, "extra": true}"#,
            r#"{"qty": "5"}"#,
            r#"{}"#,
        ],
    );
    assert!(valid > 10, "{valid} valid calls");
}

#[test]
fn typed_bench_job() {
    const { assert!(Job::__FAST_PATH) };
    let valid = differential::<Job>(
        8,
        150,
        &[
            include_str!("../bench/data/job_valid.json"),
            include_str!("../bench/data/job_invalid.json"),
        ],
    );
    assert!(valid > 10, "{valid} valid calls");
    let text = include_str!("../bench/data/job_valid.json");
    assert!(fast_accepts::<Job>(text, &Options::default()));
}

/// Two models of the pydantic corpus (`engine/tests/data/openai-strict/`), as
/// `tests/pydantic_equivalence.rs` writes them: field constraints (bounds, a
/// pattern with lengths, item counts) and `default = "path"` defaults.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[tool(name = "Constrained")]
struct Constrained {
    #[arg(minimum = 1, maximum = 100)]
    page: i64,
    #[arg(min_length = 2, max_length = 8, pattern = "^[A-Z]+$")]
    code: String,
    #[arg(min_items = 1, max_items = 3)]
    ids: Vec<i64>,
}

fn metric() -> String {
    "metric".into()
}

fn three() -> i64 {
    3
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[tool(name = "WithDefaults")]
struct WithDefaults {
    city: String,
    #[serde(default = "metric")]
    units: String,
    #[serde(default)]
    verbose: bool,
    #[serde(default = "three")]
    retries: i64,
}

#[test]
fn typed_pydantic_corpus() {
    const { assert!(Constrained::__FAST_PATH && WithDefaults::__FAST_PATH) };
    let valid = differential::<Constrained>(
        10,
        200,
        &[
            r#"{"page": 1, "code": "AB", "ids": [1]}"#,
            r#"{"page": 100, "code": "ABCDEFGH", "ids": [1, 2, 3]}"#,
            r#"{"page": 0, "code": "A", "ids": []}"#,
            r#"{"page": 1, "code": "ABCDEFGHI", "ids": [1, 2, 3, 4]}"#,
            r#"{"page": 1, "code": "ab", "ids": [1.5]}"#,
        ],
    );
    assert!(valid > 10, "{valid} valid calls");
    let valid = differential::<WithDefaults>(
        11,
        200,
        &[
            r#"{"city": "Oslo"}"#,
            r#"{"city": "Oslo", "units": null, "verbose": null, "retries": null}"#,
            r#"{"city": "Oslo", "units": "imperial", "verbose": true, "retries": 0}"#,
        ],
    );
    assert!(valid > 10, "{valid} valid calls");
}

/// A type deriving `ToolArgs` alone, without `Deserialize` (nor its enum): the
/// generated visitor needs only the fields' own `Deserialize`.
#[derive(ToolArgs, Debug)]
struct NoSerde {
    #[arg(maximum = 9)]
    n: u8,
    level: Option<Level>,
}

#[derive(ToolArgs, Debug, PartialEq)]
enum Level {
    Low,
    High,
}

#[test]
fn generated_path_without_deserialize() {
    use tool_schema::__private::fast_parse;
    let o = Options::default();
    let v: NoSerde = fast_parse(r#"{"n": 9, "level": "High"}"#, &o).unwrap();
    assert_eq!((v.n, v.level), (9, Some(Level::High)));
    assert!(fast_parse::<NoSerde>(r#"{"n": 10}"#, &o).is_none());
    assert!(fast_parse::<NoSerde>(r#"{"n": 1, "level": "low"}"#, &o).is_none());
    assert!(fast_parse::<NoSerde>(r#"{"n": 1, "x": 0}"#, &o).is_none());
    assert!(NoSerde::validate_str(r#"{"n": 1, "level": "Low"}"#)
        .unwrap()
        .is_valid());
}

/// A container `#[serde(default)]` keeps the generic pass (no generated visitor).
#[derive(ToolArgs, Deserialize, Debug, PartialEq, Default)]
#[serde(default)]
struct AllDefault {
    #[arg(maximum = 3)]
    n: u8,
    s: String,
}

/// Exclusive bounds and `multiple_of` (checked by the generic pass).
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Stepped {
    #[arg(exclusive_minimum = 0, exclusive_maximum = 10)]
    level: i64,
    #[arg(multiple_of = 0.5)]
    step: f64,
}

/// A recursive type: `Self` inside the field types.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Tree {
    #[arg(max_length = 4)]
    label: String,
    children: Vec<Self>,
}

/// An untagged enum as a field, and a struct holding a recursive type.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum IntOrText {
    Int(i64),
    Text(String),
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Holder {
    value: IntOrText,
    tree: Option<Tree>,
}

/// A type whose `Deserialize` is written by hand (it trims and lowercases the
/// city): `#[tool(custom_deserialize)]` keeps `parse_str` on it.
#[derive(ToolArgs, Debug, PartialEq)]
#[tool(custom_deserialize)]
struct Normalised {
    #[arg(max_length = 12)]
    city: String,
}

impl<'de> Deserialize<'de> for Normalised {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Raw {
            city: String,
        }
        let raw = Raw::deserialize(de)?;
        Ok(Normalised {
            city: raw.city.trim().to_lowercase(),
        })
    }
}

#[test]
fn a_hand_written_deserialize_is_used() {
    const { assert!(!Normalised::__FAST_PATH) };
    let got: Normalised = parse_str(r#"{"city": " PARIS "}"#).unwrap();
    assert_eq!(got.city, "paris");
    assert!(parse_str::<Normalised>(r#"{"city": "a very long city name"}"#).is_err());
}

#[test]
fn types_without_a_generated_path() {
    const { assert!(!AllDefault::__FAST_PATH) };
    const { assert!(!BookFlight::__FAST_PATH) };
    const { assert!(!Stepped::__FAST_PATH && !Tree::__FAST_PATH && !IntOrText::__FAST_PATH) };
    const { assert!(!Holder::__FAST_PATH) };
    let valid = differential::<AllDefault>(9, 50, &[r#"{}"#, r#"{"n": 4}"#, r#"{"n": 2}"#]);
    assert!(valid > 5, "{valid} valid calls");
    let valid = differential::<Stepped>(
        12,
        200,
        &[
            r#"{"level": 1, "step": 1.5}"#,
            r#"{"level": 0, "step": 1.5}"#,
            r#"{"level": 10, "step": 1.25}"#,
            r#"{"level": 9, "step": 2}"#,
        ],
    );
    assert!(valid > 2, "{valid} valid calls");
    let valid = differential::<Tree>(
        13,
        200,
        &[
            r#"{"label": "a", "children": [{"label": "b", "children": []}]}"#,
            r#"{"label": "a", "children": [{"label": "toolong", "children": []}]}"#,
            r#"{"label": "a", "children": [{"label": "b"}]}"#,
        ],
    );
    assert!(valid > 0, "{valid} valid calls");
    let valid = differential::<Holder>(
        14,
        200,
        &[
            r#"{"value": 3, "tree": null}"#,
            r#"{"value": "x", "tree": {"label": "a", "children": []}}"#,
            r#"{"value": 1.5}"#,
            r#"{"value": true, "tree": {"label": "abcde", "children": []}}"#,
        ],
    );
    assert!(valid > 1, "{valid} valid calls");
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
fn untyped_tool_with_unevaluated_keywords() {
    let schema = BookTrip::schema();
    let mut rng = Rng(11);
    let mut errors = Vec::new();
    let mut valid = 0;
    let written = [
        json!({"kind": "flight", "from": "OSL", "seat": "3A", "stops": ["a", 1, 2]}),
        json!({"kind": "train", "coach": 4}),
        json!({"kind": "flight", "coach": 4, "form": "x", "stops": ["a", "b"]}),
    ];
    for i in 0..300 {
        let value = match written.get(i) {
            Some(v) => v.clone(),
            None => generate(schema, schema, &mut rng, 0),
        };
        for style in STYLES {
            let text = write(&value, style);
            for o in &options() {
                let label = format!("BookTrip #{i} {style:?}");
                compare_untyped::<BookTrip>(&label, &text, o, &mut errors);
            }
        }
        if BookTrip::validate(&value).is_valid() {
            valid += 1;
        }
    }
    assert!(
        errors.is_empty(),
        "{} mismatches:\n{}",
        errors.len(),
        errors.join("\n")
    );
    assert!(valid >= 2, "{valid} valid calls");
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
    assert!(T::validate_str(text).unwrap().is_valid());
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
    // `validate_str` reads an array with `uniqueItems` (a set) into a `Value`.
    let sets = T::SCHEMA_JSON.contains("uniqueItems");
    assert!(
        sets || n == 0,
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
    assert_allocations::<Job>(include_str!("../bench/data/job_valid.json"));
    // (Without `wide`: serde_json reads a 128-bit integer through a `String`
    // buffer, the generated path as a `u64`/`i64` token, one allocation fewer.)
    assert_allocations::<Features>(
        r#"{"ID": "x", "word": "abé", "level": -3, "twice": 3, "boxedOpt": 1.5, "factor": 2.5,
            "size": 7, "picks": ["relevance", "newest_first"], "small": [1, 2, 65535],
            "lines": [{"sku": "A", "qty": 1, "price": 2}, {"sku": "B", "qty": 2, "price": 3}],
            "byName": {"a": {"sku": "B", "qty": 3, "price": 0.5, "gift": false}},
            "maybeUnit": "celsius", "extra": {"k": [null]}, "grid": [[1, 2], [3, 4]], "chars": ["a", "é"]}"#,
    );
    // A tool declared by `tool_schema!`: no typed value, no allocation.
    let text = r#"{"from": "OSL", "to": "CDG", "date": "2024-05-01", "passengers": [{"name": "Ann", "seat": null}, {"name": "Bo", "age": 7, "seat": "aisle"}], "class": 1, "budget": 99.5}"#;
    assert!(BookFlight::validate_str(text).unwrap().is_valid());
    let (report, n) = allocations(|| BookFlight::validate_str(black_box(text)).unwrap());
    assert!(report.is_valid());
    assert_eq!(n, 0);
    let _ = json!(null);
}
