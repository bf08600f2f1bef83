// A struct flattening another is validated by the interpreter on its model,
// which it has only from the parser.
use tool_schema::ToolArgs;
use tool_schema_lean_tests::ListOrders;

fn main() {
    let _ = ListOrders::validate(&serde_json::json!({"customer": "ada", "page": 1}));
}
