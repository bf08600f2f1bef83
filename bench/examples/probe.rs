//! Runs one validator of the suite 100,000 times (or `N`), for instruction counts
//! that a busy machine does not disturb (per call: the difference of two `N`s):
//!
//! ```text
//! cargo build --release -p tool-schema-bench --example probe
//! valgrind --tool=callgrind target/release/examples/probe compiled-invalid order
//! ```
//!
//! Modes: `compiled-valid`, `compiled-invalid` (our `tool_schema!` validator, all
//! errors as strings), `is-valid-valid`, `is-valid-invalid` (its `is_valid`),
//! `hand-valid`, `hand-invalid` (the hand-written limit),
//! `interp-valid`, `interp-invalid`; benchmarks: weather, search, order, job.

use serde_json::Value;
use std::hint::black_box;
use tool_schema::Schema;
use tool_schema_bench::{compiled_is_valid, compiled_validate, hand_validate, BENCHES};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(mode), Some(name)) = (args.next(), args.next()) else {
        eprintln!("usage: probe MODE BENCHMARK [N] (see the source for the modes)");
        std::process::exit(2);
    };
    let Some(b) = BENCHES.iter().find(|b| b.name == name) else {
        eprintln!("no benchmark {name}");
        std::process::exit(2);
    };
    let valid: Value = serde_json::from_str(b.valid).expect("bench input");
    let invalid: Value = serde_json::from_str(b.invalid).expect("bench input");
    let schema = Schema::parse(&serde_json::from_str(b.schema).expect("bench schema"))
        .expect("bench schema");
    let compiled = compiled_validate(b.name);
    let yes = compiled_is_valid(b.name);
    let hand = hand_validate(b.name);
    let input = if mode.ends_with("-valid") {
        &valid
    } else {
        &invalid
    };
    let n: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let mut messages = 0usize;
    for _ in 0..n {
        messages += match mode.as_str() {
            "compiled-valid" | "compiled-invalid" => compiled(black_box(input)).messages().len(),
            "is-valid-valid" | "is-valid-invalid" => usize::from(yes(black_box(input))),
            "hand-valid" | "hand-invalid" => match hand {
                Some(hand) => hand(black_box(input)).len(),
                None => {
                    eprintln!("no hand-written validator for {name}");
                    std::process::exit(2);
                }
            },
            "interp-valid" | "interp-invalid" => schema.validate(black_box(input)).messages().len(),
            _ => {
                eprintln!("unknown mode {mode}");
                std::process::exit(2);
            }
        };
    }
    println!("{messages} messages");
}
