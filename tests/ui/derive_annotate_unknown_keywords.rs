// `#[tool(annotate_unknown_keywords)]` reads a JSON Schema literal's unknown
// keywords as annotations: `tool_schema!` takes it, the derive (which writes
// every keyword itself) refuses it, saying what to do.
use tool_schema::ToolArgs;

/// Get the weather.
#[derive(ToolArgs, serde::Deserialize)]
#[tool(annotate_unknown_keywords)]
struct GetWeather {
    city: String,
}

fn main() {}
