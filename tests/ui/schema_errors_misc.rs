// Schema errors beyond the keyword-value ones (a boolean schema is fine, a number is
// not; bad references and patterns the engine cannot run), and JSON pointers escaped per RFC 6901
// (`a/b` as `a~1b`, `c~d` as `c~0d`); each error at its value token.
use tool_schema::tool_schema;

tool_schema! {
    pub BooleanAndNonObjectSchemas = {
        "type": "object",
        "properties": {
            "d": true,
            "e": 3,
            "f": { "type": "object", "additionalProperties": { "type": "strng" } },
            "g": { "$ref": "#/$defs/missing" },
            "h": { "type": "string", "pattern": "(?=x)" }
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
