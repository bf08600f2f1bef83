//! How a call's arguments become what a handler takes: a typed tool's own type
//! (validated, then read by serde), [`Validated`] for a `tool_schema!` tool (the
//! JSON value its validator accepted), or a dynamic tool's JSON value.

use super::calls::Arguments;
use super::outcome::Failure;
use crate::export::{CompiledExport, ToolSpec};
use crate::options::Options;
use crate::text::{ParseError, TextError};
use crate::tool::{parse_str_with, validate_str_with, without_absent_nulls, Compiled, ToolArgs};
use crate::violation::Report;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::marker::PhantomData;
use std::ops::Deref;

/// What a typed tool's handler takes: a type implementing [`ToolArgs`] and
/// serde's `Deserialize` (`#[derive(ToolArgs, Deserialize)]`), or
/// [`Validated<T>`] for a tool declared with `tool_schema!` (a unit struct: the
/// arguments stay JSON). Implemented for both; not meant to be implemented
/// elsewhere. A handler taking a `tool_schema!` tool's own type (which serde does
/// not read) is a compile error saying to take `Validated<T>`.
#[diagnostic::on_unimplemented(
    message = "a toolbox handler cannot take `{Self}`",
    label = "for a `tool_schema!` tool, take `Validated<{Self}>`",
    note = "a handler takes a type deriving `ToolArgs` and `serde::Deserialize` (read into it), or, for a tool declared with `tool_schema!`, its arguments as JSON accepted by its validator: `|args: tool_schema::Validated<{Self}>|`",
    note = "without tool-schema's `engines` feature, neither can be a tool whose schema is read when the program runs (generic, recursive, or nesting or flattening another type)"
)]
pub trait ToolInput: Sized + 'static {
    /// The tool: its name, description and schema.
    #[doc(hidden)]
    fn spec() -> ToolSpec<'static>;

    /// Reads `arguments` with `options`: the value, or every problem.
    #[doc(hidden)]
    fn read(arguments: Arguments, options: &Options) -> Result<Self, Failure>;

    /// The tool's exports computed when it compiled ([`ToolArgs::__EXPORTS`]).
    #[doc(hidden)]
    fn exports() -> &'static [CompiledExport];

    /// The tool's export to a target with the default options, run once and
    /// kept, for the targets not compiled into it (with the engines).
    #[doc(hidden)]
    fn kept() -> crate::export::Kept {
        None
    }
}

impl<T: ToolArgs + DeserializeOwned + Compiled + 'static> ToolInput for T {
    fn spec() -> ToolSpec<'static> {
        ToolSpec::of::<T>()
    }

    fn exports() -> &'static [CompiledExport] {
        T::__EXPORTS
    }

    #[cfg(feature = "engines")]
    fn kept() -> crate::export::Kept {
        Some(crate::export::lazy::exported::<T>)
    }

    /// [`ToolArgs::parse_with`] for a value, [`parse_str_with`] for text (one
    /// pass, repeated names reported).
    fn read(arguments: Arguments, options: &Options) -> Result<T, Failure> {
        match arguments {
            Arguments::Json(value) => T::parse_with(&value, options).map_err(Failure::Invalid),
            Arguments::Text(text) => parse_str_with::<T>(&text, options).map_err(|e| match e {
                ParseError::Invalid(report) => Failure::Invalid(report),
                ParseError::Malformed(e) => Failure::NotJson(e),
            }),
        }
    }
}

/// The arguments of tool `T` as JSON, accepted by `T`'s validator: what the
/// handler of a `tool_schema!` tool takes (`|args: Validated<GetWeather>|`),
/// since the macro declares a unit struct, not a type to read the arguments into.
/// Derefs to the `serde_json::Value`.
///
/// With [`Options::null_is_absent`] (tools exported for OpenAI's strict mode),
/// the `null`s read as absent are left out of the value, as they are of what
/// [`ToolArgs::parse_with`] gives serde.
pub struct Validated<T> {
    value: Value,
    tool: PhantomData<fn() -> T>,
}

impl<T> Validated<T> {
    /// The arguments.
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// The arguments, owned.
    pub fn into_value(self) -> Value {
        self.value
    }
}

impl<T> Deref for Validated<T> {
    type Target = Value;

    fn deref(&self) -> &Value {
        &self.value
    }
}

impl<T> std::fmt::Debug for Validated<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Validated").field(&self.value).finish()
    }
}

impl<T: ToolArgs + Compiled + 'static> ToolInput for Validated<T> {
    fn spec() -> ToolSpec<'static> {
        ToolSpec::of::<T>()
    }

    fn exports() -> &'static [CompiledExport] {
        T::__EXPORTS
    }

    #[cfg(feature = "engines")]
    fn kept() -> crate::export::Kept {
        Some(crate::export::lazy::exported::<T>)
    }

    fn read(arguments: Arguments, options: &Options) -> Result<Validated<T>, Failure> {
        let value = read_value(
            arguments,
            options,
            T::schema(),
            |value| T::validate_with(value, options),
            |text| validate_str_with::<T>(text, options),
        )?;
        Ok(Validated {
            value,
            tool: PhantomData,
        })
    }
}

/// Arguments read as a JSON value accepted by a validator: `validate` for a value,
/// `validate_text` for text (then parsed once valid); with `null_is_absent`, the
/// nulls read as absent left out (`schema`: the tool's schema as JSON).
pub(crate) fn read_value(
    arguments: Arguments,
    options: &Options,
    schema: &Value,
    validate: impl FnOnce(&Value) -> Report,
    validate_text: impl FnOnce(&str) -> Result<Report, TextError>,
) -> Result<Value, Failure> {
    let value = match arguments {
        Arguments::Json(value) => {
            validate(&value).into_result().map_err(Failure::Invalid)?;
            value
        }
        Arguments::Text(text) => {
            let report = validate_text(&text).map_err(Failure::NotJson)?;
            report.into_result().map_err(Failure::Invalid)?;
            serde_json::from_str(&text).map_err(|e| Failure::NotJson(TextError::from(e)))?
        }
    };
    Ok(if options.null_is_absent {
        without_absent_nulls(schema, schema, &value)
    } else {
        value
    })
}
