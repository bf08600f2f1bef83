//! `tool-schema`: make LLM tool calls safe to execute.
//!
//! A model does not call a tool: it emits JSON that claims to. Declare each tool's
//! arguments once as a JSON Schema; `tool-schema` checks the schema, validates every
//! call against it and reports every problem in words the model can act on.
//!
//! This crate only re-exports: the small runtime that generated code links lives in
//! `tool-schema-runtime`, the schema model and the engines that work on it in
//! `tool-schema-engine`, the macros in `tool-schema-macros`.
//!
//! # Declare, export, dispatch
//!
//! A [`Toolbox`] holds an agent's tools: it exports every definition for a
//! provider in one call, and dispatches the model's tool calls, in that
//! provider's own JSON, to typed handlers, answering with the provider's result
//! JSON (errors included). The README opens with the same example.
//!
//! ```
//! use serde::Deserialize;
//! use serde_json::json;
//! use tool_schema::export::Target;
//! use tool_schema::toolbox::{reply, Toolbox};
//! use tool_schema::ToolArgs;
//!
//! /// Get the current weather for a city.
//! #[derive(ToolArgs, Deserialize)]
//! struct GetWeather {
//!     /// City name
//!     city: String,
//!     unit: Option<Unit>,
//! }
//!
//! #[derive(ToolArgs, Deserialize)]
//! #[serde(rename_all = "lowercase")]
//! enum Unit { Celsius, Fahrenheit }
//!
//! // Declare: each tool with its handler (a closure, or async with `tool_async`).
//! let tools = Toolbox::new().tool(|w: GetWeather| format!("{}: 21 degrees", w.city));
//!
//! // Export: the request's `tools`, for any provider, in one call.
//! let definitions = tools.export(Target::Anthropic)?.value;
//! assert_eq!(definitions[0]["input_schema"]["required"], json!(["city"]));
//!
//! // Dispatch: the model's turn in, the results to send back out.
//! let turn = json!({"role": "assistant", "content": [
//!     {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Oslo"}},
//!     {"type": "tool_use", "id": "toolu_2", "name": "get_weather", "input": {"citty": "Oslo", "unit": "Celsius"}}
//! ]});
//! let results = tools.dispatch_turn(Target::Anthropic, &turn)?;
//! assert_eq!(reply(Target::Anthropic, results), json!({"role": "user", "content": [
//!     {"type": "tool_result", "tool_use_id": "toolu_1", "content": "Oslo: 21 degrees"},
//!     {"type": "tool_result", "tool_use_id": "toolu_2", "is_error": true, "content":
//!         "missing required argument 'city'\nunexpected argument 'citty' (did you mean 'city'?)\n\
//!          argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"Celsius\" \
//!          (did you mean \"celsius\"?)"}
//! ]}));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A schema that arrives when the program runs (from an MCP server, a file) is a
//! [`Schema`]:
//!
//! ```
//! use serde_json::json;
//! use tool_schema::{Format, Schema};
//!
//! let schema = Schema::parse(&json!({
//!     "type": "object",
//!     "properties": {"qty": {"type": "integer", "minimum": 1, "maximum": 100}},
//!     "required": ["qty"]
//! })).unwrap();
//! let report = schema.validate(&json!({"qty": 0}));
//! assert_eq!(report.messages(), ["argument 'qty' should be at least 1, got 0"]);
//! ```
//!
//! Four ways in, one schema model and one set of violations: [`ToolArgs`] derived
//! from a Rust type, [`tool_schema!`] for a JSON Schema compiled with your crate,
//! [`Schema`] for a schema read at run time, and [`parse_str`] /
//! [`Schema::validate_str`] for arguments still in JSON text. [`export`] writes a
//! tool for each provider; [`Toolbox`] holds an agent's tools, exports them all
//! and dispatches each provider's tool calls to their handlers (see [`toolbox`]).
//!
//! # Optional features
//!
//! - `engines`: the engines that work on schemas when the program runs:
//!   [`Schema::parse`] and [`SchemaBuilder`] (a schema from an MCP server or a
//!   file), the export engine ([`export::export`], [`export::toolbox`], the
//!   strict transforms, exports with options other than the defaults) and the
//!   dialects ([`Dialect`]). On by default. Without it (`default-features = false,
//!   features = ["pattern"]`), a crate declaring its tools with the macros builds
//!   about half of the runtime, and everything it declares works as with it: validation, the text path, repair, every format, the
//!   [`Toolbox`], and each target's export or refusal, compiled by the macros. A
//!   derived type the macros do not see whole (generic, recursive, or nesting or
//!   flattening another `ToolArgs` type, such as a field of a derived enum) has
//!   its model and exports made when the program runs: its validators work
//!   without the feature (those of a type that flattens another excepted: it is
//!   validated on its model), and a use of its model (text, a toolbox) or of its
//!   exports is a compile error that names the feature. `seed`, `schemars` and
//!   `rmcp` turn it on.
//! - `seed`: the module `tool_schema::seed`, the four exercises this project grew
//!   from (their operations and exact output formats), as the project's
//!   conformance checks run them.
//! - `schemars`: every type the macros declare implements `schemars::JsonSchema`
//!   (schemars 1.x) with its own schema, so it works wherever schemars is expected.
//! - `rmcp`: the module `tool_schema::rmcp`, tool-schema tools in an
//!   [rmcp](https://crates.io/crates/rmcp) MCP server (a whole toolbox, `#[tool]`
//!   methods, or routes), every violation sent back as an `isError` result. rmcp
//!   needs Rust 1.88; the crate without it needs 1.85. Turns on `schemars`.
//!
//! See `docs/rmcp.md` in the repository.
//!
//! # serde_json's `preserve_order`
//!
//! Depending on `tool-schema` turns on serde_json's `preserve_order` feature for
//! the whole build (Cargo unifies features): every `serde_json::Map` in your
//! program then keeps its keys in insertion order instead of sorting them, at a
//! small cost in speed and memory. We need it because argument order is part of
//! the output: a report lists an object's members in the order the call wrote
//! them, [`Violation::position`] counts arguments in that order, and exported
//! schemas keep `properties` in the order the schema declared them.

pub use tool_schema_engine::{
    custom, export, json, json_report, parse_str, parse_str_with, render, repair, repair_report,
    schema, stream, text,
    text::{ParseError, TextError},
    toolbox,
    toolbox::{Toolbox, Validated},
    validate_str_with, Condition, CountBound, Counted, Diagnostic, Draft, Format, JsonType, Kind,
    Lint, LintKind, OptionHint, Options, Path, Position, Report, Schema, SchemaError, Segment,
    Suggestion, ToolArgs, ToolArgsExt, TypeSet, Undeclared, Violation,
};

/// The traits a program calls tools through, to import at once:
/// `use tool_schema::prelude::*;`.
pub mod prelude {
    pub use crate::export::ToolExport;
    pub use crate::{ToolArgs, ToolArgsExt};
}
#[cfg(feature = "engines")]
pub use tool_schema_engine::{dialect, Dialect, SchemaBuilder};

#[cfg(feature = "seed")]
pub use tool_schema_engine::seed;

/// Declares tools from JSON Schema literals, checked and compiled when your crate
/// compiles.
///
/// Each declaration becomes a unit struct implementing [`ToolArgs`]: the tool's wire
/// name, its description, its schema as JSON text and as a `&'static Value`, and a
/// validator generated for this schema alone (property names are `match` arms,
/// required properties a bit set; nothing walks a schema at run time). It reports
/// exactly the violations the run-time interpreter ([`Schema::validate_with`])
/// reports, so every [`Format`] renders them.
///
/// ```
/// use serde_json::json;
/// use tool_schema::{tool_schema, ToolArgs};
///
/// tool_schema! {
///     /// Get the current weather for a city.
///     pub GetWeather = {
///         "type": "object",
///         "properties": {
///             "city": { "type": "string", "description": "City name" },
///             "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] }
///         },
///         "required": ["city"]
///     }
/// }
///
/// assert_eq!(GetWeather::NAME, "get_weather");
/// assert_eq!(GetWeather::DESCRIPTION, "Get the current weather for a city.");
/// let report = GetWeather::validate(&json!({"unit": "kelvin", "units": "metric"}));
/// assert_eq!(report.messages(), [
///     "missing required argument 'city'",
///     "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
///     "unexpected argument 'units'",
/// ]);
/// ```
///
/// # Syntax
///
/// One or more declarations, each `VIS Name = SCHEMA` (or `VIS struct Name =
/// SCHEMA`, the typed form: the arguments' Rust types are declared too, with
/// serde's derives, and `ToolArgs::parse` gives them; see `docs/typed-literals.md`
/// in the repository), where `SCHEMA` is
///
/// - a JSON object written as tokens: keys are string literals, values are JSON
///   (`true`, `false`, `null`, numbers with an optional leading `-`, strings as Rust
///   string literals: write `"\u{e9}"` where JSON would write `"\u00e9"`); or
/// - `include!("schemas/tool.json")`: a file relative to the crate's
///   `CARGO_MANIFEST_DIR`; the crate rebuilds when the file changes.
///
/// Before a declaration: doc comments (the tool's description; without one, the
/// schema's own `description`), other attributes (passed to the struct), and
/// `#[tool(...)]` with
///
/// - `name = "get_weather"`: the wire name (default: the type name in snake_case);
///   1 to 64 ASCII letters, digits, `_` or `-`;
/// - `description = "..."`: the description, instead of the doc comment;
/// - `allow(lint, ...)`: accept a schema lint (below) as intended;
/// - `any_root`: accept a root schema that is not an object schema (another `type`,
///   or the boolean schema `true` / `false`, written as the schema), to validate
///   values that are not an arguments object (e.g. JSON Schema conformance tests);
/// - `annotate_unknown_keywords`: a keyword the schema's dialect does not have is
///   an annotation, as the JSON Schema specification has it, instead of a compile
///   error (a misspelt keyword would then constrain nothing; for conformance
///   tests); the same as `SchemaBuilder::annotate_unknown_keywords(true)`;
/// - `dialect = "bfcl"`: the schema is a Berkeley Function Calling Leaderboard
///   definition ([`Dialect::Bfcl`]), translated into JSON Schema before it is
///   checked: its `parameters` node, or the whole function `{"name", "description",
///   "parameters"}` (`response` is ignored), whose name becomes the tool's name with
///   every `.` turned into `_` (`math.factorial` -> `math_factorial`, as BFCL does
///   for providers that refuse dots) unless `name = "..."` says otherwise, and whose
///   description is the tool's unless a doc comment or `description` is given. A
///   definition outside the dialect (`"type": "String"`, a top-level type other than
///   `dict`, ...) is a compile error at the offending token. `dialect =
///   "json-schema"` is the default;
/// - `targets(openai_strict, gemini, ...)`: the providers the tool must export to
///   (see [Provider targets](#provider-targets)).
///
/// and, on the typed form only, `#[typed(...)]` with `derive(Trait, ...)` (more
/// derives on every declared type) and `name(TypeName = "/json/pointer", ...)`
/// (the name of the type declared for the schema at that pointer).
///
/// ```
/// use tool_schema::{tool_schema, ToolArgs};
///
/// tool_schema! {
///     #[tool(dialect = "bfcl")]
///     pub Factorial = {
///         "name": "math.factorial",
///         "description": "Calculate the factorial of a given number.",
///         "parameters": {
///             "type": "dict",
///             "properties": { "number": { "type": "integer", "optional": "False" } },
///             "required": ["number"]
///         }
///     }
/// }
///
/// assert_eq!(Factorial::NAME, "math_factorial");
/// let report = Factorial::validate(&serde_json::json!({"number": 5.0}));
/// assert_eq!(report.messages(), ["argument 'number' should be integer, got number"]);
/// ```
///
/// ```
/// use tool_schema::{tool_schema, ToolArgs};
///
/// tool_schema! {
///     #[tool(name = "search-docs", description = "Search the documentation.")]
///     pub Search = {
///         "type": "object",
///         "properties": {
///             "query": { "type": "string" },
///             "limit": { "type": ["integer", "null"], "minimum": 1, "maximum": 50 }
///         },
///         "required": ["query"],
///         "additionalProperties": false
///     };
///     pub(crate) Ping = { "type": "object", "properties": {} }
/// }
///
/// assert_eq!(Search::NAME, "search-docs");
/// assert_eq!(Ping::NAME, "ping");
/// let report = Search::validate(&serde_json::json!({"query": "x", "limit": 0}));
/// assert_eq!(report.messages(), ["argument 'limit' should be at least 1, got 0"]);
/// ```
///
/// # Flattened structs
///
/// `#[serde(flatten)]` on a field whose type is a struct of named fields deriving
/// `ToolArgs`: serde reads that struct's fields from the outer object's members,
/// so the schema is one flat object, the flattened struct's `properties` joined
/// after the outer struct's own and its `required` with theirs (what the strict
/// exports take: no `allOf`). Several fields may be flattened, and a flattened
/// struct may flatten others. The flattened type's members are known only where
/// its constants are (its hidden `__MEMBERS`), so the text is joined as a constant
/// when the crate compiles, and an argument both declare stops the build at the
/// flattened field's type (`Paging` declares the argument (or alias) "limit" that
/// `Search` ... declares too). A flattened struct's aliases (`#[serde(alias)]`)
/// are the joined object's, and an alias naming what another part declares (a
/// property or an alias) stops the build the same way. Such a type is validated by the interpreter on the joined
/// schema (parsed once per program); its own fields are still checked by the
/// schema model when the crate compiles. A flattened struct's own
/// `deny_unknown_fields` has no effect (serde gives it only its members; the outer
/// type decides). Refused with a compile error: `flatten` on an `Option<Struct>`
/// (serde reads `None` whenever the struct fails to read), beside a flattened map
/// or `deny_unknown_fields` on the outer type (serde refuses the pair), in an
/// enum's variant, in a generic type or one holding itself, and of a type that is
/// not a struct of named fields (an enum, a struct with a flattened map, a
/// recursive struct); an instantiation of a generic struct (`Window<Item>`) may be
/// flattened.
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use tool_schema::ToolArgs;
///
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// struct Paging {
///     #[arg(minimum = 1, maximum = 50)]
///     limit: u8,
///     cursor: Option<String>,
/// }
///
/// /// Search the catalogue.
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// struct Search {
///     query: String,
///     #[serde(flatten)]
///     paging: Paging,
/// }
///
/// assert_eq!(Search::schema(), &json!({
///     "type": "object",
///     "properties": {
///         "query": {"type": "string"},
///         "limit": {"type": "integer", "minimum": 1, "maximum": 50},
///         "cursor": {"type": ["string", "null"]}
///     },
///     "required": ["query", "limit"]
/// }));
/// assert_eq!(
///     Search::validate(&json!({"query": "q", "limit": 0})).messages(),
///     ["argument 'limit' should be at least 1, got 0"]
/// );
/// let args = Search::parse(&json!({"query": "q", "limit": 5})).unwrap();
/// assert_eq!(args.paging, Paging { limit: 5, cursor: None });
/// ```
///
/// # Compile errors
///
/// A schema the model cannot honour is a compile error at the offending token, with
/// its JSON pointer; every error of one invocation is reported together, and the
/// types are still declared so the rest of the crate type-checks:
///
/// - malformed JSON (missing `:` or `,`, trailing commas, `True`, `3u8`, ...) and
///   duplicate keys;
/// - unknown type names (`"int"`: did you mean `"integer"`?), keyword values of the
///   wrong kind, keywords not supported yet, unknown keywords;
/// - a root schema whose `type` is not `object`, or a boolean root schema (unless
///   `any_root`); bad or duplicate tool names;
/// - every lint of the schema model, unless allowed: `required_undeclared`,
///   `duplicate_required`, `minimum_above_maximum`, `empty_enum`,
///   `enum_type_mismatch`, `duplicate_enum`, `const_type_mismatch`,
///   `keyword_type_mismatch`, `duplicate_type`, `unknown_format`, `without_if`,
///   `without_contains`.
///
/// ```compile_fail
/// tool_schema::tool_schema! {
///     pub Bad = { "type": "object", "properties": { "n": { "type": "int" } } }
/// }
/// ```
///
/// # Provider targets
///
/// `#[tool(targets(...))]` names the providers a tool is for; the macro runs the
/// run-time export ([`export::export`], default options) for each when the crate
/// compiles. Targets: `anthropic`, `anthropic_strict`, `openai_chat`,
/// `openai_chat_strict`, `openai_responses`, `openai_responses_strict`, `gemini`
/// (the OpenAPI-subset `parameters`), `gemini_json_schema`, `mcp`, and `openai` /
/// `openai_strict` for the Chat Completions forms.
///
/// - Anything a declared target refuses ([`export::ExportError`]: a keyword outside
///   a strict subset, `additionalProperties: true` in strict mode, `not` for Gemini,
///   nesting deeper than OpenAI strict mode's 10 levels, a name outside the provider's
///   pattern, ...) is a compile error at the offending schema token, with the
///   provider's rule in the message (a name at the target's name).
/// - Anything a declared target would not enforce (the export report's
///   [`Described`](export::ChangeKind::Described) and
///   [`NotEnforced`](export::ChangeKind::NotEnforced) changes: Anthropic strict tool
///   use moves numeric bounds into the description, Gemini takes some keywords
///   without enforcing them) is a compile error too, unless allowed with
///   `#[tool(allow(lossy_export))]`: tool-schema's validator enforces it in any case,
///   and the export states it in the description.
/// - Each declared target gets an inherent constant, the tool definition as JSON
///   text, exactly what the run-time export with default options gives (the name
///   in upper case, then `_JSON`): `GetWeather::OPENAI_STRICT_JSON`,
///   `GetWeather::GEMINI_JSON`, .... Each declared target's definition is
///   compiled into the tool, and so is every other target's without the
///   `engines` feature; the tool's [`ToolExport`](export::ToolExport) methods
///   answer with it (a JSON parse, no export at run time; a target that refuses
///   the schema gives the error). With `engines`, a target not declared is
///   exported at run time on its first call and kept for the next ones.
///
/// ```
/// use tool_schema::tool_schema;
///
/// tool_schema! {
///     /// Get the current weather for a city.
///     #[tool(targets(openai_strict, gemini, mcp))]
///     pub GetWeather = {
///         "type": "object",
///         "properties": { "city": { "type": "string" } },
///         "required": ["city"]
///     }
/// }
///
/// let tool: serde_json::Value = serde_json::from_str(GetWeather::OPENAI_STRICT_JSON).unwrap();
/// assert_eq!(tool["function"]["strict"], true);
/// assert_eq!(tool["function"]["parameters"]["additionalProperties"], false);
/// ```
///
/// ```compile_fail
/// tool_schema::tool_schema! {
///     // OpenAI strict mode: `additionalProperties: false` is required on every object
///     #[tool(targets(openai_strict))]
///     pub Open = { "type": "object", "properties": {}, "additionalProperties": true }
/// }
/// ```
pub use tool_schema_macros::tool_schema;

/// Derives [`ToolArgs`] from a Rust type: the tool's schema, its compiled
/// validator and, with serde's `Deserialize`, typed arguments.
///
/// On a struct with named fields, the struct is the tool's arguments object: each
/// field an argument, its doc comment the argument's description, the struct's doc
/// comment the tool's description. On an enum of unit variants, the enum is a string
/// enum, for use as a field's type; on an enum with data, serde's tagged
/// representation as a discriminated union (one tool, several actions: see
/// [Tagged enums](#tagged-enums)); on a `#[serde(untagged)]` enum, one of its
/// variants' schemas (see [Enums](#enums)). A newtype struct `struct UserId(u64)`
/// is its field's schema, a tuple struct an array of exactly its items (see
/// [Types](#types)). The schema is built when the crate compiles and
/// goes through the same schema model and the same code generator as
/// [`tool_schema!`]: the validator reports exactly what the interpreter reports
/// for the exported schema, and every [`Format`] renders it.
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use tool_schema::ToolArgs;
///
/// /// Get the current weather for a city.
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// struct GetWeather {
///     /// City name
///     city: String,
///     unit: Option<Unit>,
///     #[arg(minimum = 1, maximum = 16)]
///     days: Option<u8>,
/// }
///
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// #[serde(rename_all = "lowercase")]
/// enum Unit {
///     Celsius,
///     Fahrenheit,
/// }
///
/// assert_eq!(GetWeather::NAME, "get_weather");
/// assert_eq!(GetWeather::DESCRIPTION, "Get the current weather for a city.");
/// assert_eq!(GetWeather::schema(), &json!({
///     "type": "object",
///     "properties": {
///         "city": {"type": "string", "description": "City name"},
///         "unit": {"anyOf": [
///             {"type": "string", "enum": ["celsius", "fahrenheit"]},
///             {"type": "null"}
///         ]},
///         "days": {"type": ["integer", "null"], "minimum": 1, "maximum": 16}
///     },
///     "required": ["city"]
/// }));
///
/// // Typed arguments: validated, then deserialised by serde (a `null` for an
/// // `Option` field is `None`, as left out).
/// let args = GetWeather::parse(&json!({"city": "Oslo", "days": null})).unwrap();
/// assert_eq!(args.days, None);
///
/// let args = GetWeather::parse(&json!({"city": "Oslo", "unit": "celsius"})).unwrap();
/// assert_eq!(args, GetWeather { city: "Oslo".into(), unit: Some(Unit::Celsius), days: None });
///
/// // Or every problem of the call, for the model.
/// let report = GetWeather::parse(&json!({"unit": "kelvin", "days": 0, "units": "metric"}))
///     .unwrap_err();
/// assert_eq!(report.messages(), [
///     "missing required argument 'city'",
///     "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"kelvin\"",
///     "argument 'days' should be at least 1, got 0",
///     "unexpected argument 'units'",
/// ]);
/// ```
///
/// # Types
///
/// | Rust | schema |
/// |---|---|
/// | `String` | `{"type": "string"}` |
/// | `char` | `{"type": "string", "minLength": 1, "maxLength": 1}` |
/// | `bool` | `{"type": "boolean"}` |
/// | `u8`, `u16`, `u32`, `i8`, `i16`, `i32` | `{"type": "integer"}` with the type's range as `minimum` and `maximum` |
/// | `u64`, `u128` | `{"type": "integer", "minimum": 0}` |
/// | `i64` | `{"type": "integer", "maximum": 9223372036854775807}` |
/// | `i128` | `{"type": "integer"}` |
/// | `usize`, `isize` | as `u32`, `i32` on every target, so the schema does not depend on where it is compiled |
/// | `f32` | `{"type": "number", "minimum": -3.4028235e38, "maximum": 3.4028235e38}`: `f32::MAX` as Rust prints it (serde reads a larger number as an infinity) |
/// | `f64` | `{"type": "number"}` |
/// | `Option<T>` | `T` or `null`: `{"type": [T, "null"]}` (`null` added to an `enum`), or `anyOf` with `{"type": "null"}` for a nested type; as a field's type, the field is also left out of `required` (with `#[arg(not_null)]`: `T`, and left out of `required`) |
/// | `Vec<T>` | `{"type": "array", "items": T}` |
/// | `[T; N]` | `{"type": "array", "items": T, "minItems": N, "maxItems": N}` |
/// | `(A, B, ..)`, and a tuple struct `struct S(A, B)` | `{"type": "array", "prefixItems": [A, B], "items": false, "minItems": 2}`: serde reads exactly those items |
/// | a newtype struct `struct S(T)` | `T` (serde reads it as its field), with the field's `#[arg(...)]` keys that `T` takes: `struct Percent(#[arg(minimum = 0, maximum = 100)] u8)` |
/// | `HashSet<T>`, `BTreeSet<T>` | `{"type": "array", "items": T, "uniqueItems": true}` |
/// | `HashMap<String, T>`, `BTreeMap<String, T>` | `{"type": "object", "additionalProperties": T}` |
/// | `serde_json::Value` | `{}`: any value |
/// | `Box<T>` | `T` |
/// | `Self` or the type's own name (`Vec<Self>`, `Option<Box<Self>>`, ...) | `{"$ref": "#"}`: the type's root (see [Recursive types](#recursive-types)) |
/// | `chrono::DateTime<Utc>`, `DateTime<FixedOffset>`, `DateTime<Local>` | `{"type": "string", "format": "date-time"}` |
/// | `chrono::NaiveDate` | `{"type": "string", "format": "date"}` |
/// | `chrono::NaiveTime` | `{"type": "string", "pattern": ...}`: `HH:MM:SS[.fraction]` (up to nine digits), a leap second `:60` allowed; not `format: time`, which requires an offset `NaiveTime` refuses |
/// | `uuid::Uuid` | `{"type": "string", "format": "uuid"}` (hyphenated) |
/// | `url::Url` | `{"type": "string", "format": "uri", "pattern": ...}`: see [Foreign types](#foreign-types) |
/// | `std::net::IpAddr` | `{"anyOf": [{"type": "string", "format": "ipv4"}, {"type": "string", "format": "ipv6"}]}` |
/// | `Ipv4Addr`, `Ipv6Addr` | `{"type": "string", "format": "ipv4"}`, `"ipv6"` |
/// | `PathBuf` | `{"type": "string"}` |
/// | a type parameter `T` (`struct Pair<T>`) | `T`'s schema, spliced into each instantiation's; `T` may be any type of this table (see [Generic types](#generic-types)) |
/// | any other type | a type that derives `ToolArgs` (a struct or an enum) or implements it ([`impl_tool_args!`]): its schema, spliced into the exported one |
///
/// An integer type's range is written only where it is narrower than what a JSON
/// integer can hold (`i64::MIN..=u64::MAX`), so `-1` for a `u32` is a violation,
/// never a serde error. A field's own `Option` makes it optional and nullable, as
/// serde reads it: left out or `null`, it is `None` (models send `null` for an
/// optional argument). `#[arg(not_null)]` on such a field keeps `null` out: the
/// schema tells the model to leave it out, and `null` is refused; with
/// [`Options::null_is_absent`] (OpenAI's strict mode sends `null` for what it
/// leaves out) such a `null` counts as absent, for the validator and for
/// [`ToolArgs::parse_with`]. Standard types the derive cannot describe (`&str`,
/// `Duration`, `Arc`, maps with other keys, ...) are compile errors at the type;
/// a type that is neither known nor derives `ToolArgs` is rustc's error at the type.
///
/// Nested types are validated by their own compiled validators, and their
/// `SCHEMA_JSON` is spliced into this type's when the crate compiles.
///
/// # Foreign types
///
/// The types of `chrono`, `uuid` and `url` in the table are recognised by their
/// names, alone (`Uuid`, `DateTime<Utc>`) or from their crate (`uuid::Uuid`,
/// `chrono::DateTime<chrono::FixedOffset>`): a proc macro cannot see which crates
/// or features a build has, and your own dependency on the crate (with its `serde`
/// feature, which tool-schema's features `chrono`, `uuid` and `url` turn on) reads
/// the value. A type of your own of the same name is a nested `ToolArgs` type when
/// written with a path from elsewhere (`crate::Url`, `mine::Uuid`).
///
/// What the validator accepts, the type's `Deserialize` reads (tested on
/// generated strings: leap seconds, `t`/`z` in either case, offsets, fractions;
/// embedded IPv4 in IPv6, leading zeros; every URL shape below). The schemas
/// are narrower where the type reads less than the format allows: `NaiveTime`
/// has no offset; `Url` takes URLs with an authority, `scheme://host[:port][/...]`
/// (a DNS name whose last label begins with a letter, a dotted quad or a
/// bracketed IPv6 address, no user info, a port up to 65535; `file://` with or
/// without a host and no port), since `Url::parse` refuses `http:`, `http://a.1`
/// (a host read as an IPv4 number), `xn--` labels it cannot decode and ports past
/// 65535, which `format: uri` accepts. They read more than the schema says (a
/// date-time with a space, a UUID without hyphens): the model is told the usual
/// form. `NaiveTime` and `Url` use `pattern`, so they need the `regex` feature
/// (on by default). For any other type, write its schema with `#[arg(schema = ..)]`.
///
/// # Recursive types
///
/// A type may contain itself behind an indirection (`Vec<Self>`, `Option<Box<Self>>`,
/// written `Self` or with the type's plain name): that place of the schema is
/// `{"$ref": "#"}`, the type's root, which both validators follow at any depth.
/// Nested in another type, a recursive type is `{"$ref": "#/$defs/Name"}` (`Name`:
/// the Rust type's name), and its definition is gathered into the outer schema's
/// root `$defs`, once however many times and however deep it is nested, so every
/// reference resolves. A reference never has sibling keywords (several providers
/// allow none beside `$ref`): a documented recursive field is
/// `{"description": "...", "anyOf": [{"$ref": "#"}]}`, the same constraint.
/// Two different recursive types of one name nested in one
/// schema stop the build (their definitions would share the name). Mutual recursion
/// (`A` contains `B`, `B` contains `A`) is not supported: each schema text would be
/// built from the other's, and rustc reports the cycle (a `cycle detected when ...
/// __DEFS` error at the field's type); write one type, or break the cycle with
/// `serde_json::Value`.
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use tool_schema::ToolArgs;
///
/// /// A recursive model.
/// #[derive(ToolArgs, Deserialize)]
/// struct TreeNode {
///     label: String,
///     children: Vec<TreeNode>,
/// }
///
/// assert_eq!(TreeNode::schema()["properties"]["children"]["items"], json!({"$ref": "#"}));
/// let call = json!({"label": "a", "children": [{"label": 1, "children": []}]});
/// assert_eq!(
///     TreeNode::validate(&call).messages(),
///     ["argument 'children[0].label' should be string, got integer"]
/// );
/// ```
///
/// # Generic types
///
/// A struct or enum may have type parameters that derive or implement `ToolArgs`
/// (`struct Pair<T> { left: T, right: T }`, `struct Page<T> { items: Vec<T> }`,
/// `enum Either<A, B>` with generic payloads). The implementation is
/// `impl<T: ToolArgs> ToolArgs for Pair<T>`: as serde does, a bound is inferred for
/// each type parameter; `#[tool(bound = "T: ToolArgs + Clone")]` gives the where
/// clause instead. A parameter's place in the schema is a nested type's: each
/// instantiation's schema is the type's own with the parameter's spliced in
/// (`Pair<Point>`'s `left` is `Point`'s schema), and its validator hands the
/// parameter's parts to `<T as ToolArgs>`. Every standard type a field may have
/// implements `ToolArgs` with the schema it has as a field, so it is a generic
/// argument too (`Pair<u8>` keeps `u8`'s 0..=255, `Page<String>`,
/// `Pair<Vec<u32>>`, `Option`, maps, sets, fixed arrays (`Pair<[u8; 3]>`: three
/// items), tuples up to sixteen items, `Box`, `Value`, `IpAddr`, `PathBuf`, and
/// chrono's (`DateTime` of every zone serde reads, `Local` included), uuid's and
/// url's types under their features); its values are validated by the
/// interpreter on its schema (parsed once per program, which needs the `engines`
/// feature: without it, `Pair<u8>` is a compile error naming the feature, and a
/// newtype the macros see whole, `struct Count(u8)` deriving `ToolArgs`, does as
/// `Pair<Count>`). An `Option` argument reads as a field written `Option<..>`:
/// a field whose type is the parameter (or a `Box` of it) is then left out of
/// `required`, as serde reads it absent as `None` (`Pair<Option<u8>>` takes
/// `{"right": 1}`), and its schema is the field's (`{"type": ["integer",
/// "null"], ..}`), so `Pair<Option<u8>>` and a struct of two `Option<u8>` fields
/// have the same schema text and exports; such an instantiation is validated by
/// the interpreter on its schema, any other by the compiled validator. The type's own parts are checked when
/// the crate compiles (errors at their tokens, as for any derived type); the
/// schema text of an instantiation is built as a constant too, in a buffer of
/// fixed capacity (an array's length cannot depend on a type parameter: up to 2
/// MiB of text, past which the build stops), and parsed once per instantiation.
/// A type declaring `targets(...)` checks its parameters' schemas for them when an
/// instantiation's schema text is compiled into the program (a build error at the
/// field, `evaluation of Strict::<Point>::__TOOL_ARGS_CHECKS failed`), not by
/// `cargo check`. [`parse_str`] reads a generic type's calls through its exact
/// path (no generated visitor); with the `schemars` feature, each instantiation's
/// `JsonSchema` has its Rust type's name as its id. Refused with a compile error: lifetime and const
/// parameters, a generic type that contains itself (its `$defs` name would be one
/// for every instantiation), and a generic `#[serde(untagged)]` enum (which variant
/// serde reads is checked against the variants' schemas when the crate compiles).
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use tool_schema::ToolArgs;
///
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// struct Point {
///     #[arg(minimum = 0)]
///     x: i32,
/// }
///
/// /// One page of results.
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// struct Page<T> {
///     #[arg(max_items = 10)]
///     items: Vec<T>,
///     next: Option<String>,
/// }
///
/// assert_eq!(
///     <Page<Point>>::schema()["properties"]["items"]["items"]["properties"]["x"]["minimum"],
///     0
/// );
/// assert_eq!(
///     <Page<Point>>::validate(&json!({"items": [{"x": -1}]})).messages(),
///     ["argument 'items[0].x' should be at least 0, got -1"]
/// );
/// let page = <Page<Point>>::parse(&json!({"items": [{"x": 2}]})).unwrap();
/// assert_eq!(page.items, [Point { x: 2 }]);
///
/// /// Two of a kind.
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// struct Pair<T> {
///     left: T,
///     right: T,
/// }
///
/// // An `Option` argument: `left` may be left out or `null`, as serde reads it.
/// let call = json!({"right": 1});
/// assert!(<Pair<Option<u8>>>::validate(&call).is_valid());
/// assert_eq!(<Pair<Option<u8>>>::parse(&call).unwrap(), Pair { left: None, right: Some(1) });
/// assert_eq!(
///     <Pair<Option<u8>>>::schema()["properties"]["left"],
///     json!({"type": ["integer", "null"], "minimum": 0, "maximum": 255})
/// );
/// assert_eq!(<Pair<u8>>::validate(&call).messages(), ["missing required argument 'left'"]);
/// ```
///
/// # Enums
///
/// An enum of unit variants is a string enum: `{"type": "string", "enum": [...]}`,
/// each variant by the name serde reads. When a variant has a doc comment, each
/// value is a branch of its own with its description, `{"anyOf": [{"type":
/// "string", "const": "fast", "description": "..."}, ...]}` (as schemars writes a
/// documented enum); a miss still reads as one: `should be one of "fast", "slow"`. A `#[serde(untagged)]` enum is one of its
/// variants' schemas, `{"anyOf": [...]}` in variant order: serde tries the variants
/// in order and keeps the first that deserialises, so a value may fit several
/// (hence `anyOf`, not `oneOf`). A newtype variant `V(T)` is `T`'s schema; a unit
/// variant is `{"type": "null"}` (serde reads it from `null` only). Struct and tuple
/// variants of an untagged enum are compile errors (put the fields in a struct
/// deriving `ToolArgs` and write `V(ThatStruct)`), as are mixed enums
/// (`#[serde(untagged)]` on some variants).
///
/// What [`ToolArgs::parse`] returns is what the validator accepted: serde keeps the
/// first variant that reads a value, the validator any variant that accepts it, so
/// an untagged enum where serde could read, as an earlier variant, a value that
/// variant's schema refuses and a later variant's schema accepts is a compile error
/// at the earlier variant (`S(Small)` before `B(Big)`, `Small { x }` and
/// `Big { x, y }`: serde would read `{"x": 1, "y": "s"}` as `Small`, dropping
/// `y`). serde tells them apart when a struct with `#[serde(deny_unknown_fields)]`
/// lacks a name the other requires (`Small` closed: `y` makes serde pass on to
/// `Big`), when the variants take different JSON types, or when the earlier variant
/// reads exactly what its schema accepts (a closed struct without `#[arg]`
/// constraints and without `#[arg(not_null)]`, unit enum, struct, set, `f32`,
/// `usize` or `isize` fields; `f64` before `f32`). The check runs as a constant over the
/// nested types (their hidden `__READING`), so it sees through nesting.
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use tool_schema::ToolArgs;
///
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// #[serde(untagged)]
/// enum IntOrStr {
///     Int(i64),
///     Str(String),
/// }
///
/// /// A union of scalar types.
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// struct UnionField {
///     value: IntOrStr,
///     maybe: Option<IntOrStr>,
/// }
///
/// assert_eq!(IntOrStr::schema(), &json!({"anyOf": [
///     {"type": "integer", "maximum": 9223372036854775807i64},
///     {"type": "string"}
/// ]}));
/// let args = UnionField::parse(&json!({"value": 3, "maybe": "x"})).unwrap();
/// assert_eq!(args.maybe, Some(IntOrStr::Str("x".into())));
/// ```
///
/// # Tagged enums
///
/// An enum with data (or with `#[serde(tag = "...")]`) is read by serde in one of
/// its three tagged representations, and its schema is an `anyOf` with one branch
/// per variant, the variant's doc comment as the branch's `description`:
///
/// | serde | a variant's branch |
/// |---|---|
/// | `#[serde(tag = "action")]` (internally tagged) | `{"type": "object", "properties": {"action": {"type": "string", "const": "move"}, ..the fields}, "required": ["action", ..]}`; a unit variant: the tag alone |
/// | `#[serde(tag = "t", content = "c")]` (adjacently tagged) | `{"type": "object", "properties": {"t": {.."const": "V"}, "c": content}, "required": ["t", "c"]}`; a unit variant's `"c"` may be `null` or left out |
/// | neither (externally tagged, serde's default) | `{"type": "object", "properties": {"V": content}, "required": ["V"], "additionalProperties": false}`; the unit variants together as one `{"type": "string", "enum": [..]}` branch |
///
/// A variant's content: a newtype variant `V(T)` is `T`'s schema, a struct variant
/// an object of its fields (`#[arg]` and serde's field attributes as on a struct's;
/// `rename_all` on the variant and `rename_all_fields` on the enum name them), a
/// tuple variant an array of exactly its items. Serde refuses a tuple variant in an
/// internally tagged enum, and so does the derive; a newtype variant there is
/// refused too (serde would read the tag beside the inner type's fields, which
/// that type's schema does not declare): write the fields in the variant, or add
/// `content`.
///
/// The schema model recognises such a union as discriminated (its object branches
/// told apart by the tag's `const`, or by their one member's name): a call is
/// validated against the branch its tag chooses, so the report is that variant's
/// problems alone, an unknown tag is one miss on the tag listing the allowed ones,
/// and a missing tag is a missing argument. The same recognition applies to any
/// schema of that shape at run time (pydantic's discriminated unions included:
/// OpenAPI's `discriminator` keyword is kept as an annotation). The strict exports
/// keep the union (its branches are disjoint by the tag); OpenAI strict refuses an
/// `anyOf` at the root, so a tagged enum as a whole tool exports to it only nested
/// as an argument (`struct Files { op: FileOp }`), and refuses tuples (`prefixItems`).
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use tool_schema::ToolArgs;
///
/// /// Manage files.
/// #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
/// #[serde(tag = "action", rename_all = "snake_case")]
/// enum Files {
///     /// Read a file.
///     Read { path: String },
///     /// Move a file.
///     Move { from: String, to: String },
///     List,
/// }
///
/// assert_eq!(Files::schema()["anyOf"][1], json!({
///     "type": "object",
///     "properties": {
///         "action": {"type": "string", "const": "move"},
///         "from": {"type": "string"},
///         "to": {"type": "string"}
///     },
///     "required": ["action", "from", "to"],
///     "description": "Move a file."
/// }));
/// let args = Files::parse(&json!({"action": "read", "path": "a.txt"})).unwrap();
/// assert_eq!(args, Files::Read { path: "a.txt".into() });
/// assert_eq!(
///     Files::validate(&json!({"action": "copy", "path": "a.txt"})).messages(),
///     ["argument 'action' should be one of \"read\", \"move\", \"list\", got \"copy\""]
/// );
/// assert_eq!(
///     Files::validate(&json!({"action": "move", "from": "a.txt"})).messages(),
///     ["missing required argument 'to'"]
/// );
/// ```
///
/// # Attributes
///
/// On the type, `#[tool(...)]` as for [`tool_schema!`]: `name = "..."` (default: the
/// type's name in snake_case), `description = "..."` (default: the doc comment),
/// `allow(lint, ...)`, `targets(...)` (see [Provider targets](tool_schema!#provider-targets):
/// the export of each target is checked when the crate compiles, with the error at
/// the field or `#[arg]` that brought the offending keyword in; no `_JSON`
/// constants). Nested `ToolArgs` types are checked too: each derived type records,
/// per target, the first problem a target has with its schema as a part of another
/// schema (its own nested types included), and a type declaring `targets(...)`
/// stops the build at the field's type when a nested type has one for a declared
/// target: `declared target `openai_strict` (...), for the nested type `Inner` at
/// /properties/inner in the derived schema: refuses `Inner` at /properties/code/minLength: ...`.
/// (Limits that add up across the whole schema, such as OpenAI's nesting depth and
/// property count, are not checked through nested types.) And, for the derive only,
/// `custom_deserialize`: the type's `Deserialize` is written by hand, so
/// [`parse_str`] reads through it instead of the visitor the derive generates
/// (which builds the value as serde's derive would); and `validate = path`: the
/// tool's own check (see [Custom checks](#custom-checks)).
///
/// On a field, `#[arg(...)]`, each key the schema keyword of the same name:
///
/// | key | keyword | applies to |
/// |---|---|---|
/// | `minimum = 1`, `maximum = 100` | `minimum`, `maximum` | integers (within the type's range), floats |
/// | `exclusive_minimum = 0`, `exclusive_maximum = 2` | `exclusiveMinimum`, `exclusiveMaximum` | integers (leaving some value of the type), floats |
/// | `multiple_of = 5` | `multipleOf` (greater than 0) | integers, floats |
/// | `min_length = 1`, `max_length = 64` | `minLength`, `maxLength` (in characters) | `String` |
/// | `pattern = "^[a-z]+$"` | `pattern` | `String` |
/// | `min_items = 1`, `max_items = 10` | `minItems`, `maxItems` | `Vec`, sets |
/// | `description = "..."` | `description` (default: the field's doc comment) | any |
/// | `example = ...` (repeatable) | `examples` (each checked against the argument's schema) | any |
/// | `values = [1, 2]` | `enum`: the only values allowed (each checked against the argument's schema; e.g. a Python `IntEnum` as an integer field) | integers, floats, `String`, `char`, `bool` |
/// | `format = "date-time"` | `format`: one the validator checks (`date-time`, `date`, `email`, `uri`, `uuid`, `ipv4`, ...: the string formats of docs/keywords.md); any other is a compile error naming the closest | `String` |
/// | `items(minimum = 1, ...)` | the keys inside, on `items`: each item | `Vec`, sets, `[T; N]` |
/// | `values(max_length = 8, ...)` | the keys inside, on `additionalProperties`: each value | maps |
/// | `keys(pattern = "^[a-z]+$", ...)` | the string keys inside, on `propertyNames`: each key | maps |
/// | `schema = {...}` | the field's whole schema, written out (also `json!({...})`, or a string literal of JSON text); its type is not read | any type |
/// | `not_null` | `null` kept out of an optional field's schema: left out, not `null` (by default an `Option` field takes both, as serde reads both as `None`) | `Option` fields |
/// | `default = 10` | `default`: the value serde gives a left-out argument (checked against the argument's schema; the field needs serde's `default`, and the derive cannot check that it gives this value: say the same in both) | any |
///
/// Each key applies to the value it stands beside, through `Option` and `Box`:
/// on an `Option<u32>` field, `minimum` bounds the number; on `Vec<Option<u32>>`,
/// `items(minimum = 1)` bounds the non-null items; on `Option<Vec<Vec<u8>>>`,
/// `min_items` counts the outer array, `items(min_items = 1)` each inner one and
/// `items(items(maximum = 9))` their numbers. `items(..)`, `values(..)` and
/// `keys(..)` nest and take every key, `description` and `example` included (a
/// bound on a collection itself is an error that names the `items(..)` to write).
///
/// `schema = ..` is for a type the derive does not know (a type of another crate,
/// which cannot implement `ToolArgs` there): the schema is checked by the schema
/// model and compiled with the rest, errors at its tokens. It must be written out:
/// the schema is built when the crate compiles, so a function's cannot be used.
/// It must describe what the type's `Deserialize` reads ([`ToolArgs::parse`]
/// panics when serde refuses what it accepts); other constraint keys go inside
/// it. For a type of your own, [`impl_tool_args!`] implements `ToolArgs` once for
/// every field of that type.
///
/// # Custom checks
///
/// `#[tool(validate = path)]` names a function `fn(&Self, &mut Problems)` (see
/// [`custom`]) for what a schema cannot say ("`end` after `start`"): each problem
/// it adds, with its path, a code and a message, becomes a [`Kind::Custom`]
/// violation, worded like the schema's (`argument 'end' should be after 'start'`)
/// in every format (`json_report` gives the code). It runs on the typed value,
/// once the schema's checks passed, in [`ToolArgs::parse`], [`parse_str`] and a
/// [`Toolbox`]'s typed tools; [`ToolArgs::validate`] checks the schema alone.
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use tool_schema::custom::Problems;
/// use tool_schema::ToolArgs;
///
/// /// Book a room.
/// #[derive(ToolArgs, Deserialize)]
/// #[tool(validate = check_dates)]
/// struct BookRoom {
///     /// First night, as a day of the year.
///     start: u16,
///     end: u16,
/// }
///
/// fn check_dates(b: &BookRoom, problems: &mut Problems) {
///     if b.end <= b.start {
///         problems.add("end", "end-before-start", "should be after 'start'");
///     }
/// }
///
/// let report = BookRoom::parse(&json!({"start": 10, "end": 3})).err().unwrap();
/// assert_eq!(report.messages(), ["argument 'end' should be after 'start'"]);
/// ```
///
/// # serde's attributes
///
/// The schema describes what serde reads, so the derive reads serde's attributes:
///
/// - honoured: `rename` and `rename_all` (their `deserialize` names), `default` on
///   a field or the struct (the field, or every field, becomes optional; the
///   schema's `default` keyword is written only from `#[arg(default = ..)]`: the
///   value serde's `Default` gives is not known when the crate compiles), `skip` and
///   `skip_deserializing` (the field or variant is not in the schema),
///   `deny_unknown_fields` (`"additionalProperties": false`), `tag`, `content`,
///   `rename_all_fields` and a variant's `rename_all` (see
///   [Tagged enums](#tagged-enums)), `flatten` on a map with `String` keys (its
///   values' schema is the object's `additionalProperties`: serde gives it every
///   member no other field names), `flatten` on a struct deriving `ToolArgs` (see
///   [Flattened structs](#flattened-structs)), `alias` on a field (see [Aliases](#aliases));
/// - ignored, as they change only serialisation: `skip_serializing`,
///   `skip_serializing_if`, `serialize_with`, `into`, `bound`, `crate`, `expecting`,
///   `rename` on the type itself;
/// - refused with a compile error, as the schema could not describe what serde
///   would accept: a second flattened map, `flatten` beside
///   `deny_unknown_fields` or on an `Option`, `alias` on a variant, `deserialize_with`, `with`, `untagged` on a
///   variant (or beside `tag`), `other`, `transparent`, `from`, `try_from`,
///   `remote`, `borrow`, and any attribute the derive does not know
///   (`untagged` on an enum is honoured: see [Enums](#enums)).
///
/// Unknown fields: without `deny_unknown_fields` serde ignores them, and the
/// schema says nothing about them. In tool-call mode (the default, and what
/// [`ToolArgs::parse`] uses) an argument the tool does not declare is refused
/// anyway: the model made it up and should hear so. With
/// [`Undeclared::RejectIfForbidden`] (JSON Schema's reading) they pass, as serde
/// lets them. With `deny_unknown_fields` every reading refuses them.
///
/// ## Aliases
///
/// `#[serde(alias = "town")]` on a field (any number of them; with `rename` too)
/// is written in the schema as `"x-tool-schema-aliases": {"city": ["town"]}`
/// beside `properties` (see docs/keywords.md): the validator reads the argument
/// under its name or any alias, checks the value under an alias against the
/// field's schema and reports it at the name the model wrote; a required
/// argument is given by any one of its names; two names of one argument at once
/// are refused, as serde refuses them (a duplicate field), with
/// [`Kind::SameArgument`]. Every export names the argument by its own name
/// alone. As in serde, `rename_all` does not apply to an alias. An alias that
/// another field (or alias, or the tag) is read as, that repeats the field's own
/// name, or that is on a flattened or skipped field is a compile error at the
/// alias.
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use tool_schema::export::{Target, ToolExport};
/// use tool_schema::ToolArgs;
///
/// /// Get the weather.
/// #[derive(ToolArgs, Deserialize)]
/// struct Weather {
///     #[serde(alias = "town")]
///     city: String,
/// }
///
/// assert_eq!(Weather::parse(&json!({"town": "Oslo"})).unwrap().city, "Oslo");
/// let report = Weather::validate(&json!({"city": "Oslo", "town": "Rome"}));
/// assert_eq!(report.messages(), ["'city' and 'town' name the same argument: send one"]);
/// let exported = Weather::export_to(Target::OpenAiChatStrict, &Default::default())?;
/// assert_eq!(
///     exported.value["function"]["parameters"]["properties"],
///     json!({"city": {"type": "string"}})
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// ```
/// use serde::Deserialize;
/// use tool_schema::ToolArgs;
///
/// /// Search the documentation.
/// #[derive(ToolArgs, Deserialize)]
/// #[tool(name = "search-docs")]
/// #[serde(rename_all = "camelCase", deny_unknown_fields)]
/// struct SearchDocs {
///     /// What to look for.
///     #[arg(min_length = 1, example = "derive")]
///     query: String,
///     #[arg(minimum = 1, maximum = 50)]
///     #[serde(default)]
///     max_results: u32,
/// }
///
/// assert_eq!(
///     SearchDocs::SCHEMA_JSON,
///     r#"{"type":"object","properties":{"query":{"type":"string","description":"What to look for.","minLength":1,"examples":["derive"]},"maxResults":{"type":"integer","minimum":1,"maximum":50}},"required":["query"],"additionalProperties":false}"#
/// );
/// ```
///
/// # Compile errors
///
/// Each at the offending token, every one of a type reported together: unsupported
/// types (named), unknown `#[arg]`/`#[tool]` keys (with a did-you-mean), keys that do
/// not apply to the field's type (`minimum` on a `String`, `items(..)` on a
/// `String`), unknown formats, a `schema = ..` that is not a schema written out, bounds outside an
/// integer type's range, `minimum` > `maximum` and every other lint of the schema
/// model, a pattern that is not a valid regular expression, two fields or variants
/// serde reads under the same name, refused serde attributes, unit structs, lifetime
/// and const parameters (see [Generic types](#generic-types)), struct and tuple variants of an untagged enum, tuple and newtype
/// variants of an internally tagged one, a field named as the tag, `#[arg]` on a
/// tuple struct's field, a `default` serde has not or the schema refuses, a nested
/// type some declared target refuses.
///
/// ```compile_fail
/// #[derive(tool_schema::ToolArgs)]
/// struct Bad {
///     #[arg(minimum = 1)]
///     name: String,
/// }
/// ```
///
/// `serde` is a helper attribute of this derive as well, so serde's attributes may
/// be written on a type whose `Deserialize` is implemented by hand; [`ToolArgs::parse`]
/// then relies on that implementation reading what the schema describes.
pub use tool_schema_macros::ToolArgs;

/// Implements [`ToolArgs`] for a type of your own, declared elsewhere, from a
/// JSON Schema literal: the documented way to give a type a tool schema by hand
/// (a wrapper the derive does not read, a type with a hand-written
/// `Deserialize`). The syntax is [`tool_schema!`]'s, without a visibility; the
/// schema is checked and compiled when the crate compiles, as there. The value
/// need not be an object (`#[tool(any_root)]` is implied), so the type may be a
/// field of a derived type, where it is validated by its own validator and its
/// schema is spliced into the exported one.
///
/// The schema must describe what the type's `Deserialize` reads: [`ToolArgs::parse`]
/// panics when serde refuses what the validator accepted. A type of another crate
/// (orphan rules) takes `#[arg(schema = ..)]` on the field instead.
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use tool_schema::{impl_tool_args, ToolArgs};
///
/// /// A temperature in degrees Celsius, read from a number.
/// #[derive(Deserialize, Debug, PartialEq)]
/// #[serde(transparent)]
/// struct Celsius(f64);
///
/// impl_tool_args! {
///     /// Degrees Celsius, from absolute zero.
///     Celsius = { "type": "number", "minimum": -273.15 }
/// }
///
/// /// Set the thermostat.
/// #[derive(ToolArgs, Deserialize)]
/// struct SetThermostat {
///     target: Celsius,
/// }
///
/// assert_eq!(
///     SetThermostat::schema()["properties"]["target"],
///     json!({"type": "number", "minimum": -273.15})
/// );
/// let args = SetThermostat::parse(&json!({"target": 21.5})).unwrap();
/// assert_eq!(args.target, Celsius(21.5));
/// assert_eq!(
///     SetThermostat::validate(&json!({"target": -300})).messages(),
///     ["argument 'target' should be at least -273.15, got -300"]
/// );
/// ```
pub use tool_schema_macros::impl_tool_args;

/// The README's examples, run as doc tests so that they keep compiling.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The guides in `docs/`, one item each, so that `cargo test --doc` compiles
/// (and, unless marked `no_run`, runs) every Rust block they hold. Every file of
/// `docs/` is listed (`tests/docs_blocks.rs` checks it); a guide whose blocks need
/// an optional feature is compiled with that feature on.
#[cfg(doctest)]
pub mod docs {
    macro_rules! guides {
        ($($(#[$cfg:meta])* $name:ident = $file:literal;)*) => {$(
            $(#[$cfg])*
            #[doc = include_str!(concat!("../docs/", $file))]
            pub struct $name;
        )*};
    }
    guides! {
        Cli = "cli.md";
        Corpora = "corpora.md";
        Exports = "exports.md";
        Feedback = "feedback.md";
        Fuzzing = "fuzzing.md";
        Keywords = "keywords.md";
        Limits = "limits.md";
        Performance = "performance.md";
        ProviderRules = "provider-rules.md";
        Reports = "reports.md";
        #[cfg(feature = "rmcp")]
        Rmcp = "rmcp.md";
        SeedExercises = "seed-exercises.md";
        Streaming = "streaming.md";
        TextPath = "text-path.md";
        Toolbox = "toolbox.md";
        TypedLiterals = "typed-literals.md";
    }
}

/// Used by generated code only. Not a public API: it may change in any release.
mod json_schema;
#[cfg(feature = "rmcp")]
pub mod rmcp;

mod typed;

#[doc(hidden)]
pub mod __private {
    pub use crate::__json_schema_impl as json_schema_impl;
    #[cfg(feature = "typed")]
    pub use crate::__typed_const as typed_const;
    pub use crate::__typed_form as typed_form;
    /// The typed form's serde and its reading of optional members.
    #[cfg(feature = "typed")]
    pub use serde;
    #[cfg(feature = "typed")]
    pub mod typed {
        pub use crate::typed::{present, read_const, write_const};
    }
    #[cfg(feature = "schemars")]
    pub use crate::json_schema::json_schema;
    #[cfg(feature = "schemars")]
    pub use schemars;
    pub use tool_schema_engine::__private::*;
}
