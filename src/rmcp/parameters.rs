//! [`Parameters<T>`]: typed, validated arguments for rmcp `#[tool]` methods.

use super::arguments::{read, Refused};
use super::ARGUMENT_ERROR_PREFIX;
use crate::{json_report, Report, ToolArgs};
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::serde::de::DeserializeOwned;
use rmcp::ErrorData;
use std::borrow::Cow;

/// The arguments of an rmcp `#[tool]` method, validated by tool-schema.
///
/// Use it where rmcp's own `Parameters<T>` would go, with a type that derives
/// `ToolArgs` and `Deserialize`:
///
/// ```no_run
/// use rmcp::{handler::server::router::tool::ToolRouter, tool, tool_handler, tool_router, ServerHandler};
/// use tool_schema::rmcp::Parameters;
/// use tool_schema::ToolArgs;
///
/// /// Get the current weather for a city.
/// #[derive(ToolArgs, serde::Deserialize)]
/// struct GetWeather {
///     #[arg(min_length = 1)]
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
/// #[tool_handler]
/// impl ServerHandler for Weather {}
/// ```
///
/// - `#[tool]` finds the argument by its type's name, `Parameters`, and takes the
///   tool's `inputSchema` from its `schemars::JsonSchema`: `T`'s schema, ours (see
///   the feature `schemars`).
/// - The call's arguments are validated with `T`'s validator in tool-call mode,
///   then read by serde (as [`ToolArgs::parse`] does, without its panic: a `T`
///   whose `Deserialize` refuses what its validator accepted is an
///   `internal_error`). When they are invalid the method does not run: the
///   extraction fails with an `invalid_params` error whose message is rmcp's
///   prefix `failed to deserialize parameters:` then our messages, one per line,
///   which rmcp's `ToolRouter` (3.x) answers as a `CallToolResult` with
///   `isError: true` and that text. The error's `data` holds the violations as
///   [`json_report`] writes them, for a handler that calls the route itself.
///
/// Use [`super::route`] instead for a result holding our messages alone.
#[derive(Debug, Clone, PartialEq)]
pub struct Parameters<T>(pub T);

impl<T: ToolArgs + schemars::JsonSchema> schemars::JsonSchema for Parameters<T> {
    fn inline_schema() -> bool {
        T::inline_schema()
    }

    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        T::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
}

impl<S, T> FromContextPart<ToolCallContext<'_, S>> for Parameters<T>
where
    T: ToolArgs + DeserializeOwned,
{
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        match read::<T, T>(context.arguments.take()) {
            Ok(args) => Ok(Parameters(args)),
            Err(Refused::Invalid(report)) => Err(argument_error(&report)),
            Err(Refused::Unreadable(error)) => Err(error),
        }
    }
}

/// The `invalid_params` error rmcp's router turns into an error result.
fn argument_error(report: &Report) -> ErrorData {
    let message = format!("{ARGUMENT_ERROR_PREFIX} {}", report.messages().join("\n"));
    ErrorData::invalid_params(message, Some(json_report(report)))
}
