//! The floor of `bench/build_cost.py --floor`: a macro on serde_json reads the four
//! benchmark tools' schemas and generates a number for each; `main` reads their
//! valid calls with serde_json. Prints `true` for each call with as many members as
//! its schema has properties or fewer.

fn members(text: &str) -> usize {
    let call: serde_json::Value = serde_json::from_str(text).expect("a JSON call");
    call.as_object().map_or(0, |o| o.len())
}

fn main() {
    let ok = [
        members(include_str!("../../../data/weather_valid.json")) <= floor_macro::properties!("../../data/weather.json"),
        members(include_str!("../../../data/search_valid.json")) <= floor_macro::properties!("../../data/search.json"),
        members(include_str!("../../../data/order_valid.json")) <= floor_macro::properties!("../../data/order.json"),
        members(include_str!("../../../data/job_valid.json")) <= floor_macro::properties!("../../data/job.json"),
    ];
    println!("{ok:?}");
}
