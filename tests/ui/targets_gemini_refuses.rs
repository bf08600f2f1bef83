// Gemini's rules: a function name starts with a letter or '_' (the error is at the
// target), and the legacy `parameters` subset has no `not` (at the keyword's value).
use tool_schema::tool_schema;

tool_schema! {
    /// Check a second factor.
    #[tool(name = "2fa_check", targets(anthropic, gemini))]
    pub TwoFactor = {
        "type": "object",
        "properties": {
            "code": { "type": "string", "not": { "const": "000000" } }
        },
        "required": ["code"]
    }
}

fn main() {}
