//! Tool definitions for LLM providers, from a tool's name, description and JSON
//! Schema: Anthropic, OpenAI (Chat Completions and Responses, strict or not), Gemini
//! (`parameters` and `parametersJsonSchema`) and MCP.
//!
//! Every function here works on JSON (the schema as [`ToolArgs::schema`] gives it), so
//! keywords the schema model learns later flow through to the providers that take
//! them. A schema a provider cannot take as it is is refused with an [`ExportError`]
//! listing every problem with its JSON pointer and the provider rule; what an export
//! changes is listed in an [`ExportReport`] ([`export`] and [`toolbox`] return it).
//!
//! ```
//! use serde_json::json;
//! # use tool_schema_engine as tool_schema;
//! use tool_schema::export;
//!
//! let schema = json!({
//!     "type": "object",
//!     "properties": {
//!         "city": {"type": "string", "description": "City name"},
//!         "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}
//!     },
//!     "required": ["city"]
//! });
//! let tool = export::openai_chat_strict("get_weather", "Get the weather.", &schema).unwrap();
//! assert_eq!(tool["function"]["parameters"]["properties"]["unit"]["type"], json!(["string", "null"]));
//! assert_eq!(tool["function"]["strict"], json!(true));
//!
//! let tool = export::gemini("get_weather", "Get the weather.", &schema).unwrap();
//! assert_eq!(tool["parameters"]["properties"]["city"]["type"], "STRING");
//! ```
//!
//! # Without the `engines` feature
//!
//! The export engine comes with the `engines` feature (the macros always have
//! it). Without it, this module keeps its types, the [`ToolExport`] methods and
//! the [`Toolbox`](crate::Toolbox)'s list export, which answer from what the
//! macros compiled into each declared tool: its definition for every target that
//! accepts it, the problems of every target that refuses it, exactly what the
//! engine gives with the default options. An export they did not compile (other
//! options, a tool known at run time only) is an [`ExportError`] that names the
//! feature; a `ToolExport` method of a type whose schema the macros did not see
//! whole (generic, recursive, or nesting or flattening another type) is a
//! compile error that names it, at the call (`cargo check` reports it).
//!
//! # What every export guarantees
//!
//! - The schema is one tool-schema's validator honours: every export first runs
//!   [`Schema::parse`](crate::Schema::parse) and refuses what it refuses (a root
//!   `{"$ref": "#"}`, a `$ref` to nothing, ...), each problem of its
//!   [`SchemaError`](crate::SchemaError) an export [`Problem`] at the same pointer.
//!   Before that, JSON nested deeper than [`limits::MAX_JSON_DEPTH`] levels is refused
//!   without recursing into it.
//! - Time, output and report are linear in the schema plus a budget: `$ref`s inlined
//!   are charged to [`ExportOptions::inline_budget`], the exported schema nests at most
//!   [`limits::MAX_SCHEMA_DEPTH`] levels, and no walk recurses deeper than that (see
//!   [`limits`]).
//! - The root is an object schema with `type: "object"`: a root `$ref` (a recursive
//!   model) is replaced by the definition it names (its `$defs` kept); a root of
//!   another type is refused.
//! - `properties` is present, `{}` for a tool without arguments (Gemini's `parameters`
//!   instead is left unset, as its documentation asks).
//! - Every array has `items`: JSON Schema exports add `items: {}` (any item, which is
//!   what an array without `items` means) where it is missing; strict modes and
//!   Gemini's `parameters` need an item type, so there a missing `items` is refused.
//! - No `$schema` unless asked ([`ExportOptions::schema_dialect`]).
//! - The name follows the provider's documented pattern (a name outside it is
//!   refused, or mapped to it with [`ExportOptions::naming`]), the description is
//!   omitted when empty.
//! - A numeric format (`uint8`, `int32`, `float`, ...: a range tool-schema's validator
//!   asserts) is kept where the provider's dialect has it (Gemini `parameters`:
//!   `int32`/`int64` on INTEGER, `float`/`double` on NUMBER); elsewhere in strict modes
//!   and Gemini `parameters` its range becomes `minimum`/`maximum` (the tighter of each
//!   end kept; Anthropic strict then describes or refuses them), and Gemini's
//!   `parametersJsonSchema` keeps the format with the bounds beside it (see
//!   `numeric.rs`). The JSON Schema exports that are not strict keep the schema as
//!   it is.
//!
//! # Response formats and other documents
//!
//! [`response`] writes a declared type as a provider's response format (structured
//! outputs) or an MCP `outputSchema`, and reads the model's answer back with the same
//! validator; [`embed`] places a schema inside another JSON Schema document (a
//! schemars generator's), its `$defs` and local `$ref`s moved.
//!
//! # Where the facts come from
//!
//! Each provider module cites the documents its rules come from: `anthropic.rs`,
//! `openai.rs`, `gemini/mod.rs`, `mcp.rs`, and `strict/mod.rs` for the strict-mode
//! subsets.

mod assemble;
mod compiled;
// Without the `engines` feature only the list assembly's part is used.
#[cfg_attr(not(feature = "engines"), allow(dead_code))]
mod ledger;
#[cfg_attr(not(feature = "engines"), allow(dead_code))]
pub mod limits;
mod naming;
mod report;
mod request;

// The export engine.
crate::with_engines! {
    mod admit;
    mod aliases;
    mod anthropic;
    mod describe;
    mod disjoint;
    mod embed;
    mod gemini;
    mod identifiers;
    mod inline;
    mod keywords;
    pub(crate) mod lazy;
    mod mcp;
    mod normalize;
    mod numeric;
    mod openai;
    pub mod response;
    mod rewrite;
    pub mod strict;
    mod walk;
    mod entry;
}

#[doc(hidden)]
pub use assemble::Kept;
pub(crate) use assemble::Listed;
pub use compiled::{CompiledChange, CompiledExport, CompiledNullable, CompiledProblem};
#[cfg(feature = "engines")]
pub use embed::embed;
#[cfg(feature = "engines")]
pub use entry::{
    anthropic, anthropic_strict, export, gemini, gemini_json_schema, mcp, openai_chat,
    openai_chat_strict, openai_responses, openai_responses_strict, toolbox, without_aliases,
};
pub(crate) use naming::table as naming_table;
pub use naming::{provider_names, Naming};
pub use report::{Change, ChangeKind, ExportError, ExportReport, NullableOptional, Problem};
#[cfg(feature = "engines")]
pub use response::{response_format, StructuredOutput};
#[cfg(feature = "engines")]
pub use strict::StrictSchema;

pub use crate::export_records::Target;
use crate::tool::ToolArgs;
use compiled::CompiledRecords as _;
#[cfg(feature = "engines")]
use serde_json::Map;
use serde_json::Value;

/// What to do with `$schema` in an export.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum SchemaDialect {
    /// Remove it (the default): providers read the schema as their own subset or as
    /// JSON Schema 2020-12 (MCP's default), and some refuse the keyword.
    #[default]
    Omit,
    /// Keep the schema's own `$schema`, if any.
    Keep,
    /// Set it to this URL.
    Set(String),
}

/// What to do with a constraint a provider cannot take (a bound, a length, a size,
/// a pattern or format outside its subset).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Lossy {
    /// Refuse the export: the default for OpenAI strict and Gemini.
    Refuse,
    /// Remove it from the schema and state it in the description (the report lists
    /// it): the default for Anthropic strict tool use, as Anthropic's SDKs do. The
    /// model reads the constraint; tool-schema's validator still enforces it.
    /// Composition (`not`, `if`, overlapping `oneOf`, ...) is refused all the same.
    ///
    /// Whatever the policy, a string `format` the provider does not list is moved
    /// into the description: in JSON Schema 2020-12 a format only annotates, and the
    /// validator checks the formats it knows in any case. A numeric format (`uint8`,
    /// `int32`, `float`, ...) is a range the validator asserts: where the provider
    /// does not take it, its range becomes `minimum`/`maximum`, which then follow
    /// this policy where bounds are not supported either (Anthropic strict).
    Describe,
}

/// Options of an export. `ExportOptions::default()` is what the one-call functions
/// ([`anthropic`], [`openai_chat`], ...) use.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExportOptions {
    /// `$schema` in the exported schema (default: omitted).
    pub schema_dialect: SchemaDialect,
    /// Constraints the provider cannot take; `None` is the provider's default (see
    /// [`Lossy`]).
    pub lossy: Option<Lossy>,
    /// How many JSON values inlining `$ref`s may copy in one tool's export (default
    /// [`limits::DEFAULT_INLINE_BUDGET`]); past it the export is refused. Gemini's
    /// `parameters` has no `$ref`, so every reference is inlined there, and a
    /// definition shared by two properties of a definition shared by two properties
    /// ... is copied exponentially often: the budget keeps the output (and the
    /// report) linear in the input.
    pub inline_budget: usize,
    /// How tool names are written (default [`Naming::Keep`]: a name outside the
    /// provider's pattern is refused). With [`Naming::Map`] each name the provider
    /// refuses is mapped to its pattern, the report lists each rename
    /// ([`ChangeKind::Renamed`]), and two tools mapped to one name are refused.
    pub naming: Naming,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            schema_dialect: SchemaDialect::default(),
            lossy: None,
            inline_budget: limits::DEFAULT_INLINE_BUDGET,
            naming: Naming::Keep,
        }
    }
}

impl ExportOptions {
    /// The defaults.
    pub fn new() -> ExportOptions {
        ExportOptions::default()
    }

    /// Sets [`ExportOptions::schema_dialect`].
    pub fn schema_dialect(mut self, dialect: SchemaDialect) -> ExportOptions {
        self.schema_dialect = dialect;
        self
    }

    /// Sets [`ExportOptions::lossy`].
    pub fn lossy(mut self, lossy: Lossy) -> ExportOptions {
        self.lossy = Some(lossy);
        self
    }

    /// Sets [`ExportOptions::inline_budget`].
    pub fn inline_budget(mut self, values: usize) -> ExportOptions {
        self.inline_budget = values;
        self
    }

    /// Sets [`ExportOptions::naming`].
    pub fn naming(mut self, naming: Naming) -> ExportOptions {
        self.naming = naming;
        self
    }
}

/// A tool to export: name, optional display title (MCP), description and the JSON
/// Schema of its arguments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ToolSpec<'a> {
    /// The tool's name on the wire.
    pub name: &'a str,
    /// A display title (MCP `title`); `None` omits it.
    pub title: Option<&'a str>,
    /// The tool's description, for the model.
    pub description: &'a str,
    /// The JSON Schema of the arguments.
    pub schema: &'a Value,
}

impl<'a> ToolSpec<'a> {
    /// A tool without a title.
    pub fn new(name: &'a str, description: &'a str, schema: &'a Value) -> ToolSpec<'a> {
        ToolSpec {
            name,
            title: None,
            description,
            schema,
        }
    }

    /// The same tool with a display title.
    pub fn with_title(self, title: &'a str) -> ToolSpec<'a> {
        ToolSpec {
            title: Some(title),
            ..self
        }
    }

    /// The fields every tool definition starts with: `name`, and `description`
    /// unless it is empty.
    #[cfg(feature = "engines")]
    pub(crate) fn name_and_description(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("name".into(), Value::from(self.name));
        if !self.description.is_empty() {
            m.insert("description".into(), Value::from(self.description));
        }
        m
    }

    /// A declared tool: its name, description and schema; its title is the schema's
    /// root `title`, if any.
    pub fn of<T: ToolArgs + ?Sized>() -> ToolSpec<'static> {
        let schema = T::schema();
        ToolSpec {
            name: T::NAME,
            title: schema.get("title").and_then(Value::as_str),
            description: T::DESCRIPTION,
            schema,
        }
    }
}

/// An export: the provider's value, every change made, and (OpenAI strict) the
/// properties whose `null` stands for "absent".
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Exported {
    /// The tool definition ([`export`]) or the provider's tool list ([`toolbox`]).
    pub value: Value,
    /// Every change made to the schemas, in order.
    pub report: ExportReport,
    /// OpenAI strict only: the optional properties made required and nullable.
    pub nullable_optional: Vec<NullableOptional>,
}

/// [`toolbox`] of tools each with the exports computed when it compiled
/// ([`ToolArgs::__EXPORTS`]), which answer for the default options.
pub(crate) fn toolbox_listed(
    target: Target,
    tools: &[Listed<'_>],
    options: &ExportOptions,
) -> Result<Exported, ExportError> {
    assemble::tool_list(target, tools, options)
}

/// The body of a [`ToolExport`] method: the tool's definition for `$target` when
/// the macros compiled one, or the target's refusal when they compiled that (the
/// conditions constants, see `compiled::holds`), else the run-time export,
/// computed once per tool and target (`lazy`). Without the `engines` feature there is
/// no run-time export: the methods ask `Self: Compiled` (implemented for the
/// tools the macros compiled), so calling one for another tool is an error
/// `cargo check` reports where it is called; `compiled::needs_engines` stays as
/// the constant's own check.
macro_rules! compiled_or {
    ($target:ident) => {{
        if const { compiled::holds(Self::__EXPORTS, Target::$target) } {
            let json = const { compiled::definition(Self::__EXPORTS, Target::$target) };
            return compiled::value(Self::NAME, Target::$target, json);
        }
        if const { compiled::refuses(Self::__EXPORTS, Target::$target) } {
            let refusal = const { compiled::refusal(Self::__EXPORTS, Target::$target) };
            return Err(compiled::refused(Self::NAME, Target::$target, refusal));
        }
        #[cfg(feature = "engines")]
        return match lazy::exported::<Self>(Target::$target) {
            Ok(e) => Ok(e.value.clone()),
            Err(e) => Err(e.clone()),
        };
        #[cfg(not(feature = "engines"))]
        {
            const { compiled::needs_engines(Self::__EXPORTS, Target::$target) };
            unreachable!("a compile error above")
        }
    }};
}

/// Provider exports for every declared tool (blanket-implemented for every
/// [`ToolArgs`]): `GetWeather::anthropic()`, `GetWeather::openai_chat_strict()`, ...
///
/// With the `tool-schema` crate (this example needs its macros, so it is not run
/// here; `examples/providers.rs` and `tests/export_tools.rs` run the same):
///
/// ```ignore
/// use tool_schema::export::ToolExport;
/// use tool_schema::tool_schema;
///
/// tool_schema! {
///     /// Ping the server.
///     pub Ping = { "type": "object", "properties": {} }
/// }
///
/// assert_eq!(Ping::mcp()?, serde_json::json!({
///     "name": "ping",
///     "description": "Ping the server.",
///     "inputSchema": {"type": "object", "properties": {}}
/// }));
/// // Gemini: a function without parameters leaves `parameters` unset
/// assert_eq!(Ping::gemini()?, serde_json::json!({"name": "ping", "description": "Ping the server."}));
/// ```
pub trait ToolExport: ToolArgs {
    /// This tool as a [`ToolSpec`].
    fn tool_spec() -> ToolSpec<'static> {
        ToolSpec::of::<Self>()
    }

    /// This tool for `target`, with the report of changes (for the default
    /// options: computed when the tool compiled, or, with the `engines` feature
    /// and a target the tool does not declare, on the first call and kept).
    ///
    /// # Errors
    ///
    /// The target's refusal; without the `engines` feature, an error for a target
    /// the macros did not compile this tool for, or for options other than the
    /// default ones (exporting then needs the run-time engine).
    fn export_to(target: Target, options: &ExportOptions) -> Result<Exported, ExportError> {
        match compiled::for_options(Self::__EXPORTS, target, options) {
            Some(e) => e.exported(Self::NAME),
            #[cfg(feature = "engines")]
            None if *options == ExportOptions::default() => lazy::exported::<Self>(target).clone(),
            #[cfg(feature = "engines")]
            None => export(target, &Self::tool_spec(), options),
            #[cfg(not(feature = "engines"))]
            None => Err(compiled::without_engines(Self::NAME, target)),
        }
    }

    /// See [`anthropic`](fn@anthropic).
    fn anthropic() -> Result<Value, ExportError>
    where
        Self: crate::tool::Compiled,
    {
        compiled_or!(Anthropic)
    }

    /// See [`anthropic_strict`].
    fn anthropic_strict() -> Result<Value, ExportError>
    where
        Self: crate::tool::Compiled,
    {
        compiled_or!(AnthropicStrict)
    }

    /// See [`openai_chat`](fn@openai_chat).
    fn openai_chat() -> Result<Value, ExportError>
    where
        Self: crate::tool::Compiled,
    {
        compiled_or!(OpenAiChat)
    }

    /// See [`openai_chat_strict`](fn@openai_chat_strict).
    fn openai_chat_strict() -> Result<Value, ExportError>
    where
        Self: crate::tool::Compiled,
    {
        compiled_or!(OpenAiChatStrict)
    }

    /// See [`openai_responses`](fn@openai_responses).
    fn openai_responses() -> Result<Value, ExportError>
    where
        Self: crate::tool::Compiled,
    {
        compiled_or!(OpenAiResponses)
    }

    /// See [`openai_responses_strict`](fn@openai_responses_strict).
    fn openai_responses_strict() -> Result<Value, ExportError>
    where
        Self: crate::tool::Compiled,
    {
        compiled_or!(OpenAiResponsesStrict)
    }

    /// See [`gemini`](fn@gemini).
    fn gemini() -> Result<Value, ExportError>
    where
        Self: crate::tool::Compiled,
    {
        compiled_or!(Gemini)
    }

    /// See [`gemini_json_schema`].
    fn gemini_json_schema() -> Result<Value, ExportError>
    where
        Self: crate::tool::Compiled,
    {
        compiled_or!(GeminiJsonSchema)
    }

    /// See [`mcp`](fn@mcp); the title is the schema's root `title`, if any.
    fn mcp() -> Result<Value, ExportError>
    where
        Self: crate::tool::Compiled,
    {
        compiled_or!(Mcp)
    }

    /// Typed arguments of a call made against this tool as exported for `target`:
    /// [`ToolArgs::parse_with`] with [`Target::call_options`]. For OpenAI's strict
    /// targets, the `null` the model sends for an optional argument it leaves out
    /// is read as absent (plain [`ToolArgs::parse`] refuses it: `argument 'unit'
    /// should be string, got null`).
    ///
    /// # Errors
    ///
    /// Every violation of the call.
    ///
    /// # Panics
    ///
    /// As [`ToolArgs::parse`].
    fn parse_for(target: Target, args: &Value) -> Result<Self, crate::Report>
    where
        Self: serde::de::DeserializeOwned,
    {
        Self::parse_with(args, &target.call_options())
    }

    /// The OpenAI strict transform of this tool's schema, with its report and the
    /// properties whose `null` stands for "absent".
    #[cfg(feature = "engines")]
    fn openai_strict_schema() -> Result<StrictSchema, ExportError> {
        strict::openai(Self::schema(), &ExportOptions::default())
    }
}

impl<T: ToolArgs> ToolExport for T {}
