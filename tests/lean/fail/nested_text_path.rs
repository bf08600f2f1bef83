// Reading text walks the tool's model, which a type nesting another has only
// from the parser.
use tool_schema::{ToolArgs, ToolArgsExt};
use tool_schema_lean_tests::Deliver;

fn main() {
    let _ = Deliver::validate_str(r#"{"to": {"street": "1 Main St"}}"#);
}
