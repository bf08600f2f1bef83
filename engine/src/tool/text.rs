//! Typed tools from JSON text: the text path (see [`crate::text`]) for a type that
//! implements [`ToolArgs`]: its schema, found once per program, and, for a derived
//! type, the visitor the derive generates.

use super::{Compiled, ToolArgs};
use crate::options::Options;
use crate::text::fast::Fast;
use crate::text::{validate_text, ParseError, TextError};
use crate::violation::Report;
use crate::ToolArgsExt;
use serde::de::DeserializeOwned;

/// Validates the arguments of tool `T` given as JSON text, with `options`:
/// [`ToolArgsExt::validate_str`] with options.
///
/// # Errors
///
/// A [`TextError`] when `text` is not one JSON value.
pub fn validate_str_with<T: ToolArgs + Compiled + 'static>(
    text: &str,
    options: &Options,
) -> Result<Report, TextError> {
    validate_text(T::compiled_schema(), text, options, |value| {
        T::validate_with(value, options)
    })
}

/// Typed arguments from JSON text, in tool-call mode: `T`'s own `Deserialize`
/// reads the text through a deserializer that checks every value against `T`'s
/// schema as it goes, in one pass. The same answer as
/// `T::parse(&serde_json::from_str(text)?)`: the value, or every violation.
///
/// ```
/// # use tool_schema_engine as tool_schema;
/// use tool_schema::{parse_str, text::ParseError};
/// # use serde::Deserialize;
/// # use tool_schema::__private::{Sink, Trail};
/// # use tool_schema::{Options, Position, Report, ToolArgs, ToolArgsExt};
/// # use serde_json::Value;
/// # use std::sync::LazyLock;
///
/// /// Get the weather. In a crate using `tool-schema`: `#[derive(ToolArgs,
/// /// Deserialize)]`, with `#[arg(minimum = 1, maximum = 16)]` on `days`.
/// #[derive(Debug, PartialEq)]
/// struct GetWeather {
///     city: String,
///     days: Option<u8>,
/// }
/// # impl<'de> Deserialize<'de> for GetWeather {
/// #     fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
/// #         let mut m = std::collections::BTreeMap::<String, Value>::deserialize(d)?;
/// #         let city = m.remove("city").and_then(|v| v.as_str().map(String::from));
/// #         let city = city.ok_or_else(|| serde::de::Error::missing_field("city"))?;
/// #         let days = m.remove("days").and_then(|v| v.as_u64()).map(|d| d as u8);
/// #         Ok(GetWeather { city, days })
/// #     }
/// # }
/// # impl ToolArgs for GetWeather {
/// #     const NAME: &'static str = "get_weather";
/// #     const DESCRIPTION: &'static str = "Get the weather.";
/// #     const SCHEMA_JSON: &'static str = r#"{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer","minimum":1,"maximum":16}},"required":["city"]}"#;
/// #     fn schema() -> &'static Value {
/// #         static SCHEMA: LazyLock<Value> =
/// #             LazyLock::new(|| serde_json::from_str(GetWeather::SCHEMA_JSON).unwrap());
/// #         &SCHEMA
/// #     }
/// #     fn validate_with(args: &Value, options: &Options) -> Report {
/// #         Self::compiled_schema().validate_with(args, options)
/// #     }
/// #     fn __validate_at(_: &Value, _: &Trail<'_>, _: Position, _: &Options, _: &mut Sink<'_>) {}
/// # }
///
/// let args: GetWeather = parse_str(r#"{"city": "Oslo", "days": 3}"#).unwrap();
/// assert_eq!(args, GetWeather { city: "Oslo".into(), days: Some(3) });
///
/// let err = parse_str::<GetWeather>(r#"{"days": 30, "units": "metric"}"#).unwrap_err();
/// assert_eq!(err.messages(), [
///     "missing required argument 'city'",
///     "argument 'days' should be at most 16, got 30",
///     "unexpected argument 'units'",
/// ]);
/// assert!(matches!(parse_str::<GetWeather>("{"), Err(ParseError::Malformed(_))));
/// ```
///
/// # Errors
///
/// [`ParseError::Invalid`] with every violation, or [`ParseError::Malformed`].
///
/// # Panics
///
/// As [`ToolArgs::parse`]: when serde refuses arguments the validator accepts.
pub fn parse_str<T>(text: &str) -> Result<T, ParseError>
where
    T: ToolArgs + DeserializeOwned + Compiled + 'static,
{
    parse_str_with(text, &Options::default())
}

/// [`parse_str`] with `options`, except that, as in [`ToolArgs::parse_with`], a
/// float is never read as an integer (`integer_floats` is off).
///
/// # Errors
///
/// As [`parse_str`].
///
/// # Panics
///
/// As [`ToolArgs::parse`].
pub fn parse_str_with<T>(text: &str, options: &Options) -> Result<T, ParseError>
where
    T: ToolArgs + DeserializeOwned + Compiled + 'static,
{
    let options = options.integer_floats(false);
    if crate::depth::text_too_deep(text, &options) {
        return exact_typed::<T>(text, &options);
    }
    if T::__FAST_PATH {
        // The visitor generated for a derived type: a valid call is read by it
        // alone; anything else is answered by the exact path.
        // (A value the tool's own checks refuse is reported by the exact path.)
        if let Some(value) = fast_parse::<T>(text, &options).filter(passes_checks) {
            return Ok(value);
        }
        return exact_typed::<T>(text, &options);
    }
    parse_str_generic(text, &options)
}

/// The exact path of typed arguments: the value `serde_json::from_str` reads,
/// then [`ToolArgs::parse_with`]; a member repeated anywhere makes the call
/// invalid ([`Kind::Duplicate`](crate::Kind::Duplicate), beside the value's own
/// violations).
fn exact_typed<T>(text: &str, options: &Options) -> Result<T, ParseError>
where
    T: ToolArgs + DeserializeOwned + Compiled + 'static,
{
    let (value, repeated, more) = crate::text::dups::read(text, options.max_violations, &|k| {
        T::compiled_schema().root().property(k).map(|(i, _)| i)
    })
    .map_err(TextError::from)?;
    if repeated.is_empty() {
        return T::parse_with(&value, options).map_err(ParseError::Invalid);
    }
    let mut report = T::validate_with(&value, options);
    report.add_duplicates(repeated, more, options);
    Err(ParseError::Invalid(report))
}

/// [`parse_str_with`] by the generic pass alone (the schema walked as `T`'s own
/// `Deserialize` reads, through a validating deserializer), also for a type with
/// a generated visitor: what types without one use, kept callable for
/// benchmarks. Not a stable API.
///
/// # Errors
///
/// As [`parse_str`].
///
/// # Panics
///
/// As [`ToolArgs::parse`].
#[doc(hidden)]
pub fn parse_str_generic<T>(text: &str, options: &Options) -> Result<T, ParseError>
where
    T: ToolArgs + DeserializeOwned + Compiled + 'static,
{
    let options = options.integer_floats(false);
    if crate::depth::text_too_deep(text, &options) {
        return exact_typed::<T>(text, &options);
    }
    if let Some(value) =
        crate::text::read_checked::<T>(T::compiled_schema(), text, &options).filter(passes_checks)
    {
        return Ok(value);
    }
    exact_typed::<T>(text, &options)
}

/// Whether the tool's own checks ([`ToolArgs::custom_checks`]) find nothing in
/// `value` (allocating nothing when they find nothing).
fn passes_checks<T: ToolArgs>(value: &T) -> bool {
    let mut problems = crate::custom::Problems::new();
    value.custom_checks(&mut problems);
    problems.is_empty()
}

/// Whether the visitor `#[derive(ToolArgs)]` generated for `T` reads `text` by
/// itself (no exact path), with `options` as [`parse_str_with`] takes them: for
/// tests that check the generated path settles valid calls. False for a type
/// without one. Not a stable API.
#[doc(hidden)]
pub fn fast_accepts<T: ToolArgs>(text: &str, options: &Options) -> bool {
    T::__FAST_PATH
        && !crate::depth::text_too_deep(text, options)
        && fast_parse::<T>(text, &options.integer_floats(false)).is_some()
}

/// Typed arguments from `text` by `T`'s generated visitor, or `None` at the first
/// problem (invalid, malformed, or anything the visitor leaves to the exact path).
#[inline]
pub fn fast_parse<T: ToolArgs>(text: &str, options: &Options) -> Option<T> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = T::__fast_de(&mut de, Fast::new(options)).ok()?;
    de.end().ok()?;
    Some(value)
}
