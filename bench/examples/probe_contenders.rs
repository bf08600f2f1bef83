//! jsonschema's validators on one benchmark's invalid call, `N` times, for
//! instruction counts beside `probe`'s (feature `contenders`):
//!
//! ```text
//! cargo build --release -p tool-schema-bench --features contenders --example probe_contenders
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/probe_contenders MODE NAME N
//! ```
//!
//! Modes: `js-rt` (jsonschema 0.61's run-time validator), `js-compiled` (jsonschema
//! 0.60's `#[validator]`), each `iter_errors` then `to_string`, as the criterion
//! suite times them; benchmarks: weather, search, order, job.

use serde_json::Value;
use std::hint::black_box;
use tool_schema_bench::BENCHES;

/// The compiled validator of benchmark `name`: every error as a string.
fn compiled_errors(name: &str) -> Option<fn(&Value) -> Vec<String>> {
    use tool_schema_bench::js_compiled::*;
    let errors: fn(&Value) -> Vec<String> = match name {
        "weather" => |v| Weather::iter_errors(v).map(|e| e.to_string()).collect(),
        "search" => |v| Search::iter_errors(v).map(|e| e.to_string()).collect(),
        "order" => |v| Order::iter_errors(v).map(|e| e.to_string()).collect(),
        "job" => |v| Job::iter_errors(v).map(|e| e.to_string()).collect(),
        _ => return None,
    };
    Some(errors)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(mode), Some(name)) = (args.next(), args.next()) else {
        eprintln!("usage: probe_contenders MODE BENCHMARK [N] (see the source for the modes)");
        std::process::exit(2);
    };
    let (Some(b), Some(compiled)) = (
        BENCHES.iter().find(|b| b.name == name),
        compiled_errors(&name),
    ) else {
        eprintln!("no benchmark {name}");
        std::process::exit(2);
    };
    let schema: Value = serde_json::from_str(b.schema).expect("bench schema");
    let invalid: Value = serde_json::from_str(b.invalid).expect("bench input");
    let rt = jsonschema_rt::validator_for(&schema).expect("jsonschema accepts the schema");
    let n: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let mut messages = 0usize;
    for _ in 0..n {
        let errors: Vec<String> = match mode.as_str() {
            "js-rt" => rt
                .iter_errors(black_box(&invalid))
                .map(|e| e.to_string())
                .collect(),
            "js-compiled" => compiled(black_box(&invalid)),
            _ => {
                eprintln!("unknown mode {mode}");
                std::process::exit(2);
            }
        };
        messages += errors.len();
    }
    println!("{messages} messages");
}
