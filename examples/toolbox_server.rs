//! A `Toolbox` served as an MCP server by `tool_schema::rmcp::ToolboxServer`, and
//! rmcp's own client talking to it in the same process, over a pipe: the real
//! `initialize` handshake, `tools/list`, a bad call (every violation comes back
//! as an `isError` result), a good one.
//!
//! ```text
//! cargo run --features rmcp --example toolbox_server
//! ```
//!
//! To serve the same toolbox on stdio instead, `server.serve(rmcp::transport::stdio())`
//! (see `examples/mcp_server.rs`).

use rmcp::model::CallToolRequestParams;
use rmcp::ServiceExt;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tool_schema::export::StructuredOutput;
use tool_schema::rmcp::ToolboxServer;
use tool_schema::{Schema, ToolArgs, Toolbox};

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize)]
struct GetWeather {
    /// City name, e.g. "Paris".
    #[arg(min_length = 1)]
    city: String,
}

/// The weather in a city: `get_weather`'s structured result.
#[derive(ToolArgs, Serialize)]
struct Forecast {
    city: String,
    temperature: i32,
}

/// Place an order for an article.
#[derive(ToolArgs, Deserialize)]
struct PlaceOrder {
    /// The article number: three capitals, a dash, four digits.
    #[arg(pattern = "^[A-Z]{3}-[0-9]{4}$")]
    sku: String,
    #[arg(minimum = 1, maximum = 100)]
    quantity: u32,
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A tool whose schema arrives at run time, beside two typed ones.
    let lookup = Schema::parse(&json!({
        "type": "object",
        "properties": {"word": {"type": "string", "maxLength": 20}},
        "required": ["word"],
        "additionalProperties": false
    }))?;
    let tools = Toolbox::new()
        .tool(|args: GetWeather| {
            let forecast = Forecast {
                city: args.city,
                temperature: 21,
            };
            Forecast::structured_content(&forecast).map_err(|report| report.to_string())
        })
        .tool_async(|order: PlaceOrder| async move {
            format!("ordered {} x {}", order.quantity, order.sku)
        })
        .dynamic("lookup", "Look a word up.", lookup, |args: Value| {
            format!("{} is a word", args["word"])
        });
    let server = ToolboxServer::new(tools)?.with_output_schema::<Forecast>("get_weather")?;

    // The server on one end of a pipe, rmcp's client on the other.
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = ().serve(client_io).await?;

    for tool in client.list_all_tools().await? {
        println!(
            "tools/list: {} {}",
            tool.name,
            Value::Object((*tool.input_schema).clone())
        );
    }
    let calls = [
        (
            "place_order",
            json!({"sku": "abc", "quantity": 0, "qty": 2}),
        ),
        ("place_order", json!({"sku": "ABC-1234", "quantity": 2})),
        ("get_weather", json!({"city": "Oslo"})),
    ];
    for (name, arguments) in calls {
        let Value::Object(arguments) = arguments else {
            unreachable!("the arguments are objects")
        };
        let params = CallToolRequestParams::new(name).with_arguments(arguments);
        let result = client.call_tool(params).await?;
        println!(
            "tools/call {name}: {}",
            serde_json::to_string(&result).unwrap_or_default()
        );
    }
    client.cancel().await?;
    Ok(())
}
