// The typed form reads the arguments into a struct: a root it cannot map (a union
// of objects, a root whose type is not only "object") is an error at the root,
// naming the untyped form.
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
    }
}

fn main() {}
