//! Hand-written serde types of the four benchmark schemas, for the
//! `serde_json::from_str::<Typed>` row: what serde checks on its own (types,
//! required fields, enums, undeclared fields) and nothing else (no bounds); it
//! stops at the first error.
#![allow(dead_code)]

use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weather {
    pub city: String,
    pub unit: Option<Unit>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Search {
    pub query: String,
    pub limit: u32,
    pub offset: Option<u64>,
    pub sort: Option<Sort>,
    pub languages: Option<Vec<String>>,
    pub include_archived: Option<bool>,
    pub min_score: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sort {
    Relevance,
    Date,
    Popularity,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Order {
    pub customer: Customer,
    pub currency: Option<Currency>,
    pub items: Vec<Item>,
    pub notes: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Customer {
    pub id: String,
    pub email: Option<String>,
    pub vip: Option<bool>,
}

#[derive(Deserialize)]
pub enum Currency {
    #[serde(rename = "USD")]
    Usd,
    #[serde(rename = "EUR")]
    Eur,
    #[serde(rename = "GBP")]
    Gbp,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    pub sku: String,
    pub quantity: u32,
    pub unit_price: f64,
    pub note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    pub name: String,
    pub image: String,
    pub command: String,
    pub working_dir: Option<String>,
    pub user: Option<String>,
    pub queue: Queue,
    pub priority: Option<u8>,
    pub cpus: u32,
    pub memory_mb: u32,
    pub gpus: Option<u8>,
    pub timeout_s: Option<u32>,
    pub retries: Option<u8>,
    pub cpu_quota: Option<f64>,
    pub spot_price_max: Option<f64>,
    pub backoff_factor: Option<f64>,
    pub min_free_disk_gb: Option<f64>,
    pub privileged: Option<bool>,
    pub network: Option<bool>,
    pub interactive: Option<bool>,
    pub cleanup: Option<bool>,
    pub log_level: Option<LogLevel>,
    pub restart_policy: Option<RestartPolicy>,
    pub args: Option<Vec<String>>,
    pub ports: Option<Vec<u16>>,
    pub region: Option<String>,
    pub zone: Option<String>,
    pub project: String,
    pub owner_email: Option<String>,
    pub description: Option<String>,
    pub tags: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Queue {
    Default,
    High,
    Low,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    Debug,
    Info,
    Warn,
    Error,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RestartPolicy {
    Never,
    OnFailure,
    Always,
}
