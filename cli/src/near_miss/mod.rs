//! The near-miss measurement (issue #15, item 5): valid BFCL calls mutated the ways
//! models get arguments wrong ([`mutate`]), each checked as `tool-schema check
//! --dialect bfcl --format json` reports it, the report's suggestions applied once by
//! a mechanical reader ([`apply`]), and the result compared with the original call.
//! `examples/near_miss.rs` runs it over the shared BFCL calls; `tests/near_miss.rs`
//! over the sample in `tests/data/bfcl`.

pub mod apply;
pub mod mutate;
pub mod rng;

use crate::call::{Arguments, Call, Definition};
use crate::call_report::json_line;
use crate::checker::{options, Checked, Checker, Verdict};
use mutate::MutationKind;
use serde_json::Value;
use std::collections::BTreeMap;
use tool_schema_engine::Dialect;

/// One ground-truth call: its definition's `parameters` (BFCL dialect), its
/// arguments, and whether the corpus expects it to be valid.
#[derive(Clone, Debug)]
pub struct Case {
    pub id: String,
    pub name: String,
    pub parameters: Value,
    pub arguments: Value,
    pub expected_valid: bool,
}

impl Case {
    /// A line of the shared corpus's `calls.jsonl` (`{"id", "name", "function",
    /// "arguments", "expected", ...}`).
    pub fn from_corpus_line(line: &Value) -> Option<Case> {
        Some(Case {
            id: line.get("id")?.as_str()?.to_string(),
            name: line.get("name")?.as_str()?.to_string(),
            parameters: line.get("function")?.get("parameters")?.clone(),
            arguments: line.get("arguments")?.clone(),
            expected_valid: line.get("expected")?.as_array()?.is_empty(),
        })
    }
}

/// What happened to the mutations of one kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub mutations: usize,
    /// Reported invalid.
    pub detected: usize,
    /// With at least one suggestion that the reader applied.
    pub suggested: usize,
    /// Back to the original call after the suggestions were applied once.
    pub fixed: usize,
}

/// A mutation the reader did not fix, for the report.
#[derive(Clone, Debug)]
pub struct Unfixed {
    pub id: String,
    pub kind: MutationKind,
    pub pointer: String,
    /// The `check --format json` line of the mutated call.
    pub line: Value,
}

/// The measurement's figures.
#[derive(Debug, Default)]
pub struct Measurement {
    /// Calls the corpus expects to be valid.
    pub valid_calls: usize,
    /// Of those, how many `check --dialect bfcl` finds invalid (or cannot check).
    pub valid_found_invalid: usize,
    pub by_kind: BTreeMap<MutationKind, Tally>,
    /// The first [`UNFIXED_KEPT`] mutations not fixed.
    pub unfixed: Vec<Unfixed>,
}

/// How many unfixed mutations a [`Measurement`] keeps as examples.
pub const UNFIXED_KEPT: usize = 50;

impl Measurement {
    /// All kinds together.
    pub fn total(&self) -> Tally {
        self.by_kind.values().fold(Tally::default(), |a, t| Tally {
            mutations: a.mutations + t.mutations,
            detected: a.detected + t.detected,
            suggested: a.suggested + t.suggested,
            fixed: a.fixed + t.fixed,
        })
    }
}

/// Measures `cases` with the generator seeded by `seed`. Only the calls the
/// corpus expects to be valid are mutated.
pub fn measure(cases: impl IntoIterator<Item = Case>, seed: u64) -> Measurement {
    let checker = Checker::new(Dialect::Bfcl, None);
    let options = options(Dialect::Bfcl);
    let mut rng = rng::Rng(seed);
    let mut m = Measurement::default();
    for case in cases {
        if !case.expected_valid {
            continue;
        }
        m.valid_calls += 1;
        let call = Call {
            name: case.name.clone(),
            definition: Definition::Inline(case.parameters.clone()),
            arguments: Arguments::Json(case.arguments.clone()),
        };
        let valid = checker.check(&call).is_ok_and(|c| c.verdict.is_valid());
        if !valid {
            m.valid_found_invalid += 1;
            continue;
        }
        let Ok(schema) = Dialect::Bfcl.parse(&case.parameters) else {
            continue;
        };
        for mutation in mutate::mutations(&case.parameters, &case.arguments, &mut rng) {
            let tally = m.by_kind.entry(mutation.kind).or_default();
            tally.mutations += 1;
            let report = schema.validate_with(&mutation.arguments, &options);
            if report.is_valid() {
                continue;
            }
            tally.detected += 1;
            let line = json_line(&Checked {
                tool: case.name.clone(),
                verdict: Verdict::Checked(report),
            });
            let violations = line["violations"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let (repaired, applied) = apply::apply(&mutation.arguments, violations);
            tally.suggested += usize::from(applied > 0);
            if repaired == case.arguments {
                tally.fixed += 1;
            } else if m.unfixed.len() < UNFIXED_KEPT {
                m.unfixed.push(Unfixed {
                    id: case.id.clone(),
                    kind: mutation.kind,
                    pointer: mutation.pointer,
                    line,
                });
            }
        }
    }
    m
}
