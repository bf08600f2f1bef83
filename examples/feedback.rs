//! Feedback that fixes a call in one turn: suggestions, the optional words, and
//! opt-in repair, on hallucinated calls to one tool.
//!
//! ```text
//! cargo run --example feedback
//! ```

use serde::Deserialize;
use serde_json::json;

use tool_schema::ToolArgsExt;
use tool_schema::{json_report, repair_report, Format, ToolArgs};

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct GetWeather {
    /// The city to look up. Any language works.
    city: String,
    /// The output format.
    format: Option<String>,
    unit: Option<Unit>,
    /// How many days ahead.
    #[arg(minimum = 1, maximum = 7)]
    days: Option<u8>,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

fn main() {
    // Suggestions: a misspelt name points at the declared one, a value in
    // another case at the allowed one.
    let call = json!({"citty": "Paris", "fromat": "short", "unit": "Celsius"});
    let report = GetWeather::validate(&call);
    println!("call: {call}");
    for line in report.messages() {
        println!("  {line}");
    }
    println!("  as JSON: {}\n", json_report(&report)["violations"][1]);

    // The optional words: a summary line, the missing argument's description.
    let report = GetWeather::validate(&json!({"days": 3}));
    println!("call: {{\"days\": 3}} with Words::for_tool");
    for line in Format::Default.render_with(&report, &GetWeather::words()) {
        println!("  {line}");
    }
    println!();

    // Opt-in repair: the unambiguous mistakes mended, every change reported,
    // the result validated again.
    let text = "```json\n{\"city\": \"Oslo\", \"days\": \"3\", \"unit\": \"FAHRENHEIT\"}\n```";
    let repaired = GetWeather::repair_str(text, &Default::default()).expect("JSON inside");
    println!("text: {text:?}");
    for line in repaired.messages() {
        println!("  {line}");
    }
    println!(
        "  repaired: {} (valid: {})",
        repaired.value,
        repaired.is_valid()
    );
    println!("  as JSON: {}", repair_report(&repaired)["changes"][1]);
    let args = GetWeather::parse(&repaired.value).expect("valid after repair");
    println!("  parsed: {args:?}");
}
