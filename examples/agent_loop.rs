//! An agent loop against a scripted model: a recorded conversation in the
//! Anthropic Messages wire format, no network. The model's first turn calls two
//! tools with mistakes (a misspelt argument, an enum value in another case, a
//! missing argument); the toolbox answers each call with a `tool_result` error
//! carrying every problem; the model's next turn is right, and the handlers run.
//!
//! ```text
//! cargo run --example agent_loop
//! ```

use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::export::Target;
use tool_schema::toolbox::{reply, Toolbox};
use tool_schema::ToolArgs;

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize)]
struct GetWeather {
    /// City name, e.g. "Lisbon".
    city: String,
    unit: Option<Unit>,
}

#[derive(ToolArgs, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

/// Book a table at a restaurant.
#[derive(ToolArgs, Deserialize)]
struct BookTable {
    /// The restaurant's name.
    restaurant: String,
    /// How many people.
    #[arg(minimum = 1, maximum = 12)]
    party_size: u8,
    /// The time, as HH:MM.
    #[arg(pattern = "^[0-2][0-9]:[0-5][0-9]$")]
    time: String,
}

fn toolbox() -> Toolbox {
    Toolbox::new()
        .tool(|w: GetWeather| match w.unit.unwrap_or(Unit::Celsius) {
            Unit::Celsius => format!("{}: 24 degrees C, sunny", w.city),
            Unit::Fahrenheit => format!("{}: 75 degrees F, sunny", w.city),
        })
        .tool(|b: BookTable| {
            if b.restaurant.eq_ignore_ascii_case("closed kitchen") {
                return Err(format!("{} is closed tonight", b.restaurant));
            }
            Ok(format!(
                "booked {} for {} at {} (confirmation T-4821)",
                b.restaurant, b.party_size, b.time
            ))
        })
}

/// The model's turns, as the Messages API returned them (recorded, so the demo
/// needs no network and no key).
fn scripted_model() -> Vec<Value> {
    vec![
        json!({
            "role": "assistant",
            "stop_reason": "tool_use",
            "content": [
                {"type": "text", "text": "I'll check the weather and book the table."},
                {"type": "tool_use", "id": "toolu_01", "name": "get_weather",
                 "input": {"citty": "Lisbon", "unit": "Celsius"}},
                {"type": "tool_use", "id": "toolu_02", "name": "book_table",
                 "input": {"restaurant": "Taberna Sal", "time": "20:00"}}
            ]
        }),
        json!({
            "role": "assistant",
            "stop_reason": "tool_use",
            "content": [
                {"type": "text", "text": "Let me fix those calls."},
                {"type": "tool_use", "id": "toolu_03", "name": "get_weather",
                 "input": {"city": "Lisbon", "unit": "celsius"}},
                {"type": "tool_use", "id": "toolu_04", "name": "book_table",
                 "input": {"restaurant": "Taberna Sal", "party_size": 4, "time": "20:00"}}
            ]
        }),
        json!({
            "role": "assistant",
            "stop_reason": "end_turn",
            "content": [{"type": "text", "text":
                "It's 24 degrees and sunny in Lisbon; your table for 4 at Taberna Sal is booked for 20:00 (T-4821)."}]
        }),
    ]
}

fn main() {
    let tools = toolbox();
    let target = Target::Anthropic;

    // Declare -> export: the `tools` value of the request.
    let exported = tools
        .export(target)
        .expect("the tools export for Anthropic");
    println!(
        "tools offered: {}\n",
        tools.names().collect::<Vec<_>>().join(", ")
    );
    let mut messages = vec![json!({"role": "user", "content":
        "What's the weather in Lisbon? And book Taberna Sal for four at 8pm."})];
    println!(
        "user: {}\n",
        messages[0]["content"].as_str().unwrap_or_default()
    );

    let mut errors = 0;
    let mut successes = 0;
    for turn in scripted_model() {
        // A real loop sends {"model", "tools": exported.value, "messages"} here.
        let _request = json!({"tools": &exported.value, "messages": &messages});
        print_turn(&turn);
        let done = turn["stop_reason"] != "tool_use";
        if done {
            messages.push(turn);
            break;
        }
        // Dispatch: every tool_use block of the turn -> its tool_result block.
        let results = tools
            .dispatch_turn(target, &turn)
            .expect("the recorded turn is an Anthropic message");
        for result in &results {
            let error = result["is_error"] == true;
            if error {
                errors += 1;
            } else {
                successes += 1;
            }
            println!(
                "  tool_result {} ({}):",
                result["tool_use_id"].as_str().unwrap_or_default(),
                if error { "error" } else { "ok" }
            );
            for line in result["content"].as_str().unwrap_or_default().lines() {
                println!("    {line}");
            }
        }
        println!();
        messages.push(turn);
        messages.push(reply(target, results));
    }
    // The recording's outcome: the first turn's two calls refused, the second's
    // two run.
    assert_eq!((errors, successes), (2, 2), "unexpected outcome");
    println!();
    println!("{} messages in the conversation", messages.len());
}

fn print_turn(turn: &Value) {
    for block in turn["content"].as_array().into_iter().flatten() {
        match block["type"].as_str() {
            Some("text") => println!("assistant: {}", block["text"].as_str().unwrap_or_default()),
            Some("tool_use") => println!(
                "  tool_use {} {} {}",
                block["id"].as_str().unwrap_or_default(),
                block["name"].as_str().unwrap_or_default(),
                block["input"]
            ),
            _ => {}
        }
    }
}
