// Types the derive cannot map to a schema: each is an error at the type, naming it.
use std::collections::HashMap;
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Schedule {
    every: std::time::Duration,
    window: (u8, u8), // a tuple: taken (an array of exactly these items)
    label: &'static str,
    by_id: HashMap<u32, String>,
    shared: std::sync::Arc<String>,
}

fn main() {}
