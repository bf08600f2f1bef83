//! The trait every declared tool implements, whichever macro declared it.

use crate::options::Options;
use crate::violation::{Position, Report, Sink, Trail};
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
        out: &mut Sink<'_>,
    );

    /// Validates `args` in tool-call mode.
    fn validate(args: &Value) -> Report {
        Self::validate_with(args, &Options::default())
    }

    /// Validates `args` in tool-call mode, then deserialises them into `Self` with
    /// serde: typed arguments, or every problem of the call.
    ///
    /// For a type that derives both `ToolArgs` and `serde::Deserialize`, arguments
    /// the validator accepts always deserialise: the derived schema describes what
    /// serde accepts, constraints serde does not know (bounds, closed objects, ...)
    /// only ever narrow it.
    ///
    /// # Panics
    ///
    /// If serde refuses arguments the validator accepted, which means `Self`'s
    /// `Deserialize` accepts less than its schema says (a hand-written
    /// `Deserialize`, or a bug in `#[derive(ToolArgs)]`): the panic message holds
    /// serde's error.
    fn parse(args: &Value) -> Result<Self, Report>
    where
        Self: serde::de::DeserializeOwned,
    {
        Self::parse_with(args, &Options::default())
    }

    /// [`ToolArgs::parse`] with `options`.
    ///
    /// # Panics
    ///
    /// As [`ToolArgs::parse`].
    fn parse_with(args: &Value, options: &Options) -> Result<Self, Report>
    where
        Self: serde::de::DeserializeOwned,
    {
        Self::validate_with(args, options).into_result()?;
        match <Self as serde::Deserialize>::deserialize(args) {
            Ok(value) => Ok(value),
            Err(e) => panic!(
                "the arguments of tool `{}` passed validation but serde refused them: {e}",
                Self::NAME
            ),
        }
    }
}
