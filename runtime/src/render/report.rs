//! The JSON report: one object per violation, for programs rather than models.

use super::default::message_within;
use crate::repair::Repaired;
use crate::violation::{Kind, Report, Violation};
use serde_json::{json, Map, Value};

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
/// ([`Report::omitted`]) and those past [`Report::max_report_bytes`] of messages
/// (the first entry is always there). `path` and `message` are words (names
/// escaped and cut as in [`super::message`]); `pointer`, `received` and
/// `allowed` are data (`received` is the shortened copy the violation keeps).
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
    let max = report.max_report_bytes;
    let mut used = 0usize;
    let mut entries = Vec::new();
    for v in &report.violations {
        if used > max {
            break;
        }
        let (e, len) = entry(v, max.saturating_sub(used));
        used += len;
        entries.push(e);
    }
    let omitted = report.violations.len() - entries.len() + report.omitted;
    json!({"violations": entries, "omitted": omitted})
}

/// The entry of `v` and the length of its message (cut at `max`).
fn entry(v: &Violation, max: usize) -> (Value, usize) {
    let mut o = Map::new();
    o.insert("kind".into(), json!(v.kind.code()));
    o.insert("path".into(), json!(v.path.to_string()));
    o.insert("pointer".into(), json!(v.path.to_pointer()));
    o.insert("argument".into(), json!(v.position.argument));
    facts(&v.kind, &mut o, max);
    if let Some(s) = &v.suggestion {
        o.insert("suggestion".into(), s.to_json());
    }
    let message = message_within(v, max);
    let len = message.len();
    o.insert("message".into(), json!(message));
    (Value::Object(o), len)
}

/// The kind's own facts, as fields.
fn facts(kind: &Kind, o: &mut Map<String, Value>, max: usize) {
    let mut put = |k: &str, v: Value| {
        o.insert(k.into(), v);
    };
    match kind {
        Kind::Missing | Kind::Unexpected | Kind::NotAllowed | Kind::Duplicate => {}
        Kind::SameArgument { other } => put("other", json!(other)),
        Kind::Type { expected, received } => {
            let names: Vec<&str> = expected.iter().map(|t| t.name()).collect();
            put("expected", json!(names));
            put("received", json!(received.name()));
        }
        Kind::Enum { allowed, received } => {
            put("allowed", Value::Array(allowed.to_vec()));
            put("received", received.clone());
        }
        Kind::Const { expected, received } => {
            put("expected", expected.clone());
            put("received", received.clone());
        }
        Kind::BelowMinimum { limit, received }
        | Kind::AboveMaximum { limit, received }
        | Kind::ExclusiveMinimum { limit, received }
        | Kind::ExclusiveMaximum { limit, received } => {
            put("limit", Value::Number(limit.clone()));
            put("received", Value::Number(received.clone()));
        }
        Kind::MultipleOf { divisor, received } => {
            put("limit", Value::Number(divisor.clone()));
            put("received", Value::Number(received.clone()));
        }
        Kind::Pattern { pattern, received } => {
            put("expected", json!(&**pattern));
            put("received", json!(received));
        }
        Kind::FormatRange {
            format,
            limit,
            received,
            ..
        } => {
            put("expected", json!(format));
            put("limit", Value::Number(limit.clone()));
            put("received", Value::Number(received.clone()));
        }
        Kind::Format { format, received } => {
            put("expected", json!(format));
            put("received", json!(received));
        }
        Kind::UniqueItems { first, second } => put("received", json!([first, second])),
        Kind::PropertyName { name, problem } => {
            put("received", json!(name));
            let mut inner = Map::new();
            inner.insert("kind".into(), json!(problem.code()));
            facts(problem, &mut inner, max);
            put("problem", Value::Object(inner));
        }
        Kind::Conditional { condition, problem } => {
            put("condition", json!(condition.code()));
            put("condition_pointer", json!(condition.path().to_pointer()));
            let mut inner = Map::new();
            inner.insert("kind".into(), json!(problem.code()));
            facts(problem, &mut inner, max);
            put("problem", Value::Object(inner));
        }
        Kind::Not { schema } => put("expected", schema.clone()),
        Kind::Contains {
            schema,
            at_least,
            limit,
            count,
        } => {
            put("expected", schema.clone());
            put("at_least", json!(at_least));
            put("limit", json!(limit));
            put("received", json!(count));
        }
        Kind::AnyOf { alternatives } | Kind::OneOfNone { alternatives } => {
            let alts: Vec<Value> = alternatives
                .iter()
                .map(|vs| Value::Array(vs.iter().map(|v| entry(v, max).0).collect()))
                .collect();
            put("alternatives", Value::Array(alts));
        }
        Kind::OneOfMany { matched } => put("received", json!(matched)),
        Kind::TooDeep { limit } => put("limit", json!(limit)),
        Kind::Custom { code, .. } => put("code", json!(code)),
        Kind::UnknownTool { name, known } => {
            put("received", json!(name));
            put("allowed", json!(known));
        }
        // The length, item and member-count bounds, in one shape.
        other => {
            if let Some(b) = other.count_bound() {
                put("limit", json!(b.limit));
                put("received", json!(b.actual));
            }
        }
    }
}

/// A repair as JSON: [`json_report`] of the repaired value's report, with
/// `"valid"` (whether it is valid now) and `"changes"`, one object per change in
/// the order made:
///
/// ```json
/// {"coercion": "number-from-string", "path": "days", "pointer": "/days",
///  "from": "3", "to": 3, "message": "argument 'days' was \"3\", read as 3"}
/// ```
pub fn repair_report(repaired: &Repaired) -> Value {
    let mut out = json_report(&repaired.report);
    let changes: Vec<Value> = repaired
        .changes
        .iter()
        .map(|c| {
            json!({
                "coercion": c.coercion.code(),
                "path": c.path.to_string(),
                "pointer": c.path.to_pointer(),
                "from": c.from,
                "to": c.to,
                "message": super::change_message(c),
            })
        })
        .collect();
    if let Value::Object(o) = &mut out {
        o.insert("valid".into(), json!(repaired.report.is_valid()));
        o.insert("changes".into(), Value::Array(changes));
    }
    out
}
