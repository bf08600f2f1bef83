//! The trait every declared tool implements, whichever macro declared it.

use crate::options::Options;
use crate::violation::{Position, Report, Trail, Violation};
use serde_json::Value;

/// A tool's arguments: its name, description, schema and validator.
///
/// Implemented by the code `tool_schema!` and `#[derive(ToolArgs)]` generate.
pub trait ToolArgs {
    /// The tool's name on the wire (`get_weather`).
    const NAME: &'static str;
    /// The tool's description, for the model.
    const DESCRIPTION: &'static str;
    /// The schema of the arguments as compact JSON text.
    const SCHEMA_JSON: &'static str;

    /// The schema of the arguments, parsed once.
    fn schema() -> &'static Value;

    /// Validates `args` with `options`, reporting every violation.
    fn validate_with(args: &Value, options: &Options) -> Report;

    /// Validates the value at `trail` as this tool's arguments schema, appending
    /// its violations to `out`: how one tool type nests inside another.
    #[doc(hidden)]
    fn __validate_at(
        args: &Value,
        trail: &Trail<'_>,
        position: Position,
        options: &Options,
        out: &mut Vec<Violation>,
    );

    /// Validates `args` in tool-call mode.
    fn validate(args: &Value) -> Report {
        Self::validate_with(args, &Options::default())
    }
}
