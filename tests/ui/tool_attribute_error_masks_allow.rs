// A mistake inside `#[tool(...)]` stops the parsing of that attribute, so an
// `allow(...)` after it is ignored and the lint it names is reported too:
// - an unknown key before `allow(...)` (tool A);
// - an unknown lint name before a valid one in the same `allow(...)` (tool B).
// The "listed twice" errors are follow-on errors of the attribute mistakes.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(nmae = "x", allow(duplicate_enum))]
    pub A = {
        "type": "object",
        "properties": { "u": { "enum": ["c", "c"] } }
    }

    #[tool(allow(duplicate_enums, duplicate_enum))]
    pub B = {
        "type": "object",
        "properties": { "u": { "enum": ["c", "c"] } }
    }
}

fn main() {}
