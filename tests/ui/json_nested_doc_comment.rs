// A doc comment inside the JSON (it becomes a `#[doc]` attribute token).
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            /// The city to look up.
            "city": { "type": "string" }
        }
    }
}

fn main() {}
