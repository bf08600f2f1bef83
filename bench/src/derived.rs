//! The four benchmark schemas as Rust types deriving `ToolArgs` (and serde's
//! `Deserialize`), for the `parse_str` row: typed arguments from the text, every
//! constraint checked, every violation reported. Their derived schemas are the
//! benchmark schemas, but for `job.ports`, whose items are `u16` (0 to 65535)
//! where `job.json` starts at 1 (`tests/suite.rs` checks that the reports agree on
//! the inputs).
#![allow(dead_code)]

use serde::Deserialize;
use tool_schema::ToolArgs;

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Weather {
    pub city: String,
    #[arg(not_null)]
    pub unit: Option<Unit>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Search {
    pub query: String,
    #[arg(minimum = 1, maximum = 100)]
    pub limit: u32,
    #[arg(not_null)]
    pub offset: Option<u64>,
    #[arg(not_null)]
    pub sort: Option<Sort>,
    #[arg(not_null)]
    pub languages: Option<Vec<String>>,
    #[arg(not_null)]
    pub include_archived: Option<bool>,
    #[arg(minimum = 0, maximum = 1)]
    #[arg(not_null)]
    pub min_score: Option<f64>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Sort {
    Relevance,
    Date,
    Popularity,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Order {
    pub customer: Customer,
    #[arg(not_null)]
    pub currency: Option<Currency>,
    pub items: Vec<Item>,
    #[arg(not_null)]
    pub notes: Option<String>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Customer {
    pub id: String,
    #[arg(not_null)]
    pub email: Option<String>,
    #[arg(not_null)]
    pub vip: Option<bool>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
pub enum Currency {
    #[serde(rename = "USD")]
    Usd,
    #[serde(rename = "EUR")]
    Eur,
    #[serde(rename = "GBP")]
    Gbp,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Item {
    pub sku: String,
    #[arg(minimum = 1, maximum = 1000)]
    pub quantity: u32,
    #[arg(minimum = 0)]
    pub unit_price: f64,
    /// `{"type": ["string", "null"]}`, optional.
    pub note: Option<Option<String>>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Job {
    pub name: String,
    pub image: String,
    pub command: String,
    #[arg(not_null)]
    pub working_dir: Option<String>,
    #[arg(not_null)]
    pub user: Option<String>,
    pub queue: Queue,
    #[arg(minimum = 0, maximum = 10)]
    #[arg(not_null)]
    pub priority: Option<u8>,
    #[arg(minimum = 1, maximum = 64)]
    pub cpus: u32,
    #[arg(minimum = 128, maximum = 262144)]
    pub memory_mb: u32,
    #[arg(minimum = 0, maximum = 8)]
    #[arg(not_null)]
    pub gpus: Option<u8>,
    #[arg(minimum = 1, maximum = 86400)]
    #[arg(not_null)]
    pub timeout_s: Option<u32>,
    #[arg(minimum = 0, maximum = 10)]
    #[arg(not_null)]
    pub retries: Option<u8>,
    #[arg(minimum = 0, maximum = 1)]
    #[arg(not_null)]
    pub cpu_quota: Option<f64>,
    #[arg(minimum = 0)]
    #[arg(not_null)]
    pub spot_price_max: Option<f64>,
    #[arg(minimum = 1, maximum = 10)]
    #[arg(not_null)]
    pub backoff_factor: Option<f64>,
    #[arg(minimum = 0)]
    #[arg(not_null)]
    pub min_free_disk_gb: Option<f64>,
    #[arg(not_null)]
    pub privileged: Option<bool>,
    #[arg(not_null)]
    pub network: Option<bool>,
    #[arg(not_null)]
    pub interactive: Option<bool>,
    #[arg(not_null)]
    pub cleanup: Option<bool>,
    #[arg(not_null)]
    pub log_level: Option<LogLevel>,
    #[arg(not_null)]
    pub restart_policy: Option<RestartPolicy>,
    #[arg(not_null)]
    pub args: Option<Vec<String>>,
    #[arg(not_null)]
    pub ports: Option<Vec<u16>>,
    #[arg(not_null)]
    pub region: Option<String>,
    #[arg(not_null)]
    pub zone: Option<String>,
    pub project: String,
    #[arg(not_null)]
    pub owner_email: Option<String>,
    #[arg(not_null)]
    pub description: Option<String>,
    #[arg(not_null)]
    pub tags: Option<Vec<String>>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Queue {
    Default,
    High,
    Low,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum LogLevel {
    Debug,
    Info,
    Warn,
    Error,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum RestartPolicy {
    Never,
    OnFailure,
    Always,
}
