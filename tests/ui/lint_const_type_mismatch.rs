// A `const` value that is not of the declared type (lint `const_type_mismatch`): the
// error is at the value.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "version": { "type": "integer", "const": "2" }
        }
    }
}

fn main() {}
