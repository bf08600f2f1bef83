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
    pub offset: Option<u64>,
    pub sort: Option<Sort>,
    pub languages: Option<Vec<String>>,
    pub include_archived: Option<bool>,
    #[arg(minimum = 0, maximum = 1)]
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
    pub currency: Option<Currency>,
    pub items: Vec<Item>,
    pub notes: Option<String>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Customer {
    pub id: String,
    pub email: Option<String>,
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
    pub working_dir: Option<String>,
    pub user: Option<String>,
    pub queue: Queue,
    #[arg(minimum = 0, maximum = 10)]
    pub priority: Option<u8>,
    #[arg(minimum = 1, maximum = 64)]
    pub cpus: u32,
    #[arg(minimum = 128, maximum = 262144)]
    pub memory_mb: u32,
    #[arg(minimum = 0, maximum = 8)]
    pub gpus: Option<u8>,
    #[arg(minimum = 1, maximum = 86400)]
    pub timeout_s: Option<u32>,
    #[arg(minimum = 0, maximum = 10)]
    pub retries: Option<u8>,
    #[arg(minimum = 0, maximum = 1)]
    pub cpu_quota: Option<f64>,
    #[arg(minimum = 0)]
    pub spot_price_max: Option<f64>,
    #[arg(minimum = 1, maximum = 10)]
    pub backoff_factor: Option<f64>,
    #[arg(minimum = 0)]
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
