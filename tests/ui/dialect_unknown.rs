// An unknown dialect name is an error at the name, with a suggestion. The schema,
// probably written in the dialect meant, is not checked: no follow-on errors for
// BFCL's `dict`.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(dialect = "BFCL")]
    pub GetWeather = {
        "type": "dict",
        "properties": { "city": { "type": "string" } }
    };
    #[tool(dialect = "openapi")]
    pub Search = {
        "type": "object",
        "properties": { "query": { "type": "string" } }
    };
    #[tool(dialcet = "bfcl")]
    pub Ping = { "type": "object", "properties": {} }
}

fn main() {}
