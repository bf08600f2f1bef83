//! The four benchmark tools as serde derive structs (the same properties, required
//! ones as plain fields, enums as enums, unknown fields refused): each parses its
//! valid call, so nothing is dead code. Built by `bench/build_cost.py`.

#![allow(dead_code)] // the fields are parsed, not read

use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Weather {
    city: String,
    unit: Option<Unit>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Search {
    query: String,
    limit: u8,
    offset: Option<u64>,
    sort: Option<Sort>,
    languages: Option<Vec<String>>,
    include_archived: Option<bool>,
    min_score: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Sort {
    Relevance,
    Date,
    Popularity,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Order {
    customer: Customer,
    currency: Option<Currency>,
    items: Vec<Item>,
    notes: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Customer {
    id: String,
    email: Option<String>,
    vip: Option<bool>,
}

#[derive(Deserialize)]
enum Currency {
    #[serde(rename = "USD")]
    Usd,
    #[serde(rename = "EUR")]
    Eur,
    #[serde(rename = "GBP")]
    Gbp,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Item {
    sku: String,
    quantity: u16,
    unit_price: f64,
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Job {
    name: String,
    image: String,
    command: String,
    working_dir: Option<String>,
    user: Option<String>,
    queue: Queue,
    priority: Option<u8>,
    cpus: u8,
    memory_mb: u32,
    gpus: Option<u8>,
    timeout_s: Option<u32>,
    retries: Option<u8>,
    cpu_quota: Option<f64>,
    spot_price_max: Option<f64>,
    backoff_factor: Option<f64>,
    min_free_disk_gb: Option<f64>,
    privileged: Option<bool>,
    network: Option<bool>,
    interactive: Option<bool>,
    cleanup: Option<bool>,
    log_level: Option<LogLevel>,
    restart_policy: Option<RestartPolicy>,
    args: Option<Vec<String>>,
    ports: Option<Vec<u16>>,
    region: Option<String>,
    zone: Option<String>,
    project: String,
    owner_email: Option<String>,
    description: Option<String>,
    tags: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Queue {
    Default,
    High,
    Low,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum LogLevel {
    Debug,
    Info,
    Warn,
    Error,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum RestartPolicy {
    Never,
    OnFailure,
    Always,
}

fn check<T: for<'de> Deserialize<'de>>(text: &str) -> bool {
    serde_json::from_str::<T>(text).is_ok()
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
