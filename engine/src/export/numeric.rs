//! Numeric formats in the exports (issue #18): the range a numeric format names
//! (`uint8`: 0 to 255, `float`: f32's; the table is
//! [`crate::keywords::format::numeric`]) written as `minimum`/`maximum` beside the
//! schema's own bounds, the tighter of each end kept, for providers that do not take
//! the format or may not enforce it.
//!
//! `minimum`/`maximum` constrain numbers only, as a numeric format does, so the bounds
//! say what the format says whatever the schema's type.

use super::keywords::type_names;
use super::ledger::Ledger;
use super::normalize::insert_after;
use super::report::ChangeKind;
use crate::json::{cmp_numbers, pointer};
use crate::keywords::format::{numeric, NumericFormat, NumericRange};
use serde_json::{Map, Number, Value};
use std::cmp::Ordering;

/// The numeric format of schema `m`, when it has one and may hold numbers (no `type`,
/// or one naming `integer` or `number`); on a schema of other types it bounds nothing
/// (and stays the annotation it is).
pub(crate) fn numeric_format(m: &Map<String, Value>) -> Option<&'static NumericFormat> {
    let format = numeric(m.get("format")?.as_str()?)?;
    let numbers =
        type_names(m).is_none_or(|t| t.iter().any(|t| matches!(*t, "integer" | "number")));
    numbers.then_some(format)
}

/// The bounds `format`'s range adds to `m`: each end (`minimum` or `maximum`, with
/// the value it has now, if any) where neither the inclusive nor the exclusive bound
/// of `m` on that side is already as tight.
pub(crate) fn missing_bounds(
    m: &Map<String, Value>,
    format: &NumericFormat,
) -> Vec<(&'static str, Number)> {
    let Some((low, high)) = format.range.ends() else {
        return Vec::new();
    };
    let sides = [
        ("minimum", "exclusiveMinimum", low, Ordering::Greater),
        ("maximum", "exclusiveMaximum", high, Ordering::Less),
    ];
    let mut out = Vec::new();
    for (key, exclusive, end, tighter) in sides {
        let covered = [key, exclusive].iter().any(|k| {
            m.get(*k)
                .and_then(Value::as_number)
                .and_then(|b| cmp_numbers(b, &end))
                .is_some_and(|o| o == tighter || o == Ordering::Equal)
        });
        if !covered {
            out.push((key, end));
        }
    }
    out
}

/// Writes [`missing_bounds`] into `m` (a looser bound replaced in place, a new one
/// after `format`); returns what was written, in words (`` `maximum: 255` ``,
/// `` `minimum: -5` -> `minimum: 0` ``).
pub(crate) fn write_range(m: &mut Map<String, Value>, format: &NumericFormat) -> Vec<String> {
    let mut written = Vec::new();
    for (key, end) in missing_bounds(m, format) {
        match m.get(key) {
            Some(old) => {
                written.push(format!("`{key}: {old}` -> `{key}: {end}`"));
                m.insert(key.into(), Value::Number(end));
            }
            None => {
                written.push(format!("`{key}: {end}`"));
                insert_after(m, &["format", "minimum"], key, Value::Number(end));
            }
        }
    }
    written
}

/// The numeric format of `m` ([`numeric_format`]) with the bounds [`write_range`]
/// wrote for it.
fn range_written(m: &mut Map<String, Value>) -> Option<(&'static NumericFormat, Vec<String>)> {
    let format = numeric_format(m)?;
    Some((format, write_range(m, format)))
}

/// The range of `format` in words, for messages (`0 to 255`, `finite`).
pub(crate) fn range_words(format: &NumericFormat) -> String {
    match format.range.ends() {
        Some((low, high)) => format!("{low} to {high}"),
        None => "any finite number".into(),
    }
}

/// For a provider without numeric formats (`rule` says which): the format's range
/// written into `m` as bounds and the format removed, the change reported at its
/// pointer (`Converted`; `Removed` when the schema's bounds already say as much).
pub(crate) fn format_to_bounds(
    m: &mut Map<String, Value>,
    ptr: &str,
    ctx: &mut Ledger,
    rule: &str,
) {
    let Some((format, written)) = range_written(m) else {
        return;
    };
    m.shift_remove("format");
    let here = pointer::join(ptr, "format");
    let name = format.name;
    if written.is_empty() {
        let reason = match format.range {
            NumericRange::Finite => "every JSON number is finite, so it bounds nothing",
            _ => "the schema's own bounds are as tight as its range",
        };
        ctx.change(
            &here,
            ChangeKind::Removed,
            format!("removed `format: \"{name}\"`"),
            format!("{rule}; {reason}"),
        );
    } else {
        ctx.change(
            &here,
            ChangeKind::Converted,
            format!("`format: \"{name}\"` -> {}", written.join(", ")),
            format!(
                "{rule}; the bounds state its range ({}), which tool-schema's validator asserts",
                range_words(format)
            ),
        );
    }
}

/// For a provider that keeps the format but may not enforce it (`rule` says which):
/// the format's range written into `m` as bounds beside it, reported at `ptr`
/// (`Added`) when it adds any.
pub(crate) fn bounds_beside_format(
    m: &mut Map<String, Value>,
    ptr: &str,
    ctx: &mut Ledger,
    rule: &str,
) {
    let Some((format, written)) = range_written(m).filter(|(_, w)| !w.is_empty()) else {
        return;
    };
    ctx.change(
        ptr,
        ChangeKind::Added,
        format!(
            "{} beside `format: \"{}\"`",
            written.join(", "),
            format.name
        ),
        format!(
            "{rule}; the bounds state its range ({}) for a client that does not read the format",
            range_words(format)
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn folded(v: Value) -> (Value, Vec<ChangeKind>) {
        let Value::Object(mut m) = v else { panic!() };
        let mut ctx = Ledger::new("t");
        format_to_bounds(&mut m, "", &mut ctx, "rule");
        (
            Value::Object(m),
            ctx.changes.iter().map(|c| c.kind).collect(),
        )
    }

    #[test]
    fn the_range_becomes_bounds_the_tighter_kept() {
        let (m, k) = folded(json!({"type": "integer", "format": "uint8", "minimum": 0.0}));
        assert_eq!(
            m.to_string(),
            r#"{"type":"integer","minimum":0.0,"maximum":255}"#
        );
        assert_eq!(k, [ChangeKind::Converted]);
        let (m, _) =
            folded(json!({"type": "integer", "format": "int8", "minimum": -500, "maximum": 10}));
        assert_eq!(
            m,
            json!({"type": "integer", "minimum": -128, "maximum": 10})
        );
        let (m, k) = folded(
            json!({"type": "integer", "format": "uint16", "exclusiveMinimum": 0, "maximum": 9}),
        );
        assert_eq!(
            m,
            json!({"type": "integer", "exclusiveMinimum": 0, "maximum": 9})
        );
        assert_eq!(k, [ChangeKind::Removed]);
        let (m, _) = folded(json!({"type": ["integer", "null"], "format": "uint64"}));
        assert_eq!(
            m,
            json!({"type": ["integer", "null"], "minimum": 0, "maximum": 18446744073709551615u64})
        );
        let (m, _) = folded(json!({"type": "number", "format": "float"}));
        assert_eq!(
            m,
            json!({"type": "number", "minimum": -3.4028235e38, "maximum": 3.4028235e38})
        );
        let (m, k) = folded(json!({"type": "number", "format": "double"}));
        assert_eq!(
            (m, k),
            (json!({"type": "number"}), vec![ChangeKind::Removed])
        );
        // an end just past the range's is looser, one exactly at it as tight
        let (m, _) = folded(
            json!({"type": "integer", "format": "int64", "maximum": 9223372036854775808u64, "minimum": -9.223_372_036_854_776e18}),
        );
        assert_eq!(
            m,
            json!({"type": "integer", "maximum": 9223372036854775807i64, "minimum": -9.223_372_036_854_776e18})
        );
    }

    #[test]
    fn other_types_and_formats_are_left_alone() {
        for v in [
            json!({"type": "string", "format": "uint8"}),
            json!({"type": "integer", "format": "email"}),
            json!({"type": "integer"}),
        ] {
            assert_eq!(folded(v.clone()), (v, vec![]));
        }
        let (m, _) = folded(json!({"format": "int16"}));
        assert_eq!(m, json!({"minimum": -32768, "maximum": 32767}));
    }

    #[test]
    fn bounds_beside_a_kept_format() {
        let Value::Object(mut m) =
            json!({"type": "integer", "format": "uint8", "description": "n"})
        else {
            panic!()
        };
        let mut ctx = Ledger::new("t");
        bounds_beside_format(&mut m, "/p", &mut ctx, "rule");
        assert_eq!(
            Value::Object(m).to_string(),
            r#"{"type":"integer","format":"uint8","minimum":0,"maximum":255,"description":"n"}"#
        );
        assert_eq!(ctx.changes[0].kind, ChangeKind::Added);
    }
}
