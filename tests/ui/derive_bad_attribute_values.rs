// Attribute values of the wrong kind, an example that does not fit its argument,
// a bad tool name, a key given twice.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
#[tool(name = "get weather")]
struct GetWeather {
    #[arg(minimum = "1", min_length = -1)]
    city: String,
    #[arg(example = "three", maximum = 7, maximum = 8)]
    days: u8,
    #[arg(description = 5)]
    unit: Option<String>,
}

fn main() {}
