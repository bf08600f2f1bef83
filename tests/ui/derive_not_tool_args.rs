// A field of a type that neither the derive knows nor derives `ToolArgs`: rustc
// says so at the field's type.
use tool_schema::ToolArgs;

struct Coordinates {
    lat: f64,
    lon: f64,
}

#[derive(ToolArgs)]
struct GetWeather {
    at: Coordinates,
}

fn main() {}
