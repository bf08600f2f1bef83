// `#[tool(bound = "...")]` is for a generic derived type: a tool_schema! type has
// no type parameters.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(bound = "T: Clone")]
    pub Plain = {"type": "object", "properties": {"a": {"type": "string"}}}
}

fn main() {}
