//! The trait every declared tool implements, whichever macro declared it, with
//! what needs no schema model: its constants, its validator, serde's reading
//! and the tool's own checks. The engine adds what walks a model (the text path,
//! streaming, repair, the words: `ToolArgsExt`).

mod absent_nulls;
mod checks;
mod model_slot;
#[cfg(feature = "std-types")]
mod std_problems;
#[cfg(feature = "std-types")]
mod std_types;
#[cfg_attr(not(feature = "std-types"), allow(dead_code))]
mod std_walk;

#[doc(hidden)]
pub use absent_nulls::without_absent_nulls;
pub use model_slot::ModelSlot;

use crate::options::Options;
use crate::violation::{Position, Report, Sink, Trail};
use serde_json::Value;

/// A tool's arguments: its name, description, schema and validator.
///
/// Implemented by the code `tool_schema!` and `#[derive(ToolArgs)]` generate.
///
/// With the `engines` feature, the standard types a derived field may have
/// implement it too (`Pair<u8>`, `Page<String>`), validated on their model made
/// when the program runs; without it, a compile error says what to do instead.
#[cfg_attr(
    not(feature = "std-types"),
    diagnostic::on_unimplemented(
        message = "`{Self}` does not implement `ToolArgs`: without tool-schema's `engines` feature, a standard type (an integer, `String`, `Vec<T>`, `Option<T>`, a tuple, ...) does not",
        label = "`{Self}` as a tool's arguments or a generic argument (`Pair<{Self}>`) needs tool-schema's `engines` feature",
        note = "turn on tool-schema's `engines` feature (`features = [\"pattern\", \"engines\"]`): a standard type is then validated on its model, made when the program runs",
        note = "or, without `engines`, name the value with a newtype the macros see whole, `#[derive(ToolArgs, Deserialize)] struct Count(u8);`, and write `Pair<Count>` (the same schema); a type of your own: `#[derive(ToolArgs)]` on it"
    )
)]
pub trait ToolArgs {
    /// The tool's name on the wire (`get_weather`).
    const NAME: &'static str;
    /// The tool's description, for the model.
    const DESCRIPTION: &'static str;
    /// The schema of the arguments as compact JSON text.
    const SCHEMA_JSON: &'static str;

    /// The JSON text that stands for this type where another `#[derive(ToolArgs)]`
    /// type nests it: its schema, or a recursive type's `{"$ref": "#/$defs/Name"}`.
    #[doc(hidden)]
    const __USE_JSON: &'static str = Self::SCHEMA_JSON;

    /// Whether serde reads this type from an absent member (`Option<T>`, and a
    /// `Box` of one: `None`): a derived generic type's field of a type
    /// parameter instantiated with it is optional, as the same field written
    /// `Option<..>` is (left out of `required`, the validators agreeing).
    #[doc(hidden)]
    const __OPTIONAL: bool = false;

    /// How this type's schema takes `null` where it is made optional
    /// ([`crate::constcat_null::null_form`]): the form the derive gives a field
    /// `Option<Self>`, so that `Option<Self>` as a generic argument is the same
    /// text. By default (a derived type): wrapped in an `anyOf`.
    #[doc(hidden)]
    const __NULL_FORM: u8 = crate::constcat_null::null_form::WRAP;

    /// The definitions (`$defs` name, schema JSON text) of the recursive types in
    /// this type's schema (itself included when it is one), which a schema nesting
    /// this type gathers into its own root `$defs`.
    #[doc(hidden)]
    const __DEFS: &'static [(&'static str, &'static str)] = &[];

    /// Per export target (`Target::ALL`'s order), the first problem the target has
    /// with this type's schema as part of another tool's schema, nested types
    /// included: `(refusal, lossy change)`, `""` for none. A derive nesting this
    /// type asserts its declared targets have none. Empty: nothing known.
    #[doc(hidden)]
    const __TARGET_PROBLEMS: &'static [(&'static str, &'static str)] = &[];

    /// What this type brings where another derived type flattens it
    /// (`#[serde(flatten)]`): the JSON text of its `properties`, `required` and aliases;
    /// `None` for a type that is not a struct of named fields.
    #[doc(hidden)]
    const __MEMBERS: crate::constcat_flatten::Members = None;

    /// The tool definitions the macros computed when the crate compiled, one per
    /// target that accepts the schema (a target declared with
    /// `#[tool(targets(...))]` must): the definition as JSON text, the changes
    /// and the nullable optional properties, exactly what the run-time export
    /// gives with the default options. The
    /// engine's `ToolExport` methods answer from them. Empty:
    /// a derived type whose schema the macro does not see whole (generic,
    /// recursive, nesting or flattening another type).
    #[doc(hidden)]
    const __EXPORTS: &'static [crate::export_records::CompiledExport] = &[];

    /// What serde reads as this type against what its schema accepts, by JSON
    /// type (see [`crate::__private::Reading`]): how a derived `#[serde(untagged)]`
    /// enum holding this type knows that serde's choice of variant is one the
    /// validator accepted. By default: nothing known.
    #[doc(hidden)]
    const __READING: crate::constcat::Reading = crate::constcat::Reading::UNKNOWN;

    /// The checked schema model the macros built when the crate compiled, encoded
    /// (the engine's `Schema::__encode`): the engine's `compiled_schema` decodes
    /// it instead of parsing [`ToolArgs::schema`]. Empty: none (a derived type whose schema the
    /// macro does not see whole, as for [`ToolArgs::__EXPORTS`]), and then the
    /// schema is parsed; a constant that cannot be decoded is parsed over too.
    #[doc(hidden)]
    const __MODEL: &'static [u8] = &[];

    /// Where this tool keeps its model once decoded from [`ToolArgs::__MODEL`]
    /// (a `static` of the tool's own): the macros give one to each tool whose
    /// schema they see whole; `None` (the default) keeps it in the engine's
    /// table of models by type.
    #[doc(hidden)]
    fn __model_slot() -> Option<&'static ModelSlot> {
        None
    }

    /// The schema of the arguments, parsed once.
    fn schema() -> &'static Value;

    /// Validates `args` with `options`, reporting every violation (at most
    /// [`Options::max_violations`], the others counted).
    ///
    /// # Repeated names
    ///
    /// A `serde_json::Value` cannot hold an object with a member name twice:
    /// parsing `{"city": "Paris", "city": "Rome"}` keeps the last value (in the
    /// place of the first), so this validates `{"city": "Rome"}` and cannot report
    /// the repetition, while another reader of the same text may take `"Paris"`.
    /// Validate the text itself (`validate_str`, `parse_str`: the engine's text
    /// path) to have a repeated name reported ([`crate::Kind::Duplicate`]).
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

    /// [`ToolArgs::__validate_at`] of this type's schema taking `null` as well,
    /// in the form `Option<Self>` writes it ([`ToolArgs::__NULL_FORM`]): how
    /// `Option<Self>` as a generic argument is validated. By default (a derived
    /// type), `{"anyOf": [Self, {"type": "null"}]}`.
    #[doc(hidden)]
    fn __validate_or_null_at(
        args: &Value,
        trail: &Trail<'_>,
        position: Position,
        options: &Options,
        out: &mut Sink<'_>,
    ) {
        let branches: [crate::collect::Walk; 1] = [Self::__validate_at];
        std_walk::any_of(&branches, true, args, trail, position, options, out)
    }

    /// Whether `#[derive(ToolArgs)]` generated a typed text path for this type
    /// ([`ToolArgs::__fast_de`]): the engine's `parse_str` then reads valid calls
    /// with it alone. Not a stable API.
    #[doc(hidden)]
    const __FAST_PATH: bool = false;

    /// Reads `Self` from `de` with the visitor `#[derive(ToolArgs)]` generates,
    /// checking every constraint of the schema on the typed value as it is read;
    /// an error at the first problem (invalid or not, the exact path answers). By
    /// default (no generated visitor): always an error. Not a stable API.
    #[doc(hidden)]
    fn __fast_de<'de, D: serde::Deserializer<'de>>(
        de: D,
        fast: crate::fast::Fast,
    ) -> Result<Self, D::Error>
    where
        Self: Sized,
    {
        let _ = (de, fast);
        Err(crate::fast::fail())
    }

    /// The tool's own checks on its typed arguments, for what a schema cannot
    /// say ("`end` after `start`"): each problem added to `problems` becomes a
    /// [`crate::Kind::Custom`] violation. Run by [`ToolArgs::parse`], the
    /// engine's `parse_str` and a `Toolbox`'s typed tools on the value
    /// serde read, once the schema's checks passed (not by
    /// [`ToolArgs::validate`], which has no typed value). `#[derive(ToolArgs)]`
    /// calls the function of `#[tool(validate = path)]` here; by default, none.
    /// See [`crate::custom`].
    fn custom_checks(&self, problems: &mut crate::custom::Problems) {
        let _ = problems;
    }

    /// Validates `args` in tool-call mode.
    #[inline]
    fn validate(args: &Value) -> Report {
        Self::validate_with(args, &Options::default())
    }

    /// Whether `args` are valid in tool-call mode: the answer of
    /// [`ToolArgs::validate`]`(args).is_valid()`, without building a report (the
    /// implementations the macros generate never allocate).
    #[inline]
    fn is_valid(args: &Value) -> bool {
        Self::is_valid_with(args, &Options::default())
    }

    /// [`ToolArgs::is_valid`] with `options`.
    #[inline]
    fn is_valid_with(args: &Value, options: &Options) -> bool {
        Self::validate_with(args, options).is_valid()
    }

    /// Validates `args` in tool-call mode, then deserialises them into `Self` with
    /// serde, then runs the tool's own checks ([`ToolArgs::custom_checks`]):
    /// typed arguments, or every problem of the call (the schema's, else the
    /// checks').
    ///
    /// For a type that derives both `ToolArgs` and `serde::Deserialize`, arguments
    /// the validator accepts always deserialise: the derived schema describes what
    /// serde accepts, constraints serde does not know (bounds, closed objects, ...)
    /// only ever narrow it.
    ///
    /// A repeated member name cannot be seen here (see
    /// [`ToolArgs::validate_with`]); the engine's `parse_str` reports it.
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

    /// [`ToolArgs::parse`] with `options`, except that a float is never read as an
    /// integer (`integer_floats` is off whatever `options` says): serde does not
    /// read `1.0` into an integer type. With `null_is_absent`, the `null`s the
    /// validator reads as absent are left out of what serde reads.
    ///
    /// # Panics
    ///
    /// As [`ToolArgs::parse`].
    fn parse_with(args: &Value, options: &Options) -> Result<Self, Report>
    where
        Self: serde::de::DeserializeOwned,
    {
        let options = options.integer_floats(false);
        Self::validate_with(args, &options).into_result()?;
        let stripped;
        let args = if options.null_is_absent {
            // What the validator read as absent, serde must too (a `null` for a
            // `#[serde(default)]` field is an error to serde).
            stripped = absent_nulls::without_absent_nulls(Self::schema(), Self::schema(), args);
            &stripped
        } else {
            args
        };
        match <Self as serde::Deserialize>::deserialize(args) {
            Ok(value) => match checks::checked(&value, Some(args), &options) {
                None => Ok(value),
                Some(report) => Err(report),
            },
            Err(e) => panic!(
                "the arguments of tool `{}` passed validation but serde refused them: {e}",
                Self::NAME
            ),
        }
    }
}
