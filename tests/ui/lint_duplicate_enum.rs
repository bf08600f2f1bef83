// An `enum` value listed twice (lint `duplicate_enum`): the error is at the second.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit", "celsius"] }
        }
    }
}

fn main() {}
