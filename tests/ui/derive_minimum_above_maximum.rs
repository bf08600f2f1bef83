// `minimum` greater than `maximum` (lint `minimum_above_maximum`): the error is at
// the minimum's value.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct GetWeather {
    city: String,
    #[arg(minimum = 7, maximum = 1)]
    days: u8,
}

fn main() {}
