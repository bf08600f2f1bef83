// A key `#[tool(...)]` does not know: the error is at the key.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(nmae = "get_weather")]
    pub GetWeather = {
        "type": "object"
    }
}

fn main() {}
