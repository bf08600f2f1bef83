//! An agent's tool host with three typed tools declared as Rust types with
//! `#[derive(ToolArgs)]`: it prints the tool definitions a model would be given,
//! then handles a model's calls, hallucinated ones included, through a
//! [`Toolbox`]: each call is routed by name, parsed into the tool's own type
//! (validated, then deserialised by serde) and run; a call that does not fit, or
//! names no tool, gets the default-format errors back, for the model to fix its
//! call. (`examples/agent_loop.rs` runs the same in a provider's wire format.)
//!
//! ```text
//! cargo run --example agent
//! ```

use serde::Deserialize;
use serde_json::json;
use tool_schema::export::Target;
use tool_schema::toolbox::{Call, Toolbox};
use tool_schema::ToolArgs;

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize, Debug)]
struct GetWeather {
    /// City name, e.g. "Tokyo".
    city: String,
    unit: Option<Unit>,
}

/// A temperature unit.
#[derive(ToolArgs, Deserialize, Debug, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

/// Search the product catalogue.
#[derive(ToolArgs, Deserialize, Debug)]
#[tool(name = "search_products")]
#[serde(deny_unknown_fields)]
struct Search {
    /// Words to look for.
    #[arg(min_length = 1, max_length = 200, example = "waterproof jacket")]
    query: String,
    /// How many results to return.
    #[arg(minimum = 1, maximum = 50)]
    #[serde(default = "default_limit")]
    limit: u8,
    /// The order of the results.
    #[serde(default)]
    sort: Sort,
    /// Only products in these categories.
    #[serde(default)]
    categories: Vec<Category>,
}

fn default_limit() -> u8 {
    10
}

#[derive(ToolArgs, Deserialize, Debug, Default)]
#[serde(rename_all = "snake_case")]
enum Sort {
    #[default]
    Relevance,
    PriceAscending,
    PriceDescending,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(rename_all = "lowercase")]
enum Category {
    Clothing,
    Outdoor,
    Electronics,
}

/// Place an order for one or more products.
#[derive(ToolArgs, Deserialize, Debug)]
#[tool(name = "place_order")]
struct Order {
    /// Who the order is for.
    customer: Customer,
    /// The products and their quantities.
    #[arg(min_items = 1, max_items = 20)]
    lines: Vec<Line>,
    /// A note for the warehouse.
    note: Option<String>,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Customer {
    id: u32,
    #[arg(pattern = "^[^@ ]+@[^@ ]+$")]
    email: String,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Line {
    /// The product's SKU, e.g. "JKT-042".
    sku: String,
    #[arg(minimum = 1, maximum = 100)]
    qty: u8,
}

/// The host's tools, each with its handler: the handler's argument type names
/// the tool and gives its schema.
fn tools() -> Toolbox {
    Toolbox::new()
        .tool(|w: GetWeather| {
            let unit = w.unit.unwrap_or(Unit::Celsius);
            format!("{}: 21 degrees {unit:?}, light rain", w.city)
        })
        .tool(|s: Search| {
            format!(
                "{} results for {:?} by {:?} in {:?}",
                s.limit, s.query, s.sort, s.categories
            )
        })
        .tool(|o: Order| {
            let items: u32 = o.lines.iter().map(|l| u32::from(l.qty)).sum();
            let skus: Vec<&str> = o.lines.iter().map(|l| l.sku.as_str()).collect();
            format!(
                "order placed for customer {} ({}): {} ({items} items){}",
                o.customer.id,
                o.customer.email,
                skus.join(", "),
                o.note.map(|n| format!(", note {n:?}")).unwrap_or_default()
            )
        })
}

fn main() {
    let tools = tools();
    println!("Tools offered to the model (Anthropic's format):\n");
    let definitions = tools.export(Target::Anthropic).expect("the tools export");
    for definition in definitions.value.as_array().into_iter().flatten() {
        println!("{}\n", serde_json::to_string_pretty(definition).unwrap());
    }

    // What a model might send: good calls, and the usual hallucinations.
    let calls = [
        ("get_weather", json!({"city": "Tokyo", "unit": "celsius"})),
        (
            "get_weather",
            json!({"location": "Tokyo", "unit": "kelvin"}),
        ),
        (
            "search_products",
            json!({"query": "waterproof jacket", "categories": ["outdoor"]}),
        ),
        (
            "search_products",
            json!({"query": "", "limit": 500, "sort": "cheapest", "categories": ["shoes"]}),
        ),
        (
            "place_order",
            json!({
                "customer": {"id": 42, "email": "ann@example.com"},
                "lines": [{"sku": "JKT-042", "qty": 2}, {"sku": "CAP-007", "qty": 1}],
                "note": "leave at the door"
            }),
        ),
        (
            "place_order",
            json!({
                "customer": {"id": "42", "email": "ann at example.com"},
                "lines": [{"sku": "JKT-042", "quantity": 2}, {"sku": "CAP-007", "qty": 0}]
            }),
        ),
        (
            "place_order",
            json!({"customer": {"id": 42, "email": "a@b.c"}, "lines": []}),
        ),
        ("get_forecast", json!({"city": "Tokyo"})),
    ];
    println!("Calls:\n");
    for (name, args) in calls {
        println!("{name} {args}");
        // Routed by name, validated, parsed into the tool's type and run; or the
        // errors for the model.
        let outcome = tools.run(Target::Anthropic, Call::new(name, args));
        match &outcome.result {
            Ok(output) => println!("  ok: {}", output.text()),
            Err(failure) => {
                for e in failure.messages() {
                    println!("  - {e}");
                }
            }
        }
        println!();
    }
}
