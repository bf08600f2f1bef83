//! The BFCL dialect's error codes: a format of its own, for the leaderboard's
//! checker (see [`crate::dialect`] for the dialect's schemas).

use crate::violation::{Kind, Report};

/// The BFCL dialect's error codes (`missing:`, `unexpected:`, `type:`, `enum:` with
/// the path), de-duplicated and sorted; within [`Report::max_report_bytes`] as
/// every format is (the codes that fit, then `... and N more problems` counting
/// the codes left out).
pub fn bfcl_codes(report: &Report) -> Vec<String> {
    let mut codes: Vec<String> = report
        .violations
        .iter()
        .map(|v| {
            let tag = match &v.kind {
                Kind::Missing => "missing",
                Kind::Unexpected => "unexpected",
                Kind::Type { .. } => "type",
                Kind::Enum { .. } => "enum",
                other => other.code(),
            };
            format!("{tag}:{}", v.path)
        })
        .collect();
    codes.sort_unstable();
    codes.dedup();
    let n = codes.len();
    super::within(
        codes.into_iter(),
        n,
        report.max_report_bytes,
        0,
        super::more,
    )
}
