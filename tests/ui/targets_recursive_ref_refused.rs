// A recursive `$ref` with a sibling keyword, for targets that cannot carry recursion
// (Gemini `parameters` inlines every reference; Anthropic strict tool use has no
// recursive schemas): a compile error at the reference, never an endless export.
use tool_schema::tool_schema;

tool_schema! {
    /// A tree.
    #[tool(targets(gemini, anthropic_strict))]
    pub Tree = {
        "type": "object",
        "properties": { "parent": { "$ref": "#", "description": "The parent node." } }
    }
}

fn main() {}
