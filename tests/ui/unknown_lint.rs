// A lint name `allow(...)` does not know: the error is at the name.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(allow(duplicate_enum, duplicate_enums))]
    pub GetWeather = {
        "type": "object",
        "properties": {
            "unit": { "type": "string", "enum": ["c", "c"] }
        }
    }
}

fn main() {}
