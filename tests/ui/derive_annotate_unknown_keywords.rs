// `#[tool(annotate_unknown_keywords)]` reads a JSON Schema literal's unknown
// keywords as annotations: `tool_schema!` takes it, the derive (which writes
// every keyword itself) refuses it, saying what to do; `#[tool(any_root)]` too.
use tool_schema::ToolArgs;

/// Get the weather.
#[derive(ToolArgs, serde::Deserialize)]
#[tool(annotate_unknown_keywords)]
struct GetWeather {
    city: String,
}

/// Get the time.
#[derive(ToolArgs, serde::Deserialize)]
#[tool(any_root)]
struct GetTime {
    zone: String,
}

fn main() {}
