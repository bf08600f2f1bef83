// Every lint, silenced by `#[tool(allow(...))]`: the invocation compiles.
use tool_schema::{tool_schema, ToolArgs};

tool_schema! {
    #[tool(allow(required_undeclared))]
    pub RequiredUndeclared = {
        "type": "object",
        "properties": { "city": { "type": "string" } },
        "required": ["city", "country"]
    }

    #[tool(allow(duplicate_required))]
    pub DuplicateRequired = {
        "type": "object",
        "properties": { "city": { "type": "string" } },
        "required": ["city", "city"]
    }

    #[tool(allow(minimum_above_maximum))]
    pub MinimumAboveMaximum = {
        "type": "object",
        "properties": { "days": { "type": "integer", "minimum": 7, "maximum": 1 } }
    }

    #[tool(allow(empty_enum))]
    pub EmptyEnum = {
        "type": "object",
        "properties": { "unit": { "type": "string", "enum": [] } }
    }

    #[tool(allow(enum_type_mismatch))]
    pub EnumTypeMismatch = {
        "type": "object",
        "properties": { "unit": { "type": "string", "enum": ["celsius", 451] } }
    }

    #[tool(allow(duplicate_enum))]
    pub DuplicateEnum = {
        "type": "object",
        "properties": { "unit": { "type": "string", "enum": ["celsius", "celsius"] } }
    }

    #[tool(allow(const_type_mismatch))]
    pub ConstTypeMismatch = {
        "type": "object",
        "properties": { "version": { "type": "integer", "const": "2" } }
    }

    #[tool(allow(keyword_type_mismatch))]
    pub KeywordTypeMismatch = {
        "type": "object",
        "properties": { "city": { "type": "string", "minimum": 1 } }
    }

    #[tool(allow(duplicate_type))]
    pub DuplicateType = {
        "type": "object",
        "properties": { "note": { "type": ["string", "null", "string"] } }
    }

    /// Several lints in one schema, several allowed in one attribute.
    #[tool(allow(duplicate_required, required_undeclared), allow(duplicate_enum))]
    pub Several = {
        "type": "object",
        "properties": { "unit": { "type": "string", "enum": ["c", "c"] } },
        "required": ["unit", "unit", "city"]
    }
}

fn main() {
    let args = serde_json::json!({"city": "Paris", "unit": "celsius"});
    let _ = RequiredUndeclared::validate(&args);
    let _ = DuplicateRequired::validate(&args);
    let _ = MinimumAboveMaximum::validate(&args);
    let _ = EmptyEnum::validate(&args);
    let _ = EnumTypeMismatch::validate(&args);
    let _ = DuplicateEnum::validate(&args);
    let _ = ConstTypeMismatch::validate(&args);
    let _ = KeywordTypeMismatch::validate(&args);
    let _ = DuplicateType::validate(&args);
    let _ = Several::validate(&args);
}
