// Tool names must match ^[a-zA-Z0-9_-]{1,64}$: the error is at the name string.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(name = "get weather")]
    pub GetWeather = {
        "type": "object"
    }
}

fn main() {}
