// Lints of a derived schema, silenced by `#[tool(allow(...))]`: the derive compiles.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
#[tool(allow(minimum_above_maximum))]
struct NeverValid {
    #[arg(minimum = 7, maximum = 1)]
    days: u8,
}

/// No variant: no value is accepted.
#[derive(ToolArgs)]
#[tool(allow(empty_enum))]
enum Never {}

fn main() {
    let report = NeverValid::validate(&serde_json::json!({"days": 3}));
    assert_eq!(report.len(), 2);
    assert!(!Never::validate(&serde_json::json!("x")).is_valid());
    assert_eq!(Never::SCHEMA_JSON, r#"{"type":"string","enum":[]}"#);
}
