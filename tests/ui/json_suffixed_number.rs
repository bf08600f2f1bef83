// Rust number suffixes are not JSON: the error is at the literal.
use tool_schema::tool_schema;

tool_schema! {
    pub GetWeather = {
        "type": "object",
        "properties": {
            "days": { "type": "integer", "minimum": 1u8, "maximum": 7.0f64 },
            "offset": { "type": "integer", "minimum": -12i32 }
        }
    }
}

fn main() {}
