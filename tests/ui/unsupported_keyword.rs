// Keywords of JSON Schema this crate does not implement yet: the error is at the key.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "sku": { "type": "array", "unevaluatedItems": false },
            "qty": { "type": "object", "unevaluatedProperties": { "type": "string" } },
            "address": { "$recursiveRef": "#" }
        }
    }
}

fn main() {}
