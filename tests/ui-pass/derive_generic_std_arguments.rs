// A generic derived tool instantiated with the standard types a field may have
// (issue #29): each implements `ToolArgs` with the schema of such a field.
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use tool_schema::ToolArgs;

#[derive(ToolArgs, serde::Deserialize)]
struct Pair<T> {
    a: T,
    b: T,
}

/// One page.
#[derive(ToolArgs, serde::Deserialize)]
struct Page<T> {
    items: Vec<T>,
    next: Option<String>,
}

fn schema<T: ToolArgs>() -> &'static str {
    T::SCHEMA_JSON
}

fn main() {
    let _ = (
        schema::<Pair<u8>>(),
        schema::<Page<String>>(),
        schema::<Pair<Vec<u32>>>(),
        schema::<Pair<Option<i64>>>(),
        schema::<Pair<HashMap<String, f32>>>(),
        schema::<Pair<BTreeMap<String, bool>>>(),
        schema::<Pair<HashSet<char>>>(),
        schema::<Pair<BTreeSet<u16>>>(),
        schema::<Pair<(u8, String, f64)>>(),
        schema::<Pair<Box<i128>>>(),
        schema::<Pair<serde_json::Value>>(),
        schema::<Page<IpAddr>>(),
        schema::<Page<Ipv4Addr>>(),
        schema::<Page<Ipv6Addr>>(),
        schema::<Page<std::path::PathBuf>>(),
        schema::<Page<Pair<usize>>>(),
    );
}
