// The macros compile no export for a type nesting another.
use tool_schema::export::ToolExport;
use tool_schema_lean_tests::Deliver;

fn main() {
    let _ = Deliver::anthropic();
}
