// Schema errors beyond the keyword-value ones, and JSON pointers escaped per RFC 6901
// (`a/b` as `a~1b`, `c~d` as `c~0d`); each error at its value token.
use tool_schema::tool_schema;

tool_schema! {
    pub BooleanAndNonObjectSchemas = {
        "type": "object",
        "properties": {
            "d": true,
            "e": 3,
            "f": { "type": "object", "additionalProperties": { "type": "string" } }
        }
    }

    pub EscapedPointers = {
        "type": "object",
        "properties": {
            "a/b": { "type": "strin" },
            "c~d": { "minimum": true }
        }
    }

    pub EmptyTypeListAndArrayItems = {
        "type": "object",
        "properties": {
            "q": { "type": [], "items": [1] }
        }
    }
}

fn main() {}
