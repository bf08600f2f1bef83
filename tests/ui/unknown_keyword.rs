// A misspelt keyword (`requird`): the error is at the key.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "sku": { "type": "string" }
        },
        "requird": ["sku"]
    }
}

fn main() {}
