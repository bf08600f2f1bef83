//! [`without_meta_schema`]: the tools of an rmcp `ToolRouter` listed without the
//! `$schema` schemars writes.

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::JsonObject;
use std::sync::Arc;

/// `router` with `$schema` left out of every tool's `inputSchema` and
/// `outputSchema`, as [`ToolboxServer`](super::ToolboxServer) and
/// [`route`](super::route) list theirs.
///
/// rmcp's `#[tool]` takes a tool's schemas from schemars' generator, which
/// writes `"$schema": "https://json-schema.org/draft/2020-12/schema"` at their
/// root, whatever the type's `JsonSchema` gives ([`Parameters<T>`](super::Parameters)
/// included). MCP reads a schema without `$schema` as 2020-12 already, and some
/// clients refuse the keyword (Gemini CLI, LangGraph): wrap the router that
/// `#[tool_router]` made in this.
///
/// ```
/// use rmcp::handler::server::router::tool::ToolRouter;
/// use rmcp::{tool, tool_router};
/// use tool_schema::rmcp::{without_meta_schema, Parameters};
///
/// /// Get the current weather for a city.
/// #[derive(tool_schema::ToolArgs, serde::Deserialize)]
/// struct GetWeather {
///     city: String,
/// }
///
/// #[derive(Clone)]
/// struct Weather {
///     tool_router: ToolRouter<Self>,
/// }
///
/// #[tool_router]
/// impl Weather {
///     #[tool(description = "Get the current weather for a city.")]
///     async fn get_weather(&self, Parameters(args): Parameters<GetWeather>) -> String {
///         format!("sunny in {}", args.city)
///     }
/// }
///
/// let weather = Weather { tool_router: without_meta_schema(Weather::tool_router()) };
/// let listed = weather.tool_router.get("get_weather").unwrap();
/// assert!(!listed.input_schema.contains_key("$schema"));
/// ```
pub fn without_meta_schema<S>(mut router: ToolRouter<S>) -> ToolRouter<S> {
    for route in router.map.values_mut() {
        strip(&mut route.attr.input_schema);
        if let Some(output) = &mut route.attr.output_schema {
            strip(output);
        }
    }
    router
}

/// `schema` without `$schema` at its root (the other members in their order).
fn strip(schema: &mut Arc<JsonObject>) {
    if schema.contains_key("$schema") {
        Arc::make_mut(schema).shift_remove("$schema");
    }
}
