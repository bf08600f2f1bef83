// Many problems across two tools of one invocation: every one is reported, each at
// its own token, in one build.
//
// Note: the lints of a tool whose schema has errors are not reported at all (here:
// minimum above maximum and the duplicate enum value in GetWeather; the duplicate
// type, duplicate and undeclared required names in Order): they only show up once
// the errors are fixed.
use tool_schema::tool_schema;

tool_schema! {
    /// Get the weather.
    #[tool(name = "get weather")]
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "str" },
            "days": { "type": "integer", "minimum": 7, "maximum": 1 },
            "unit": { "enum": ["c", "f", "c"] }
        },
        "requird": ["city"]
    }

    /// Place an order.
    #[tool(allow(duplicate_enums))]
    pub Order = {
        "type": "object",
        "properties": {
            "sku": { "type": "string", "minimum": "1" },
            "qty": { "type": ["integer", "integer"] },
            "note": { "$ref": "#/note" }
        },
        "required": ["sku", "sku", "price"]
    }
}

fn main() {}
