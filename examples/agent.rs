//! An agent's tool host with three typed tools declared as Rust types with
//! `#[derive(ToolArgs)]`: it prints the tool definitions a model would be given,
//! then handles a model's calls, hallucinated ones included. Each call is parsed
//! into the tool's own type (validated, then deserialised by serde) and run; a
//! call that does not fit gets the default-format errors back, for the model to
//! fix its call.
//!
//! ```text
//! cargo run --example agent
//! ```

use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::{Format, Kind, Path, Position, Report, ToolArgs, Violation};

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

/// Runs one call: the tool's result, or the report of an invalid call.
type Run = Box<dyn Fn(&Value) -> Result<String, Report>>;

/// One tool the host offers: its definition for the model, and how to run a call.
struct Tool {
    name: &'static str,
    description: &'static str,
    schema: &'static Value,
    run: Run,
}

/// Parses a call into `T` (every problem, or typed arguments) and runs `f` on it.
fn tool<T: ToolArgs + serde::de::DeserializeOwned + 'static>(f: fn(T) -> String) -> Tool {
    Tool {
        name: T::NAME,
        description: T::DESCRIPTION,
        schema: T::schema(),
        run: Box::new(move |args| T::parse(args).map(f)),
    }
}

fn tools() -> Vec<Tool> {
    vec![
        tool(|w: GetWeather| {
            let unit = w.unit.unwrap_or(Unit::Celsius);
            format!("{}: 21 degrees {unit:?}, light rain", w.city)
        }),
        tool(|s: Search| {
            format!(
                "{} results for {:?} by {:?} in {:?}",
                s.limit, s.query, s.sort, s.categories
            )
        }),
        tool(|o: Order| {
            let items: u32 = o.lines.iter().map(|l| u32::from(l.qty)).sum();
            let skus: Vec<&str> = o.lines.iter().map(|l| l.sku.as_str()).collect();
            format!(
                "order placed for customer {} ({}): {} ({items} items){}",
                o.customer.id,
                o.customer.email,
                skus.join(", "),
                o.note.map(|n| format!(", note {n:?}")).unwrap_or_default()
            )
        }),
    ]
}

/// The host's answer to one call: the tool's result, or the errors for the model.
fn handle(tools: &[Tool], name: &str, args: &Value) -> Result<String, Vec<String>> {
    let Some(tool) = tools.iter().find(|t| t.name == name) else {
        let unknown = Violation::new(
            Kind::UnknownTool {
                name: name.to_string(),
                known: tools.iter().map(|t| t.name.to_string()).collect(),
            },
            Path::default(),
            Position::default(),
        );
        return Err(Format::Default.render(&Report::new(vec![unknown])));
    };
    (tool.run)(args).map_err(|report| Format::Default.render(&report))
}

fn main() {
    let tools = tools();
    println!("Tools offered to the model:\n");
    for t in &tools {
        let definition =
            json!({"name": t.name, "description": t.description, "input_schema": t.schema});
        println!("{}\n", serde_json::to_string_pretty(&definition).unwrap());
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
    for (name, args) in &calls {
        println!("{name} {args}");
        match handle(&tools, name, args) {
            Ok(result) => println!("  ok: {result}"),
            Err(errors) => {
                for e in errors {
                    println!("  - {e}");
                }
            }
        }
        println!();
    }
}
