// `required` names a property `properties` does not declare (lint
// `required_undeclared`): the error is at that name.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string" }
        },
        "required": ["city", "country"]
    }
}

fn main() {}
