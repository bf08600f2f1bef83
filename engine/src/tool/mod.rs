//! The trait every declared tool implements, whichever macro declared it.

mod cache;
mod checks;
mod instances;
mod repair;
#[cfg(feature = "engines")]
mod std_problems;
#[cfg(feature = "engines")]
mod std_types;
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
use crate::violation::{Position, Report, Sink, Trail};
use serde_json::Value;

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

/// A tool's arguments: its name, description, schema and validator.
///
/// Implemented by the code `tool_schema!` and `#[derive(ToolArgs)]` generate.
///
/// With the `engines` feature, the standard types a derived field may have
/// implement it too (`Pair<u8>`, `Page<String>`), validated on their model made
/// when the program runs; without it, a compile error says what to do instead.
#[cfg_attr(
    not(feature = "engines"),
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
    /// [`ToolExport`](crate::export::ToolExport) methods answer from them. Empty:
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
    /// (`Schema::__encode`): [`ToolArgs::compiled_schema`] decodes it instead of
    /// parsing [`ToolArgs::schema`]. Empty: none (a derived type whose schema the
    /// macro does not see whole, as for [`ToolArgs::__EXPORTS`]), and then the
    /// schema is parsed; a constant that cannot be decoded is parsed over too.
    #[doc(hidden)]
    const __MODEL: &'static [u8] = &[];

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
    /// Validate the text itself ([`ToolArgs::validate_str`],
    /// [`crate::parse_str`]) to have a repeated name reported
    /// ([`crate::Kind::Duplicate`]).
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

    /// Whether `#[derive(ToolArgs)]` generated a typed text path for this type
    /// ([`ToolArgs::__fast_de`]): [`crate::parse_str`] then reads valid calls
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
        fast: crate::text::fast::Fast,
    ) -> Result<Self, D::Error>
    where
        Self: Sized,
    {
        let _ = (de, fast);
        Err(crate::text::fast::fail())
    }

    /// The tool's own checks on its typed arguments, for what a schema cannot
    /// say ("`end` after `start`"): each problem added to `problems` becomes a
    /// [`crate::Kind::Custom`] violation. Run by [`ToolArgs::parse`],
    /// [`crate::parse_str`] and a [`crate::Toolbox`]'s typed tools on the value
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

    /// Repairs `args` in tool-call mode (see [`crate::repair`]): the unambiguous
    /// mistakes mended (a number or boolean written as a string, a JSON-encoded
    /// object or array, a lone value for an array, an enum value in another case),
    /// each change listed, the result validated again by this tool's validator.
    /// Off unless called: nothing is coerced by [`ToolArgs::validate`] or
    /// [`ToolArgs::parse`](crate::ToolArgs).
    fn repair(args: &Value) -> crate::repair::Repaired {
        Self::repair_with(args, &Options::default())
    }

    /// [`ToolArgs::repair`] with `options`.
    fn repair_with(args: &Value, options: &Options) -> crate::repair::Repaired {
        repair::repair_tool::<Self>(args, options)
    }

    /// Repairs arguments given as JSON text: a Markdown code fence around them
    /// unwrapped (a change), then [`ToolArgs::repair_with`].
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
        cache::schema_of::<Self>()
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
    /// gives [`ToolArgs::validate_str`]'s report.
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
    /// [`ToolArgs::validate_with`]); [`crate::parse_str`] reports it.
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
            stripped = without_absent_nulls(Self::schema(), Self::schema(), args);
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

/// `schema`, or what its local `$ref` names (followed a few times; an unresolved
/// or cyclic reference leaves the last schema found).
fn resolved<'s>(root: &'s Value, mut schema: &'s Value) -> &'s Value {
    for _ in 0..16 {
        let Some(r) = schema.get("$ref").and_then(Value::as_str) else {
            break;
        };
        match crate::json::pointer::resolve_local(root, r) {
            Some(t) => schema = t,
            None => break,
        }
    }
    schema
}

/// `args` without the members the validator reads as absent under
/// `Options::null_is_absent` (a `null` for a declared property that is not
/// required), at every level `schema` describes: `properties`,
/// `additionalProperties`, `items`, and the object alternative of an `anyOf`, local
/// `$ref`s (into `root`, the whole schema) followed.
pub(crate) fn without_absent_nulls(root: &Value, schema: &Value, args: &Value) -> Value {
    let schema = resolved(root, schema);
    match args {
        Value::Object(map) => {
            let mut object = None;
            for a in schema
                .get("anyOf")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let a = resolved(root, a);
                if a.get("properties").is_some() || a.get("type") == Some(&"object".into()) {
                    object = Some(a);
                    break;
                }
            }
            let schema = object.unwrap_or(schema);
            let properties = schema.get("properties").and_then(Value::as_object);
            let required = |k: &str| {
                schema
                    .get("required")
                    .and_then(Value::as_array)
                    .is_some_and(|r| r.iter().any(|n| n == k))
            };
            // A declared member's schema and whether it is required: by its name,
            // or by an alias (`x-tool-schema-aliases`) of its property.
            let declared = |k: &str| -> Option<(&Value, bool)> {
                if let Some(sub) = properties.and_then(|p| p.get(k)) {
                    return Some((sub, required(k)));
                }
                let aliases = schema.get(crate::keywords::alias::KEYWORD)?.as_object()?;
                let (name, _) = aliases.iter().find(|(_, list)| {
                    list.as_array()
                        .is_some_and(|l| l.iter().any(|a| a.as_str() == Some(k)))
                })?;
                Some((properties?.get(name)?, required(name)))
            };
            let mut out = serde_json::Map::new();
            for (k, v) in map {
                let sub = match declared(k) {
                    Some((_, false)) if v.is_null() => continue,
                    Some((sub, _)) => Some(sub),
                    None => schema.get("additionalProperties").filter(|a| a.is_object()),
                };
                let v = match sub {
                    Some(sub) => without_absent_nulls(root, sub, v),
                    None => v.clone(),
                };
                out.insert(k.clone(), v);
            }
            Value::Object(out)
        }
        Value::Array(items) => {
            let item = schema.get("items");
            let mut out = Vec::with_capacity(items.len());
            for v in items {
                out.push(match item {
                    Some(item) => without_absent_nulls(root, item, v),
                    None => v.clone(),
                });
            }
            Value::Array(out)
        }
        other => other.clone(),
    }
}
