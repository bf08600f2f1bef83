//! The four benchmark tools with `tool_schema!`: each validates its valid call, so
//! nothing is dead code. Built by `bench/build_cost.py`.

use tool_schema::ToolArgs;

tool_schema::tool_schema! {
    pub Weather = include!("../../data/weather.json");
    pub Search = include!("../../data/search.json");
    pub Order = include!("../../data/order.json");
    pub Job = include!("../../data/job.json");
}

fn check<T: ToolArgs>(text: &str) -> bool {
    let call: serde_json::Value = serde_json::from_str(text).expect("a JSON call");
    T::validate(&call).is_valid()
}

fn main() {
    let ok = [
        check::<Weather>(include_str!("../../../data/weather_valid.json")),
        check::<Search>(include_str!("../../../data/search_valid.json")),
        check::<Order>(include_str!("../../../data/order_valid.json")),
        check::<Job>(include_str!("../../../data/job_valid.json")),
    ];
    println!("{ok:?}");
}
