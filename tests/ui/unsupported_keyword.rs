// Keywords of JSON Schema this crate does not implement yet, and one of another
// draft: the error is at the key.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "sku": { "type": "string", "contentEncoding": "base64" },
            "qty": { "type": "string", "contentMediaType": "application/json" },
            "address": { "$recursiveRef": "#" }
        }
    }
}

fn main() {}
