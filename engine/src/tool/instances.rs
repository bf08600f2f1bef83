//! The model of each instantiation of a generic tool type, kept once per
//! schema text (see the runtime's `instances`, which keeps the parsed schema).

#[cfg(feature = "engines")]
use tool_schema_runtime::instances::instance_schema;
use tool_schema_runtime::instances::ByText;

static MODELS: ByText<crate::Schema> = ByText::new();

/// The model of a generic type's instantiation (`json`, its `SCHEMA_JSON`),
/// once per program: how an instantiation whose required members depend on
/// its arguments (`Pair<Option<u8>>`, `ToolArgs::__OPTIONAL`) is validated,
/// on the very text it exports.
///
/// # Panics
///
/// If `json` is refused by the schema model, which the macros never let
/// happen; without the `engines` feature (which no `Option` argument is
/// without: the standard types implement `ToolArgs` with it).
pub fn instance_model(json: &'static str, tool: &str) -> &'static crate::Schema {
    MODELS.get_or_make(json, || parse_model(json, tool))
}

#[cfg(feature = "engines")]
fn parse_model(json: &'static str, tool: &str) -> crate::Schema {
    crate::Schema::parse(instance_schema(json)).unwrap_or_else(|e| {
        panic!("the schema of tool `{tool}` is refused by the schema model: {e}")
    })
}

#[cfg(not(feature = "engines"))]
fn parse_model(json: &'static str, tool: &str) -> crate::Schema {
    let _ = json;
    panic!(
        "the schema of tool `{tool}` depends on its generic arguments; validating it needs \
         tool-schema's `engines` feature"
    )
}
