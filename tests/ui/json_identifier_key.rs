// An object key written as a bare identifier: the error is at the identifier.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        type: "object",
        "properties": {
            "city": { "type": "string" }
        }
    }
}

fn main() {}
