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

pub use tool_schema_macros::tool_schema;

/// Used by generated code only. Not a public API: it may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use tool_schema_runtime::__private::*;
    pub use tool_schema_runtime::*;
}
