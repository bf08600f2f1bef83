// The typed form reads the members `patternProperties` names into a map of the
// pattern's type where `additionalProperties` is `false` and one pattern is
// given: at the root, anything else is an error at `patternProperties` saying so.
use tool_schema::tool_schema;

tool_schema! {
    pub struct Open = {
        "type": "object",
        "properties": {"id": {"type": "string"}},
        "patternProperties": {"^x-": {"type": "string"}}
    };
    #[tool(name = "two")]
    pub struct Two = {
        "type": "object",
        "patternProperties": {"^a": {"type": "string"}, "^b": {"type": "integer"}},
        "additionalProperties": false
    }
}

fn main() {}
