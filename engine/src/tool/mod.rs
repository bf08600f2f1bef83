//! What the engine adds to every declared tool (`ToolArgs` itself is the small
//! runtime's): the text path, streaming, repair and the words, which walk the
//! tool's model (`ToolArgsExt`), and the model's decoding and caches.

mod cache;
mod instances;
mod repair;
mod text;
mod words;

#[doc(hidden)]
pub use cache::declared_schema;
#[doc(hidden)]
pub use instances::instance_model;
#[doc(hidden)]
pub use text::{fast_accepts, fast_parse, parse_str_generic};
pub use text::{parse_str, parse_str_with, validate_str_with};

use crate::options::Options;
use crate::violation::Report;
use serde_json::Value;
#[doc(hidden)]
pub use tool_schema_runtime::tool::without_absent_nulls;
pub use tool_schema_runtime::tool::ToolArgs;

/// A tool whose schema model the macros compiled (`ToolArgs::__MODEL`), or any
/// type with the `engines` feature (which parses a schema when the program
/// runs): what the text path, a toolbox and an export need of a tool. Without
/// `engines` it is implemented by the macros for the tools whose schema they
/// see whole, so that using another's model is an error `cargo check` reports
/// where it is used (not a failed constant when the program is built).
#[cfg(feature = "engines")]
#[doc(hidden)]
pub trait Compiled {}

#[cfg(feature = "engines")]
impl<T: ?Sized> Compiled for T {}

/// See the `engines` version above.
#[cfg(not(feature = "engines"))]
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "tool-schema: the schema of `{Self}` is read when the program runs (the type is generic, recursive, or nests or flattens another type), which needs tool-schema's `engines` feature",
    label = "needs the schema model of `{Self}`, made when the program runs",
    note = "turn on tool-schema's `engines` feature, or declare `{Self}` so that the macros see its schema whole (no nested or flattened `ToolArgs` types, no type parameters, no recursion)"
)]
pub trait Compiled {}

/// `impl Compiled for $ty` where it is needed (without `engines`; with it, every
/// type is): what the macros write for a tool whose model they compiled.
#[cfg(feature = "engines")]
#[doc(hidden)]
#[macro_export]
macro_rules! __compiled {
    ($ty:ty) => {};
}

/// See the `engines` version above.
#[cfg(not(feature = "engines"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __compiled {
    ($ty:ty) => {
        impl $crate::__private::Compiled for $ty {}
    };
}

/// What the engine adds to every [`ToolArgs`] type (implemented for all of
/// them): the text path, streaming, repair and the words of its reports, which
/// walk the tool's model. In scope with `use tool_schema::ToolArgsExt;` (or
/// `use tool_schema::prelude::*;`).
pub trait ToolArgsExt: ToolArgs {
    /// Repairs `args` in tool-call mode (see [`crate::repair`]): the unambiguous
    /// mistakes mended (a number or boolean written as a string, a JSON-encoded
    /// object or array, a lone value for an array, an enum value in another case),
    /// each change listed, the result validated again by this tool's validator.
    /// Off unless called: nothing is coerced by [`ToolArgs::validate`] or
    /// [`ToolArgs::parse`].
    fn repair(args: &Value) -> crate::repair::Repaired {
        Self::repair_with(args, &Options::default())
    }

    /// [`ToolArgsExt::repair`] with `options`.
    fn repair_with(args: &Value, options: &Options) -> crate::repair::Repaired {
        repair::repair_tool::<Self>(args, options)
    }

    /// Repairs arguments given as JSON text: a Markdown code fence around them
    /// unwrapped (a change), then [`ToolArgsExt::repair_with`].
    ///
    /// # Errors
    ///
    /// A [`crate::text::TextError`] when the text (inside its fence) is not one
    /// JSON value.
    fn repair_str(
        text: &str,
        options: &Options,
    ) -> Result<crate::repair::Repaired, crate::text::TextError> {
        repair::repair_tool_str::<Self>(text, options)
    }

    /// This tool's schema in the run-time model, decoded from
    /// [`ToolArgs::__MODEL`] (or parsed from [`ToolArgs::schema`]) on first use
    /// and kept for the program's life: what the text path walks.
    #[doc(hidden)]
    fn compiled_schema() -> &'static crate::Schema
    where
        Self: Sized + Compiled + 'static,
    {
        match Self::__model_slot() {
            Some(slot) => {
                slot.get_or_make(|| declared_schema(Self::__MODEL, Self::schema, Self::NAME))
            }
            None => cache::schema_of::<Self>(),
        }
    }

    /// Validates arguments given as JSON text, in tool-call mode: the report of
    /// `serde_json::from_str` then [`ToolArgs::validate`], read in one pass without
    /// building a `Value` when the call is valid (see [`crate::text`];
    /// [`crate::validate_str_with`] takes options), and a
    /// [`crate::Kind::Duplicate`] violation for each member name repeated in an
    /// object of the text, at any depth (which a `Value` cannot show).
    ///
    /// # Errors
    ///
    /// A [`crate::text::TextError`] when `text` is not one JSON value.
    fn validate_str(text: &str) -> Result<Report, crate::text::TextError>
    where
        Self: Sized + Compiled + 'static,
    {
        text::validate_str_with::<Self>(text, &Options::default())
    }

    /// A streaming checker of this tool's arguments in tool-call mode: fed the
    /// text in chunks as the model writes it, it says as early as can be known
    /// that the call cannot become valid (see [`crate::stream`]); its `finish`
    /// gives [`ToolArgsExt::validate_str`]'s report.
    fn stream() -> crate::stream::Checker<'static>
    where
        Self: Sized + Compiled + 'static,
    {
        crate::stream::Checker::__for_tool(
            Self::compiled_schema(),
            text::validate_str_with::<Self>,
            &Options::default(),
        )
    }

    /// The optional words for this tool's reports, both on: its name in the
    /// summary line, its schema's descriptions after missing arguments (see
    /// [`crate::render::Words`]).
    fn words() -> crate::render::Words<'static>
    where
        Self: Sized + Compiled + 'static,
    {
        words::for_tool::<Self>()
    }
}

impl<T: ToolArgs + ?Sized> ToolArgsExt for T {}
