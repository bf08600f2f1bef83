// Unknown keys of #[arg(...)] and #[tool(...)], and attributes in the wrong place:
// each is an error at the key, with a did-you-mean where one is close.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
#[tool(nmae = "get_weather")]
#[arg(minimum = 1)]
struct GetWeather {
    #[arg(minimun = 1, maximum = 7)]
    days: u8,
    #[arg(colour = "red")]
    city: String,
    #[tool(description = "The unit.")]
    unit: Option<String>,
}

fn main() {}
