//! The text path: arguments validated (and typed arguments deserialised) straight
//! from the JSON text a provider sends, in one pass, without a `serde_json::Value`.
//!
//! OpenAI and most providers deliver a call's arguments as a JSON *string*.
//! Building a `Value` from it costs far more than validating the `Value`; this
//! module reads the text once, checking every keyword of the schema as each
//! token goes by: [`Schema::validate_str`] with a byte reader of its own (tokens
//! by slices, integers and short decimals read in place, no `Visitor` dispatch),
//! the typed passes through serde_json's `Deserializer`.
//!
//! - [`Schema::validate_str`] (and [`ToolArgsExt::validate_str`] for declared tools):
//!   the [`Report`] of `serde_json::from_str` then [`Schema::validate_with`].
//! - [`parse_str`]: typed arguments, or every problem of the call. For a type
//!   deriving `ToolArgs`, read by the serde visitor the derive generates for it
//!   (below); for other types, deserialised by the type's own `Deserialize`
//!   *through* a validating deserializer.
//!
//! ```
//! # use tool_schema_engine as tool_schema;
//! use tool_schema::{Options, Schema};
//!
//! let schema = Schema::parse(&serde_json::json!({
//!     "type": "object",
//!     "properties": {
//!         "city": {"type": "string"},
//!         "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}
//!     },
//!     "required": ["city"]
//! })).unwrap();
//!
//! let report = schema.validate_str(r#"{"city": "Oslo"}"#, &Options::default()).unwrap();
//! assert!(report.is_valid());
//!
//! let report = schema.validate_str(r#"{"unit": "kelvin"}"#, &Options::default()).unwrap();
//! assert_eq!(report.messages(), [
//!     "missing required argument 'city'",
//!     "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
//! ]);
//!
//! let err = schema.validate_str(r#"{"city": "Oslo""#, &Options::default()).unwrap_err();
//! assert!(err.is_truncated());
//! ```
//!
//! # Identical to parse-then-validate, by construction
//!
//! The pass only decides whether the call is valid. At the first violation, or
//! anything it cannot settle on its own (for the byte reader: malformed text, a
//! lone surrogate, nesting near serde_json's limit; the numbers it does not read
//! in place, beyond 18 digits or with an exponent, go to serde_json's own number
//! parser), it stops, and the answer is computed the plain way: `serde_json::from_str::<Value>` then the validator (for typed
//! arguments, [`ToolArgs::parse_with`] on that value). A valid call is answered by
//! the pass alone, and an invalid one gets exactly the report, the error or the
//! panic parse-then-validate gives. Malformed JSON is a [`TextError`] (line and
//! column), not a violation: there is no value to report on.
//!
//! The pass settles by itself: `type`, `enum`, `const`, the number and string
//! keywords and `format` on scalars (applicators included: a scalar is checked
//! against `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `allOf` and `$ref`
//! without being copied);
//! objects (`properties`, `required`, `additionalProperties`, `propertyNames`,
//! `minProperties`, `maxProperties`, closed objects under [`Options::undeclared`])
//! and arrays (`items`, `prefixItems`, `minItems`, `maxItems`), also where `$ref`
//! and `allOf` add conjuncts as long as one of them constrains the members. An
//! object or array under `anyOf`, `oneOf`, `not` or `if`, with `uniqueItems`,
//! `contains`, `patternProperties`, `dependentRequired` or `dependentSchemas`,
//! against
//! an `enum`/`const` holding objects or arrays, whose members several conjuncts
//! constrain, or with more than 64 declared and required names, is read into a
//! `Value` (that sub-value only; the whole call when it is the root) and checked
//! by the interpreter.
//!
//! # Repeated names
//!
//! A member name given twice in one object, at any depth, is a violation
//! ([`Kind::Duplicate`](crate::Kind::Duplicate): `argument 'city' is given more
//! than once`) on the text path, in [`Schema::validate_str`],
//! [`ToolArgsExt::validate_str`] and [`parse_str`]: a `Value` keeps the last value
//! (in the first place) and cannot show it, while a downstream reader of the same
//! text may take the first. The pass notes declared names in a bit set and other
//! names by a hash (the first 8 of an object in place, then in a hash set:
//! constant time per name); a repeated one stops it, and the exact path reads the
//! value and the repeated members in one pass, reporting them after the leading
//! missing arguments. The `Value` path ([`Schema::validate_with`],
//! [`ToolArgs::parse_with`]) cannot see them.
//!
//! Every [`Options`] switch reads as in [`Schema::validate_with`].
//!
//! Nesting: serde_json refuses text nesting more than 127 arrays and objects (a
//! [`TextError`], "recursion limit exceeded"), whatever [`Options::max_depth`]
//! says. Below that, text nested past `max_depth` (only possible when it is set
//! under 127) is read the exact way and gets the [`Kind::TooDeep`](crate::Kind)
//! violation the value path gives.
//!
//! # The generated typed path
//!
//! `#[derive(ToolArgs)]` also generates, per type, a serde `Visitor` (see
//! [`fast`]): it reads a struct's members by the names serde reads (`rename`,
//! `rename_all`), each value with its field type's own `Deserialize` or a checking
//! seed (bounds on the number token itself, lengths in code points, patterns,
//! item counts, uniqueness of sets, `null` only where the schema takes it), a
//! nested derived type with that type's visitor, and builds the value as serde's
//! derive does (`None` for an absent `Option`, `default` and `default = "path"`,
//! `skip`). It never decides a call is invalid: an undeclared or repeated name
//! (maps and `Value` members are read by seeds that stop at one), a missing
//! required field, any violation or anything serde refuses stops it, and the
//! exact path answers. (The generic pass checks a valid call for repeated names
//! with a second read of the text, allocating nothing for up to 8 names per
//! object.) So on a valid call [`parse_str`] costs about what
//! `serde_json::from_str::<T>` costs, with no schema walked at run time. A derived
//! type with a container `#[serde(default)]`, or a fixed-size array of values that
//! need checking, keeps the generic pass. The value is the one serde's derive
//! builds: a type that derives `ToolArgs` but implements `Deserialize` by hand
//! says so with `#[tool(custom_deserialize)]`, and its `parse_str` then reads
//! through its own `Deserialize` (the generic pass above); without it, the values
//! follow the derived reading, not its own.
//!
//! # Allocation
//!
//! On valid text without escapes, [`Schema::validate_str`] allocates nothing once
//! the schema's plan is built (on its first use: the names of each object in a
//! lookup table). Strings with escapes are decoded in the reader's buffer, which
//! may grow once per call. [`parse_str`] allocates what the typed value holds, as
//! `serde_json::from_str::<T>` does, and nothing more (the generated visitor
//! grows vectors, sets and maps as serde does).
//!
//! [`parse_str`]: crate::parse_str
//! [`ToolArgsExt::validate_str`]: crate::ToolArgsExt::validate_str
//! [`ToolArgs::parse_with`]: crate::ToolArgs::parse_with

mod check;
pub(crate) use tool_schema_runtime::fast::dups;
mod error;
#[doc(hidden)]
pub use tool_schema_runtime::fast;
pub(crate) mod lookup;
mod object;
mod plan;
mod scalar;
pub(crate) mod scan;
mod typed;
mod walk;

pub use error::{ParseError, TextError};

use crate::options::Options;
use crate::schema::{NodeId, Schema};
use crate::violation::Report;

use plan::{Compound, Plan};
use scalar::Scalar;
use serde::de::{DeserializeOwned, DeserializeSeed};
use serde_json::Value;
use std::cell::RefCell;

impl Schema {
    /// Validates arguments given as JSON text, with `options`: the report of
    /// `serde_json::from_str` followed by [`Schema::validate_with`], read in one
    /// pass and without building a `Value` when the call is valid.
    ///
    /// See [the module](crate::text) for what the pass checks itself and when it
    /// falls back to the exact path.
    ///
    /// ```
    /// # use tool_schema_engine as tool_schema;
    /// use tool_schema::{Options, Schema};
    ///
    /// let schema = Schema::parse(&serde_json::json!({
    ///     "type": "object",
    ///     "properties": {"qty": {"type": "integer", "minimum": 1}},
    ///     "required": ["qty"]
    /// })).unwrap();
    /// let options = Options::default();
    /// assert!(schema.validate_str(r#"{"qty": 2}"#, &options).unwrap().is_valid());
    /// // `2.0` is a float token, so a number, not an integer (tool-call mode) ...
    /// let report = schema.validate_str(r#"{"qty": 2.0}"#, &options).unwrap();
    /// assert_eq!(report.messages(), ["argument 'qty' should be integer, got number"]);
    /// // ... and an integer in spec mode.
    /// assert!(schema.validate_str(r#"{"qty": 2.0}"#, &Options::SPEC).unwrap().is_valid());
    /// ```
    ///
    /// # Errors
    ///
    /// A [`TextError`] when `text` is not one JSON value.
    pub fn validate_str(&self, text: &str, options: &Options) -> Result<Report, TextError> {
        validate_text(self, text, options, |value| {
            self.validate_with(value, options)
        })
    }
}

/// Whether the checking pass alone finds `text` valid (no exact path), for tests
/// that check the pass settles valid calls by itself. Not a stable API.
#[doc(hidden)]
pub fn __pass_accepts(schema: &Schema, text: &str, options: &Options) -> bool {
    if crate::depth::text_too_deep(text, options) {
        return false;
    }
    let cx = Ctx::new(schema, options);
    walk::accepts(&cx, text, At::root(schema)) && cx.root.take().is_none()
}

/// `T`'s own `Deserialize` reading `text` through a deserializer that checks
/// each value against `schema` as it goes (the generic typed pass): the value when
/// the call is valid and repeats no member name; `None` otherwise, and the exact
/// path answers.
pub(crate) fn read_checked<T: DeserializeOwned>(
    schema: &Schema,
    text: &str,
    options: &Options,
) -> Option<T> {
    let cx = Ctx::new(schema, options);
    let mut de = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(typed::Validating {
        de: &mut de,
        cx: &cx,
        at: At::root(schema),
    })
    .ok()?;
    if de.end().is_err() || !no_repeats(text) {
        return None;
    }
    match cx.root.take() {
        None => Some(value),
        Some(root) if schema.is_valid_with(&root, options) => Some(value),
        Some(_) => None,
    }
}

/// Whether no object of `text` repeats a member name (text already read once
/// without error): the generic typed pass hands some values to the target's own
/// `Deserialize`, which does not say.
fn no_repeats(text: &str) -> bool {
    let mut de = serde_json::Deserializer::from_str(text);
    check::Skip.deserialize(&mut de).is_ok()
}

/// The checking pass over `text`, then, unless it found the call valid, the exact
/// path: `serde_json::from_str` and `validate`.
pub(crate) fn validate_text(
    schema: &Schema,
    text: &str,
    options: &Options,
    validate: impl FnOnce(&Value) -> Report,
) -> Result<Report, TextError> {
    if crate::depth::text_too_deep(text, options) {
        // Nested past `max_depth` (below serde_json's own limit): the exact
        // path reports it as the value path does.
        let value: Value = serde_json::from_str(text)?;
        return Ok(validate(&value));
    }
    let options = *options;
    let cx = Ctx::new(schema, &options);
    if walk::accepts(&cx, text, At::root(schema)) {
        return Ok(match cx.root.take() {
            // The root was read into a value (an `anyOf` at the root, ...).
            Some(root) => validate(&root),
            None => {
                let mut report = Report::default();
                report.max_report_bytes = options.max_report_bytes;
                report
            }
        });
    }
    let (value, repeated, more) = dups::read(text, options.max_violations, &|k| {
        schema.root().property(k).map(|(i, _)| i)
    })?;
    let mut report = validate(&value);
    report.add_duplicates(repeated, more, &options);
    Ok(report)
}

/// How the value at hand is checked.
#[derive(Clone, Copy, Debug)]
pub(crate) struct At {
    /// Its node; `None` when anything goes.
    pub node: Option<NodeId>,
    /// Whether it is the arguments object itself.
    pub root: bool,
    /// Whether `null` counts as absent here ([`Options::null_is_absent`] on an
    /// optional declared property).
    pub null_ok: bool,
}

impl At {
    /// Anything goes.
    pub const ANY: At = At {
        node: None,
        root: false,
        null_ok: false,
    };

    fn root(schema: &Schema) -> At {
        At {
            node: Some(schema.root_id()),
            root: true,
            null_ok: false,
        }
    }
}

/// One run of the text path: the schema, its plan and the options.
pub(crate) struct Ctx<'s> {
    pub schema: &'s Schema,
    pub plan: &'s Plan,
    pub options: Options,
    /// How an object is walked at the root (depends on the options).
    root_object: Compound,
    /// The root must be an object ([`Options::object_root`] and no root `type`).
    root_object_only: bool,
    /// The root, when it had to be read into a value.
    root: RefCell<Option<Value>>,
}

impl<'s> Ctx<'s> {
    fn new(schema: &'s Schema, options: &Options) -> Ctx<'s> {
        let plan = schema.text_plan();
        Ctx {
            schema,
            plan,
            options: *options,
            root_object: plan.root_object(options),
            root_object_only: schema.root().types.is_none() && options.object_root,
            root: RefCell::new(None),
        }
    }

    /// `Some(id)` unless node `id` accepts everything.
    #[inline]
    pub fn effective(&self, id: NodeId) -> Option<NodeId> {
        (!self.plan.node(id).trivial).then_some(id)
    }

    /// Whether scalar `s` is valid at `at`.
    #[inline(always)]
    pub fn scalar_at(&self, at: At, s: &Scalar<'_>) -> bool {
        if at.null_ok && matches!(s, Scalar::Null) {
            return true;
        }
        if at.root && self.root_object_only {
            return false;
        }
        match at.node {
            None => true,
            Some(id) => self.scalar_ok(id, s),
        }
    }

    /// How an object at `at` is walked.
    #[inline]
    pub fn object_plan(&self, at: At) -> Compound {
        match at.node {
            _ if at.root => self.root_object,
            None => Compound::Open,
            Some(id) => self.plan.node(id).object,
        }
    }

    /// How an array at `at` is walked.
    #[inline]
    pub fn array_plan(&self, at: At) -> Compound {
        if at.root && self.root_object_only {
            return Compound::Fail;
        }
        match at.node {
            None => Compound::Open,
            Some(id) => self.plan.node(id).array,
        }
    }

    /// Whether a value read into a `Value` is valid at `at` (the interpreter).
    pub fn value_ok(&self, at: At, value: &Value) -> bool {
        if at.null_ok && value.is_null() {
            return true;
        }
        match at.node {
            _ if at.root => self.schema.is_valid_with(value, &self.options),
            None => true,
            Some(id) => self.schema.accepts_below_root(id, value, &self.options),
        }
    }

    /// Keeps the root, read into a value, for the report.
    pub fn keep_root(&self, value: Value) {
        *self.root.borrow_mut() = Some(value);
    }
}

/// The error that stops a pass at a violation (never shown: the exact path
/// answers instead). Without a message: serde_json copies and parses it.
pub(crate) use tool_schema_runtime::fast::fail as abort;
