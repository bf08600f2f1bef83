// `#[tool(any_root)]`: a root schema of any type, or a boolean schema, compiles and
// validates any JSON value.
use serde_json::json;
use tool_schema::{tool_schema, Options, ToolArgs};

tool_schema! {
    #[tool(any_root)]
    pub Anything = true
    #[tool(any_root)]
    pub Nothing = false
    #[tool(any_root)]
    pub Text = { "type": "string", "minLength": 2 }
    #[tool(any_root, allow(keyword_type_mismatch))]
    pub Maybe = { "type": ["integer", "null"], "minLength": 1 }
}

fn main() {
    let spec = Options::SPEC;
    assert!(Anything::validate_with(&json!(3), &spec).is_valid());
    assert!(!Nothing::validate_with(&json!({}), &spec).is_valid());
    assert!(Text::validate_with(&json!("ab"), &spec).is_valid());
    assert!(!Text::validate_with(&json!("a"), &spec).is_valid());
    assert!(Maybe::validate_with(&json!(null), &spec).is_valid());
    assert_eq!(Anything::SCHEMA_JSON, "true");
}
