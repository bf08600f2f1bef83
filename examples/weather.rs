//! The main demo: one tool's schema, checked once, and a few calls a model might
//! make, with the errors it would be sent back.
//!
//! ```text
//! cargo run --example weather
//! ```

use serde_json::json;
use tool_schema::{json_report, Format, Schema};

fn main() {
    let schema = Schema::parse(&json!({
        "type": "object",
        "description": "Get the current weather for a city.",
        "properties": {
            "city": {"type": "string", "description": "City name"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "days": {"type": "integer", "minimum": 1, "maximum": 7},
            "filters": {
                "type": "object",
                "properties": {"tags": {"type": "array", "items": {"type": "string"}}}
            }
        },
        "required": ["city"]
    }))
    .expect("the schema is valid");

    println!("schema: {}\n", schema.to_value());

    let calls = [
        json!({"city": "Tokyo", "unit": "celsius"}),
        json!({"unit": "kelvin", "units": "metric"}),
        json!({"city": "Lima", "days": 0, "filters": {"tags": ["rain", 2]}}),
        json!({"city": 3.0, "days": 2.5}),
        json!(["Paris"]),
    ];
    for call in &calls {
        let report = schema.validate(call);
        println!("call: {call}");
        if report.is_valid() {
            println!("  ok: the tool may run");
        }
        for line in Format::Default.render(&report) {
            println!("  - {line}");
        }
        println!();
    }

    let report = schema.validate(&calls[1]);
    println!("the same problems as a JSON report:");
    println!(
        "{}",
        serde_json::to_string_pretty(&json_report(&report)).unwrap()
    );

    println!("\na schema the model cannot honour is refused with every place named:");
    let bad = json!({
        "type": "object",
        "properties": {
            "qty": {"type": "int", "minimum": "1"},
            "sku": {"type": "string", "pattern": "^[A-Z]+$"}
        }
    });
    match Schema::parse(&bad) {
        Ok(_) => println!("  (accepted?)"),
        Err(e) => {
            for p in &e.problems {
                println!("  - {p}");
            }
        }
    }
}
