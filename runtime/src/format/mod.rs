//! Formats: pure functions from a [`Report`] to words.
//!
//! - [`Format::Default`]: sentences written for a model to fix its own call, one per
//!   violation (`missing required argument 'city'`,
//!   `argument 'unit' should be one of "celsius", "fahrenheit", got "kelvin"`).
//! - [`Format::Seed000`] .. [`Format::Seed003`]: the exact strings, order and
//!   filtering of the four seed exercises (see `SEED-OPS.md`).
//! - [`json_report`]: one JSON object per violation, for programs.

mod default;
mod report;
mod seeds;

pub use default::message;
pub use report::json_report;

use crate::violation::Report;

/// A way of writing a report's violations as strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// One model-facing sentence per violation, in report order.
    #[default]
    Default,
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
    /// Every format.
    pub const ALL: [Format; 5] = [
        Format::Default,
        Format::Seed000,
        Format::Seed001,
        Format::Seed002,
        Format::Seed003,
    ];

    /// The format's name: `default`, `seed000`, ...
    pub fn name(self) -> &'static str {
        match self {
            Format::Default => "default",
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

    /// Writes `report` in this format.
    pub fn render(self, report: &Report) -> Vec<String> {
        match self {
            Format::Default => report.violations.iter().map(message).collect(),
            Format::Seed000 => seeds::seed000(report),
            Format::Seed001 => seeds::seed001(report),
            Format::Seed002 => seeds::seed002(report),
            Format::Seed003 => seeds::seed003(report),
        }
    }
}
