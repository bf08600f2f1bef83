// A target name `targets(...)` does not know: the error is at the name, with a hint.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(targets(openai_strict, gemeni))]
    pub Ping = { "type": "object", "properties": {} }
}

fn main() {}
