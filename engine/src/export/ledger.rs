//! The ledger of one export: the changes, problems and nullable-optional
//! properties it collects, and the budgets it keeps.

use super::limits;
use super::report::{Change, ChangeKind, ExportError, ExportReport, NullableOptional, Problem};
use super::{ExportOptions, Target};
use crate::OptionHint;
use std::collections::HashSet;

/// Collects changes, problems and nullable-optional properties during one export,
/// and keeps its budgets (see `docs/limits.md` and [`super::limits`]).
pub(crate) struct Ledger {
    pub tool: String,
    pub changes: Vec<Change>,
    pub problems: Vec<Problem>,
    pub nullable: Vec<NullableOptional>,
    /// The problems already recorded, so that a repeated one is recorded once
    /// (a hash set: checking the list would be quadratic in the number of problems).
    seen: HashSet<Problem>,
    /// JSON values `$ref` inlining may still copy ([`super::ExportOptions::inline_budget`]).
    pub inline_left: usize,
    /// The budget it started with, for the message.
    pub inline_budget: usize,
    /// Steps left for proving `oneOf` branches disjoint
    /// ([`limits::MAX_DISJOINTNESS_WORK`]).
    pub disjoint_work: usize,
    /// A budget ran out or the output grew too deep: every walk stops at once (the
    /// export is refused in any case).
    pub stopped: bool,
}

impl Ledger {
    pub fn new(tool: &str) -> Ledger {
        Ledger {
            tool: tool.to_string(),
            changes: Vec::new(),
            problems: Vec::new(),
            nullable: Vec::new(),
            seen: HashSet::new(),
            inline_left: limits::DEFAULT_INLINE_BUDGET,
            inline_budget: limits::DEFAULT_INLINE_BUDGET,
            disjoint_work: limits::MAX_DISJOINTNESS_WORK,
            stopped: false,
        }
    }

    /// A context whose inlining budget is the one `options` asks for.
    pub fn with_options(tool: &str, options: &ExportOptions) -> Ledger {
        let mut ctx = Ledger::new(tool);
        ctx.inline_left = options.inline_budget;
        ctx.inline_budget = options.inline_budget;
        ctx
    }

    pub fn change(
        &mut self,
        pointer: &str,
        kind: ChangeKind,
        what: impl Into<String>,
        why: impl Into<String>,
    ) {
        self.changes.push(Change {
            tool: self.tool.clone(),
            pointer: pointer.to_string(),
            kind,
            what: what.into(),
            why: why.into(),
        });
    }

    pub fn refuse(&mut self, pointer: &str, message: impl Into<String>, rule: impl Into<String>) {
        let problem = Problem {
            tool: self.tool.clone(),
            pointer: pointer.to_string(),
            message: message.into(),
            rule: rule.into(),
        };
        if self.seen.insert(problem.clone()) {
            self.problems.push(problem);
        }
    }

    /// Charges the copy of `weight` JSON values (an inlined `$ref` target at
    /// `pointer`) to the inlining budget. False (the export refused and stopped) when
    /// the budget cannot pay for it, or when the export has already stopped.
    pub fn charge_inline(&mut self, pointer: &str, weight: usize) -> bool {
        if self.stopped {
            return false;
        }
        match self.inline_left.checked_sub(weight) {
            Some(left) => {
                self.inline_left = left;
                true
            }
            None => {
                let budget = self.inline_budget;
                self.stop(
                    pointer,
                    format!("inlining `$ref`s here would copy more than {budget} JSON values in all (shared definitions multiply when inlined)"),
                    format!("tool-schema exports: the inlining budget ({}, default {})", OptionHint::InlineBudget.words(), limits::DEFAULT_INLINE_BUDGET),
                );
                false
            }
        }
    }

    /// Refuses the export at `pointer` when the exported schema would nest deeper
    /// than [`limits::MAX_SCHEMA_DEPTH`] levels (`depth` counts from 0 at the
    /// root); true when it stopped (or had already stopped).
    pub fn too_deep(&mut self, pointer: &str, depth: usize) -> bool {
        if self.stopped {
            return true;
        }
        if depth > limits::MAX_SCHEMA_DEPTH {
            self.stop(
                pointer,
                format!(
                    "the exported schema would nest deeper than {} levels (once `$ref`s are inlined)",
                    limits::MAX_SCHEMA_DEPTH
                ),
                "tool-schema exports: a bounded depth, so that no export recurses without bound",
            );
            return true;
        }
        false
    }

    /// The export's outcome: its report and nullable-optional properties, or (when
    /// any problem was found) the error listing every problem for `target`.
    pub fn finish(
        self,
        target: Target,
    ) -> Result<(ExportReport, Vec<NullableOptional>), ExportError> {
        if !self.problems.is_empty() {
            return Err(ExportError {
                target,
                problems: self.problems,
            });
        }
        Ok((ExportReport::from_changes(self.changes), self.nullable))
    }

    /// Takes over `other`'s changes, problems and nullable-optional properties
    /// (one tool's, into a list's).
    pub fn absorb(&mut self, other: Ledger) {
        self.problems.extend(other.problems);
        self.changes.extend(other.changes);
        self.nullable.extend(other.nullable);
    }

    /// Records a problem and stops every walk.
    pub fn stop(&mut self, pointer: &str, message: impl Into<String>, rule: impl Into<String>) {
        self.refuse(pointer, message, rule);
        self.stopped = true;
    }
}
