//! [`ToolboxServer`]: a [`Toolbox`] as an rmcp `ServerHandler`.

use super::route::tool_of;
use crate::export::{ExportError, StructuredOutput, Target};
use crate::toolbox::{Call, Failure, Toolbox};
use crate::ToolArgs;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, JsonObject, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;
use std::sync::Arc;

/// An rmcp server whose tools are a [`Toolbox`]'s: every tool, typed or dynamic,
/// plain or async, served over any rmcp transport.
///
/// ```no_run
/// use rmcp::ServiceExt;
/// use tool_schema::rmcp::ToolboxServer;
/// use tool_schema::Toolbox;
///
/// /// Get the current weather for a city.
/// #[derive(tool_schema::ToolArgs, serde::Deserialize)]
/// struct GetWeather {
///     city: String,
/// }
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let tools = Toolbox::new().tool(|args: GetWeather| format!("sunny in {}", args.city));
/// let server = ToolboxServer::new(tools)?;
/// server.serve(rmcp::transport::stdio()).await?.waiting().await?;
/// # Ok(())
/// # }
/// ```
///
/// - `tools/list`: the toolbox's MCP export ([`Toolbox::export`] for
///   [`Target::Mcp`]), computed once by [`ToolboxServer::new`];
///   [`ToolboxServer::with_output_schema`] adds a result type's `outputSchema`.
/// - `tools/call`: dispatched by the toolbox for [`Target::Mcp`]; its result is
///   the toolbox's MCP `CallToolResult`: the handler's output (a JSON object also
///   as `structuredContent`), or `isError: true` with our messages, one per line,
///   for invalid arguments (every violation) and a handler's error.
/// - A call naming no tool is a JSON-RPC `invalid_params` error, as the MCP
///   specification asks for unknown tools (a protocol error, not a tool result),
///   whose message is ours: `unknown tool 'x' (did you mean 'y'?); ...`.
#[derive(Clone, Debug)]
pub struct ToolboxServer {
    toolbox: Toolbox,
    tools: Arc<Vec<Tool>>,
    info: ServerConfig,
}

impl ToolboxServer {
    /// Serves `toolbox`, announcing the tools capability (and rmcp's default
    /// server information: [`ToolboxServer::with_info`] sets yours).
    ///
    /// # Errors
    ///
    /// The [`ExportError`] of the toolbox's MCP export (two tools of one name, a
    /// name MCP does not take, a schema whose root is not an object, ...).
    pub fn new(toolbox: Toolbox) -> Result<ToolboxServer, ExportError> {
        let exported = toolbox.export(Target::Mcp)?.value;
        let tools = exported
            .get("tools")
            .and_then(Value::as_array)
            .map(|list| list.iter().map(tool_of).collect())
            .unwrap_or_default();
        Ok(ToolboxServer {
            toolbox,
            tools: Arc::new(tools),
            info: ServerConfig::new(ServerCapabilities::builder().enable_tools().build()),
        })
    }

    /// The same server answering `initialize` with `info` (its name, version,
    /// instructions); the tools capability is kept on.
    pub fn with_info(mut self, mut info: ServerConfig) -> ToolboxServer {
        if info.capabilities.tools.is_none() {
            info.capabilities.tools = self.info.capabilities.tools.take();
        }
        self.info = info;
        self
    }

    /// The same server listing `O`'s schema as the `outputSchema` of the tool
    /// called `tool` (its own name, or the name `tools/list` gives it under the
    /// toolbox's [naming](Toolbox::naming)) (whose handler returns `O` as JSON: see
    /// [`StructuredOutput::structured_content`], which checks it against that
    /// schema). A name no tool has changes nothing.
    ///
    /// # Errors
    ///
    /// The [`ExportError`] of `O`'s MCP output schema (its root must be an
    /// object).
    pub fn with_output_schema<O: ToolArgs>(
        mut self,
        tool: &str,
    ) -> Result<ToolboxServer, ExportError> {
        let schema = match O::mcp_output_schema()? {
            Value::Object(schema) => schema,
            // The MCP export always writes an object schema.
            _ => JsonObject::new(),
        };
        // With a toolbox naming, the tool listed under its mapped name.
        let listed = match self.toolbox.names().position(|n| n == tool) {
            Some(i) => self
                .toolbox
                .provider_names(Target::Mcp)
                .ok()
                .and_then(|mut names| names.get_mut(i).map(std::mem::take)),
            None => None,
        };
        let listed = listed.as_deref().unwrap_or(tool);
        let tools = Arc::make_mut(&mut self.tools);
        if let Some(t) = tools.iter_mut().find(|t| t.name == listed) {
            t.output_schema = Some(Arc::new(schema));
        }
        Ok(self)
    }

    /// The toolbox served.
    pub fn toolbox(&self) -> &Toolbox {
        &self.toolbox
    }

    /// The tools as `tools/list` gives them.
    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    /// One `tools/call`, answered by the toolbox.
    async fn call(&self, request: CallToolRequestParams) -> Result<CallToolResponse, ErrorData> {
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        let call = Call::new(request.name.to_string(), arguments);
        let outcome = self.toolbox.run_async(Target::Mcp, call).await;
        if let Err(failure @ Failure::UnknownTool(_)) = &outcome.result {
            return Err(ErrorData::invalid_params(failure.to_string(), None));
        }
        let result = outcome.to_provider(Target::Mcp);
        serde_json::from_value::<CallToolResult>(result)
            .map(Into::into)
            .map_err(|e| ErrorData::internal_error(format!("tool result: {e}"), None))
    }
}

impl ServerHandler for ToolboxServer {
    fn get_info(&self) -> ServerConfig {
        self.info.clone()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.to_vec()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.call(request).await
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools.iter().find(|t| t.name == name).cloned()
    }
}
