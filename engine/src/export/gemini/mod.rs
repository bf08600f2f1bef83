//! Gemini `functionDeclarations`: the legacy `parameters` (an OpenAPI 3.0 subset
//! Schema object) and `parametersJsonSchema` (JSON Schema).
//!
//! The provider rules this module follows, with their sources, are in
//! `docs/provider-rules.md`.

mod json_schema;
mod keywords;
mod parameters;

use super::ledger::Ledger;
use super::{ExportOptions, ToolSpec};
use json_schema::json_schema;
use parameters::parameters;
use serde_json::Value;

/// A `functionDeclarations` entry: `{name, description, parameters}` (legacy Schema;
/// no `parameters` for a tool without arguments) or `{name, description,
/// parametersJsonSchema}`.
pub(crate) fn definition(
    tool: &ToolSpec<'_>,
    json: bool,
    options: &ExportOptions,
    ctx: &mut Ledger,
) -> Value {
    let mut m = tool.name_and_description();
    if json {
        m.insert(
            "parametersJsonSchema".into(),
            json_schema(tool.schema, options, ctx),
        );
    } else if let Some(p) = parameters(tool.schema, options, ctx) {
        m.insert("parameters".into(), p);
    }
    Value::Object(m)
}

/// Does Gemini's Schema take `format` `f` on type `ty` (as JSON Schema names it)?
fn takes_format(ty: Option<&str>, f: &str) -> bool {
    match ty {
        Some("string") => matches!(f, "enum" | "date-time"),
        Some("number") => matches!(f, "float" | "double"),
        Some("integer") => matches!(f, "int32" | "int64"),
        _ => false,
    }
}
