//! Two tools declared with `tool_schema!`, compiled when this example compiles:
//! their schemas, and the errors a model gets back for a few hallucinated calls.
//!
//! ```text
//! cargo run --example tools
//! ```

use serde_json::json;
use tool_schema::{tool_schema, Format, ToolArgs};

tool_schema! {
    /// Get the current weather for a city.
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string", "description": "City name" },
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] }
        },
        "required": ["city"]
    }

    /// Place an order for a product.
    #[tool(name = "place_order")]
    pub Order = {
        "type": "object",
        "properties": {
            "sku": { "type": "string" },
            "qty": { "type": "integer", "minimum": 1, "maximum": 100 },
            "note": { "type": ["string", "null"] },
            "lines": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "sku": { "type": "string" },
                        "qty": { "type": "integer", "minimum": 1 }
                    },
                    "required": ["sku", "qty"]
                }
            }
        },
        "required": ["sku", "qty"],
        "additionalProperties": false
    }
}

fn show<T: ToolArgs>(calls: &[serde_json::Value]) {
    println!("tool {}: {}", T::NAME, T::DESCRIPTION);
    println!("  schema: {}", T::SCHEMA_JSON);
    for call in calls {
        let report = T::validate(call);
        println!("  call {call}");
        if report.is_valid() {
            println!("    ok");
        }
        for line in Format::Default.render(&report) {
            println!("    - {line}");
        }
    }
    println!();
}

fn main() {
    show::<GetWeather>(&[
        json!({"city": "Tokyo"}),
        json!({"city": "Tokyo", "unit": "kelvin"}),
        json!({"location": "Tokyo", "units": "metric"}),
    ]);
    show::<Order>(&[
        json!({"sku": "A-1", "qty": 3, "note": null}),
        json!({"sku": "A-1", "qty": 0}),
        json!({"sku": 7, "qty": 2.0, "lines": [{"sku": "B"}, {"sku": "C", "qty": -1}]}),
    ]);
}
