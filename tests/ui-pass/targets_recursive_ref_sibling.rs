// `#[tool(targets(gemini_json_schema))]` on a schema whose recursive `$ref` has a
// sibling keyword: the export, which runs when the crate compiles, inlined the
// reference into itself without end (rustc ran out of memory). The reference now
// stays, in a one-branch `anyOf` beside its siblings, which says the same (OpenAI
// strict mode the same way, the optional property then nullable).
use serde_json::{json, Value};
use tool_schema::tool_schema;

tool_schema! {
    /// A tree.
    #[tool(targets(gemini_json_schema, openai_strict, anthropic, mcp))]
    pub Tree = {
        "type": "object",
        "properties": { "parent": { "$ref": "#", "description": "The parent node." } }
    }

    /// Mutual recursion through definitions, each reference with a sibling.
    #[tool(targets(gemini_json_schema))]
    pub Pair = {
        "$defs": {
            "A": { "type": "object", "properties": { "b": { "$ref": "#/$defs/B", "title": "to B" } } },
            "B": { "type": "object", "properties": { "a": { "$ref": "#/$defs/A", "title": "to A" } } }
        },
        "type": "object",
        "properties": { "a": { "$ref": "#/$defs/A", "description": "start" } }
    }
}

fn main() {
    let tree: Value = serde_json::from_str(Tree::GEMINI_JSON_SCHEMA_JSON).unwrap();
    assert_eq!(
        tree["parametersJsonSchema"]["properties"]["parent"],
        json!({"description": "The parent node.", "anyOf": [{"$ref": "#"}]})
    );
    let openai: Value = serde_json::from_str(Tree::OPENAI_STRICT_JSON).unwrap();
    assert_eq!(
        openai["function"]["parameters"]["properties"]["parent"],
        json!({"description": "The parent node.", "anyOf": [{"$ref": "#"}, {"type": "null"}]})
    );
    let pair: Value = serde_json::from_str(Pair::GEMINI_JSON_SCHEMA_JSON).unwrap();
    assert!(Pair::GEMINI_JSON_SCHEMA_JSON.len() < 2000, "{pair}");
}
