// Several syntax errors in one schema: all of them are reported, each at its token.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        type: "object",
        "properties": {
            "city": { "type": "string" "description": "City name" },
            "days": { "type": "integer", "minimum": 1u8 },
            "unit": { "enum": ["c", "f",] },
            "hint" { "type": "string" },
            "tag": { "default": None }
        },
        "additionalProperties": True,
    }
}

fn main() {}
