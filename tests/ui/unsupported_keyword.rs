// Keywords of JSON Schema this crate does not implement yet: the error is at the key.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "sku": { "type": "string", "pattern": "^[A-Z]-[0-9]+$" },
            "qty": { "anyOf": [{ "type": "integer" }, { "type": "string" }] },
            "address": { "$ref": "#/$defs/address" }
        }
    }
}

fn main() {}
