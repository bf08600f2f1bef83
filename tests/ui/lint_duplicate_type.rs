// A type listed twice in a type list (lint `duplicate_type`): the error is at the
// second one.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "note": { "type": ["string", "null", "string"] }
        }
    }
}

fn main() {}
