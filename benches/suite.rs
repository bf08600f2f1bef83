//! `cargo bench` at the workspace root: runs the benchmark suite, which lives in the
//! `tool-schema-bench` package (`bench/`) so that its dependencies (criterion,
//! jsonschema, boon) are compiled only when benchmarking. Arguments after `--` are
//! passed on (`cargo bench -- --quick`, `cargo bench -- order_`).
//!
//! The same as `cargo bench -p tool-schema-bench --features contenders`; set
//! `TOOL_SCHEMA_BENCH_FEATURES=` (empty) to leave out jsonschema and boon.

use std::process::{exit, Command};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo test --all-targets` runs this target without --bench: nothing to do.
    if !args.iter().any(|a| a == "--bench") {
        println!("the benchmark suite runs with `cargo bench` (see bench/)");
        return;
    }
    let features =
        std::env::var("TOOL_SCHEMA_BENCH_FEATURES").unwrap_or_else(|_| "contenders".into());
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["bench", "-p", "tool-schema-bench", "--bench", "suite"]);
    if !features.is_empty() {
        cmd.args(["--features", &features]);
    }
    cmd.arg("--").args(args.iter().filter(|a| *a != "--bench"));
    let status = cmd.status().unwrap_or_else(|e| {
        eprintln!("could not run cargo: {e}");
        exit(1)
    });
    exit(status.code().unwrap_or(1));
}
