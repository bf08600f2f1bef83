//! A declared tool's first `compiled_schema()` (what the text path walks), for
//! instruction counts: the model decoded from the constant the macros emitted
//! (`decode`), the schema parsed as before the constant (`parse`: its JSON text
//! read, then `Schema::parse`), or neither (`none`, the baseline to subtract).
//! `encode` is `parse` and then the encoding of the model (what the macros do
//! more for the constant). `sizes` prints each tool's constant and schema text
//! sizes.
//!
//! ```sh
//! cargo build --release -p tool-schema-bench --example first_schema
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/first_schema decode job
//! ```

use std::hint::black_box;
use tool_schema::ToolArgsExt;
use tool_schema::{Schema, ToolArgs};
use tool_schema_bench::{compiled, derived};

fn first<T: ToolArgs + 'static>(how: &str) -> usize {
    match how {
        "decode" => T::compiled_schema().nodes().len(),
        "parse" | "encode" => {
            let value: serde_json::Value = serde_json::from_str(T::SCHEMA_JSON).unwrap();
            let schema = Schema::parse(&value).unwrap();
            match how {
                "encode" => black_box(schema.__encode()).len(),
                _ => schema.nodes().len(),
            }
        }
        _ => 0,
    }
}

fn size<T: ToolArgs>(label: &str) {
    println!(
        "{label}: constant {} bytes, schema JSON {} bytes",
        T::__MODEL.len(),
        T::SCHEMA_JSON.len()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, how, name] = args.as_slice() else {
        eprintln!(
            "usage: first_schema <decode|parse|encode|none|sizes> <weather|search|order|job|all>"
        );
        std::process::exit(2);
    };
    if how == "sizes" {
        size::<compiled::Weather>("tool_schema! weather");
        size::<compiled::Search>("tool_schema! search");
        size::<compiled::Order>("tool_schema! order");
        size::<compiled::Job>("tool_schema! job");
        size::<derived::Weather>("derive weather");
        size::<derived::Search>("derive search");
        size::<derived::Order>("derive order");
        size::<derived::Job>("derive job");
        return;
    }
    let nodes = match name.as_str() {
        "weather" => first::<compiled::Weather>(how),
        "search" => first::<compiled::Search>(how),
        "order" => first::<compiled::Order>(how),
        "job" => first::<compiled::Job>(how),
        _ => {
            eprintln!("no benchmark {name}");
            std::process::exit(2);
        }
    };
    black_box(nodes);
}
