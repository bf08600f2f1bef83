//! The near-miss measurement (issue #15, item 5) over the BFCL sample of the
//! repository (`tests/data/bfcl`): mutated valid calls, the suggestions of
//! `check --format json` applied once by a mechanical reader. Over the whole
//! shared corpus: `cargo run --release -p tool-schema-cli --example near_miss`.

mod support;

use serde_json::json;
use support::sample;
use tool_schema_cli::near_miss::{measure, mutate::MutationKind, Case};

/// Every `step`th call of the sample (to keep the test fast in a debug build).
fn cases(step: usize) -> Vec<Case> {
    let defs = sample("definitions.jsonl");
    sample("calls.jsonl")
        .iter()
        .step_by(step)
        .map(|c| {
            let def = &defs[c["def"].as_u64().unwrap() as usize];
            Case {
                id: c["id"].as_str().unwrap().to_string(),
                name: def["name"].as_str().unwrap().to_string(),
                parameters: def["parameters"].clone(),
                arguments: c["arguments"].clone(),
                expected_valid: c["expected"] == json!([]),
            }
        })
        .collect()
}

#[test]
fn suggestions_applied_once_fix_at_least_95_percent() {
    let m = measure(cases(4), 15);
    assert!(m.valid_calls > 700, "{}", m.valid_calls);
    assert_eq!(m.valid_found_invalid, 0);
    for kind in MutationKind::ALL {
        let t = m.by_kind.get(&kind).copied().unwrap_or_default();
        assert!(t.mutations > 0, "no {} mutation", kind.name());
        // Every mutation is a mistake the validator reports.
        assert_eq!(t.detected, t.mutations, "{}", kind.name());
    }
    let total = m.total();
    eprintln!(
        "near-miss: {} of {} mutations fixed by the suggestions applied once",
        total.fixed, total.mutations
    );
    let share = total.fixed as f64 / total.mutations as f64;
    assert!(
        share >= 0.95,
        "{} of {} fixed ({:.1}%); first unfixed: {:?}",
        total.fixed,
        total.mutations,
        share * 100.0,
        m.unfixed.first()
    );
}

#[test]
fn the_measurement_is_deterministic() {
    let a = measure(cases(20), 15);
    let b = measure(cases(20), 15);
    assert_eq!(a.by_kind, b.by_kind);
}
