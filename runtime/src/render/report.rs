//! The JSON report: one object per violation, for programs rather than models.

use super::default::message_within;
use crate::violation::{value_within, Kind, Report, Violation};
use serde_json::{json, Map, Value};
use std::borrow::Cow;

/// The report as JSON: `{"violations": [...], "omitted": N}`, with one object per
/// violation in report order:
///
/// ```json
/// {"kind": "enum", "path": "unit", "pointer": "/unit", "argument": 1,
///  "allowed": ["celsius", "fahrenheit"], "received": "kelvin",
///  "message": "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\""}
/// ```
///
/// `omitted` counts the violations left out: those the report omitted
/// ([`Report::omitted`]) and those whose entries do not fit. `path` and
/// `message` are words (names escaped and cut as in [`super::message`]);
/// `pointer`, `received` and `allowed` are data (`received` is the shortened
/// copy the violation keeps).
///
/// **Bounded.** The JSON text (compact) is at most [`Report::max_report_bytes`]
/// plus [`JSON_REPORT_SLACK`] (512) bytes, whatever the schema and the call:
/// entries are kept while they fit (the first always), and within an entry
/// the room is shared among its fields, each given what it needs up to an
/// equal share. A field cut to fit says so: a string ends with `…`; a value
/// (`received`, a `const`'s `expected`, a `not` or `contains` schema, a
/// suggestion) is shortened as received values are (a cut array ends with a
/// `"…"` element, a cut object with a `"…": "…"` member); a list (`allowed`,
/// the `received` indices of `one-of-many`, `alternatives`) keeps its first
/// items that fit whole and `KEY_omitted` beside it counts the others
/// (`"allowed": ["v0", "v1"], "allowed_omitted": 99998`). A report that fits
/// is written whole, as before.
///
/// `argument` is the argument's index in the call (`null` when missing). Present
/// per kind: `expected` and `received` (type names) for `type`; `allowed` and
/// `received` for `enum`; `expected` and `received` for `const`; `limit` and
/// `received` for `below-minimum` / `above-maximum`; `received` (the name) and
/// `allowed` (the known tools) for `unknown-tool`; `expected` (the `contains`
/// subschema), `at_least`, `limit` and `received` (the matching elements) for
/// `contains`; `condition` (`if-held`,
/// `if-failed`, `present`), `condition_pointer` (the value `if` was asked about,
/// or the present member) and `problem` (the inner kind and its fields) for
/// `conditional`; `code` (the check's own code) for `custom`; `other` (the name
/// of the same argument given first) for `same-argument`.
///
/// `suggestion`, where the violation has one (see
/// [`Violation::suggestion`](crate::Violation::suggestion)): the declared name an
/// `unexpected` argument likely misspells, the known tool for an `unknown-tool`
/// (strings), or the allowed value an `enum` or `const` miss is close to (the
/// value itself). Absent otherwise.
pub fn json_report(report: &Report) -> Value {
    let (entries, left_out) = fitted(&report.violations, report.max_report_bytes, |v, room| {
        entry(v, room)
    });
    let omitted = left_out + report.omitted;
    json!({"violations": entries, "omitted": omitted})
}

/// How far past [`Report::max_report_bytes`] the JSON text of [`json_report`]
/// (and `repair_report`) may go: the envelope and the fixed fields of the
/// first entry (its kind, numbers, field names), which are there whatever the
/// size.
pub const JSON_REPORT_SLACK: usize = 512;

/// The entries of `items` (built by `entry` within the room left) that fit in
/// `max` bytes of JSON text, the first always; and how many are left out.
#[doc(hidden)]
pub fn fitted<T>(
    items: &[T],
    max: usize,
    entry: impl Fn(&T, usize) -> Value,
) -> (Vec<Value>, usize) {
    let mut left = max;
    let mut out = Vec::new();
    for item in items {
        let sep = usize::from(!out.is_empty());
        if !out.is_empty() && left <= sep {
            break;
        }
        let room = left - sep.min(left);
        let e = entry(item, room);
        let len = json_len(&e, usize::MAX);
        if !out.is_empty() && len > room {
            break;
        }
        left = room.saturating_sub(len);
        out.push(e);
    }
    let omitted = items.len() - out.len();
    (out, omitted)
}

/// One field of an entry, fitted to the room it is given.
#[doc(hidden)]
pub enum Part<'a> {
    /// Written as it is: a kind's code, a number, type names.
    Fixed(Value),
    /// A string cut with `…` to fit.
    Text(Cow<'a, str>),
    /// A value shortened to fit, as a violation shortens what it received
    /// (a cut string ends with `…`, a cut array with a `"…"` element, a cut
    /// object with a `"…": "…"` member).
    Data(Cow<'a, Value>),
    /// A list whose first items that fit are kept; the count of the others is
    /// the field `KEY_omitted`, when any is left out.
    List(usize, Box<dyn Fn(usize) -> Value + 'a>),
    /// The message, cut (as the words cut) to fit.
    Message(&'a Violation),
    /// A kind's facts in an object of their own (`problem`), built once with
    /// the room it is given.
    Problem(&'a Kind),
    /// The alternatives of `anyOf` / `oneOf`: a list of lists of entries.
    Alternatives(&'a [Vec<Violation>]),
}

/// The JSON text length of `value`, counted up to a little past `max`.
///
/// Written by `Value`'s `Display` (compact JSON, compiled in serde_json) into a
/// counter that stops it past `max`: a serde_json serializer of our own would
/// be compiled into this crate.
fn json_len(value: &Value, max: usize) -> usize {
    struct Count(usize, usize);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            if self.0 > self.1 {
                return Err(std::fmt::Error);
            }
            Ok(())
        }
    }
    let mut count = Count(0, max);
    let _ = std::fmt::Write::write_fmt(&mut count, format_args!("{value}"));
    count.0
}

/// The JSON text length of the string `c` is written in.
fn char_json_len(c: char) -> usize {
    match c {
        '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
        c if (c as u32) < 0x20 => 6,
        c => c.len_utf8(),
    }
}

/// `s`, cut with `…` so that its JSON text is at most `max` bytes (`"…"` at
/// least); an empty string stays empty.
fn fit_str(s: &str, max: usize) -> String {
    // The whole string's length, counted until it is past `max`.
    let mut whole = 2;
    for c in s.chars() {
        whole += char_json_len(c);
        if whole > max {
            break;
        }
    }
    if whole <= max || s.is_empty() {
        return s.to_string();
    }
    let room = max.saturating_sub(2 + '…'.len_utf8());
    let mut used = 0;
    let mut end = 0;
    for (i, c) in s.char_indices() {
        used += char_json_len(c);
        if used > room {
            break;
        }
        end = i + c.len_utf8();
    }
    let mut out = String::with_capacity(end + 3);
    out.push_str(&s[..end]);
    out.push('…');
    out
}

/// `value`, shortened so that its JSON text is at most `max` bytes (`"…"` at
/// least).
fn fit_value(value: &Value, max: usize) -> Value {
    if json_len(value, max) <= max {
        return value.clone();
    }
    let mut keep = max;
    loop {
        keep /= 2;
        let v = value_within(value, keep);
        if keep == 0 || json_len(&v, max) <= max {
            return if json_len(&v, max) <= max {
                v
            } else {
                Value::String("…".into())
            };
        }
    }
}

/// The first items of a list that fit in `max` bytes, and how many are left
/// out.
fn fit_list(len: usize, item: &dyn Fn(usize) -> Value, max: usize) -> (Value, usize) {
    let mut left = max.saturating_sub(2);
    let mut out = Vec::new();
    for i in 0..len {
        let v = item(i);
        let need = json_len(&v, left) + usize::from(!out.is_empty());
        if need > left {
            break;
        }
        left -= need;
        out.push(v);
    }
    let omitted = len - out.len();
    (Value::Array(out), omitted)
}

/// A list of `len` items fitted by `fit` in `max` bytes, and beside it the
/// count of those left out when any is: fitted again in what that count leaves.
fn cut_list(
    key: &str,
    len: usize,
    max: usize,
    fit: impl Fn(usize) -> (Value, usize),
) -> (Value, usize) {
    let (v, omitted) = fit(max);
    if omitted == 0 {
        return (v, 0);
    }
    fit(max.saturating_sub(omitted_len(key, len)))
}

/// The bytes of `,"KEY_omitted":N` beside a list.
fn omitted_len(key: &str, n: usize) -> usize {
    if n == 0 {
        0
    } else {
        key.len() + 13 + n.to_string().len()
    }
}

/// The alternatives that fit in `max` bytes, each whole, and how many are left
/// out.
fn fit_alternatives(alternatives: &[Vec<Violation>], max: usize) -> (Value, usize) {
    let mut left = max.saturating_sub(2);
    let mut out = Vec::new();
    for vs in alternatives {
        let sep = usize::from(!out.is_empty());
        let mut room = left.saturating_sub(sep + 2);
        let mut entries = Vec::with_capacity(vs.len());
        for v in vs {
            let comma = usize::from(!entries.is_empty());
            let e = entry(v, room.saturating_sub(comma));
            let len = json_len(&e, usize::MAX) + comma;
            if len > room {
                break;
            }
            room -= len;
            entries.push(e);
        }
        if entries.len() < vs.len() {
            break;
        }
        left = room;
        out.push(Value::Array(entries));
    }
    let omitted = alternatives.len() - out.len();
    (Value::Array(out), omitted)
}

impl Part<'_> {
    /// The part written within `max` bytes: the value and how many items are
    /// left out of a list.
    fn build(&self, key: &str, max: usize) -> (Value, usize) {
        match self {
            Part::Fixed(v) => (v.clone(), 0),
            Part::Text(s) => (Value::String(fit_str(s, max)), 0),
            Part::Data(v) => (fit_value(v, max), 0),
            Part::List(len, item) => cut_list(key, *len, max, |max| fit_list(*len, item, max)),
            Part::Message(v) => (Value::String(fit_str(&message_within(v, max), max)), 0),
            Part::Problem(kind) => {
                let mut parts = vec![("kind", Part::Fixed(json!(kind.code())))];
                facts(kind, &mut parts);
                (Value::Object(fill(parts, max)), 0)
            }
            Part::Alternatives(alternatives) => cut_list(key, alternatives.len(), max, |max| {
                fit_alternatives(alternatives, max)
            }),
        }
    }

    /// Whether the part is built once, with the room it is given (its size is
    /// not measured first: it holds entries of its own).
    fn built_once(&self) -> bool {
        matches!(self, Part::Problem(_) | Part::Alternatives(_))
    }
}

/// The object of `parts`, in their order, within `room` bytes of JSON text when
/// its fixed parts and names leave room: the room left is shared among the
/// other parts, each given what it needs up to an equal share of what the
/// smaller ones leave.
#[doc(hidden)]
pub fn fill(parts: Vec<(&'static str, Part<'_>)>, room: usize) -> Map<String, Value> {
    // `{}`, then `"key":` and a comma for each part, and the fixed values.
    let mut skeleton = 2 + parts.len().saturating_sub(1);
    for (key, part) in &parts {
        skeleton += key.len() + 3;
        if let Part::Fixed(v) = part {
            skeleton += json_len(v, usize::MAX);
        }
    }
    let shared = room.saturating_sub(skeleton);
    // What each part needs, up to the whole room (built now when measured).
    let mut built: Vec<Option<(Value, usize)>> = Vec::with_capacity(parts.len());
    let mut need: Vec<Option<usize>> = Vec::with_capacity(parts.len());
    for (key, part) in &parts {
        match part {
            Part::Fixed(_) => {
                built.push(None);
                need.push(None);
            }
            p if p.built_once() => {
                built.push(None);
                need.push(Some(shared));
            }
            p => {
                let (v, omitted) = p.build(key, shared);
                need.push(Some(json_len(&v, usize::MAX) + omitted_len(key, omitted)));
                built.push(Some((v, omitted)));
            }
        }
    }
    let given = share(&need, shared);
    let mut o = Map::new();
    for (((key, part), built), (need, given)) in parts
        .into_iter()
        .zip(built)
        .zip(need.into_iter().zip(given))
    {
        let (v, omitted) = match (built, need) {
            (Some(b), Some(need)) if need <= given => b,
            _ => part.build(key, given),
        };
        o.insert(key.into(), v);
        if omitted > 0 {
            o.insert(format!("{key}_omitted"), json!(omitted));
        }
    }
    o
}

/// `total` shared among the parts that need some (`None`: a fixed part): each
/// is given what it needs up to an equal share of what is left, the smallest
/// needs first, so that what a small part leaves goes to the large ones.
fn share(need: &[Option<usize>], total: usize) -> Vec<usize> {
    // (need, position) pairs: the one sort of pairs the crate compiles (see
    // `json::value_set`); the positions keep equal needs in their order.
    let mut order: Vec<(u64, u32)> = Vec::with_capacity(need.len());
    for (i, n) in need.iter().enumerate() {
        if let Some(n) = n {
            order.push((*n as u64, i as u32));
        }
    }
    order.sort_unstable();
    let mut given = vec![0; need.len()];
    let mut left = total;
    let mut parts = order.len();
    for (_, i) in order {
        let i = i as usize;
        let want = need[i].unwrap_or(0);
        let g = want.min(left / parts.max(1));
        given[i] = g;
        left -= g;
        parts -= 1;
    }
    given
}

/// The entry of `v`, within `room` bytes of JSON text when its fixed fields
/// leave room.
fn entry(v: &Violation, room: usize) -> Value {
    let mut parts = vec![
        ("kind", Part::Fixed(json!(v.kind.code()))),
        ("path", Part::Text(Cow::Owned(v.path.to_string()))),
        ("pointer", Part::Text(Cow::Owned(v.path.to_pointer()))),
        ("argument", Part::Fixed(json!(v.position.argument))),
    ];
    facts(&v.kind, &mut parts);
    if let Some(s) = &v.suggestion {
        parts.push(("suggestion", Part::Data(Cow::Owned(s.to_json()))));
    }
    parts.push(("message", Part::Message(v)));
    Value::Object(fill(parts, room))
}

/// The kind's own facts, as parts.
fn facts<'a>(kind: &'a Kind, parts: &mut Vec<(&'static str, Part<'a>)>) {
    let mut put = |k: &'static str, p: Part<'a>| parts.push((k, p));
    let text = |s: &'a str| Part::Text(Cow::Borrowed(s));
    let data = |v: &'a Value| Part::Data(Cow::Borrowed(v));
    let fixed = Part::Fixed;
    match kind {
        Kind::Missing | Kind::Unexpected | Kind::NotAllowed | Kind::Duplicate => {}
        Kind::SameArgument { other } => put("other", text(other)),
        Kind::Type { expected, received } => {
            let names: Vec<&str> = expected.iter().map(|t| t.name()).collect();
            put("expected", fixed(json!(names)));
            put("received", fixed(json!(received.name())));
        }
        Kind::Enum { allowed, received } => {
            put(
                "allowed",
                Part::List(allowed.len(), Box::new(move |i| allowed[i].clone())),
            );
            put("received", data(received));
        }
        Kind::Const { expected, received } => {
            put("expected", data(expected));
            put("received", data(received));
        }
        Kind::BelowMinimum { limit, received }
        | Kind::AboveMaximum { limit, received }
        | Kind::ExclusiveMinimum { limit, received }
        | Kind::ExclusiveMaximum { limit, received } => {
            put("limit", fixed(Value::Number(limit.clone())));
            put("received", fixed(Value::Number(received.clone())));
        }
        Kind::MultipleOf { divisor, received } => {
            put("limit", fixed(Value::Number(divisor.clone())));
            put("received", fixed(Value::Number(received.clone())));
        }
        Kind::Pattern { pattern, received } => {
            put("expected", text(pattern));
            put("received", text(received));
        }
        Kind::FormatRange {
            format,
            limit,
            received,
            ..
        } => {
            put("expected", text(format));
            put("limit", fixed(Value::Number(limit.clone())));
            put("received", fixed(Value::Number(received.clone())));
        }
        Kind::Format { format, received } => {
            put("expected", text(format));
            put("received", text(received));
        }
        Kind::UniqueItems { first, second } => put("received", fixed(json!([first, second]))),
        Kind::PropertyName { name, problem } => {
            put("received", text(name));
            put("problem", Part::Problem(problem));
        }
        Kind::Conditional { condition, problem } => {
            put("condition", fixed(json!(condition.code())));
            put(
                "condition_pointer",
                Part::Text(Cow::Owned(condition.path().to_pointer())),
            );
            put("problem", Part::Problem(problem));
        }
        Kind::Not { schema } => put("expected", data(schema)),
        Kind::Contains {
            schema,
            at_least,
            limit,
            count,
        } => {
            put("expected", data(schema));
            put("at_least", fixed(json!(at_least)));
            put("limit", fixed(json!(limit)));
            put("received", fixed(json!(count)));
        }
        Kind::AnyOf { alternatives } | Kind::OneOfNone { alternatives } => {
            put("alternatives", Part::Alternatives(alternatives));
        }
        Kind::OneOfMany { matched } => {
            put(
                "received",
                Part::List(matched.len(), Box::new(move |i| json!(matched[i]))),
            );
        }
        Kind::TooDeep { limit } => put("limit", fixed(json!(limit))),
        Kind::CutOff { at } => put("at", fixed(json!(at))),
        Kind::NotJson { message } => put("message", text(message)),
        Kind::Custom { code, .. } => put("code", text(code)),
        Kind::UnknownTool { name, known } => {
            put("received", text(name));
            put(
                "allowed",
                Part::List(known.len(), Box::new(move |i| json!(known[i]))),
            );
        }
        // The length, item and member-count bounds, in one shape.
        other => {
            if let Some(b) = other.count_bound() {
                put("limit", fixed(json!(b.limit)));
                put("received", fixed(json!(b.actual)));
            }
        }
    }
}

/// The report as [`json_report`](crate::json_report) writes it (`{"violations":
/// [...], "omitted": N}`), so that a report can be logged or stored with serde.
///
/// ```
/// # use tool_schema_engine as tool_schema;
/// use tool_schema::{json_report, Schema};
///
/// let schema = Schema::parse(&serde_json::json!({
///     "type": "object",
///     "properties": {"qty": {"type": "integer", "minimum": 1}}
/// })).unwrap();
/// let report = schema.validate(&serde_json::json!({"qty": 0}));
/// assert_eq!(serde_json::to_value(&report).unwrap(), json_report(&report));
/// ```
impl serde::Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        json_report(self).serialize(serializer)
    }
}

/// The violation as [`json_report`](crate::json_report) writes each entry of
/// `"violations"` (its `kind`, `path`, `pointer`, `argument`, the kind's facts,
/// `suggestion`, `message`), its message within the default
/// [`Options::max_report_bytes`](crate::Options::max_report_bytes).
impl serde::Serialize for Violation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut json = json_report(&Report::new(vec![self.clone()]));
        json["violations"][0].take().serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::violation::{Path, Position, Segment};
    use std::sync::Arc;

    fn one(kind: Kind, path: Path, max: usize) -> Report {
        let mut r = Report::new(vec![Violation::new(kind, path, Position::default())]);
        r.max_report_bytes = max;
        r
    }

    /// `json_len` counts the bytes of `serde_json::to_string` (escapes, floats,
    /// nesting), and stops a little past `max` when the text is longer.
    #[test]
    fn json_len_counts_the_compact_text() {
        let values = [
            json!(null),
            json!(-1.5e300),
            json!("é\u{1}\"\n…"),
            json!({"a": [1, 2.25, {"b c": false}], "": "x"}),
        ];
        for v in &values {
            let text = serde_json::to_string(v).unwrap();
            assert_eq!(json_len(v, usize::MAX), text.len(), "{text}");
            assert!(json_len(v, 3) > 3 || text.len() <= 3, "{text}");
        }
        // A long text is not written whole to be counted.
        let long = json!(vec![1; 1000]);
        assert!(json_len(&long, 10) < 20);
    }

    /// Past the room its fixed fields take, an entry keeps to its room exactly:
    /// the text is within the size and the envelope, for every kind of cut
    /// field (strings, values, lists and their counts, nested facts).
    #[test]
    fn entries_keep_to_their_room() {
        let long = "é\u{1}\"".repeat(20_000);
        let values: Arc<[Value]> = (0..5_000).map(|i| json!(format!("{i:030}"))).collect();
        let deep: Path = (0..100)
            .map(|_| Segment::Key(long[..600].to_string().into()))
            .collect();
        let kinds = [
            Kind::Enum {
                allowed: values.clone(),
                received: json!({"a": [long.clone(), long.clone()]}),
            },
            Kind::Pattern {
                pattern: long.as_str().into(),
                received: long.clone(),
            },
            Kind::UnknownTool {
                name: long.clone(),
                known: (0..5_000).map(|i| format!("t{i}")).collect(),
            },
            Kind::PropertyName {
                name: long.clone(),
                problem: Box::new(Kind::Enum {
                    allowed: values.clone(),
                    received: json!(long.clone()),
                }),
            },
            Kind::OneOfMany {
                matched: (0..50_000).collect(),
            },
        ];
        // `{"violations":[],"omitted":0}`.
        let envelope = 31;
        for max in [1024, 4096, 16 * 1024] {
            for kind in &kinds {
                for path in [Path::default(), deep.clone()] {
                    let r = one(kind.clone(), path, max);
                    let text = json_report(&r).to_string();
                    assert!(
                        text.len() <= max + envelope,
                        "{} at {max}: {}",
                        kind.code(),
                        text.len()
                    );
                }
            }
        }
        // Small reports are written whole, with no count.
        let small = one(
            Kind::Enum {
                allowed: values[..3].into(),
                received: json!("x"),
            },
            Path::default(),
            16 * 1024,
        );
        let e = &json_report(&small)["violations"][0];
        assert_eq!(e["allowed"].as_array().unwrap().len(), 3);
        assert!(e.get("allowed_omitted").is_none());
    }
}
