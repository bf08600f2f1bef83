// Keywords of JSON Schema this crate does not implement yet: the error is at the key.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "sku": { "type": "string", "if": { "minLength": 3 } },
            "qty": { "type": "object", "patternProperties": { "^x": {} } },
            "address": { "$recursiveRef": "#" }
        }
    }
}

fn main() {}
