//! rmcp integration (feature `rmcp`): tools declared with tool-schema in an rmcp
//! server (`rmcp`, the official Rust MCP SDK; it needs Rust 1.88), with our input
//! schema, our validator, and every violation sent back as a `CallToolResult` with
//! `isError: true` and our messages, so the model can fix its call.
//!
//! Three shapes: a whole [`Toolbox`](crate::Toolbox) as a server, or single tools
//! in the two ways rmcp servers declare theirs:
//!
//! - [`ToolboxServer`]: an rmcp `ServerHandler` serving a toolbox's tools (typed
//!   or dynamic, plain or async): `tools/list` is the toolbox's MCP export,
//!   `tools/call` its dispatch, with the toolbox's `CallToolResult` (every
//!   violation in an `isError` result, `structuredContent` for JSON output).
//! - [`Parameters<T>`]: the argument of a `#[tool]` method in a `#[tool_router]`
//!   block, in place of rmcp's own `Parameters<T>` (same name, so `#[tool]` takes
//!   the input schema from it: ours). A call our validator refuses never reaches
//!   the method: rmcp's router answers it with `isError: true`, every violation in
//!   the text. Wrap the router `#[tool_router]` made in [`without_meta_schema`]:
//!   rmcp lists the schema with the `$schema` schemars writes, which some
//!   clients refuse.
//! - [`route`]: a `ToolRoute` for `ToolRouter::with_route`, from a tool type and a
//!   handler: the tool's MCP export (name, title, description, `inputSchema`)
//!   and a call path whose error result holds our messages alone, one per line.
//!
//! With the feature `schemars` (which `rmcp` turns on) every declared type is also
//! a `schemars::JsonSchema`, so rmcp's `Json<T>` gives a derived result type's
//! schema as the tool's `outputSchema` and the value as `structuredContent`.
//!
//! See `docs/rmcp.md` and `examples/mcp_server.rs`.

mod arguments;
mod listed;
mod parameters;
mod route;
mod server;

pub use listed::without_meta_schema;
pub use parameters::Parameters;
pub use route::{invalid_arguments, route, route_for};
pub use server::ToolboxServer;

/// The prefix rmcp's `ToolRouter` recognises (rmcp 3.x, `router/tool.rs`): an
/// `invalid_params` error from a tool's argument extraction whose message starts
/// with it becomes a `CallToolResult` with `isError: true` carrying the message
/// (MCP SEP-1303: argument validation errors are tool execution errors).
pub(crate) const ARGUMENT_ERROR_PREFIX: &str = "failed to deserialize parameters:";
