// The same key twice in one object, at the root and nested: the error is at the
// second key.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string", "type": "number" }
        },
        "type": "object"
    }
}

fn main() {}
