//! `#[serde(alias = "...")]`: an argument the model may send under another name
//! (an old name kept after a rename, a word models often pick). The validator
//! reads it under any of its names, reports a value at the name the model wrote,
//! and refuses two names of one argument at once, as serde does; every provider
//! sees the argument under its own name alone.
//!
//! ```text
//! cargo run --example derive_alias
//! ```

use serde::Deserialize;
use serde_json::json;
use tool_schema::export::{Target, ToolExport};
use tool_schema::ToolArgs;

/// Get the weather forecast.
#[derive(ToolArgs, Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct Forecast {
    /// City name.
    #[serde(alias = "town", alias = "location")]
    city: String,
    /// Days ahead.
    // Called `days` before: kept as an alias (`rename_all` does not apply to it).
    #[serde(alias = "days")]
    #[arg(minimum = 1, maximum = 16)]
    days_ahead: Option<u8>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Read under an alias.
    let f = Forecast::parse(&json!({"location": "Oslo", "days": 3}))?;
    println!("{f:?}");

    // A value under an alias is checked where the model wrote it; two names of
    // one argument are refused.
    let report = Forecast::validate(&json!({"city": "Oslo", "town": "Rome", "days": 30}));
    for line in report.messages() {
        println!("{line}");
    }

    // The provider sees `city` and `daysAhead` only.
    let exported = Forecast::export_to(Target::Anthropic, &Default::default())?;
    println!("{}", exported.value["input_schema"]);
    Ok(())
}
