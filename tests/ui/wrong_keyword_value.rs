// Keyword values of the wrong kind: each error is at the offending value.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "qty": { "type": "integer", "minimum": "1" },
            "address": { "type": "object", "required": "street" },
            "lines": { "type": "object", "properties": ["sku", "qty"] },
            "unit": { "type": "string", "enum": "kg" },
            "extra": { "type": "object", "additionalProperties": 0 },
            "note": { "type": "string", "description": 5 }
        }
    }
}

fn main() {}
