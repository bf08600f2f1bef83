//! The run-time half of `tool-schema`: the schema model, the interpreter, the
//! violation model and the formats that turn violations into words.
//!
//! The feature `engines` (on by default) holds what works on schemas when the program runs: the
//! schema parser, the export engine and the dialects. Without it the crate holds
//! what the code the macros generate calls, and the model decoder.
//!
//! ```
//! use serde_json::json;
//! use tool_schema_engine::{Format, Schema};
//!
//! let schema = Schema::parse(&json!({
//!     "type": "object",
//!     "properties": {
//!         "city": {"type": "string"},
//!         "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}
//!     },
//!     "required": ["city"]
//! })).unwrap();
//!
//! let report = schema.validate(&json!({"unit": "kelvin", "days": 3}));
//! assert_eq!(Format::Default.render(&report), [
//!     "missing required argument 'city'",
//!     "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
//!     "unexpected argument 'days'",
//! ]);
//! ```

// The small runtime's modules, under the names this crate's code has always used.
#[doc(hidden)]
pub use tool_schema_runtime::{
    constcat, constcat_fixed, constcat_flatten, constcat_null, depth, echo, export_records, idna,
    keywords, model_parts, options, pattern, suggest, violation,
};
pub use tool_schema_runtime::{custom, json, render};

/// Items of the `engines` feature (the schema parser, the export engine, the
/// dialects): each given the feature's `cfg`.
macro_rules! with_engines {
    ($($item:item)*) => {
        $(
            #[cfg(feature = "engines")]
            $item
        )*
    };
}
pub(crate) use with_engines;

#[cfg(feature = "engines")]
pub mod dialect;
pub mod export;
mod hint;
pub(crate) mod interp;
pub mod repair;
pub mod schema;
#[cfg(feature = "seed")]
pub mod seed;
pub mod stream;
pub mod text;
mod tool;
pub mod toolbox;

#[cfg(feature = "engines")]
pub use dialect::Dialect;
pub use hint::OptionHint;
pub use json::{JsonType, TypeSet};
pub use keywords::Draft;
pub use options::{Options, Undeclared, DEFAULT_MAX_REPORT_BYTES, DEFAULT_MAX_VIOLATIONS};
pub use render::{json_report, Format};
pub use repair::repair_report;
#[cfg(feature = "engines")]
pub use schema::SchemaBuilder;
pub use schema::{Diagnostic, Lint, LintKind, Schema, SchemaError};
pub use tool::{parse_str, parse_str_with, validate_str_with, ToolArgs, ToolArgsExt};
pub use toolbox::Toolbox;
pub use violation::{
    Condition, CountBound, Counted, Kind, Path, Position, Report, Segment, Suggestion, Violation,
};

/// Used by generated code only (the contract of `contract.rs`). Not a public
/// API: it may change in any release.
#[doc(hidden)]
#[path = "contract.rs"]
pub mod __private;
