//! The tallies of a `check` run and the summary table `--format text` ends with:
//! calls, valid, invalid (and unusable lines), problems by kind and by tool.

use crate::call_report::{problem_count, tool_shown, MALFORMED};
use crate::checker::{Checked, Verdict};
use crate::table;
use std::collections::{BTreeMap, HashMap};

/// The most distinct tool names tallied one by one; the calls of any further
/// tool are tallied together, so that memory stays bounded on any input.
pub const MAX_TOOLS: usize = 10_000;

/// The most rows of the by-tool table; the rest are counted in a last row.
pub const TOOL_ROWS: usize = 30;

/// One tool's tally.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToolTally {
    pub calls: usize,
    pub invalid: usize,
    pub problems: usize,
}

/// The tallies of a run.
#[derive(Debug, Default)]
pub struct Summary {
    pub calls: usize,
    pub valid: usize,
    pub invalid: usize,
    /// Lines that could not be used (not counted as calls).
    pub unusable: usize,
    /// Problems by kind code (the violations a report kept; `(not kept)` counts
    /// those a report omitted).
    pub by_kind: BTreeMap<&'static str, usize>,
    pub by_tool: HashMap<String, ToolTally>,
    /// The calls of the tools past [`MAX_TOOLS`] distinct names.
    pub other_tools: ToolTally,
}

impl Summary {
    /// Counts a checked call.
    pub fn add(&mut self, checked: &Checked) {
        self.calls += 1;
        let valid = checked.verdict.is_valid();
        if valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        match &checked.verdict {
            Verdict::Checked(report) => {
                for v in &report.violations {
                    *self.by_kind.entry(v.kind.code()).or_default() += 1;
                }
                if report.omitted > 0 {
                    *self.by_kind.entry("(not kept)").or_default() += report.omitted;
                }
            }
            Verdict::Malformed(_) => *self.by_kind.entry(MALFORMED).or_default() += 1,
        }
        let tally = if self.by_tool.len() < MAX_TOOLS || self.by_tool.contains_key(&checked.tool) {
            self.by_tool.entry(checked.tool.clone()).or_default()
        } else {
            &mut self.other_tools
        };
        tally.calls += 1;
        tally.invalid += usize::from(!valid);
        tally.problems += problem_count(&checked.verdict);
    }

    /// The summary table.
    pub fn render(&self) -> String {
        let mut totals = vec![
            row(["calls".into(), self.calls.to_string()]),
            row(["valid".into(), self.valid.to_string()]),
            row(["invalid".into(), self.invalid.to_string()]),
        ];
        if self.unusable > 0 {
            totals.push(row(["unusable lines".into(), self.unusable.to_string()]));
        }
        let mut out = table::render(&["summary", ""], &totals);
        if !self.by_kind.is_empty() {
            let rows: Vec<Vec<String>> = self
                .by_kind
                .iter()
                .map(|(k, n)| row([k.to_string(), n.to_string()]))
                .collect();
            out.push('\n');
            out.push_str(&table::render(&["problem kind", "problems"], &rows));
        }
        let mut tools: Vec<(&String, &ToolTally)> =
            self.by_tool.iter().filter(|(_, t)| t.invalid > 0).collect();
        if !tools.is_empty() || self.other_tools.invalid > 0 {
            tools.sort_by(|a, b| b.1.problems.cmp(&a.1.problems).then(a.0.cmp(b.0)));
            let mut rows: Vec<Vec<String>> = tools
                .iter()
                .take(TOOL_ROWS)
                .map(|(name, t)| tool_row(tool_shown(name), t))
                .collect();
            let mut rest = self.other_tools;
            for (_, t) in tools.iter().skip(TOOL_ROWS) {
                rest.calls += t.calls;
                rest.invalid += t.invalid;
                rest.problems += t.problems;
            }
            if rest.invalid > 0 {
                rows.push(tool_row("(other tools)".into(), &rest));
            }
            out.push('\n');
            out.push_str(&table::render(
                &["tool", "calls", "invalid", "problems"],
                &rows,
            ));
        }
        out
    }
}

fn row<const N: usize>(cells: [String; N]) -> Vec<String> {
    cells.into()
}

fn tool_row(name: String, t: &ToolTally) -> Vec<String> {
    row([
        name,
        t.calls.to_string(),
        t.invalid.to_string(),
        t.problems.to_string(),
    ])
}
