// `minimum` greater than `maximum` (lint `minimum_above_maximum`): the error is at
// the minimum.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "days": { "type": "integer", "minimum": 7, "maximum": 1 }
        }
    }
}

fn main() {}
