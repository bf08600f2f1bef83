//! Rendering: the words a [`Report`] is written in. Formats are pure functions from a
//! report to words; `Display` of a violation or a report is the default format.
//!
//! - [`Format::Default`]: sentences written for a model to fix its own call, one per
//!   violation (`missing required argument 'city'`,
//!   `argument 'unit' should be one of "celsius", "fahrenheit", got "kelvin"`).
//! - `seed::Format`: the exact strings, order and filtering of the four seed
//!   exercises (see `SEED-OPS.md`), kept apart in the `seed` module (feature
//!   `seed`).
//! - [`json_report`]: one JSON object per violation, for programs.
//!
//! Every format is bounded: at most [`Report::max_report_bytes`] bytes of words
//! (a single longer message is cut with `…`), then a last line
//! `... and N more problems` counting what is left out, including the
//! violations the report itself omitted ([`Report::omitted`]); the JSON report's
//! text at most that plus [`JSON_REPORT_SLACK`] bytes (see [`json_report`]). What the call sent
//! is echoed with control and bidi characters escaped (see [`message`]).

mod bfcl;
mod default;
#[doc(hidden)]
pub mod report;
mod words;

pub use bfcl::bfcl_codes;
pub use default::message;
pub use report::{json_report, JSON_REPORT_SLACK};
pub use words::{Described, Words};

use crate::violation::{Report, Violation};
use std::fmt;

impl fmt::Display for Violation {
    /// The default, model-facing sentence (see [`message`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&message(self))
    }
}

impl Report {
    /// The default messages, one per violation, cut at
    /// [`Report::max_report_bytes`] and ended by `... and N more problems` when
    /// some are left out.
    #[inline]
    pub fn messages(&self) -> Vec<String> {
        if self.is_valid() {
            return Vec::new();
        }
        Format::Default.render(self)
    }
}

impl fmt::Display for Report {
    /// The default messages (as [`Report::messages`] cuts them) joined with `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.messages().join("; "))
    }
}

/// A way of writing a report's violations as strings.
///
/// More formats may come: match with a wildcard arm. The seed exercises' formats
/// are `seed::Format` (feature `seed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Format {
    /// One model-facing sentence per violation, in report order.
    #[default]
    Default,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 1] = [Format::Default];

    /// The format's name: `default`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Default => "default",
        }
    }

    /// The format called `name` (as [`Format::name`] gives it).
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Writes `report` in this format, within [`Report::max_report_bytes`]: the
    /// lines that fit, then `... and N more problems` when any line, or any
    /// violation of the report ([`Report::omitted`]), is left out.
    pub fn render(self, report: &Report) -> Vec<String> {
        self.render_with(report, &Words::new())
    }

    /// [`Format::render`] with the optional words of `words`: a summary line
    /// first (`3 problems with the arguments of get_weather:`), the first
    /// sentence of a missing argument's description after its sentence. A valid
    /// report has no lines.
    pub fn render_with(self, report: &Report, words: &Words<'_>) -> Vec<String> {
        let max = report.max_report_bytes;
        if report.is_valid() {
            return Vec::new();
        }
        match self {
            Format::Default => {
                let summary = words.summary.map(|tool| words::summary_line(report, tool));
                let lines = report.violations.iter().map(|v| {
                    let mut line = default::message_within(v, max);
                    if let Some(schema) = words.describe_missing {
                        words::push_description(&mut line, v, schema);
                        default::cut_to(&mut line, max);
                    }
                    line
                });
                let n = report.violations.len() + usize::from(summary.is_some());
                bounded(summary.into_iter().chain(lines), n, report)
            }
        }
    }
}

/// Every one of `lines`, within the report's size (see [`Format::render`]).
#[doc(hidden)]
pub fn whole(lines: Vec<String>, report: &Report) -> Vec<String> {
    let n = lines.len();
    bounded(lines.into_iter(), n, report)
}

/// The closing line of a cut report.
#[doc(hidden)]
pub fn more(n: usize) -> String {
    if n == 1 {
        "... and 1 more problem".to_string()
    } else {
        format!("... and {n} more problems")
    }
}

/// The first of `n` lines that fit in the report's size (a first line longer
/// than it cut), then the closing line when anything is left out.
fn bounded(lines: impl Iterator<Item = String>, n: usize, report: &Report) -> Vec<String> {
    within(lines, n, report.max_report_bytes, report.omitted, more)
}

/// The sentences of `n` changes of a repair that fit in `max` bytes, then
/// `... and N more changes` when any is left out.
#[doc(hidden)]
pub fn changes_within(lines: impl Iterator<Item = String>, n: usize, max: usize) -> Vec<String> {
    let closing = |n: usize| {
        if n == 1 {
            "... and 1 more change".to_string()
        } else {
            format!("... and {n} more changes")
        }
    };
    within(lines, n, max, 0, closing)
}

/// The first of `n` lines that fit in `max` bytes (a first line longer than it
/// cut), then the closing line (`closing` of the count) counting the lines left
/// out and `omitted` more.
fn within(
    lines: impl Iterator<Item = String>,
    n: usize,
    max: usize,
    omitted: usize,
    closing: impl Fn(usize) -> String,
) -> Vec<String> {
    // Room for every line and the closing one in one allocation (within reason:
    // the words' size may stop a long report early).
    let mut out: Vec<String> = Vec::with_capacity(n.min(64) + 1);
    let mut used = 0usize;
    for mut line in lines {
        let sep = if out.is_empty() { 0 } else { 2 };
        if used + sep + line.len() > max {
            if out.is_empty() {
                default::cut_to(&mut line, max);
                out.push(line);
            }
            break;
        }
        used += sep + line.len();
        out.push(line);
    }
    let left = n - out.len() + omitted;
    if left > 0 {
        out.push(closing(left));
    }
    out
}
