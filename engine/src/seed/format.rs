//! The seed exercises' output formats: [`Format::Seed000`] .. [`Format::Seed003`],
//! the exact strings, order and filtering of the four seed exercises.

use super::words as seeds;
use crate::render::whole;
use crate::violation::Report;

/// A seed exercise's way of writing a report's violations as strings.
///
/// Seed 000 writes the default sentences (escaped); seeds 001 to 003 write codes
/// (`extra:NAME`) that their reference compares byte for byte, with names
/// verbatim. Give untrusted output to a model or a terminal in
/// [`crate::Format::Default`] or [`crate::json_report`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Seed 000: the default sentences for missing, unexpected and type violations
    /// only, in report order.
    Seed000,
    /// Seed 001: `unknown_tool:NAME` alone; else `missing:F` in report order,
    /// `extra:F` sorted, `type:F:T` in declaration order with the flat type names
    /// (`str int float bool list dict`).
    Seed001,
    /// Seed 002: `missing:`, `unexpected:`, `type:`, `enum:`, `min:`, `max:` codes
    /// in report order (`const:` and `unknown_tool:` for the kinds the seed lacks).
    Seed002,
    /// Seed 003: `unknown_tool:NAME` alone; else `missing:`, `unexpected:`, `type:`,
    /// `enum:` codes, at most one per argument, sorted.
    Seed003,
}

impl Format {
    /// Every seed format.
    pub const ALL: [Format; 4] = [
        Format::Seed000,
        Format::Seed001,
        Format::Seed002,
        Format::Seed003,
    ];

    /// The format's name: `seed000`, `seed001`, `seed002`, `seed003`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Seed000 => "seed000",
            Format::Seed001 => "seed001",
            Format::Seed002 => "seed002",
            Format::Seed003 => "seed003",
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
        let lines = match self {
            Format::Seed000 => seeds::seed000(report),
            Format::Seed001 => seeds::seed001(report),
            Format::Seed002 => seeds::seed002(report),
            Format::Seed003 => seeds::seed003(report),
        };
        whole(lines, report)
    }
}
