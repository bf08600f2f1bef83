//! A typed tool's own checks (`ToolArgs::custom_checks`) run on the value serde
//! read, as a report.

use super::ToolArgs;
use crate::custom::Problems;
use crate::options::Options;
use crate::violation::Report;
use serde_json::Value;

/// The report of `T`'s own checks on `value`, read from `args` (`None` on a
/// path without the JSON value): `None` when they found nothing.
pub(crate) fn checked<T: ToolArgs + ?Sized>(
    value: &T,
    args: Option<&Value>,
    options: &Options,
) -> Option<Report> {
    let mut problems = Problems::new();
    value.custom_checks(&mut problems);
    if problems.is_empty() {
        return None;
    }
    Some(problems.into_report(args, Some(T::schema()), options))
}
