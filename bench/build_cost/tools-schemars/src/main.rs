//! The four benchmark tools with schemars (the schema) and jsonschema (the
//! validator, built from that schema when the program runs): each validates its
//! valid call, so nothing is dead code. Built by `bench/build_cost.py`.

#[allow(dead_code)]
mod typed {
    include!(concat!(env!("OUT_DIR"), "/typed.rs"));
}

fn check<T: schemars::JsonSchema>(text: &str) -> bool {
    let schema = serde_json::to_value(schemars::schema_for!(T)).expect("a schema");
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let call: serde_json::Value = serde_json::from_str(text).expect("a JSON call");
    validator.is_valid(&call)
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
