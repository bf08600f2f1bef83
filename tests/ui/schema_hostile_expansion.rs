// Issue #11: schemas that `Schema::parse` refuses for what validating them would cost
// are refused by `tool_schema!` at compile time too, at the JSON pointer named: a
// shared definition reached through two `anyOf` branches at every level of the value
// (exponential in the value's depth), and a chain of in-place hops too long for the
// stack.
use tool_schema::tool_schema;

tool_schema! {
    pub Ambiguous = {
        "type": "object",
        "anyOf": [
            { "properties": { "a": { "$ref": "#" } } },
            { "properties": { "a": { "$ref": "#" } } }
        ]
    };

    pub LongChain = {
        "type": "object",
        "properties": { "x": { "$ref": "#/$defs/d0", "title": "x" } },
        "$defs": {
            "d0": { "allOf": [{ "$ref": "#/$defs/d1" }] },
            "d1": { "allOf": [{ "$ref": "#/$defs/d2" }] },
            "d2": { "allOf": [{ "$ref": "#/$defs/d3" }] },
            "d3": { "allOf": [{ "$ref": "#/$defs/d4" }] },
            "d4": { "allOf": [{ "$ref": "#/$defs/d5" }] },
            "d5": { "type": "integer" }
        }
    }
}

fn main() {}
