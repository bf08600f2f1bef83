// An unknown type name inside a type list: the error is at that list element.
use tool_schema::tool_schema;

tool_schema! {
    pub Order = {
        "type": "object",
        "properties": {
            "note": { "type": ["string", "nul"] }
        }
    }
}

fn main() {}
