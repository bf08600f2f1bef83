// Two members without `,` between them: the error is at the second key.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object"
        "properties": {
            "city": { "type": "string" }
        }
    }
}

fn main() {}
