// Bounds where they cannot apply: numeric bounds on a string or an enum, string
// keys on a number, item counts on a string. Each is an error at the key.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(ToolArgs)]
struct GetWeather {
    #[arg(minimum = 1)]
    city: String,
    #[arg(maximum = 2)]
    unit: Option<Unit>,
    #[arg(max_length = 2, pattern = "^[0-9]+$")]
    days: u8,
    #[arg(min_items = 1)]
    note: String,
}

fn main() {}
