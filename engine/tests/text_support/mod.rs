//! Shared by the text-path tests: every [`Options`] combination, a value written as
//! several texts (compact, pretty, with escapes everywhere, with repeated member
//! names), the differential comparison of `Schema::validate_str` with
//! `serde_json::from_str` + `Schema::validate_with`, and values generated from a
//! schema.

#![allow(dead_code)]

use serde_json::{json, Map, Value};
use std::fmt::Write as _;
use tool_schema_engine::text::__pass_accepts;
use tool_schema_engine::{Kind, Options, Schema, Undeclared};

/// Every combination of the five switches (3 x 2 x 2 x 2 x 2 = 48).
pub fn all_options() -> Vec<Options> {
    let mut out = Vec::new();
    for undeclared in [
        Undeclared::RejectUnlessAllowed,
        Undeclared::RejectAlways,
        Undeclared::RejectIfForbidden,
    ] {
        for bits in 0..16u8 {
            out.push(
                Options::TOOL_CALL
                    .undeclared(undeclared)
                    .object_root(bits & 1 != 0)
                    .formats(bits & 2 != 0)
                    .integer_floats(bits & 4 != 0)
                    .null_is_absent(bits & 8 != 0),
            );
        }
    }
    out
}

/// A few options for the styles other than compact: both modes, and the switches
/// that change what a member or a number means.
pub const FEW: [Options; 4] = [
    Options::TOOL_CALL,
    Options::SPEC,
    Options::TOOL_CALL
        .null_is_absent(true)
        .undeclared(Undeclared::RejectAlways),
    Options::SPEC
        .object_root(true)
        .formats(true)
        .null_is_absent(true),
];

/// How a value is written as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// `serde_json::to_string`: floats keep their `.0` (`3.0`).
    Compact,
    /// `serde_json::to_string_pretty`.
    Pretty,
    /// Every non-ASCII character, `/`, and one ASCII character in three of every
    /// string and member name written as escapes (`\u0061`, surrogate pairs).
    Escaped,
    /// The first member of each object in the two outermost levels written once
    /// more first, with another value: a `Value` keeps the last value in the first
    /// place.
    RepeatFirst,
    /// The first member of each object in the two outermost levels written once
    /// more last, unchanged.
    RepeatLast,
}

pub const STYLES: [Style; 5] = [
    Style::Compact,
    Style::Pretty,
    Style::Escaped,
    Style::RepeatFirst,
    Style::RepeatLast,
];

/// `value` written in `style`.
pub fn write(value: &Value, style: Style) -> String {
    match style {
        Style::Compact => serde_json::to_string(value).unwrap(),
        Style::Pretty => serde_json::to_string_pretty(value).unwrap(),
        _ => {
            let mut out = String::new();
            write_value(value, style, 0, &mut out);
            out
        }
    }
}

fn write_value(value: &Value, style: Style, depth: usize, out: &mut String) {
    match value {
        Value::String(s) => write_str(s, style, out),
        Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(v, style, depth + 1, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            let mut first = true;
            let mut member = |k: &str, v: &Value, out: &mut String| {
                if !first {
                    out.push(',');
                }
                first = false;
                write_str(k, style, out);
                out.push(':');
                write_value(v, style, depth + 1, out);
            };
            // Repeated in the two outermost levels only (each copy repeats inside).
            let head = map.iter().next().filter(|_| depth < 2);
            if let (Style::RepeatFirst, Some((k, v))) = (style, head) {
                let other = if v.is_string() {
                    json!(17)
                } else {
                    json!("other")
                };
                member(k, &other, out);
            }
            for (k, v) in map {
                member(k, v, out);
            }
            if let (Style::RepeatLast, Some((k, v))) = (style, head) {
                member(k, v, out);
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

fn write_str(s: &str, style: Style, out: &mut String) {
    if style != Style::Escaped {
        out.push_str(&Value::String(s.to_string()).to_string());
        return;
    }
    out.push('"');
    for (i, c) in s.chars().enumerate() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '/' => out.push_str("\\/"),
            c if (c as u32) < 0x20 || !c.is_ascii() || i % 3 == 0 => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    write!(out, "\\u{u:04x}").unwrap();
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The outcome of a differential run.
#[derive(Default)]
pub struct Diff {
    /// Comparisons made.
    pub checked: usize,
    /// Comparisons of valid calls.
    pub valid: usize,
    /// Valid calls the checking pass settled alone.
    pub by_pass: usize,
    /// Mismatches.
    pub errors: Vec<String>,
    /// Valid calls, written without repeated names, that the pass left to the
    /// exact path (they cost a second parse).
    pub missed: Vec<String>,
}

impl Diff {
    /// Compares the text path with parse-then-validate on `text`.
    pub fn compare(&mut self, label: &str, schema: &Schema, text: &str, options: &Options) {
        self.checked += 1;
        let got = schema.validate_str(text, options);
        let want = serde_json::from_str::<Value>(text).map(|v| schema.validate_with(&v, options));
        match (got, want) {
            (Ok(mut a), Ok(b)) => {
                // A repeated name is a violation of the text (the value cannot
                // show it), put after the leading missing arguments: the rest is
                // the value's report.
                let dups = a
                    .violations
                    .iter()
                    .filter(|v| v.kind == Kind::Duplicate)
                    .count();
                if dups > 0 {
                    a.violations.retain(|v| v.kind != Kind::Duplicate);
                    let kept = a.violations.len();
                    if b.violations.starts_with(&a.violations)
                        && kept + a.omitted == b.violations.len() + b.omitted
                    {
                        return;
                    }
                    a.omitted = b.omitted;
                }
                if a != b {
                    self.error(format!(
                        "{label}: {options:?}\n  text:     {text}\n  text path: {:?}\n  value path: {:?}",
                        a.violations, b.violations
                    ));
                } else if b.is_valid() {
                    self.valid += 1;
                    if __pass_accepts(schema, text, options) {
                        self.by_pass += 1;
                    } else if self.missed.len() < 10_000 {
                        self.missed.push(format!("{label}: {options:?}: {text}"));
                    }
                }
            }
            (Err(a), Err(b)) => {
                if a.json_error().to_string() != b.to_string()
                    || (a.line(), a.column()) != (b.line(), b.column())
                {
                    self.error(format!("{label}: {text}: errors differ: {a} / {b}"));
                }
            }
            (a, b) => self.error(format!(
                "{label}: {options:?}: {text}\n  text path: {a:?}\n  value path: {b:?}"
            )),
        }
    }

    /// Compares `value` written in every style: compact under every one of
    /// `options`, the other styles under a few.
    pub fn compare_value(
        &mut self,
        label: &str,
        schema: &Schema,
        value: &Value,
        options: &[Options],
    ) {
        for style in STYLES {
            let text = write(value, style);
            let repeats = matches!(style, Style::RepeatFirst | Style::RepeatLast);
            let options = if style == Style::Compact {
                options
            } else {
                &FEW[..]
            };
            for o in options {
                let before = self.missed.len();
                self.compare(&format!("{label} ({style:?})"), schema, &text, o);
                if repeats {
                    // Repeated names are left to the exact path by design.
                    self.missed.truncate(before);
                    // ... and reported.
                    if has_member(value) {
                        match schema.validate_str(&text, o) {
                            Ok(r) if r.violations.iter().any(|v| v.kind == Kind::Duplicate) => {}
                            Ok(r) if r.omitted > 0 => {}
                            other => self.error(format!(
                                "{label} ({style:?}): {text}: no repeated name reported: {other:?}"
                            )),
                        }
                    }
                }
            }
        }
    }

    fn error(&mut self, e: String) {
        if self.errors.len() < 50 {
            self.errors.push(e);
        } else if self.errors.len() == 50 {
            self.errors.push("...".into());
        }
    }

    /// Panics with every mismatch.
    pub fn assert_ok(&self, what: &str) {
        assert!(
            self.errors.is_empty(),
            "{what}: {} mismatches:\n{}",
            self.errors.len(),
            self.errors.join("\n")
        );
        eprintln!(
            "{what}: {} comparisons, {} of valid calls, {} settled by the pass alone",
            self.checked, self.valid, self.by_pass
        );
    }
}

/// A small deterministic generator (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const STRINGS: &[&str] = &[
    "",
    "x",
    "ab",
    "abc",
    "celsius",
    "Paris",
    "città",
    "日本語",
    "😀",
    "a\"b\\c",
    "tab\there",
    "line\nbreak",
    "a/b",
    "2024-05-01",
    "2024-05-01T10:00:00Z",
    "10:00:00Z",
    "ann@example.com",
    "https://example.com/a?b=c",
    "123e4567-e89b-12d3-a456-426614174000",
    "192.168.0.1",
    "::1",
    "example.com",
    "not a date",
    "A1",
];

/// Any JSON value, small, with the number tokens that matter (`3.0`, `-0.0`,
/// `1e300`, the integer limits).
pub fn arbitrary(rng: &mut Rng, depth: usize) -> Value {
    match rng.below(if depth > 2 { 6 } else { 8 }) {
        0 => Value::Null,
        1 => Value::Bool(rng.chance(50)),
        2 => json!(rng.pick(&[0i64, 1, -1, 2, 3, 7, 300, i64::MIN, i64::MAX])),
        3 => json!(rng.pick(&[0.5f64, -2.25, 3.0, 0.0, -0.0, 1e3, 1e300, 2.5])),
        4 => json!(u64::MAX),
        5 => json!(rng.pick(STRINGS)),
        6 => Value::Array(
            (0..rng.below(4))
                .map(|_| arbitrary(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let mut m = Map::new();
            for _ in 0..rng.below(4) {
                let k = rng.pick(&["a", "b", "x", "city", "", "é/~"]).to_string();
                m.insert(k, arbitrary(rng, depth + 1));
            }
            Value::Object(m)
        }
    }
}

/// A value for `schema` (a JSON Schema inside `root`, for `$ref`s): mostly what
/// the schema asks for (its `examples` often), sometimes not.
pub fn generate(root: &Value, schema: &Value, rng: &mut Rng, depth: usize) -> Value {
    if depth > 6 || rng.chance(4) {
        return arbitrary(rng, depth.max(2));
    }
    let Some(s) = schema.as_object() else {
        return arbitrary(rng, depth);
    };
    if let Some(Value::String(r)) = s.get("$ref") {
        if let Some(target) = r.strip_prefix('#').and_then(|p| root.pointer(p)) {
            return generate(root, target, rng, depth + 1);
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = s.get(key) {
            if !branches.is_empty() && rng.chance(70) {
                return generate(root, rng.pick(branches), rng, depth + 1);
            }
        }
    }
    if let Some(c) = s.get("const") {
        if rng.chance(70) {
            return c.clone();
        }
    }
    if let Some(Value::Array(values)) = s.get("examples") {
        if !values.is_empty() && rng.chance(70) {
            return rng.pick(values).clone();
        }
    }
    if let Some(Value::Array(values)) = s.get("enum") {
        if !values.is_empty() && rng.chance(80) {
            return rng.pick(values).clone();
        }
    }
    let ty = match s.get("type") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(ts)) if !ts.is_empty() => rng.pick(ts).as_str().unwrap_or("").to_string(),
        _ if s.contains_key("properties") || s.contains_key("required") => "object".into(),
        _ if s.contains_key("items") || s.contains_key("prefixItems") => "array".into(),
        _ => return arbitrary(rng, depth),
    };
    let num = |k: &str| s.get(k).and_then(Value::as_f64);
    match ty.as_str() {
        "object" => {
            let mut m = Map::new();
            let required: Vec<&str> = s
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            if let Some(Value::Object(props)) = s.get("properties") {
                for (k, p) in props {
                    let wanted = if required.contains(&k.as_str()) {
                        92
                    } else {
                        50
                    };
                    if rng.chance(wanted) {
                        let v = if rng.chance(5) {
                            Value::Null
                        } else {
                            generate(root, p, rng, depth + 1)
                        };
                        m.insert(k.clone(), v);
                    }
                }
            }
            if let Some(extra) = s.get("additionalProperties").filter(|a| a.is_object()) {
                for _ in 0..rng.below(3) {
                    let k = rng.pick(&["k", "ab", "zz", "Long-Name"]).to_string();
                    m.insert(k, generate(root, extra, rng, depth + 1));
                }
            }
            if rng.chance(8) {
                m.insert("undeclared".into(), arbitrary(rng, depth + 1));
            }
            if rng.chance(20) {
                // Shuffle the members' order.
                let mut entries: Vec<(String, Value)> = m.into_iter().collect();
                entries.reverse();
                m = entries.into_iter().collect();
            }
            Value::Object(m)
        }
        "array" => {
            let prefix = s.get("prefixItems").and_then(Value::as_array);
            let n = rng.below(5);
            (0..n)
                .map(|i| match prefix.and_then(|p| p.get(i)) {
                    Some(p) => generate(root, p, rng, depth + 1),
                    None => match s.get("items") {
                        Some(items) => generate(root, items, rng, depth + 1),
                        None => arbitrary(rng, depth + 1),
                    },
                })
                .collect()
        }
        "integer" => {
            let lo = num("minimum").unwrap_or(-20.0).clamp(-1e6, 1e6) as i64;
            let hi = num("maximum")
                .unwrap_or(lo as f64 + 40.0)
                .clamp(lo as f64, 1e6) as i64;
            let n = lo + rng.below((hi - lo).max(0) as usize + 3) as i64 - 1;
            if rng.chance(10) {
                json!(n as f64)
            } else {
                json!(n)
            }
        }
        "number" => {
            let lo = num("minimum").unwrap_or(-10.0).clamp(-1e6, 1e6);
            let hi = num("maximum").unwrap_or(lo + 20.0).clamp(lo, 1e6);
            let steps = rng.below(9) as f64;
            let f = lo - 0.5 + (hi - lo + 1.0) * steps / 8.0;
            if rng.chance(30) {
                json!(f.round() as i64)
            } else {
                json!(f)
            }
        }
        "string" => {
            let mut v = rng.pick(STRINGS).to_string();
            if let Some(n) = s.get("minLength").and_then(Value::as_u64) {
                if rng.chance(60) {
                    while (v.chars().count() as u64) < n.min(40) {
                        v.push('z');
                    }
                }
            }
            json!(v)
        }
        "boolean" => json!(rng.chance(50)),
        "null" => Value::Null,
        _ => arbitrary(rng, depth),
    }
}

/// Whether some object in `value` that the repeating styles repeat a member of
/// (the two outermost levels) has a member.
fn has_member(value: &Value) -> bool {
    let mut stack = vec![(value, 0usize)];
    while let Some((v, depth)) = stack.pop() {
        if depth >= 2 {
            continue;
        }
        match v {
            Value::Object(m) if !m.is_empty() => return true,
            Value::Array(items) => stack.extend(items.iter().map(|i| (i, depth + 1))),
            _ => {}
        }
    }
    false
}
