// A member without `:` between key and value: the error is at the value token.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties" {
            "city": { "type": "string" }
        }
    }
}

fn main() {}
