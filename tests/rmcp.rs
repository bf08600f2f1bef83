//! Feature `rmcp`: tool-schema tools in a real rmcp server, called by rmcp's own
//! client over an in-memory transport (a tokio duplex pipe, both ends speaking
//! MCP's JSON-RPC lines after the `initialize` handshake). Run with
//! `cargo test --features rmcp --test rmcp`.
//!
//! One server declares its tools the rmcp way: `#[tool]` methods taking
//! `tool_schema::rmcp::Parameters<T>` (one returning a derived result type as
//! `Json<T>`: `outputSchema` and `structuredContent`), one taking rmcp's own
//! `Parameters<T>`, and one added with `tool_schema::rmcp::route_for`. Another is
//! a `Toolbox` served by `tool_schema::rmcp::ToolboxServer`.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use rmcp::service::RunningService;
use rmcp::{tool, tool_handler, tool_router, Json, RoleClient, ServerHandler, ServiceExt};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use tool_schema::export::{Naming, StructuredOutput, Target};
use tool_schema::rmcp::{route_for, without_meta_schema, Parameters, ToolboxServer};
use tool_schema::{tool_schema, Schema, ToolArgs, Toolbox};

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize, Debug)]
struct GetWeather {
    /// City name.
    #[arg(min_length = 1)]
    city: String,
    unit: Option<Unit>,
}

#[derive(ToolArgs, Deserialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

/// A weather report: the tool's structured result.
#[derive(ToolArgs, Serialize, Deserialize, Debug, PartialEq)]
struct Forecast {
    city: String,
    #[arg(minimum = -100, maximum = 100)]
    temperature: i32,
}

/// Place an order.
#[derive(ToolArgs, Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PlaceOrder {
    #[arg(pattern = "^[A-Z]{3}-[0-9]{4}$")]
    sku: String,
    #[arg(minimum = 1, maximum = 100)]
    quantity: u32,
}

tool_schema! {
    /// Convert an amount between currencies.
    #[tool(name = "convert")]
    Convert = {
        "title": "Currency conversion",
        "type": "object",
        "properties": {
            "amount": { "type": "number", "exclusiveMinimum": 0 },
            "from": { "type": "string", "pattern": "^[A-Z]{3}$" },
            "to": { "type": "string", "pattern": "^[A-Z]{3}$" }
        },
        "required": ["amount", "from", "to"],
        "additionalProperties": false
    }
}

tool_schema! {
    /// Echo a text.
    Echo = {
        "type": "object",
        "properties": { "text": { "type": "string" } },
        "required": ["text"]
    }
}

/// A handler's type asking for more than `Echo`'s schema: the server's bug.
#[derive(Deserialize)]
#[allow(dead_code)]
struct EchoTwice {
    text: String,
    times: u32,
}

#[derive(Deserialize)]
struct ConvertArgs {
    amount: f64,
    from: String,
    to: String,
}

/// What the handlers saw, to prove a call reached one (or did not).
type Seen = Arc<Mutex<Vec<String>>>;

#[derive(Clone)]
struct Shop {
    seen: Seen,
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Shop {
    #[tool(description = "Get the current weather for a city.")]
    async fn get_weather(&self, Parameters(args): Parameters<GetWeather>) -> Json<Forecast> {
        self.seen.lock().unwrap().push(format!("{args:?}"));
        let temperature = match args.unit {
            Some(Unit::Fahrenheit) => 68,
            _ => 20,
        };
        Json(Forecast {
            city: args.city,
            temperature,
        })
    }

    /// rmcp's own `Parameters<T>` with a derived type: the schema is ours too (the
    /// feature `schemars`), the validation serde's.
    #[tool(description = "Get the current weather for a city (serde reads the call).")]
    async fn weather_by_serde(
        &self,
        rmcp::handler::server::wrapper::Parameters(args): rmcp::handler::server::wrapper::Parameters<GetWeather>,
    ) -> String {
        self.seen.lock().unwrap().push(format!("{args:?}"));
        args.city
    }

    #[tool(description = "Place an order.")]
    fn place_order(&self, Parameters(order): Parameters<PlaceOrder>) -> String {
        self.seen.lock().unwrap().push(format!("{order:?}"));
        format!("ordered {} x {}", order.quantity, order.sku)
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Shop {}

impl Shop {
    fn new(seen: Seen) -> Shop {
        let log = seen.clone();
        // A `tool_schema!` tool is a unit struct: its validator checks the call,
        // the handler's own type reads it.
        let convert = route_for(Convert, move |args: ConvertArgs| {
            let log = log.clone();
            async move {
                let line = format!("convert {} {} to {}", args.amount, args.from, args.to);
                log.lock().unwrap().push(line.clone());
                line
            }
        })
        .expect("convert exports to MCP");
        let echo = route_for(Echo, |args: EchoTwice| async move { args.text })
            .expect("echo exports to MCP");
        Shop {
            seen,
            tool_router: without_meta_schema(Shop::tool_router())
                .with_route(convert)
                .with_route(echo),
        }
    }
}

/// A connected client, the `Shop` server running on the other end of a duplex
/// pipe.
async fn connect(seen: Seen) -> RunningService<RoleClient, ()> {
    serve(Shop::new(seen)).await
}

/// A connected client, `server` running on the other end of a duplex pipe.
async fn serve<S: ServerHandler>(server: S) -> RunningService<RoleClient, ()> {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        let running = server.serve(server_io).await.expect("server starts");
        let _ = running.waiting().await;
    });
    ().serve(client_io).await.expect("client connects")
}

async fn call(client: &RunningService<RoleClient, ()>, name: &str, args: Value) -> CallToolResult {
    let Value::Object(arguments) = args else {
        panic!("arguments are an object")
    };
    client
        .call_tool(CallToolRequestParams::new(name.to_owned()).with_arguments(arguments))
        .await
        .unwrap_or_else(|e| panic!("{name}: a tool result, not a protocol error: {e}"))
}

fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .map(|c| c.as_text().expect("text content").text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn tool<'a>(tools: &'a [Tool], name: &str) -> &'a Tool {
    tools
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("{name} listed"))
}

/// No `$schema` in any tool's input or output schema.
fn assert_no_meta_schema(tools: &[Tool]) {
    for t in tools {
        assert!(!t.input_schema.contains_key("$schema"), "{}", t.name);
        let output = t.output_schema.as_deref();
        assert!(
            !output.is_some_and(|o| o.contains_key("$schema")),
            "{}",
            t.name
        );
    }
}

/// `schema` as a `Value`.
fn value(schema: &serde_json::Map<String, Value>) -> Value {
    Value::Object(schema.clone())
}

#[tokio::test(flavor = "current_thread")]
async fn list_tools_gives_our_schemas() {
    let client = connect(Seen::default()).await;
    let tools = client.list_all_tools().await.unwrap();
    let mut names: Vec<_> = tools.iter().map(|t| t.name.to_string()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "convert",
            "echo",
            "get_weather",
            "place_order",
            "weather_by_serde"
        ]
    );

    // No `$schema` in any listed schema (clients such as Gemini CLI refuse
    // schemars' draft 2020-12 one): `without_meta_schema` for the `#[tool]`
    // methods, the MCP export for the routes.
    assert_no_meta_schema(&tools);

    // `#[tool]` with our `Parameters<T>`: T's schema, ours, not schemars' reading of
    // the Rust type (which would have no `minLength`, no `pattern`, no bounds).
    let weather = tool(&tools, "get_weather");
    assert_eq!(value(&weather.input_schema), GetWeather::schema().clone());
    assert_eq!(weather.input_schema["properties"]["city"]["minLength"], 1);
    // `Json<Forecast>`: the derived result type's schema is the output schema.
    assert_eq!(
        value(weather.output_schema.as_ref().expect("outputSchema")),
        Forecast::schema().clone()
    );
    // rmcp's own `Parameters<T>` takes `T`'s schema through schemars: ours as well.
    assert_eq!(
        tool(&tools, "weather_by_serde").input_schema,
        weather.input_schema
    );
    let order = tool(&tools, "place_order");
    assert_eq!(value(&order.input_schema), PlaceOrder::schema().clone());

    // `route`: the MCP export, title and description included.
    let convert = tool(&tools, "convert");
    let exported = <Convert as tool_schema::export::ToolExport>::mcp().unwrap();
    assert_eq!(
        Value::Object((*convert.input_schema).clone()),
        exported["inputSchema"]
    );
    assert_eq!(convert.title.as_deref(), Some("Currency conversion"));
    assert_eq!(
        convert.description.as_deref(),
        Some("Convert an amount between currencies.")
    );
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_bad_call_is_an_error_result_with_every_violation() {
    let seen = Seen::default();
    let client = connect(seen.clone()).await;

    // Three problems at once: serde would have stopped at the first.
    let bad = json!({"sku": "abc", "quantity": 0, "qty": 2});
    let result = call(&client, "place_order", bad.clone()).await;
    assert_eq!(result.is_error, Some(true));
    let expected = PlaceOrder::validate(&bad).messages();
    assert_eq!(expected.len(), 3);
    assert_eq!(
        text_of(&result),
        format!("failed to deserialize parameters: {}", expected.join("\n"))
    );

    let bad = json!({"city": "", "unit": "Kelvin"});
    let result = call(&client, "get_weather", bad.clone()).await;
    assert_eq!(result.is_error, Some(true));
    let text = text_of(&result);
    for message in GetWeather::validate(&bad).messages() {
        assert!(text.contains(&message), "{message} in {text}");
    }
    assert!(result.structured_content.is_none());

    // Through `route`: our messages alone.
    let bad = json!({"amount": -5, "from": "usd"});
    let result = call(&client, "convert", bad.clone()).await;
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        text_of(&result),
        Convert::validate(&bad).messages().join("\n")
    );
    assert_eq!(
        text_of(&result),
        [
            "missing required argument 'to'",
            "argument 'amount' should be greater than 0, got -5",
            "argument 'from' should match the pattern ^[A-Z]{3}$, got \"usd\"",
        ]
        .join("\n")
    );

    // rmcp's own `Parameters<T>`: an error result as well, but serde's reading:
    // no `minLength`, and the first problem alone.
    let result = call(
        &client,
        "weather_by_serde",
        json!({"city": "", "unit": "Kelvin"}),
    )
    .await;
    assert_eq!(result.is_error, Some(true));
    assert!(
        text_of(&result).contains("unknown variant `Kelvin`"),
        "{}",
        text_of(&result)
    );
    assert!(!text_of(&result).contains("city"), "{}", text_of(&result));

    // Arguments the validator accepts but the handler's type cannot read: a
    // protocol error (the server's bug, not the model's), no panic, and the
    // server goes on answering.
    let params = CallToolRequestParams::new("echo")
        .with_arguments(json!({"text": "hi"}).as_object().unwrap().clone());
    let error = client.call_tool(params).await.unwrap_err().to_string();
    assert!(
        error.contains("passed validation but serde refused them"),
        "{error}"
    );

    // No handler ran.
    assert!(seen.lock().unwrap().is_empty());
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_good_call_reaches_the_handler_typed() {
    let seen = Seen::default();
    let client = connect(seen.clone()).await;

    let result = call(
        &client,
        "get_weather",
        json!({"city": "Paris", "unit": "fahrenheit"}),
    )
    .await;
    assert_ne!(result.is_error, Some(true));
    let forecast: Forecast = serde_json::from_value(
        result
            .structured_content
            .clone()
            .expect("structuredContent"),
    )
    .unwrap();
    assert_eq!(
        forecast,
        Forecast {
            city: "Paris".into(),
            temperature: 68
        }
    );
    // What the tool sent back is valid against its own output schema.
    assert!(Forecast::validate(result.structured_content.as_ref().unwrap()).is_valid());

    let result = call(
        &client,
        "place_order",
        json!({"sku": "ABC-1234", "quantity": 3}),
    )
    .await;
    assert_ne!(result.is_error, Some(true));
    assert_eq!(text_of(&result), "ordered 3 x ABC-1234");

    let args = json!({"amount": 12.5, "from": "EUR", "to": "USD"});
    let result = call(&client, "convert", args).await;
    assert_eq!(result.is_error, Some(false));
    assert_eq!(text_of(&result), "convert 12.5 EUR to USD");

    assert_eq!(
        *seen.lock().unwrap(),
        [
            "GetWeather { city: \"Paris\", unit: Some(Fahrenheit) }",
            "PlaceOrder { sku: \"ABC-1234\", quantity: 3 }",
            "convert 12.5 EUR to USD",
        ]
    );
    client.cancel().await.unwrap();
}

/// A toolbox of a typed tool (JSON output), an async one and a dynamic one.
fn toolbox(seen: &Seen) -> Toolbox {
    let (weather, order, lookup) = (seen.clone(), seen.clone(), seen.clone());
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {"word": {"type": "string", "maxLength": 10}},
        "required": ["word"],
        "additionalProperties": false
    }))
    .unwrap();
    Toolbox::new()
        .tool(move |args: GetWeather| {
            weather.lock().unwrap().push(format!("{args:?}"));
            let forecast = Forecast {
                city: args.city,
                temperature: 20,
            };
            Forecast::structured_content(&forecast).map_err(|report| report.to_string())
        })
        .tool_async(move |o: PlaceOrder| {
            let order = order.clone();
            async move {
                order.lock().unwrap().push(format!("{o:?}"));
                format!("ordered {} x {}", o.quantity, o.sku)
            }
        })
        .dynamic("lookup", "Look a word up.", schema, move |args: Value| {
            lookup.lock().unwrap().push(args.to_string());
            Err::<String, _>(format!("no entry for {}", args["word"]))
        })
}

#[tokio::test(flavor = "current_thread")]
async fn a_toolbox_served_by_rmcp() {
    let seen = Seen::default();
    let tools = toolbox(&seen);
    let exported = tools.export(Target::Mcp).unwrap().value;
    let server = ToolboxServer::new(tools)
        .unwrap()
        .with_output_schema::<Forecast>("get_weather")
        .unwrap();
    let client = serve(server).await;

    // tools/list: the toolbox's MCP export, as it is, and the result type's
    // output schema.
    let mut listed = client.list_all_tools().await.unwrap();
    assert_no_meta_schema(&listed);
    let weather = listed.iter_mut().find(|t| t.name == "get_weather").unwrap();
    let output = weather.output_schema.take().expect("outputSchema");
    assert_eq!(
        Value::Object((*output).clone()),
        Forecast::mcp_output_schema().unwrap()
    );
    assert_eq!(serde_json::to_value(&listed).unwrap(), exported["tools"]);

    // Bad calls: every violation, no handler run.
    let bad = json!({"sku": "abc", "quantity": 0, "qty": 2});
    let result = call(&client, "place_order", bad.clone()).await;
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        text_of(&result),
        PlaceOrder::validate(&bad).messages().join("\n")
    );
    let result = call(
        &client,
        "lookup",
        json!({"word": "antidisestablishment", "lang": "en"}),
    )
    .await;
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        text_of(&result),
        "argument 'word' should be at most 10 characters long, got 20\nunexpected argument 'lang'"
    );
    assert!(seen.lock().unwrap().is_empty());

    // An unknown tool is a protocol error, in our words.
    let params = CallToolRequestParams::new("get_wether").with_arguments(Default::default());
    let error = client.call_tool(params).await.unwrap_err().to_string();
    assert!(
        error.contains("unknown tool 'get_wether' (did you mean 'get_weather'?)"),
        "{error}"
    );

    // Good calls reach their handlers, typed; JSON output is structuredContent;
    // a handler's error is an error result.
    let result = call(&client, "get_weather", json!({"city": "Oslo"})).await;
    assert_eq!(result.is_error, Some(false));
    assert_eq!(
        result.structured_content,
        Some(json!({"city": "Oslo", "temperature": 20}))
    );
    let result = call(
        &client,
        "place_order",
        json!({"sku": "ABC-1234", "quantity": 2}),
    )
    .await;
    assert_eq!(text_of(&result), "ordered 2 x ABC-1234");
    let result = call(&client, "lookup", json!({"word": "cat"})).await;
    assert_eq!(result.is_error, Some(true));
    assert_eq!(text_of(&result), "no entry for \"cat\"");
    assert_eq!(
        *seen.lock().unwrap(),
        [
            "GetWeather { city: \"Oslo\", unit: None }",
            "PlaceOrder { sku: \"ABC-1234\", quantity: 2 }",
            "{\"word\":\"cat\"}",
        ]
    );
    client.cancel().await.unwrap();
}

/// A toolbox with a server prefix: `tools/list` gives the prefixed names, a
/// call naming one reaches its handler, and the output schema is attached to
/// the tool named by its own name.
#[tokio::test(flavor = "current_thread")]
async fn a_toolbox_with_a_naming_is_served_by_its_mapped_names() {
    let seen = Seen::default();
    let server = ToolboxServer::new(toolbox(&seen).naming(Naming::map_with_prefix("shop")))
        .unwrap()
        .with_output_schema::<Forecast>("get_weather")
        .unwrap();
    let client = serve(server).await;
    let listed = client.list_all_tools().await.unwrap();
    let names: Vec<&str> = listed.iter().map(|t| &*t.name).collect();
    assert_eq!(
        names,
        ["shop__get_weather", "shop__place_order", "shop__lookup"]
    );
    assert!(tool(&listed, "shop__get_weather").output_schema.is_some());
    let result = call(&client, "shop__get_weather", json!({"city": "Oslo"})).await;
    assert_eq!(result.is_error, Some(false));
    assert_eq!(
        result.structured_content,
        Some(json!({"city": "Oslo", "temperature": 20}))
    );
    client.cancel().await.unwrap();
}
