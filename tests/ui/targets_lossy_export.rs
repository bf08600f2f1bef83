// A constraint a declared target would move into the description (Anthropic strict
// tool use has no numeric bounds) is an error unless allowed with
// #[tool(allow(lossy_export))]; the second tool allows it and compiles.
use tool_schema::tool_schema;

tool_schema! {
    /// Book a table.
    #[tool(targets(anthropic_strict))]
    pub Book = {
        "type": "object",
        "properties": {
            "guests": { "type": "integer", "minimum": 1, "maximum": 12 }
        },
        "required": ["guests"]
    }

    /// Book a table (bounds stated in the description are enough).
    #[tool(targets(anthropic_strict), allow(lossy_export))]
    pub BookLoosely = {
        "type": "object",
        "properties": {
            "guests": { "type": "integer", "minimum": 1, "maximum": 12 }
        },
        "required": ["guests"]
    }
}

fn main() {
    let _ = BookLoosely::ANTHROPIC_STRICT_JSON;
}
