//! Random schemas and values for the hostile-input properties, shared by the bounded
//! property test (`tests/hostile_props.rs`, driven by a seeded xorshift) and the fuzz
//! targets (`fuzz/`, driven by libFuzzer's bytes): one grammar, two sources of choices.
//!
//! Depends on `serde_json` and the `tool_schema` facade only, so both crates can
//! include it with `#[path]`.

#![allow(dead_code)]

use serde_json::{json, Map, Value};
use tool_schema::export::{export, ExportOptions, Target, ToolSpec};
use tool_schema::seed::Format as SeedFormat;
use tool_schema::{json_report, Options, Schema};

/// Where the generator's choices come from.
pub trait Source {
    /// The next raw choice.
    fn next_u32(&mut self) -> u32;

    /// A choice in `0..n` (`0` when `n` is 0). A source that has run dry answers 0,
    /// and choice 0 always ends the recursion, so generation terminates.
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.next_u32() as usize % n
        }
    }

    /// True with probability about `num / den` (false from a source run dry).
    fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) >= den - num
    }
}

/// A small xorshift PRNG: deterministic from its seed, no dependency.
pub struct Xorshift(pub u64);

impl Xorshift {
    /// A generator from `seed` (any value; 0 is replaced).
    pub fn new(seed: u64) -> Xorshift {
        Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
}

impl Source for Xorshift {
    fn next_u32(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as u32
    }
}

/// Choices read from a byte string, one byte each; 0 once it has run dry.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// Choices from `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, at: 0 }
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        &self.data[self.at.min(self.data.len())..]
    }
}

impl Source for Bytes<'_> {
    fn next_u32(&mut self) -> u32 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b as u32
    }
}

const NAMES: [&str; 8] = ["a", "b", "c", "id", "x y", "ünï", "", "\u{1b}[31m"];
const PATTERNS: [&str; 6] = ["^a", "[0-9]+$", "^.{2,3}$", "x|y", "(?=x)", "[a-"];
const FORMATS: [&str; 5] = ["date", "email", "uuid", "ipv4", "color"];

fn scalar<S: Source>(src: &mut S) -> Value {
    match src.below(12) {
        0 => json!(0),
        1 => json!(1),
        2 => json!(-7),
        3 => json!(2.5),
        4 => json!("a"),
        5 => json!(""),
        6 => json!(true),
        7 => Value::Null,
        8 => json!(0.01),
        9 => json!(u64::MAX),
        10 => json!(1e300),
        _ => json!(NAMES[src.below(NAMES.len())]),
    }
}

fn number<S: Source>(src: &mut S) -> Value {
    match src.below(9) {
        0 => json!(0),
        1 => json!(3),
        2 => json!(-2),
        3 => json!(0.5),
        4 => json!(100),
        5 => json!(1e308),
        6 => json!(i64::MIN),
        7 => json!(2.0),
        _ => json!(0.01),
    }
}

fn def_ref<S: Source>(src: &mut S) -> Value {
    match src.below(5) {
        0 => json!({"$ref": "#"}),
        1 => json!({"$ref": "#/$defs/d0"}),
        2 => json!({"$ref": "#/$defs/d1"}),
        3 => json!({"$ref": "#/$defs/d2"}),
        _ => json!({"$ref": "#/$defs/missing"}),
    }
}

/// A random schema node at `depth` (the recursion stops at `max_depth`).
pub fn node<S: Source>(src: &mut S, depth: usize, max_depth: usize) -> Value {
    let choices = if depth >= max_depth { 3 } else { 12 };
    let mut v = match src.below(choices) {
        0 => json!({"type": "string"}),
        1 => json!(src.chance(3, 4)),
        2 => {
            let mut m = Map::new();
            match src.below(5) {
                0 => {
                    m.insert("type".into(), json!("integer"));
                    bounds(src, &mut m);
                }
                1 => {
                    m.insert("type".into(), json!("number"));
                    bounds(src, &mut m);
                }
                2 => {
                    m.insert("type".into(), json!("string"));
                    if src.chance(1, 2) {
                        m.insert("minLength".into(), json!(src.below(3)));
                    }
                    if src.chance(1, 2) {
                        m.insert("maxLength".into(), json!(src.below(5)));
                    }
                    if src.chance(1, 3) {
                        m.insert("pattern".into(), json!(PATTERNS[src.below(PATTERNS.len())]));
                    }
                    if src.chance(1, 3) {
                        m.insert("format".into(), json!(FORMATS[src.below(FORMATS.len())]));
                    }
                }
                3 => {
                    let n = 1 + src.below(4);
                    m.insert("enum".into(), (0..n).map(|_| scalar(src)).collect());
                }
                _ => {
                    m.insert("const".into(), scalar(src));
                }
            }
            Value::Object(m)
        }
        3 | 4 => object(src, depth, max_depth),
        5 => {
            let mut m = Map::new();
            m.insert("type".into(), json!("array"));
            if src.chance(3, 4) {
                m.insert("items".into(), node(src, depth + 1, max_depth));
            }
            if src.chance(1, 4) {
                let n = 1 + src.below(2);
                let items: Vec<Value> = (0..n).map(|_| node(src, depth + 1, max_depth)).collect();
                m.insert("prefixItems".into(), Value::Array(items));
            }
            if src.chance(1, 3) {
                m.insert("minItems".into(), json!(src.below(3)));
            }
            if src.chance(1, 3) {
                m.insert("maxItems".into(), json!(src.below(4)));
            }
            if src.chance(1, 3) {
                m.insert("uniqueItems".into(), json!(true));
            }
            Value::Object(m)
        }
        6 | 7 => {
            let key = ["anyOf", "oneOf", "allOf"][src.below(3)];
            let n = 1 + src.below(3);
            let branches: Vec<Value> = (0..n).map(|_| node(src, depth + 1, max_depth)).collect();
            json!({ key: branches })
        }
        8 => json!({"not": node(src, depth + 1, max_depth)}),
        9 | 10 => def_ref(src),
        _ => match src.below(6) {
            0 => json!({"type": ["string", "null"]}),
            1 => json!({"type": "integer", "nullable": true}),
            2 => json!({"type": "int"}),
            3 => json!({"minimum": "x"}),
            4 => json!({"unevaluatedItems": {"type": "string"}}),
            _ => json!({"type": ["integer", "boolean"], "minimum": 1}),
        },
    };
    if let Value::Object(m) = &mut v {
        if src.chance(1, 6) {
            m.insert("description".into(), json!("d"));
        }
        if src.chance(1, 12) {
            m.insert("title".into(), json!("t"));
        }
    }
    v
}

fn bounds<S: Source>(src: &mut S, m: &mut Map<String, Value>) {
    for key in [
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
    ] {
        if src.chance(1, 4) {
            m.insert(key.into(), number(src));
        }
    }
}

fn object<S: Source>(src: &mut S, depth: usize, max_depth: usize) -> Value {
    let mut m = Map::new();
    m.insert("type".into(), json!("object"));
    let mut props = Map::new();
    for _ in 0..src.below(4) {
        let name = NAMES[src.below(NAMES.len())];
        props.insert(name.into(), node(src, depth + 1, max_depth));
    }
    let names: Vec<String> = props.keys().cloned().collect();
    m.insert("properties".into(), Value::Object(props));
    if src.chance(2, 3) {
        let mut required: Vec<Value> = Vec::new();
        for name in &names {
            if src.chance(1, 2) {
                required.push(json!(name));
            }
        }
        if src.chance(1, 6) {
            required.push(json!(NAMES[src.below(NAMES.len())]));
        }
        m.insert("required".into(), Value::Array(required));
    }
    match src.below(6) {
        0 => {
            m.insert("additionalProperties".into(), json!(false));
        }
        1 => {
            m.insert("additionalProperties".into(), json!(true));
        }
        2 if depth < max_depth => {
            m.insert(
                "additionalProperties".into(),
                node(src, depth + 1, max_depth),
            );
        }
        _ => {}
    }
    if src.chance(1, 6) {
        m.insert("minProperties".into(), json!(src.below(3)));
    }
    if src.chance(1, 6) {
        m.insert("maxProperties".into(), json!(src.below(4)));
    }
    if src.chance(1, 8) {
        m.insert("propertyNames".into(), json!({"maxLength": 2}));
    }
    Value::Object(m)
}

/// A random whole schema: an object root, sometimes with `$defs` `d0`..`d2` that
/// may refer to each other and to the root (recursion, shared definitions).
pub fn schema<S: Source>(src: &mut S, max_depth: usize) -> Value {
    let mut root = match object(src, 0, max_depth) {
        Value::Object(m) => m,
        _ => unreachable!(),
    };
    if src.chance(2, 3) {
        let mut defs = Map::new();
        for i in 0..1 + src.below(3) {
            defs.insert(format!("d{i}"), node(src, 1, max_depth));
        }
        root.insert("$defs".into(), Value::Object(defs));
    }
    if src.chance(1, 8) {
        let key = ["anyOf", "allOf", "oneOf"][src.below(3)];
        root.insert(key.into(), json!([node(src, 1, max_depth)]));
    }
    Value::Object(root)
}

/// The names and scalars found anywhere in `schema`, for values that hit its
/// properties and enums.
pub fn vocabulary(schema: &Value, names: &mut Vec<String>, scalars: &mut Vec<Value>) {
    match schema {
        Value::Object(m) => {
            for (k, v) in m {
                if names.len() < 64 && !names.contains(k) {
                    names.push(k.clone());
                }
                vocabulary(v, names, scalars);
            }
        }
        Value::Array(items) => {
            for v in items {
                vocabulary(v, names, scalars);
            }
        }
        other => {
            if scalars.len() < 256 {
                scalars.push(other.clone());
            }
        }
    }
}

fn edge<S: Source>(src: &mut S) -> Value {
    match src.below(20) {
        0 => json!(0),
        1 => json!(-1),
        2 => serde_json::from_str("1.0").unwrap(),
        3 => json!(2.5),
        4 => json!(1e300),
        5 => json!(u64::MAX),
        6 => json!(i64::MIN),
        7 => json!(true),
        8 => Value::Null,
        9 => json!(""),
        10 => json!("2024-02-29"),
        11 => json!("a@b.co"),
        12 => json!(1500000001u64),
        13 => json!(12345678.005),
        14 => json!(1e-300),
        15 => json!("\u{1b}[31mred\u{1b}[0m"),
        16 => json!("\u{202e}\n\u{0}"),
        17 => json!(7.3),
        18 => json!(0.1),
        _ => json!("abc1"),
    }
}

/// A random value made of `names` (as keys and strings), `scalars` and edge values.
pub fn value<S: Source>(src: &mut S, names: &[String], scalars: &[Value], depth: usize) -> Value {
    let name = |src: &mut S| -> String {
        if names.is_empty() {
            "a".into()
        } else {
            names[src.below(names.len())].clone()
        }
    };
    match src.below(if depth > 4 { 3 } else { 7 }) {
        0 => edge(src),
        1 if !scalars.is_empty() => scalars[src.below(scalars.len())].clone(),
        1 | 2 => Value::String(name(src)),
        3 | 4 => {
            let mut m = Map::new();
            for _ in 0..src.below(5) {
                let k = name(src);
                m.insert(k, value(src, names, scalars, depth + 1));
            }
            Value::Object(m)
        }
        5 => {
            let n = src.below(5);
            Value::Array(
                (0..n)
                    .map(|_| value(src, names, scalars, depth + 1))
                    .collect(),
            )
        }
        _ => {
            // A value nested in the shape of the vocabulary: an object of every name.
            let mut m = Map::new();
            for k in names.iter().take(6) {
                if src.chance(1, 2) {
                    m.insert(k.clone(), value(src, names, scalars, depth + 1));
                }
            }
            Value::Object(m)
        }
    }
}

/// A value shaped by `schema` (resolved against `root`): mostly one that satisfies
/// it (an `enum` member, a number within bounds, the required properties, items of
/// the item schema, one `anyOf`/`oneOf` branch, `$ref`s followed), with an edge
/// value instead about 1 node in 12, so that valid calls, which the text path
/// settles by itself, are common.
pub fn instance<S: Source>(src: &mut S, schema: &Value, root: &Value, depth: usize) -> Value {
    if depth > 8 || src.chance(1, 12) {
        return edge(src);
    }
    let m = match schema {
        Value::Object(m) => m,
        Value::Bool(_) => return edge(src),
        _ => return Value::Null,
    };
    if let Some(Value::String(r)) = m.get("$ref") {
        let target = r.strip_prefix('#').and_then(|p| {
            if p.is_empty() {
                Some(root)
            } else {
                root.pointer(p)
            }
        });
        return match target {
            Some(t) => instance(src, t, root, depth + 1),
            None => edge(src),
        };
    }
    if let Some(Value::Array(values)) = m.get("enum") {
        if !values.is_empty() {
            return values[src.below(values.len())].clone();
        }
    }
    if let Some(c) = m.get("const") {
        return c.clone();
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = m.get(key) {
            if !branches.is_empty() && (key != "allOf" || !m.contains_key("type")) {
                let b = if key == "allOf" {
                    0
                } else {
                    src.below(branches.len())
                };
                return instance(src, &branches[b], root, depth + 1);
            }
        }
    }
    let ty = match m.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(ts)) if !ts.is_empty() => {
            ts[src.below(ts.len())].as_str().unwrap_or("null")
        }
        _ if m.contains_key("properties") => "object",
        _ if m.contains_key("items") || m.contains_key("prefixItems") => "array",
        _ => return edge(src),
    };
    let num = |key: &str| m.get(key).and_then(Value::as_f64);
    match ty {
        "integer" | "number" => {
            let lo = num("minimum").or(num("exclusiveMinimum").map(|x| x + 1.0));
            let hi = num("maximum").or(num("exclusiveMaximum").map(|x| x - 1.0));
            let base = match (lo, hi) {
                (Some(l), _) => l.ceil(),
                (None, Some(h)) => h.floor(),
                _ => src.below(7) as f64 - 3.0,
            };
            let mut x = base + src.below(3) as f64;
            if let Some(h) = hi {
                if x > h {
                    x = base;
                }
            }
            if let Some(d) = num("multipleOf") {
                if d > 0.0 && d.is_finite() && (x / d).is_finite() {
                    x = (x / d).ceil() * d;
                }
            }
            if (ty == "integer" || (x.fract() == 0.0 && src.chance(1, 2))) && x.abs() < 9e15 {
                return json!(x as i64);
            }
            json!(x)
        }
        "string" => {
            let min = m.get("minLength").and_then(Value::as_u64).unwrap_or(0) as usize;
            let max = m
                .get("maxLength")
                .and_then(Value::as_u64)
                .map(|x| x as usize);
            let choices = ["", "a", "ab", "abc1", "2024-02-29", "a@b.co", "x"];
            let mut s = choices[src.below(choices.len())].to_string();
            while s.chars().count() < min {
                s.push('z');
            }
            if let Some(max) = max {
                s = s.chars().take(max).collect();
            }
            Value::String(s)
        }
        "boolean" => json!(src.chance(1, 2)),
        "null" => Value::Null,
        "object" => {
            let mut out = Map::new();
            let props = m.get("properties").and_then(Value::as_object);
            let required: Vec<&str> = m
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if let Some(props) = props {
                for (k, sub) in props {
                    if required.contains(&k.as_str()) || src.chance(1, 2) {
                        out.insert(k.clone(), instance(src, sub, root, depth + 1));
                    }
                }
            }
            for k in required {
                if !out.contains_key(k) {
                    out.insert(k.to_string(), edge(src));
                }
            }
            if src.chance(1, 10) {
                out.insert("extra".into(), edge(src));
            }
            Value::Object(out)
        }
        "array" => {
            let min = m.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
            let max = m.get("maxItems").and_then(Value::as_u64).unwrap_or(4) as usize;
            let n = (min + src.below(3)).min(max.max(min)).min(8);
            let prefix = m.get("prefixItems").and_then(Value::as_array);
            let items = m.get("items");
            let unique = m.get("uniqueItems") == Some(&Value::Bool(true));
            let mut out: Vec<Value> = Vec::new();
            for i in 0..n {
                let sub = prefix.and_then(|p| p.get(i)).or(items);
                let v = match sub {
                    Some(sub) => instance(src, sub, root, depth + 1),
                    None => edge(src),
                };
                if unique && out.contains(&v) {
                    continue;
                }
                out.push(v);
            }
            Value::Array(out)
        }
        _ => edge(src),
    }
}

/// What one schema gave: for the test's statistics.
#[derive(Default, Debug)]
pub struct Outcome {
    pub parsed: bool,
    pub values: usize,
    pub invalid: usize,
    pub exports_ok: usize,
    pub exports_err: usize,
}

/// The bound on an export's output (compact JSON bytes) for an input of `n` bytes.
pub fn export_bound(n: usize) -> usize {
    64 * n + (1 << 16)
}

/// The bound on the rendered messages of one report (bytes) for a schema of
/// `schema` bytes and a value of `value` bytes.
pub fn report_bound(schema: usize, value: usize) -> usize {
    64 * (schema + value) + (1 << 16)
}

/// Every property of one schema and its values, exports included ([`check_values`]
/// then [`check_exports`]).
pub fn check(schema: &Value, values: &[Value]) -> Outcome {
    let mut out = check_values(schema, values);
    check_exports(schema, &mut out);
    out
}

/// `Schema::parse` answers Ok or a `SchemaError` (never a panic); on Ok, for each
/// value and both modes: `is_valid` agrees with `validate`, `validate_str` of the
/// value's text gives the same report, every format renders, the messages stay
/// within [`report_bound`]. Panics (with the schema and value) on a broken property.
pub fn check_values(schema: &Value, values: &[Value]) -> Outcome {
    let mut out = Outcome::default();
    let schema_text = schema.to_string();
    let parsed = match Schema::parse(schema) {
        Err(e) => {
            let _ = e.to_string();
            return out;
        }
        Ok(parsed) => parsed,
    };
    out.parsed = true;
    let _ = parsed.lints().len();
    for v in values {
        let text = v.to_string();
        for options in [Options::default(), Options::SPEC] {
            let report = parsed.validate_with(v, &options);
            let is_valid = parsed.is_valid_with(v, &options);
            assert_eq!(
                is_valid,
                report.is_valid(),
                "is_valid disagrees with validate\nschema: {schema_text}\nvalue: {text}\nreport: {:?}",
                report.messages()
            );
            let from_text = parsed
                .validate_str(&text, &options)
                .expect("serde_json's own text is one JSON value");
            // The text path is compared with the value serde_json reads back from the
            // same text: without serde_json's `float_roundtrip` feature, a float's
            // shortest text may read back one ULP off (`3.0300000000000002`, which
            // `1.01 * 3` writes, reads as the float nearest 3.03), and `multipleOf`
            // then rightly answers differently for the two numbers.
            let reread: Value = serde_json::from_str(&text).expect("serde_json's own text");
            let report = parsed.validate_with(&reread, &options);
            assert_eq!(
                from_text.messages(),
                report.messages(),
                "validate_str disagrees with validate\nschema: {schema_text}\nvalue: {text}"
            );
            assert_eq!(
                from_text, report,
                "reports differ\nschema: {schema_text}\nvalue: {text}"
            );
            let rendered: usize = report.messages().iter().map(|m| m.len() + 1).sum();
            assert!(
                rendered <= report_bound(schema_text.len(), text.len()),
                "{rendered} bytes of messages\nschema: {schema_text}\nvalue: {text}"
            );
            let _ = json_report(&report);
            let _ = SeedFormat::Seed000.render(&report);
            check_stream(&parsed, &text, &options, &schema_text);
            let pretty = serde_json::to_string_pretty(v).expect("a JSON value");
            check_stream(&parsed, &pretty, &options, &schema_text);
            check_stream(&parsed, &escaped(&text), &options, &schema_text);
            out.values += 1;
            out.invalid += usize::from(!report.is_valid());
        }
    }
    out
}

/// `text` (JSON) with every ASCII letter of its strings and names written as
/// a `\u00XX` escape: the same value, read the long way.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let (mut in_string, mut chars) = (false, text.chars());
    while let Some(c) = chars.next() {
        match c {
            '"' => in_string = !in_string,
            '\\' if in_string => {
                out.push(c);
                let next = chars.next().expect("an escape's second byte");
                out.push(next);
                if next == 'u' {
                    out.extend(chars.by_ref().take(4));
                }
                continue;
            }
            c if in_string && c.is_ascii_alphabetic() => {
                out.push_str(&format!("\\u{:04x}", c as u32));
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

/// The streaming checker on `text` (one JSON value), fed whole, byte by byte
/// and in chunks of 3 and 16 bytes: `finish` gives `validate_str`'s report; a
/// valid text is never doomed on any of its prefixes; a doomed one is doomed
/// at the same byte, with the same violations, whatever the chunks.
fn check_stream(parsed: &Schema, text: &str, options: &Options, schema_text: &str) {
    let exact = parsed
        .validate_str(text, options)
        .expect("serde_json's own text is one JSON value");
    let mut doom = None;
    for size in [usize::MAX, 1, 3, 16] {
        let mut checker = parsed.stream(options);
        let mut first = None;
        for piece in text.as_bytes().chunks(size) {
            let progress = checker.feed(piece);
            if first.is_none() && progress.is_doomed() {
                first = Some((progress.doomed_at(), progress.report().cloned()));
            }
        }
        assert!(
            first.is_none() || !exact.is_valid(),
            "a valid text doomed in {size}-byte chunks at {:?}\nschema: {schema_text}\nvalue: {text}",
            first.as_ref().and_then(|f| f.0)
        );
        let report = checker.finish();
        assert_eq!(
            report, exact,
            "the stream's report in {size}-byte chunks differs from validate_str's\nschema: {schema_text}\nvalue: {text}"
        );
        match &doom {
            None => doom = Some(first),
            Some(before) => assert_eq!(
                before, &first,
                "the doom differs in {size}-byte chunks from fed whole\nschema: {schema_text}\nvalue: {text}"
            ),
        }
    }
}

/// Whether `TOOL_SCHEMA_FUZZ_SKIP` (export target ids, separated by commas) names
/// `target`: to look past a known bug of one target while it is being fixed.
pub fn skipped(target: Target) -> bool {
    static SKIP: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    SKIP.get_or_init(|| {
        std::env::var("TOOL_SCHEMA_FUZZ_SKIP")
            .map(|s| s.split(',').map(|t| t.trim().to_string()).collect())
            .unwrap_or_default()
    })
    .iter()
    .any(|t| t == target.id())
}

/// Every export target answers Ok or Err (never a panic); a schema the model
/// refuses (`Schema::parse` is Err) is refused by every target; an Ok's output
/// (compact JSON) is within [`export_bound`] of the schema's size.
pub fn check_exports(schema: &Value, out: &mut Outcome) {
    let schema_text = schema.to_string();
    let refused = Schema::parse(schema).is_err();
    for target in Target::ALL {
        if skipped(target) {
            continue;
        }
        let spec = ToolSpec::new("t", "d", schema);
        match export(target, &spec, &ExportOptions::default()) {
            Ok(e) => {
                assert!(
                    !refused,
                    "{} exports a schema Schema::parse refuses\nschema: {schema_text}",
                    target.id()
                );
                let n = e.value.to_string().len();
                assert!(
                    n <= export_bound(schema_text.len()),
                    "{} export of {} bytes gave {n} bytes\nschema: {schema_text}",
                    target.id(),
                    schema_text.len()
                );
                out.exports_ok += 1;
            }
            Err(e) => {
                let _ = e.to_string();
                out.exports_err += 1;
            }
        }
    }
}
