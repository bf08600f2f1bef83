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
//!
//! `STREAM_COST_CHUNK=n` feeds chunks of `n` bytes instead of 16.
//!
//! `STREAM_COST_CORPUS=bench` runs the four benchmark calls instead (valid,
//! each 100 times a pass; `STREAM_COST_CALL=weather` one of them), by the
//! compiled tools' `validate_str` and `stream()`, as the criterion group
//! `--bench stream` times them.

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

/// One call and the ways to check it: the text path, or a streaming checker
/// fed in chunks of the given size (`None`: whole).
trait Check {
    fn text(&self) -> &str;
    fn exact(&self);
    fn stream(&self, chunk: Option<usize>);
}

fn feed(mut checker: tool_schema::stream::Checker<'_>, text: &str, chunk: Option<usize>) {
    let bytes = black_box(text.as_bytes());
    match chunk {
        None => black_box(checker.feed(bytes).is_doomed()),
        Some(size) => bytes.chunks(size).fold(false, |_, piece| {
            black_box(checker.feed(black_box(piece)).is_doomed())
        }),
    };
    black_box(checker.finish());
}

impl Check for (&Schema, String) {
    fn text(&self) -> &str {
        &self.1
    }
    fn exact(&self) {
        black_box(
            self.0
                .validate_str(black_box(&self.1), &Options::default())
                .ok(),
        );
    }
    fn stream(&self, chunk: Option<usize>) {
        feed(self.0.stream(&Options::default()), &self.1, chunk);
    }
}

/// A benchmark call with its compiled tool's text path and checker.
struct Compiled {
    text_path: tool_schema_bench::TextValidator,
    checker: fn() -> tool_schema::stream::Checker<'static>,
    text: &'static str,
}

impl Check for Compiled {
    fn text(&self) -> &str {
        self.text
    }
    fn exact(&self) {
        black_box((self.text_path)(black_box(self.text)).ok());
    }
    fn stream(&self, chunk: Option<usize>) {
        feed((self.checker)(), self.text, chunk);
    }
}

fn main() {
    if std::env::var("STREAM_COST_CORPUS").as_deref() == Ok("bench") {
        let one = std::env::var("STREAM_COST_CALL").ok();
        let calls: Vec<Compiled> = tool_schema_bench::BENCHES
            .iter()
            .filter(|b| one.as_deref().is_none_or(|name| name == b.name))
            .flat_map(|b| {
                (0..100).map(|_| Compiled {
                    text_path: tool_schema_bench::compiled_validate_str(b.name),
                    checker: tool_schema_bench::compiled_stream(b.name),
                    text: b.valid,
                })
            })
            .collect();
        return run(&calls);
    }
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
    run(&calls);
}

/// Times each way of checking every call of `calls` (see the module).
fn run(calls: &[impl Check]) {
    let bytes: usize = calls.iter().map(|c| c.text().len()).sum();
    // Warm the schemas' plans.
    for call in calls {
        call.exact();
        call.stream(Some(16));
    }
    let rounds = std::env::var("STREAM_COST_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(30);
    let only = std::env::var("STREAM_COST_ONLY").ok();
    let runs = |kind: &str| only.as_deref().is_none_or(|o| o == kind);
    let rounds_of = |kind: &str| if runs(kind) { rounds } else { 0 };
    let exact = best(rounds_of("exact"), || calls.iter().for_each(Check::exact));
    let whole = best(rounds_of("whole"), || {
        calls.iter().for_each(|c| c.stream(None));
    });
    let size = std::env::var("STREAM_COST_CHUNK")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(16);
    let chunked = best(rounds_of("chunked"), || {
        calls.iter().for_each(|c| c.stream(Some(size)));
    });
    println!(
        "{} calls, {bytes} bytes; best of {rounds} passes",
        calls.len()
    );
    println!("validate_str:       {exact:?}");
    let ratio = |d: Duration| d.as_secs_f64() / exact.as_secs_f64();
    println!("stream, fed whole:  {whole:?} ({:.2}x)", ratio(whole));
    println!(
        "stream, {size}-byte:    {chunked:?} ({:.2}x)",
        ratio(chunked)
    );
}
