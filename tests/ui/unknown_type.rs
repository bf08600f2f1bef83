// Type names from other languages: the error is at the type string, with a hint.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "qty": { "type": "int" },
            "price": { "type": "float" },
            "sku": { "type": "str" }
        }
    }
}

fn main() {}
