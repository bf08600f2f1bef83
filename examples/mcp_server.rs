//! An MCP server on stdio, built with rmcp (the official Rust MCP SDK) and two
//! tools whose arguments tool-schema declares, validates and reports on.
//!
//! ```text
//! cargo run --features rmcp --example mcp_server
//! ```
//!
//! (rmcp needs Rust 1.88.) Point an MCP client at that command, or talk to it by
//! hand: one JSON-RPC message per line on standard input, for instance
//!
//! ```text
//! {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"me","version":"0"}}}
//! {"jsonrpc":"2.0","method":"notifications/initialized"}
//! {"jsonrpc":"2.0","id":2,"method":"tools/list"}
//! {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"place_order","arguments":{"sku":"abc","quantity":0,"qty":2}}}
//! ```
//!
//! The last call answers `isError: true` with the three problems at once:
//! `argument 'sku' should match the pattern ...`, `argument 'quantity' should be at
//! least 1, got 0`, `unexpected argument 'qty'`. `tools/list` shows the schemas
//! tool-schema derived (bounds, patterns, enums, `additionalProperties: false`), and
//! `get_weather`'s `outputSchema`, its result type's schema.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::{tool, tool_handler, tool_router, Json, ServerHandler, ServiceExt};
use serde::{Deserialize, Serialize};
use tool_schema::rmcp::{without_meta_schema, Parameters};
use tool_schema::ToolArgs;

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize)]
struct GetWeather {
    /// City name, e.g. "Paris".
    #[arg(min_length = 1, max_length = 100)]
    city: String,
    /// Temperature unit (default: celsius).
    unit: Option<Unit>,
}

#[derive(ToolArgs, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

/// The weather in a city: `get_weather`'s structured result.
#[derive(ToolArgs, Serialize)]
struct Forecast {
    city: String,
    temperature: i32,
    unit: String,
}

/// Place an order for an article.
#[derive(ToolArgs, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaceOrder {
    /// The article number: three capitals, a dash, four digits.
    #[arg(pattern = "^[A-Z]{3}-[0-9]{4}$")]
    sku: String,
    #[arg(minimum = 1, maximum = 100)]
    quantity: u32,
}

#[derive(Clone)]
struct Shop {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Shop {
    #[tool(description = "Get the current weather for a city.")]
    async fn get_weather(&self, Parameters(args): Parameters<GetWeather>) -> Json<Forecast> {
        let (temperature, unit) = match args.unit.unwrap_or(Unit::Celsius) {
            Unit::Celsius => (21, "celsius"),
            Unit::Fahrenheit => (70, "fahrenheit"),
        };
        Json(Forecast {
            city: args.city,
            temperature,
            unit: unit.into(),
        })
    }

    #[tool(description = "Place an order for an article.")]
    async fn place_order(&self, Parameters(order): Parameters<PlaceOrder>) -> String {
        format!("ordered {} x {}", order.quantity, order.sku)
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Shop {}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // rmcp lists the schemas with schemars' `$schema`, which some clients refuse.
    let shop = Shop {
        tool_router: without_meta_schema(Shop::tool_router()),
    };
    // Standard output is the protocol's: nothing else may be printed there.
    let server = shop.serve(rmcp::transport::stdio()).await?;
    server.waiting().await?;
    Ok(())
}
