//! The four benchmark tools as serde derive structs (the benchmark suite's own
//! `serde_json::from_str::<Typed>` types): each parses its valid call, so nothing
//! is dead code. Built by `bench/build_cost.py`.

#[path = "../../../src/typed.rs"]
mod typed;

use serde::Deserialize;

fn check<T: for<'de> Deserialize<'de>>(text: &str) -> bool {
    serde_json::from_str::<T>(text).is_ok()
}

fn main() {
    let ok = [
        check::<typed::Weather>(include_str!("../../../data/weather_valid.json")),
        check::<typed::Search>(include_str!("../../../data/search_valid.json")),
        check::<typed::Order>(include_str!("../../../data/order_valid.json")),
        check::<typed::Job>(include_str!("../../../data/job_valid.json")),
    ];
    println!("{ok:?}");
}
