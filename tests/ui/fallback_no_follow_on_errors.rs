// A tool whose schema does not compile still declares its type and `ToolArgs`
// implementation, so the code using it type-checks: the only errors are the schema
// errors themselves, with no follow-on "cannot find type" or trait errors.
use tool_schema::{tool_schema, ToolArgs};

tool_schema! {
    /// A schema error (unknown type).
    pub BadSchema = {
        "type": "object",
        "properties": { "qty": { "type": "int" } }
    }

    /// A JSON syntax error.
    pub BadJson = {
        "type": "object",
        "properties": { "qty": { "type": "integer" }, }
    }

    /// A lint that is not allowed.
    pub BadLint = {
        "type": "object",
        "required": ["qty"]
    }

    /// A bad tool name and an unknown attribute.
    #[tool(name = "bad name", colour = "red")]
    pub BadName = {
        "type": "object"
    }

    /// Fine.
    pub Good = {
        "type": "object"
    }
}

fn describe<T: ToolArgs + Clone + Copy + Default + std::fmt::Debug + PartialEq>() -> String {
    let report = T::validate(&serde_json::json!({}));
    format!(
        "{} {} {} {:?} {}",
        T::NAME,
        T::DESCRIPTION,
        T::SCHEMA_JSON,
        T::default(),
        report.is_valid()
    )
}

fn main() {
    let _ = <BadSchema as tool_schema::ToolArgs>::validate(&serde_json::json!({}));
    let _ = <BadJson as tool_schema::ToolArgs>::schema();
    let _ = describe::<BadSchema>();
    let _ = describe::<BadJson>();
    let _ = describe::<BadLint>();
    let _ = describe::<BadName>();
    let _ = describe::<Good>();
    let _: [BadSchema; 1] = [BadSchema];
}
