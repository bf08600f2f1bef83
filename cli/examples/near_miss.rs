//! The near-miss measurement of issue #15 (item 5) over the shared BFCL calls:
//! every valid call mutated the ways models get arguments wrong (an argument name
//! with a dropped, doubled or swapped letter, in another case, in snake_case or
//! camelCase; an enum value in another case), checked as `tool-schema check
//! --dialect bfcl --format json` reports it, and the report's suggestions applied
//! once by a program that knows nothing else. Prints how many mutated calls that
//! restores, by kind, and how many of the valid calls `check` finds invalid.
//!
//! ```text
//! TOOL_SCHEMA_SHARED=/path/to/shared cargo run -q --release -p tool-schema-cli --example near_miss [CALLS.jsonl] [--unfixed N]
//! ```

use serde_json::Value;
use std::io::BufRead;
use tool_schema_cli::near_miss::{measure, mutate::MutationKind, Case};

/// The generator's seed: the figures are those of this seed.
const SEED: u64 = 15;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut path = None;
    let mut show_unfixed = 0usize;
    while let Some(a) = args.next() {
        if a == "--unfixed" {
            show_unfixed = args.next().and_then(|n| n.parse().ok()).unwrap_or(10);
        } else {
            path = Some(a);
        }
    }
    let path = path.unwrap_or_else(|| {
        let shared = std::env::var("TOOL_SCHEMA_SHARED").unwrap_or_else(|_| "../shared".into());
        format!("{shared}/corpora/bfcl/calls.jsonl")
    });
    let file = std::fs::File::open(&path).unwrap_or_else(|e| {
        eprintln!("near_miss: cannot read {path}: {e}");
        std::process::exit(2)
    });
    let cases = std::io::BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| {
            let v: Value = serde_json::from_str(&l).ok()?;
            Case::from_corpus_line(&v)
        });
    let m = measure(cases, SEED);
    println!(
        "calls expected valid: {}; found invalid by check --dialect bfcl: {}",
        m.valid_calls, m.valid_found_invalid
    );
    println!();
    println!(
        "{:<16} {:>9} {:>9} {:>10} {:>7} {:>7}",
        "mutation", "mutations", "detected", "suggested", "fixed", "%"
    );
    let row = |name: &str, t: tool_schema_cli::near_miss::Tally| {
        let pct = if t.mutations == 0 {
            0.0
        } else {
            100.0 * t.fixed as f64 / t.mutations as f64
        };
        println!(
            "{name:<16} {:>9} {:>9} {:>10} {:>7} {pct:>6.1}%",
            t.mutations, t.detected, t.suggested, t.fixed
        );
    };
    for kind in MutationKind::ALL {
        if let Some(t) = m.by_kind.get(&kind) {
            row(kind.name(), *t);
        }
    }
    row("all", m.total());
    for u in m.unfixed.iter().take(show_unfixed) {
        println!("\n{} {} {}\n  {}", u.id, u.kind.name(), u.pointer, u.line);
    }
}
