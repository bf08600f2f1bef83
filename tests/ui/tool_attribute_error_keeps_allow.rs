// A mistake inside `#[tool(...)]` is reported, and the rest of the attribute is still
// read, so an `allow(...)` after it still applies (no follow-on lint errors):
// - an unknown key before `allow(...)` (tool A);
// - an unknown lint name before a valid one in the same `allow(...)` (tool B).
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
