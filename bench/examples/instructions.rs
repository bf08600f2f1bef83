//! One contender on one benchmark input, `N` times: for instruction counts, which
//! stay steady on a busy machine where times do not.
//!
//! ```sh
//! cargo build --release -p tool-schema-bench --example instructions
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/instructions parse_str job valid 10000
//! ```
//!
//! The per-call count is the difference of two runs (`N` and a smaller `N`)
//! divided by the difference of the `N`s, which takes out start-up and first-use
//! work (schema caches, regexes).
//!
//! Contenders: `parse_str` (the derived type's generated path), `generic` (the
//! same type by the generic validating deserializer), `serde_typed` (the
//! hand-written serde type), `serde_derived` (`serde_json::from_str` of the derived
//! type), `serde_value` (`from_str::<Value>`), `validate_str` (the `tool_schema!`
//! tool's text path), `compiled` (the `tool_schema!` tool's generated validator on
//! the parsed `Value`, reporting), `interp` (the run-time interpreter,
//! `Schema::validate` on the parsed `Value`), `report_words` (`compiled`, then the
//! default messages).

use serde::de::DeserializeOwned;
use serde_json::Value;
use std::hint::black_box;
use tool_schema::{Options, ToolArgs};
use tool_schema_bench::{compiled_validate_str, derived, typed_parse, BENCHES};

fn generic<T: ToolArgs + DeserializeOwned + 'static>(s: &str) -> bool {
    tool_schema::__private::parse_str_generic::<T>(s, &Options::default()).is_ok()
}

fn serde_derived<T: DeserializeOwned>(s: &str) -> bool {
    serde_json::from_str::<T>(s).is_ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, contender, name, input, n] = args.as_slice() else {
        eprintln!("usage: instructions <contender> <weather|search|order|job> <valid|invalid> <N>");
        std::process::exit(2);
    };
    let Some(b) = BENCHES.iter().find(|b| b.name == name) else {
        eprintln!("no benchmark {name}");
        std::process::exit(2);
    };
    let text = if input == "valid" { b.valid } else { b.invalid };
    let n: usize = n.parse().unwrap_or(0);
    let parse = tool_schema_bench::derived_parse_str(name);
    let validate_str = compiled_validate_str(name);
    let typed = typed_parse(name);
    type Check = fn(&str) -> bool;
    let (generic, derived): (Check, Check) = match name.as_str() {
        "weather" => (
            generic::<derived::Weather>,
            serde_derived::<derived::Weather>,
        ),
        "search" => (generic::<derived::Search>, serde_derived::<derived::Search>),
        "order" => (generic::<derived::Order>, serde_derived::<derived::Order>),
        _ => (generic::<derived::Job>, serde_derived::<derived::Job>),
    };
    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let compiled = tool_schema_bench::compiled_validate(name);
    let schema =
        tool_schema::Schema::parse(&serde_json::from_str::<Value>(b.schema).unwrap_or(Value::Null))
            .expect("a benchmark schema is valid");
    let run = |text: &str| -> bool {
        match contender.as_str() {
            "parse_str" => parse(text).is_ok(),
            "generic" => generic(text),
            "serde_typed" => typed(text),
            "serde_derived" => derived(text),
            "serde_value" => serde_json::from_str::<Value>(text).is_ok(),
            "validate_str" => validate_str(text).is_ok_and(|r| r.is_valid()),
            "compiled" => compiled(black_box(&value)).is_valid(),
            "interp" => schema.validate(black_box(&value)).is_valid(),
            "report_words" => !compiled(black_box(&value)).messages().is_empty(),
            other => {
                eprintln!("no contender {other}");
                std::process::exit(2);
            }
        }
    };
    // First use (caches) outside the counted difference.
    let mut ok = run(text);
    for _ in 0..n {
        ok &= black_box(run(black_box(text)));
    }
    println!(
        "{contender} {name} {input}: {}",
        if ok { "ok" } else { "refused" }
    );
}
