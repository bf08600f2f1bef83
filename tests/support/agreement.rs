//! Serde agreement for derived types: calls generated from a type's exported
//! schema, checked against the interpreter, the compiled validator and serde.
//! Used by `derive_serde_agreement.rs` and `derive_keywords.rs`.
//!
//! For each call:
//!
//! 1. the exported schema run through the interpreter (`Schema::parse(T::schema())`)
//!    and the compiled validator (`T::validate`) report the same violations;
//! 2. if the call is valid, `serde_json::from_value::<T>` succeeds, so `T::parse`
//!    never fails after validation;
//! 3. if serde accepts a call the schema refuses, every violation is one of the
//!    extra constraints serde does not know (see [`is_extra`] and [`Extras`]);
//! 4. the same in JSON Schema's reading (`Options::SPEC`) and with
//!    `null_is_absent`, through `T::parse_with`: a valid call deserialises;
//! 5. the tool's streaming checker (`T::stream()`), fed the call's text one byte
//!    at a time and in random chunks, never dooms a valid call, dooms an invalid
//!    one at the same byte whatever the chunks, and finishes with
//!    `T::validate_str`'s report.

use serde::de::DeserializeOwned;
use serde_json::{json, Map, Value};
use tool_schema::{JsonType, Kind, Options, Schema, Segment, ToolArgs, ToolArgsExt, Violation};

// The test generator, `Rng` (shared with `tests/typed/gen_schemas.rs`).
include!("rng.rs");

/// Any JSON value, small.
fn arbitrary(rng: &mut Rng, depth: usize) -> Value {
    match rng.below(if depth > 1 { 6 } else { 8 }) {
        0 => Value::Null,
        1 => Value::Bool(rng.chance(50)),
        2 => json!(rng.pick(&[0i64, 1, -1, 7, 300, 70000, i64::MIN, i64::MAX])),
        3 => json!(rng.pick(&[0.5f64, -2.25, 3.0, 1e3, 1e300])),
        4 => json!(u64::MAX),
        5 => json!(rng.pick(&["", "x", "ab", "celsius", "Paris", "LOW", "now", "red"])),
        6 => Value::Array(
            (0..rng.below(3))
                .map(|_| arbitrary(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let mut m = Map::new();
            for _ in 0..rng.below(3) {
                m.insert(
                    rng.pick(&["a", "sku", "city", "x"]).to_string(),
                    arbitrary(rng, depth + 1),
                );
            }
            Value::Object(m)
        }
    }
}

/// Integers at and around `min`/`max` and the edges of JSON's integers, as
/// integers and as floats.
fn number_near(rng: &mut Rng, schema: &Value) -> Value {
    let min = schema.get("minimum").and_then(Value::as_f64);
    let max = schema.get("maximum").and_then(Value::as_f64);
    let mut candidates: Vec<Value> = vec![
        json!(0),
        json!(1),
        json!(-1),
        json!(2.5),
        json!(4.0),
        json!(i64::MIN),
        json!(i64::MAX),
        json!(u64::MAX),
        json!(1e20),
    ];
    for bound in [min, max].into_iter().flatten() {
        let b = bound as i128;
        for d in [-1i128, 0, 1] {
            // (An `f32`'s bounds, `±3.4028235e38`, are beyond `i128`.)
            let Some(v) = b.checked_add(d) else { continue };
            if let Ok(i) = i64::try_from(v) {
                candidates.push(json!(i));
            } else if let Ok(u) = u64::try_from(v) {
                candidates.push(json!(u));
            }
        }
    }
    rng.pick(&candidates).clone()
}

/// A valid number for `schema`: its bounds, the edges of JSON's integers, and
/// values in between.
fn number_within(rng: &mut Rng, schema: &Value, integer: bool) -> Value {
    let min = schema
        .get("minimum")
        .and_then(Value::as_f64)
        .unwrap_or(f64::MIN);
    let max = schema
        .get("maximum")
        .and_then(Value::as_f64)
        .unwrap_or(f64::MAX);
    let mut candidates: Vec<Value> = [
        schema.get("minimum").cloned(),
        schema.get("maximum").cloned(),
    ]
    .into_iter()
    .flatten()
    .collect();
    candidates.extend([
        json!(0),
        json!(1),
        json!(-1),
        json!(100),
        json!(i64::MIN),
        json!(i64::MAX),
        json!(u64::MAX),
    ]);
    if !integer {
        candidates.extend([json!(0.5), json!(-2.25), json!(1e300)]);
    }
    let fits = |v: &Value| v.as_f64().is_some_and(|f| f >= min && f <= max);
    let fitting: Vec<Value> = candidates.into_iter().filter(|v| fits(v)).collect();
    rng.pick(&fitting).clone()
}

/// A string of `schema`'s shape: lengths at and around `minLength`/`maxLength`
/// (in characters, some of them multi-byte).
/// Strings of a few formats the derive writes for foreign types: valid ones, and
/// near misses (each refused by the format's grammar).
fn formatted(rng: &mut Rng, format: &str, valid: bool) -> Option<Value> {
    let (good, bad): (&[&str], &[&str]) = match format {
        "date-time" => (
            &[
                "2024-05-31T09:30:00Z",
                "2016-12-31T23:59:60Z",
                "2024-02-29t00:00:00.5+02:00",
            ],
            &[
                "2024-05-31 09:30:00",
                "2023-02-29T00:00:00Z",
                "2024-05-31T25:00:00Z",
            ],
        ),
        "date" => (
            &["2024-02-29", "1970-01-01"],
            &["2023-02-29", "2024-13-01", "24-01-01"],
        ),
        "uuid" => (
            &[
                "123e4567-e89b-12d3-a456-426614174000",
                "00000000-0000-0000-0000-000000000000",
            ],
            &[
                "123e4567e89b12d3a456426614174000",
                "123e4567-e89b-12d3-a456-42661417400g",
            ],
        ),
        "uri" => (
            &["https://example.com/a?b#c", "http://127.0.0.1:8080/"],
            &["http:", "//x", "a b"],
        ),
        "ipv4" => (
            &["192.168.0.1", "0.0.0.0"],
            &["1.2.3.04", "256.1.1.1", "1.2.3"],
        ),
        "ipv6" => (&["::1", "2001:db8::1"], &["2001:db8:::1", "::g"]),
        _ => return None,
    };
    Some(json!(rng.pick(if valid { good } else { bad })))
}

fn string(rng: &mut Rng, schema: &Value, valid: bool) -> Value {
    if let Some(f) = schema.get("format").and_then(Value::as_str) {
        let good = valid || rng.chance(50);
        if let Some(s) = formatted(rng, f, good) {
            return s;
        }
    }
    let min = schema.get("minLength").and_then(Value::as_u64);
    let max = schema.get("maxLength").and_then(Value::as_u64);
    if min.is_none() && max.is_none() {
        return json!(rng.pick(&["Paris", "", "x y", "é", "a-1", "ABC"]));
    }
    let (lo, hi) = (min.unwrap_or(0), max.unwrap_or(min.unwrap_or(0) + 5));
    let len = if valid {
        lo + rng.below((hi - lo + 1) as usize) as u64
    } else {
        *rng.pick(&[lo.saturating_sub(1), lo, hi, hi + 1])
    };
    let text: String = (0..len)
        .map(|_| *rng.pick(&['a', 'é', '1', '-', 'Z']))
        .collect();
    Value::String(text)
}

fn type_names(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// A value of `schema`'s shape: valid when `valid` (now and then with one near
/// miss inside), else with near misses at every level (bounds, lengths, types,
/// enum values, missing and unknown properties, null).
///
/// Local `$ref`s are followed into `root` (the whole schema); below depth 4 a valid
/// array has its fewest items, so that recursive schemas give finite calls.
pub fn generate(rng: &mut Rng, schema: &Value, depth: usize, valid: bool) -> Value {
    generate_in(rng, schema, schema, depth, valid)
}

fn generate_in(rng: &mut Rng, root: &Value, schema: &Value, depth: usize, valid: bool) -> Value {
    if !valid && (rng.chance(10) || depth > 4) {
        return arbitrary(rng, depth);
    }
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        let target = match r.strip_prefix('#') {
            Some("") => root,
            Some(pointer) => root.pointer(pointer).expect("a local $ref that resolves"),
            None => panic!("not a local $ref: {r}"),
        };
        return generate_in(rng, root, target, depth, valid);
    }
    if let Some(Value::Array(alternatives)) = schema.get("anyOf") {
        let alternative = rng.pick(alternatives).clone();
        return generate_in(rng, root, &alternative, depth, valid);
    }
    if let Some(fixed) = schema.get("const") {
        // A tagged enum's tag: mostly right, now and then another variant's.
        if valid || rng.chance(70) {
            return fixed.clone();
        }
        return json!(rng.pick(&["Other", "move", "Rect", "Wait", "list", ""]));
    }
    if let Some(Value::Array(prefix)) = schema.get("prefixItems") {
        // A tuple: exactly its items (serde reads no more, no fewer).
        let count = match valid {
            true => prefix.len(),
            false => *rng.pick(&[
                prefix.len().saturating_sub(1),
                prefix.len(),
                prefix.len() + 1,
            ]),
        };
        let items = (0..count)
            .map(|i| match prefix.get(i) {
                Some(item) => {
                    let item_valid = valid || rng.chance(90);
                    generate_in(rng, root, item, depth + 1, item_valid)
                }
                None => arbitrary(rng, depth + 1),
            })
            .collect();
        return Value::Array(items);
    }
    if let Some(Value::Array(values)) = schema.get("enum") {
        if valid || rng.chance(80) {
            return rng.pick(values).clone();
        }
        return json!(rng.pick(&["Celsius", "LOW", "very-high", "Now", "kelvin", "blue"]));
    }
    let types = type_names(schema);
    if types.is_empty() {
        return arbitrary(rng, depth);
    }
    match *rng.pick(&types) {
        "null" => Value::Null,
        "boolean" => Value::Bool(rng.chance(50)),
        "string" => string(rng, schema, valid),
        t @ ("integer" | "number") if valid => number_within(rng, schema, t == "integer"),
        "integer" | "number" => number_near(rng, schema),
        "array" => {
            let item = schema.get("items").cloned().unwrap_or(json!({}));
            let min = schema.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
            let max = schema
                .get("maxItems")
                .and_then(Value::as_u64)
                .map(|m| m as usize);
            let count = match (valid, max) {
                (true, _) if depth >= 4 => min,
                (true, Some(max)) => min + rng.below(max - min + 1),
                (true, None) => min + rng.below(4),
                (false, max) => {
                    let hi = max.unwrap_or(min + 3);
                    *rng.pick(&[min.saturating_sub(1), min, hi, hi + 1])
                }
            };
            let mut items: Vec<Value> = (0..count)
                .map(|_| generate_in(rng, root, &item, depth + 1, valid))
                .collect();
            if valid && schema.get("uniqueItems") == Some(&json!(true)) {
                let mut seen: Vec<String> = Vec::new();
                items.retain(|v| {
                    let key = v.to_string();
                    let new = !seen.contains(&key);
                    seen.push(key);
                    new
                });
            } else if !valid && !items.is_empty() && rng.chance(30) {
                items.push(items[0].clone());
            }
            Value::Array(items)
        }
        _ => {
            let empty = Map::new();
            let props = schema
                .get("properties")
                .and_then(Value::as_object)
                .unwrap_or(&empty);
            let required: Vec<&str> = schema
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let mut out = Map::new();
            for (name, sub) in props {
                let keep = match (required.contains(&name.as_str()), valid) {
                    (true, true) => 100,
                    (true, false) => 95,
                    (false, _) => 50,
                };
                if rng.chance(keep) {
                    let v = if !valid && rng.chance(4) {
                        Value::Null
                    } else {
                        // A valid call with, now and then, one near miss.
                        let sub_valid = valid && rng.chance(97);
                        generate_in(rng, root, sub, depth + 1, sub_valid)
                    };
                    out.insert(name.clone(), v);
                }
            }
            if let Some(values @ Value::Object(_)) = schema.get("additionalProperties") {
                for _ in 0..rng.below(3) {
                    let key = rng.pick(&["k", "", "é", "a b"]).to_string();
                    let sub_valid = valid && rng.chance(97);
                    let v = generate_in(rng, root, values, depth + 1, sub_valid);
                    out.insert(key, v);
                }
            }
            if let Some(Value::Object(patterns)) = schema.get("patternProperties") {
                for (pattern, values) in patterns {
                    // Names that a pattern `^literal` matches.
                    let literal = |p: &str| {
                        p.chars()
                            .all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
                    };
                    let Some(prefix) = pattern.strip_prefix('^').filter(|p| literal(p)) else {
                        continue;
                    };
                    for _ in 0..rng.below(3) {
                        let key = format!("{prefix}{}", rng.pick(&["", "a", "é", "b c"]));
                        let sub_valid = valid && rng.chance(97);
                        let v = generate_in(rng, root, values, depth + 1, sub_valid);
                        out.insert(key, v);
                    }
                }
            }
            if !valid && rng.chance(8) {
                out.insert(
                    rng.pick(&["extra", "units", "internal"]).to_string(),
                    json!(1),
                );
            }
            if let Some(Value::Object(aliases)) = schema.get("x-tool-schema-aliases") {
                with_aliases(rng, aliases, &mut out, valid);
            }
            Value::Object(out)
        }
    }
}

/// `#[serde(alias)]` (`x-tool-schema-aliases`): a member given now and then
/// under one of its aliases; in an invalid call, now and then under two of its
/// names at once (serde's duplicate field).
fn with_aliases(
    rng: &mut Rng,
    aliases: &Map<String, Value>,
    out: &mut Map<String, Value>,
    valid: bool,
) {
    for (name, list) in aliases {
        let Some(list) = list.as_array().filter(|l| !l.is_empty()) else {
            continue;
        };
        let Some(v) = out.get(name).cloned() else {
            continue;
        };
        let alias = rng.pick(list).as_str().expect("an alias").to_string();
        if !valid && rng.chance(30) {
            out.insert(alias, v);
        } else if rng.chance(50) {
            out.remove(name);
            out.insert(alias, v);
        }
    }
}

/// The sub-schema at `path` of `schema` (through `properties`,
/// `additionalProperties` and `items`).
fn schema_at<'s>(schema: &'s Value, path: &[Segment]) -> Option<&'s Value> {
    let mut cur = schema;
    for seg in path {
        cur = match seg {
            Segment::Key(k) => match cur.get("properties").and_then(|p| p.get(&**k)) {
                Some(s) => s,
                None => match aliased(cur, k) {
                    Some(s) => s,
                    None => cur.get("additionalProperties")?,
                },
            },
            Segment::Index(_) => cur.get("items")?,
        };
    }
    Some(cur)
}

/// The property schema of `schema` that alias `name` reads.
fn aliased<'s>(schema: &'s Value, name: &str) -> Option<&'s Value> {
    let aliases = schema.get("x-tool-schema-aliases")?.as_object()?;
    let (property, _) = aliases
        .iter()
        .find(|(_, list)| list.as_array().is_some_and(|l| l.iter().any(|a| a == name)))?;
    schema.get("properties")?.get(property)
}

/// The path as a pattern: indices as `*` (`lines.*.qty`).
fn pattern(path: &[Segment]) -> String {
    path.iter()
        .map(|s| match s {
            Segment::Key(k) => k.to_string(),
            Segment::Index(_) => "*".to_string(),
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// What serde accepts and the schema refuses, for one type, by path pattern.
#[derive(Default)]
pub struct Extras {
    /// Fields with constraints from `#[arg]` (bounds, lengths, patterns, item
    /// counts, allowed values), `usize`/`isize` (the 32-bit range on every
    /// target), and formats narrower than the field type's own parser.
    pub bounded: &'static [&'static str],
    /// Sets: serde merges duplicates, the schema says `uniqueItems`.
    pub sets: &'static [&'static str],
}

/// Whether `v` is one of the extra constraints serde does not know: those listed
/// in `extras`, unknown fields (tool-call mode closes objects; serde ignores
/// unknown fields unless `deny_unknown_fields`, which the schema says as
/// `additionalProperties: false`), an array for a struct (serde reads structs from
/// sequences too), a map for an enum (serde's `{"variant": null}` form).
pub fn is_extra(v: &Violation, schema: &Value, extras: &Extras) -> bool {
    let path = v.path.segments();
    let at = pattern(path);
    let at = at.as_str();
    match &v.kind {
        Kind::Unexpected => {
            let parent = schema_at(schema, &path[..path.len() - 1]);
            parent.and_then(|p| p.get("additionalProperties")) != Some(&json!(false))
        }
        Kind::Type {
            expected,
            received: JsonType::Array,
        } => expected.declares(JsonType::Object),
        Kind::Type {
            expected,
            received: JsonType::Object,
        } => expected.declares(JsonType::String),
        Kind::BelowMinimum { .. }
        | Kind::AboveMaximum { .. }
        | Kind::ExclusiveMinimum { .. }
        | Kind::ExclusiveMaximum { .. }
        | Kind::MultipleOf { .. }
        | Kind::MinLength { .. }
        | Kind::MaxLength { .. }
        | Kind::Pattern { .. }
        | Kind::MinItems { .. }
        | Kind::MaxItems { .. } => extras.bounded.contains(&at),
        // `#[arg(values = [..])]` on a scalar (unlike a unit enum's names, which
        // serde knows), for the fields listed.
        Kind::Enum { .. } => extras.bounded.contains(&at),
        // A format narrower than the type's own parser (`uuid` reads the hyphenless
        // form too), for the fields listed.
        Kind::Format { .. } => extras.bounded.contains(&at),
        Kind::UniqueItems { .. } => extras.sets.contains(&at),
        // One of several schemas (an untagged enum): serde may read the value as
        // an alternative that fails only for constraints serde does not know.
        Kind::AnyOf { alternatives } => alternatives
            .iter()
            .any(|alt| alt.iter().all(|v| is_extra(v, schema, extras))),
        _ => false,
    }
}

#[derive(Debug, Default)]
pub struct Counts {
    pub valid: usize,
    pub both_refuse: usize,
    pub extra_only: usize,
}

/// Checks 4000 generated calls of `T` (see the module docs).
pub fn agree<T: ToolArgs + DeserializeOwned + std::fmt::Debug + 'static>(
    seed: u64,
    extras: Extras,
) -> Counts {
    let schema = T::schema();
    let interp = Schema::parse(schema).expect("the exported schema is accepted");
    let mut rng = Rng(seed);
    // The chunk sizes of the streamed calls, drawn apart from the calls.
    let mut chunks = Rng(!seed);
    let mut counts = Counts::default();
    for _ in 0..4000 {
        let valid = rng.chance(40);
        let call = generate(&mut rng, schema, 0, valid);
        let report = interp.validate(&call);
        assert_eq!(T::validate(&call), report, "{} {call}", T::NAME);
        streams::<T>(&call.to_string(), &mut chunks);
        let serde = serde_json::from_value::<T>(call.clone());
        match (report.is_valid(), &serde) {
            (true, Ok(_)) => counts.valid += 1,
            (true, Err(e)) => panic!(
                "{}: valid call refused by serde: {call}\n  serde: {e}",
                T::NAME
            ),
            (false, Err(_)) => counts.both_refuse += 1,
            (false, Ok(_)) => {
                for v in report.violations() {
                    assert!(
                        is_extra(v, schema, &extras),
                        "{}: serde accepts {call}, but the schema refuses it for more than a constraint serde does not know: {v} ({:?})",
                        T::NAME,
                        v.kind
                    );
                }
                counts.extra_only += 1;
            }
        }
        // parse = validate, then serde.
        match T::parse(&call) {
            Ok(_) => assert!(report.is_valid()),
            Err(r) => assert_eq!(r, report),
        }
        // JSON Schema's reading (unknown fields pass unless denied) with formats
        // asserted (a foreign type's serde checks its format): a valid call still
        // deserialises.
        let spec_options = Options::SPEC.formats(true);
        let spec = interp.validate_with(&call, &spec_options.integer_floats(false));
        if spec.is_valid() {
            assert!(
                serde.is_ok(),
                "{}: valid in spec mode, refused by serde: {call}",
                T::NAME
            );
        }
        match T::parse_with(&call, &spec_options) {
            Ok(_) => assert!(spec.is_valid()),
            Err(r) => assert_eq!(r, spec),
        }
        // OpenAI strict mode's `null` for a left-out property: read as absent by
        // the validator and (parse_with leaves them out) by serde.
        let nulls = Options::default().null_is_absent(true);
        let lenient = interp.validate_with(&call, &nulls);
        match T::parse_with(&call, &nulls) {
            Ok(_) => assert!(lenient.is_valid()),
            Err(r) => assert_eq!(r, lenient),
        }
    }
    counts
}

/// The tool's streaming checker on `text`, fed one byte at a time and in
/// random chunks of 1 to 16 bytes: a valid call is never doomed; `finish`
/// gives `validate_str`'s report; the doom byte does not depend on the
/// chunks.
fn streams<T: ToolArgs + 'static>(text: &str, chunks: &mut Rng) {
    let report = &T::validate_str(text).expect("serde_json's own text");
    let mut doom = None;
    for random in [false, true] {
        let mut checker = T::stream();
        let (mut at, mut first) = (0, None);
        while at < text.len() {
            let size = if random { 1 + chunks.below(16) } else { 1 };
            let end = (at + size).min(text.len());
            let progress = checker.feed(&text.as_bytes()[at..end]);
            first = first.or(progress.doomed_at());
            at = end;
        }
        assert!(
            first.is_none() || !report.is_valid(),
            "{}: a valid call doomed at byte {first:?}: {text}",
            T::NAME
        );
        assert_eq!(&checker.finish(), report, "{}: streamed {text}", T::NAME);
        match doom {
            None => doom = Some(first),
            Some(before) => assert_eq!(before, first, "{}: the doom byte of {text}", T::NAME),
        }
    }
}

/// [`agree`], and enough calls on each side.
pub fn check<T: ToolArgs + DeserializeOwned + std::fmt::Debug + 'static>(
    seed: u64,
    extras: Extras,
) {
    let counts = agree::<T>(seed, extras);
    eprintln!("{}: {counts:?}", T::NAME);
    assert!(
        counts.valid >= 100,
        "{}: too few valid calls: {counts:?}",
        T::NAME
    );
    assert!(
        counts.both_refuse >= 100,
        "{}: too few invalid calls: {counts:?}",
        T::NAME
    );
}

#[allow(dead_code)] // used by derive_serde_agreement.rs alone
/// Valid calls of `T`, generated: serde reads each, and serialising the value
/// back gives a call that is valid and reads as the same value; the text path
/// (`parse_str`) reads every call (valid or not) as `parse` does.
pub fn round_trip<T>(seed: u64)
where
    T: ToolArgs + DeserializeOwned + serde::Serialize + PartialEq + std::fmt::Debug + 'static,
{
    let schema = T::schema();
    let mut rng = Rng(seed);
    let mut valid = 0;
    for i in 0..2000 {
        let call = generate(&mut rng, schema, 0, i % 2 == 0);
        let text = call.to_string();
        match (T::parse(&call), tool_schema::parse_str::<T>(&text)) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{}: text path {text}", T::NAME);
                let back = serde_json::to_value(&a).expect("serialises");
                let again = T::parse(&back).unwrap_or_else(|r| {
                    panic!(
                        "{}: {a:?} written back as {back} is refused: {r:?}",
                        T::NAME
                    )
                });
                assert_eq!(a, again, "{}: {call} -> {back}", T::NAME);
                valid += 1;
            }
            (Err(a), Err(tool_schema::ParseError::Invalid(b))) => {
                assert_eq!(a, b, "{}: text path {text}", T::NAME)
            }
            (a, b) => panic!("{}: {text}: parse {a:?}, parse_str {b:?}", T::NAME),
        }
    }
    assert!(valid >= 300, "{}: too few valid calls: {valid}", T::NAME);
}
