//! The four benchmark tools with `tool_schema!`, used as an agent uses them: each
//! exported for a provider (Anthropic) and its valid call checked as a value and
//! as text. Built by `bench/build_cost.py --agent`: what a crate that calls the
//! exports and the text path costs to build and to rebuild.

use tool_schema::export::{ExportOptions, Target, ToolExport};
use tool_schema::ToolArgs;

tool_schema::tool_schema! {
    pub Weather = include!("../../data/weather.json");
    pub Search = include!("../../data/search.json");
    pub Order = include!("../../data/order.json");
    pub Job = include!("../../data/job.json");
}

fn check<T: ToolArgs + 'static>(text: &str) -> bool {
    let exported = T::export_to(Target::Anthropic, &ExportOptions::default());
    let call: serde_json::Value = serde_json::from_str(text).expect("a JSON call");
    exported.is_ok()
        && T::validate(&call).is_valid()
        && T::validate_str(text).is_ok_and(|report| report.is_valid())
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
