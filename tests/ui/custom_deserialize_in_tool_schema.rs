// `custom_deserialize` is for derived types: a tool_schema! type is never
// deserialised, so the key is an error at its name.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(custom_deserialize)]
    pub GetWeather = {
        "type": "object",
        "properties": {"city": {"type": "string"}}
    }
}

fn main() {}
