// `any_root` lets the untyped form validate any value; the typed form reads an
// object into a struct, so the pair is an error at `any_root`.
use tool_schema::tool_schema;

tool_schema! {
    #[tool(any_root)]
    pub struct Anything = true
}

fn main() {}
