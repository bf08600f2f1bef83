// An empty `enum` (lint `empty_enum`): the error is at the array.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "unit": { "type": "string", "enum": [] }
        }
    }
}

fn main() {}
