// A keyword of another draft: the error is at the key, with the keyword to write.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "sku": { "type": "string" },
            "qty": { "type": "string" },
            "address": { "$recursiveRef": "#" }
        }
    }
}

fn main() {}
