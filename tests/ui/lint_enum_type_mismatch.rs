// An `enum` value that is not of the declared type (lint `enum_type_mismatch`): the
// error is at that value.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "unit": { "type": "string", "enum": ["celsius", 451] }
        }
    }
}

fn main() {}
