// A keyword that has no effect on the declared type (lint `keyword_type_mismatch`):
// `minimum` on a string. The error is at the keyword's value.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string", "minimum": 1 }
        }
    }
}

fn main() {}
