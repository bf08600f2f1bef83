// `required` names a property twice (lint `duplicate_required`): the error is at the
// second one.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string" }
        },
        "required": ["city", "city"]
    }
}

fn main() {}
