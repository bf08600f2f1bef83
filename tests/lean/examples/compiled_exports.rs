//! Prints the exports the macros compiled into the lean crate's tools, one line
//! per tool and target: `name<TAB>target<TAB>definition<TAB>problems`
//! (`problems`: each refusal's message, `|`-separated). tests/lean_build.rs
//! compares them with the run-time export of the same tools, which needs the
//! `engines` feature this crate has not.

use tool_schema::ToolArgs;
use tool_schema_lean_tests::{GetWeather, Note, Search};

fn print<T: ToolArgs>() {
    for e in T::__EXPORTS {
        let problems: Vec<&str> = e.refusal.iter().map(|p| p.message).collect();
        println!(
            "{}\t{}\t{}\t{}",
            T::NAME,
            e.target.id(),
            e.definition,
            problems.join("|")
        );
    }
}

fn main() {
    print::<GetWeather>();
    print::<Note>();
    print::<Search>();
}
