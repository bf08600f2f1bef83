//! The cost of the streaming checker (`tool_schema::stream`) against
//! `validate_str` on the same texts: every call of the BFCL corpus sample
//! (`tests/data/bfcl`), checked by `validate_str`, streamed whole (one `feed`
//! and `finish`), and streamed in 16-byte chunks. Prints the time per pass
//! and the ratios.
//!
//! ```sh
//! cargo run --release -p tool-schema-bench --example stream_cost
//! ```
//!
//! `STREAM_COST_ROUNDS=n` sets the passes (30); `STREAM_COST_ONLY=exact`,
//! `whole` or `chunked` runs one kind only, for an instruction count that a
//! busy machine does not move:
//!
//! ```sh
//! STREAM_COST_ROUNDS=3 STREAM_COST_ONLY=whole valgrind --tool=callgrind \
//!     target/release/examples/stream_cost
//! ```

use serde_json::Value;
use std::hint::black_box;
use std::time::{Duration, Instant};
use tool_schema::dialect::Dialect;
use tool_schema::{Options, Schema};

fn lines(path: &str) -> Vec<Value> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/bfcl/");
    let text = std::fs::read_to_string(format!("{dir}{path}")).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The best of `rounds` timings of `pass`.
fn best(rounds: usize, mut pass: impl FnMut()) -> Duration {
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            pass();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let defs = lines("definitions.jsonl");
    let schemas: Vec<Option<Schema>> = defs
        .iter()
        .map(|d| Dialect::Bfcl.parse(&d["parameters"]).ok())
        .collect();
    let calls: Vec<(&Schema, String)> = lines("calls.jsonl")
        .iter()
        .filter_map(|c| {
            let schema = schemas[c["def"].as_u64()? as usize].as_ref()?;
            Some((schema, c["arguments"].to_string()))
        })
        .collect();
    let options = Options::default();
    let bytes: usize = calls.iter().map(|(_, t)| t.len()).sum();
    // Warm the schemas' text plans.
    for (schema, text) in &calls {
        let _ = schema.validate_str(text, &options);
    }
    let rounds = std::env::var("STREAM_COST_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let only = std::env::var("STREAM_COST_ONLY").ok();
    let runs = |kind: &str| only.as_deref().is_none_or(|o| o == kind);
    let rounds_of = |kind: &str| if runs(kind) { rounds } else { 0 };
    let exact = best(rounds_of("exact"), || {
        for (schema, text) in &calls {
            black_box(schema.validate_str(black_box(text), &options).ok());
        }
    });
    let whole = best(rounds_of("whole"), || {
        for (schema, text) in &calls {
            let mut checker = schema.stream(&options);
            black_box(checker.feed(black_box(text.as_bytes())).is_doomed());
            black_box(checker.finish());
        }
    });
    let chunked = best(rounds_of("chunked"), || {
        for (schema, text) in &calls {
            let mut checker = schema.stream(&options);
            for piece in text.as_bytes().chunks(16) {
                black_box(checker.feed(black_box(piece)).is_doomed());
            }
            black_box(checker.finish());
        }
    });
    println!(
        "{} calls, {bytes} bytes; best of {rounds} passes",
        calls.len()
    );
    println!("validate_str:       {exact:?}");
    let ratio = |d: Duration| d.as_secs_f64() / exact.as_secs_f64();
    println!("stream, fed whole:  {whole:?} ({:.2}x)", ratio(whole));
    println!("stream, 16-byte:    {chunked:?} ({:.2}x)", ratio(chunked));
}
