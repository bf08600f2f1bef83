// A boolean root schema is a valid JSON Schema but not a tool's arguments object:
// refused unless #[tool(any_root)] says so (see tests/ui-pass/any_root.rs).
use tool_schema::tool_schema;

tool_schema! {
    pub Anything = true
    pub Nothing = false
}

fn main() {}
