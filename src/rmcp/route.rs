//! [`route`]: a tool type and its handler as an rmcp `ToolRoute`.

use super::arguments::{read, Refused};
use crate::export::{self, ExportError, ExportOptions, Target, ToolSpec};
use crate::{Report, ToolArgs};
use rmcp::handler::server::router::tool::ToolRoute;
use rmcp::handler::server::tool::{IntoCallToolResult, ToolCallContext};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, JsonObject, Tool};
use rmcp::serde::de::DeserializeOwned;
use rmcp::ErrorData;
use serde_json::Value;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// What a route's call answers.
type Answer<'a> = Pin<Box<dyn Future<Output = Result<CallToolResponse, ErrorData>> + Send + 'a>>;

/// The tool `T` for an rmcp `ToolRouter`, answered by `handler`, which takes the
/// arguments as `T` (a type deriving `ToolArgs` and `Deserialize`):
///
/// ```no_run
/// # use rmcp::handler::server::router::tool::ToolRouter;
/// /// Get the current weather for a city.
/// #[derive(tool_schema::ToolArgs, serde::Deserialize)]
/// struct GetWeather {
///     city: String,
/// }
/// # struct Server;
///
/// let router = ToolRouter::<Server>::new().with_route(
///     tool_schema::rmcp::route(|args: GetWeather| async move {
///         format!("sunny in {}", args.city)
///     })
///     .expect("the tool exports to MCP"),
/// );
/// ```
///
/// - Listed as `T`'s MCP export ([`crate::export::ToolExport::mcp`]): `name`,
///   `title` (the schema's root `title`), `description`, `inputSchema`. Set an
///   `outputSchema` on the route's `attr` (`Tool::with_output_schema::<O>()`
///   takes a derived type's schema through `schemars`).
/// - A call whose arguments `T`'s validator refuses answers
///   [`invalid_arguments`]: `isError: true` and our messages, one per line. A
///   valid call reaches `handler` typed (deserialised by serde), and what it
///   returns becomes the result as rmcp's `IntoCallToolResult` says (a `String`,
///   `Json<T>` for `structuredContent`, a `Result` whose `Err` is an error
///   result, ...).
///
/// # Errors
///
/// An [`ExportError`] when `T`'s schema cannot be an MCP `inputSchema`.
pub fn route<T, S, F, Fut, R>(handler: F) -> Result<ToolRoute<S>, ExportError>
where
    T: ToolArgs + DeserializeOwned + 'static,
    S: Send + Sync + 'static,
    F: Fn(T) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = R> + Send + 'static,
    R: IntoCallToolResult,
{
    validated::<T, T, S, F, Fut, R>(handler)
}

/// [`route`] for a tool whose type is not the arguments' (a `tool_schema!`
/// declaration, a unit struct): `T`'s schema and validator, and `handler` takes
/// the arguments as any `A` serde reads them into (`serde_json::Value`, a struct
/// of your own):
///
/// ```no_run
/// # use rmcp::handler::server::router::tool::ToolRouter;
/// tool_schema::tool_schema! {
///     /// Echo a text.
///     Echo = {
///         "type": "object",
///         "properties": { "text": { "type": "string", "maxLength": 100 } },
///         "required": ["text"]
///     }
/// }
/// # struct Server;
///
/// let router = ToolRouter::<Server>::new().with_route(
///     tool_schema::rmcp::route_for(Echo, |args: serde_json::Value| async move {
///         args["text"].as_str().unwrap_or_default().to_owned()
///     })
///     .expect("the tool exports to MCP"),
/// );
/// ```
///
/// # Errors
///
/// As [`route`].
pub fn route_for<T, A, S, F, Fut, R>(tool: T, handler: F) -> Result<ToolRoute<S>, ExportError>
where
    T: ToolArgs + 'static,
    A: DeserializeOwned + 'static,
    S: Send + Sync + 'static,
    F: Fn(A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = R> + Send + 'static,
    R: IntoCallToolResult,
{
    let _ = tool;
    validated::<T, A, S, F, Fut, R>(handler)
}

/// The route of [`route`] and [`route_for`]: `T` validates, `A` is what serde
/// reads for `handler`.
fn validated<T, A, S, F, Fut, R>(handler: F) -> Result<ToolRoute<S>, ExportError>
where
    T: ToolArgs + 'static,
    A: DeserializeOwned + 'static,
    S: Send + Sync + 'static,
    F: Fn(A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = R> + Send + 'static,
    R: IntoCallToolResult,
{
    let attr = mcp_tool::<T>()?;
    let call = answer_with::<S, _>(move |context| match read::<T, A>(context.arguments) {
        Ok(args) => {
            let called = handler(args);
            Box::pin(async move { called.await.into_call_tool_result() })
        }
        Err(Refused::Invalid(report)) => {
            Box::pin(std::future::ready(Ok(invalid_arguments(&report).into())))
        }
        Err(Refused::Unreadable(error)) => Box::pin(std::future::ready(Err(error))),
    });
    Ok(ToolRoute::new_dyn(attr, call))
}

/// Pins `call`'s type to the higher-ranked one `ToolRoute::new_dyn` takes.
fn answer_with<S, C>(call: C) -> C
where
    C: for<'a> Fn(ToolCallContext<'a, S>) -> Answer<'a>,
{
    call
}

/// The error result for arguments our validator refused: `isError: true` and one
/// text block holding the default messages, one per line (at most
/// [`Report::max_report_bytes`] of them, then `... and N more problems`).
pub fn invalid_arguments(report: &Report) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(report.messages().join("\n"))])
}

/// `T`'s MCP `tools/list` entry as rmcp's `Tool`.
fn mcp_tool<T: ToolArgs>() -> Result<Tool, ExportError> {
    let spec = ToolSpec::of::<T>();
    let exported = export::export(Target::Mcp, &spec, &ExportOptions::default())?.value;
    Ok(tool_of(&exported))
}

/// An MCP `tools/list` entry (as [`crate::export`] writes it) as rmcp's `Tool`:
/// its `name`, `title`, `description` and `inputSchema`.
pub(super) fn tool_of(entry: &Value) -> Tool {
    let text = |key: &str| entry.get(key).and_then(Value::as_str);
    let input_schema: JsonObject = match entry.get("inputSchema") {
        Some(Value::Object(schema)) => schema.clone(),
        // The MCP export always writes an object schema there.
        _ => JsonObject::new(),
    };
    let name = text("name").unwrap_or_default().to_owned();
    let mut tool = Tool::new(name, "", Arc::new(input_schema));
    tool.description = text("description").map(|d| d.to_owned().into());
    if let Some(title) = text("title") {
        tool = tool.with_title(title);
    }
    tool
}
