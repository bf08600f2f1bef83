//! `tool-schema`: make LLM tool calls safe to execute.
//!
//! A model does not call a tool: it emits JSON that claims to. Declare each tool's
//! arguments once as a JSON Schema; `tool-schema` checks the schema, validates every
//! call against it and reports every problem in words the model can act on.
//!
//! This crate only re-exports: the run-time parts live in `tool-schema-runtime`, the
//! macros in `tool-schema-macros`.
//!
//! ```
//! use serde_json::json;
//! use tool_schema::{Format, Schema};
//!
//! let schema = Schema::parse(&json!({
//!     "type": "object",
//!     "properties": {"qty": {"type": "integer", "minimum": 1, "maximum": 100}},
//!     "required": ["qty"]
//! })).unwrap();
//! let report = schema.validate(&json!({"qty": 0}));
//! assert_eq!(report.messages(), ["argument 'qty' should be at least 1, got 0"]);
//! ```

pub use tool_schema_runtime::{
    format, json, json_report, schema, seed, Diagnostic, Format, JsonType, Kind, Lint, LintKind,
    Options, Path, Position, Report, Schema, SchemaError, Segment, ToolArgs, TypeSet, Undeclared,
    Violation,
};

/// Declares tools from JSON Schema literals, checked and compiled when your crate
/// compiles.
///
/// Each declaration becomes a unit struct implementing [`ToolArgs`]: the tool's wire
/// name, its description, its schema as JSON text and as a `&'static Value`, and a
/// validator generated for this schema alone (property names are `match` arms,
/// required properties a bit set; nothing walks a schema at run time). It reports
/// exactly the violations the run-time interpreter ([`Schema::validate_with`])
/// reports, so every [`Format`] renders them.
///
/// ```
/// use serde_json::json;
/// use tool_schema::{tool_schema, ToolArgs};
///
/// tool_schema! {
///     /// Get the current weather for a city.
///     pub GetWeather = {
///         "type": "object",
///         "properties": {
///             "city": { "type": "string", "description": "City name" },
///             "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] }
///         },
///         "required": ["city"]
///     }
/// }
///
/// assert_eq!(GetWeather::NAME, "get_weather");
/// assert_eq!(GetWeather::DESCRIPTION, "Get the current weather for a city.");
/// let report = GetWeather::validate(&json!({"unit": "kelvin", "units": "metric"}));
/// assert_eq!(report.messages(), [
///     "missing required argument 'city'",
///     "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
///     "unexpected argument 'units'",
/// ]);
/// ```
///
/// # Syntax
///
/// One or more declarations, each `VIS Name = SCHEMA`, where `SCHEMA` is
///
/// - a JSON object written as tokens: keys are string literals, values are JSON
///   (`true`, `false`, `null`, numbers with an optional leading `-`, strings as Rust
///   string literals: write `"\u{e9}"` where JSON would write `"\u00e9"`); or
/// - `include!("schemas/tool.json")`: a file relative to the crate's
///   `CARGO_MANIFEST_DIR`; the crate rebuilds when the file changes.
///
/// Before a declaration: doc comments (the tool's description; without one, the
/// schema's own `description`), other attributes (passed to the struct), and
/// `#[tool(...)]` with
///
/// - `name = "get_weather"`: the wire name (default: the type name in snake_case);
///   1 to 64 ASCII letters, digits, `_` or `-`;
/// - `description = "..."`: the description, instead of the doc comment;
/// - `allow(lint, ...)`: accept a schema lint (below) as intended.
///
/// ```
/// use tool_schema::{tool_schema, ToolArgs};
///
/// tool_schema! {
///     #[tool(name = "search-docs", description = "Search the documentation.")]
///     pub Search = {
///         "type": "object",
///         "properties": {
///             "query": { "type": "string" },
///             "limit": { "type": ["integer", "null"], "minimum": 1, "maximum": 50 }
///         },
///         "required": ["query"],
///         "additionalProperties": false
///     };
///     pub(crate) Ping = { "type": "object", "properties": {} }
/// }
///
/// assert_eq!(Search::NAME, "search-docs");
/// assert_eq!(Ping::NAME, "ping");
/// let report = Search::validate(&serde_json::json!({"query": "x", "limit": 0}));
/// assert_eq!(report.messages(), ["argument 'limit' should be at least 1, got 0"]);
/// ```
///
/// # Compile errors
///
/// A schema the model cannot honour is a compile error at the offending token, with
/// its JSON pointer; every error of one invocation is reported together, and the
/// types are still declared so the rest of the crate type-checks:
///
/// - malformed JSON (missing `:` or `,`, trailing commas, `True`, `3u8`, ...) and
///   duplicate keys;
/// - unknown type names (`"int"`: did you mean `"integer"`?), keyword values of the
///   wrong kind, keywords not supported yet, unknown keywords;
/// - a root schema whose `type` is not `object`; bad or duplicate tool names;
/// - every lint of the schema model, unless allowed: `required_undeclared`,
///   `duplicate_required`, `minimum_above_maximum`, `empty_enum`,
///   `enum_type_mismatch`, `duplicate_enum`, `const_type_mismatch`,
///   `keyword_type_mismatch`, `duplicate_type`.
///
/// ```compile_fail
/// tool_schema::tool_schema! {
///     pub Bad = { "type": "object", "properties": { "n": { "type": "int" } } }
/// }
/// ```
pub use tool_schema_macros::tool_schema;

/// DERIVE_DOCS
pub use tool_schema_macros::ToolArgs;

/// Used by generated code only. Not a public API: it may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use tool_schema_runtime::__private::*;
    pub use tool_schema_runtime::*;
}
