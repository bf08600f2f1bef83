// The typed form reads the arguments into a struct (or a tagged union's enum): a
// root it cannot map (a union of objects no tag tells apart, or told apart by a
// tag that is not a string, an `allOf` whose branches do not merge, a root whose
// type is not only "object") is an error at the keyword, naming the untyped form.
use tool_schema::tool_schema;

tool_schema! {
    pub struct Either = {
        "type": "object",
        "anyOf": [
            {"properties": {"a": {"type": "string"}}, "required": ["a"]},
            {"properties": {"b": {"type": "string"}}, "required": ["b"]}
        ]
    };
    #[tool(name = "maybe")]
    pub struct Maybe = {
        "type": ["object", "null"],
        "properties": {"a": {"type": "string"}}
    };
    #[tool(name = "both")]
    pub struct Both = {
        "type": "object",
        "allOf": [{"type": "object"}, {"type": "object", "patternProperties": {"^x_": {"type": "string"}}}]
    };
    #[tool(name = "numbered")]
    pub struct Numbered = {
        "oneOf": [
            {"type": "object", "properties": {"v": {"const": 1}}, "required": ["v"]},
            {"type": "object", "properties": {"v": {"const": 2}}, "required": ["v"]}
        ]
    }
}

fn main() {}
