// `True` and `None` (Python spellings) instead of `true` and `null`.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string", "default": None }
        },
        "additionalProperties": True
    }
}

fn main() {}
