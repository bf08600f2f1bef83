//! A toolbox for agent loops: declare tools once, export every definition for a
//! provider in one call, and dispatch the provider's tool calls to typed handlers,
//! answering with the provider's own result JSON.
//!
//! ```
//! # use tool_schema_engine as tool_schema;
//! use serde_json::{json, Value};
//! use tool_schema::export::Target;
//! use tool_schema::toolbox::Toolbox;
//! use tool_schema::Schema;
//!
//! let schema = Schema::parse(&json!({
//!     "type": "object",
//!     "properties": {"city": {"type": "string"}, "unit": {"enum": ["celsius", "fahrenheit"]}},
//!     "required": ["city"]
//! })).unwrap();
//! let tools = Toolbox::new().dynamic("get_weather", "Get the weather.", schema, |args: Value| {
//!     format!("{}: 21 degrees", args["city"].as_str().unwrap_or_default())
//! });
//!
//! // Declare -> export: the provider's `tools` value.
//! let exported = tools.export(Target::Anthropic).unwrap();
//! assert_eq!(exported.value[0]["name"], "get_weather");
//!
//! // Dispatch: a `tool_use` block in, a `tool_result` block out.
//! let result = tools.dispatch(Target::Anthropic, &json!({
//!     "type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Oslo"}
//! })).unwrap();
//! assert_eq!(result, json!({"type": "tool_result", "tool_use_id": "toolu_01", "content": "Oslo: 21 degrees"}));
//!
//! // A call with mistakes: an error result the model can act on.
//! let result = tools.dispatch(Target::Anthropic, &json!({
//!     "type": "tool_use", "id": "toolu_02", "name": "Get_Wether", "input": {}
//! })).unwrap();
//! assert_eq!(result["is_error"], true);
//! assert_eq!(
//!     result["content"],
//!     "unknown tool 'Get_Wether' (did you mean 'get_weather'?); available tools: 'get_weather'"
//! );
//! ```
//!
//! - **Tools**: [`Toolbox::tool`] (typed: a type deriving `ToolArgs` and
//!   `Deserialize`, or [`Validated<T>`] for a `tool_schema!` tool),
//!   [`Toolbox::tool_async`] (any `Future`: the library depends on no async
//!   runtime), [`Toolbox::dynamic`] / [`Toolbox::dynamic_async`] (a run-time
//!   [`Schema`](crate::Schema), a handler on the JSON value). A handler returns a
//!   [`HandlerOutput`]: text, JSON, or a `Result` whose error becomes an error
//!   result.
//! - **Export**: [`Toolbox::export`] for any [`Target`](crate::export::Target)
//!   (names distinct, the provider's per-request limits checked).
//! - **Dispatch**: [`Toolbox::dispatch`] (one call), [`Toolbox::dispatch_turn`]
//!   and [`Toolbox::dispatch_turn_async`] (every call of a model turn, async
//!   handlers concurrently, results in the calls' order), [`reply`] (the message
//!   that carries them back). Lower down, [`Call`] reads a provider's call,
//!   [`Toolbox::run`] / [`Toolbox::run_async`] give an [`Outcome`], and
//!   [`Outcome::to_provider`] writes it.
//! - **Export and dispatch agree**: a call is read with the options of the target
//!   its tools were exported for ([`Toolbox::options_for`]). OpenAI's strict mode
//!   makes every optional argument required and nullable, so the model sends
//!   `null` for what it leaves out; dispatch for `OpenAiChatStrict` and
//!   `OpenAiResponsesStrict` reads that `null` as absent
//!   ([`Options::null_is_absent`](crate::Options::null_is_absent)).
//!
//! # The shapes
//!
//! `target` is the [`Target`](crate::export::Target) the tools were exported for
//! (a strict mode has its provider's shapes). A call:
//!
//! | target | one call ([`Call::from_provider`]) | a turn's calls ([`Call::from_turn`]) |
//! |---|---|---|
//! | Anthropic | `tool_use` block `{"type": "tool_use", "id", "name", "input"}` | the assistant message (or its `content`): its `tool_use` blocks |
//! | OpenAI Chat | `tool_calls` entry `{"id", "type": "function", "function": {"name", "arguments": "<JSON text>"}}` | the assistant message (or its `tool_calls`, or the completion's first choice) |
//! | OpenAI Responses | `function_call` item `{"type": "function_call", "call_id", "name", "arguments": "<JSON text>"}` | the response (or its `output`): its `function_call` items |
//! | Gemini | part `{"functionCall": {"name", "args", "id"?}}` (or the bare `functionCall`) | the candidate's `content` (or its `parts`, or the response's first candidate): its `functionCall` parts |
//! | MCP | `tools/call` params `{"name", "arguments"?}` (or the whole JSON-RPC request) | an array of params |
//!
//! A result:
//!
//! | target | one result ([`Outcome::to_provider`]) | [`reply`] |
//! |---|---|---|
//! | Anthropic | `{"type": "tool_result", "tool_use_id", "content": "<text>"}`, with `"is_error": true` on an error | `{"role": "user", "content": [results]}` |
//! | OpenAI Chat | `{"role": "tool", "tool_call_id", "content": "<text>"}` | the results, each a message to append |
//! | OpenAI Responses | `{"type": "function_call_output", "call_id", "output": "<text>"}` | the results, each an input item |
//! | Gemini | `{"functionResponse": {"id"?, "name", "response": {"output": ...}}}`, `{"error": "<text>"}` on an error | `{"role": "user", "parts": [results]}` |
//! | MCP | `CallToolResult` `{"content": [{"type": "text", "text"}], "isError", "structuredContent"?}` | the results |
//!
//! The sources of each shape are cited in `docs/toolbox.md` and beside the golden
//! tests in `tests/toolbox.rs`.
//!
//! Error results carry the default format's messages ([`Failure::messages`]): an
//! unknown tool (with the closest name, letter case ignored), arguments text that
//! is not JSON, every violation of invalid arguments, or the handler's error.

mod calls;
mod dispatch;
mod input;
mod join;
mod outcome;
mod registry;
mod results;
mod streams;
mod wire;

pub use calls::{Arguments, Call, ShapeError};
pub use input::{ToolInput, Validated};
pub use outcome::{Failure, HandlerOutput, Outcome, Output};
pub use registry::Toolbox;
pub use results::reply;
pub use streams::{CallStreams, FinishedCall, StreamedCall};
