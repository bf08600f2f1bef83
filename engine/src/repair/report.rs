//! A repair as JSON, beside the violations' JSON report.

use super::Repaired;
use serde_json::{json, Value};
use std::borrow::Cow;
use tool_schema_runtime::render::json_report;
use tool_schema_runtime::render::report::{fill, fitted, Part};

/// A repair as JSON: [`json_report`] of the repaired value's report, with
/// `"valid"` (whether it is valid now) and `"changes"`, one object per change in
/// the order made:
///
/// ```json
/// {"coercion": "number-from-string", "path": "days", "pointer": "/days",
///  "from": "3", "to": 3, "message": "argument 'days' was \"3\", read as 3"}
/// ```
///
/// The changes are bounded as the violations are (see [`json_report`]): those
/// that fit in [`Report::max_report_bytes`](crate::Report::max_report_bytes) more, the first always, and
/// `"changes_omitted": N` counting the others when any is left out.
pub fn repair_report(repaired: &Repaired) -> Value {
    let mut out = json_report(&repaired.report);
    let max = repaired.report.max_report_bytes;
    let (changes, omitted) = fitted(&repaired.changes, max, |c, room| {
        let parts = vec![
            ("coercion", Part::Fixed(json!(c.coercion.code()))),
            ("path", Part::Text(Cow::Owned(c.path.to_string()))),
            ("pointer", Part::Text(Cow::Owned(c.path.to_pointer()))),
            ("from", Part::Data(Cow::Borrowed(&c.from))),
            ("to", Part::Data(Cow::Borrowed(&c.to))),
            (
                "message",
                Part::Text(Cow::Owned(super::words::change_message(c))),
            ),
        ];
        Value::Object(fill(parts, room))
    });
    if let Value::Object(o) = &mut out {
        o.insert("valid".into(), json!(repaired.report.is_valid()));
        o.insert("changes".into(), Value::Array(changes));
        if omitted > 0 {
            o.insert("changes_omitted".into(), json!(omitted));
        }
    }
    out
}
