// A declared target that refuses part of the schema: the error is at the offending
// token, with the provider's rule.
use tool_schema::tool_schema;

tool_schema! {
    /// Search the catalogue.
    #[tool(targets(openai_strict, mcp))]
    pub Search = {
        "type": "object",
        "properties": {
            "query": { "type": "string", "minLength": 3 },
            "filters": {
                "type": "object",
                "properties": { "tag": { "type": "string" } },
                "additionalProperties": true
            },
            "exclude": { "not": { "type": "string", "enum": ["draft"] } }
        },
        "required": ["query"]
    }
}

fn main() {}
