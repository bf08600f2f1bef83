//! The command line: subcommands, options and their help texts (clap's derive).

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Audit LLM tool calls and tool definitions against their JSON Schemas.
///
/// Exit status: 0 when everything checked is valid, 1 when a call is invalid (check),
/// a definition has problems (lint) or a provider refuses it (export), 2 when the
/// input cannot be used (unreadable, not JSON, a schema that is refused, ...; the
/// message names the line).
#[derive(Debug, Parser)]
#[command(name = "tool-schema", version, about, long_about, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

const EXAMPLES: &str = "Examples:
  tool-schema check calls.jsonl                      lines carrying their definition
  tool-schema check --tools tools.json calls.jsonl   call records against a tools file
  tool-schema check --dialect bfcl --format json < calls.jsonl
  tool-schema lint tools.json
  tool-schema export --target openai-strict tools.json
  tool-schema types tools.json

Run `tool-schema help <COMMAND>` for a command's details.";

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    Check(CheckArgs),
    Lint(LintArgs),
    Export(ExportArgs),
    Types(TypesArgs),
}

/// Validate tool calls, one JSON object per line (JSONL)
///
/// Without --tools each line carries its own definition:
///
///   {"function": {"name": ..., "description": ..., "parameters": {...}}, "arguments": {...}}
///
/// (`parameters` in the dialect of --dialect). With --tools FILE the definitions come
/// from FILE, and a line is a call record in any of these forms:
///
///   {"name": "get_weather", "arguments": {...}}                       (MCP tools/call params; arguments may be a JSON string)
///
///   {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {...}}   (MCP request)
///
///   {"type": "tool_use", "id": ..., "name": ..., "input": {...}}      (Anthropic)
///
///   {"id": ..., "type": "function", "function": {"name": ..., "arguments": "{...}"}}   (OpenAI tool_calls entry)
///
///   {"type": "function_call", "name": ..., "arguments": "{...}"}       (OpenAI Responses)
///
///   {"functionCall": {"name": ..., "args": {...}}}                    (Gemini part)
///
/// A line that has "function" is always read as a self-contained call. Blank lines are
/// skipped and give no output.
///
/// Exit status: 0 when every call is valid, 1 when one is invalid, 2 when a line
/// cannot be used (not JSON, no arguments, a schema that is refused, an unreadable
/// file): the message names the line, and the other lines are still checked. An
/// input without a call (an empty file or standard input) is 2 as well.
#[derive(Debug, clap::Args)]
#[command(verbatim_doc_comment)]
pub struct CheckArgs {
    /// The tool definitions the calls refer to: an MCP tools/list result
    /// ({"tools": [...]}, also inside a JSON-RPC response), or a provider's tools
    /// array (Anthropic, OpenAI Chat Completions or Responses, Gemini
    /// functionDeclarations), detected from its shape.
    #[arg(long, value_name = "FILE")]
    pub tools: Option<PathBuf>,

    /// How the schemas are written: JSON Schema, or the Berkeley Function Calling
    /// Leaderboard's python-style definitions (`dict`, `float`, `tuple`, `any`; an
    /// undeclared argument is always an error).
    #[arg(long, value_enum, default_value_t = DialectArg::JsonSchema)]
    pub dialect: DialectArg,

    /// Read an explicit null for an optional argument as the argument left out, as
    /// OpenAI's strict mode sends every optional argument it leaves out (for calls of
    /// tools exported with `export --target openai-strict`).
    #[arg(long)]
    pub null_is_absent: bool,

    #[command(flatten)]
    pub naming: NamingArgs,

    /// text: the problems of each invalid call, then a summary table (calls, valid,
    /// invalid, problems by kind and by tool). json: one line per input line,
    /// {"valid": bool, "violations": [...]}, each violation an object with its
    /// "kind", "path", "pointer", the kind's facts, its "message" (and "suggestion"
    /// where there is one); a line that cannot be used gets {"error": "..."}.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,

    /// The calls (JSONL); `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    pub input: Option<PathBuf>,
}

/// Check tool definitions: schema errors, lints, each provider's export.
///
/// FILE holds the definitions in any form --tools of `check` reads (an MCP tools/list
/// result, a provider's tools array), or JSONL with one {"name", "description",
/// "parameters"} (or a line of `check`'s {"function": ...} form) per line.
///
/// One row per tool: its schema, its lints, and a column per provider target. Each
/// provider column says `ok` (exported as written), `N changes` (exported with
/// changes, listed below the table) or `refused` (the provider cannot take the
/// schema; the problems are listed). Exit status: 0 when every schema is accepted
/// without lints, 1 when a schema is refused or has lints, 2 when FILE cannot be used.
#[derive(Debug, clap::Args)]
pub struct LintArgs {
    /// How the schemas are written.
    #[arg(long, value_enum, default_value_t = DialectArg::JsonSchema)]
    pub dialect: DialectArg,

    /// The tool definitions.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// Write the definitions as a provider's tools value.
///
/// The value goes to standard output: a JSON array (Anthropic, OpenAI), Gemini's
/// [{"functionDeclarations": [...]}], or MCP's {"tools": [...]}. What the export changed is listed on standard error. Exit status: 0 when
/// exported, 1 when the provider cannot take a schema (every problem listed with its
/// JSON pointer and the provider's rule), 2 when FILE cannot be used.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The provider format: anthropic, anthropic-strict, openai (Chat Completions),
    /// openai-strict, openai-responses, openai-responses-strict, gemini
    /// (OpenAPI-subset parameters), gemini-json-schema (parametersJsonSchema), mcp.
    /// The ids of the library (openai_chat_strict, ...) are accepted too.
    #[arg(long, value_name = "TARGET")]
    pub target: String,

    /// A constraint the provider cannot take (a bound, a length, a pattern outside
    /// its subset): refuse the export, or remove it from the schema and state it in
    /// the description (tool-schema's validator still enforces it). Without it, the
    /// provider's default: describe for Anthropic strict, refuse elsewhere.
    #[arg(long, value_enum, value_name = "POLICY")]
    pub lossy: Option<LossyArg>,

    #[command(flatten)]
    pub naming: NamingArgs,

    /// How the schemas are written.
    #[arg(long, value_enum, default_value_t = DialectArg::JsonSchema)]
    pub dialect: DialectArg,

    /// The tool definitions, in any form `lint` reads.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// Print the Rust types the typed form of `tool_schema!` declares for each tool
///
/// For each definition of FILE, the items `tool_schema! { pub struct Name = {...} }`
/// would declare with its schema pasted (Name: the tool's name in UpperCamelCase):
/// the arguments' struct and the types it uses, with serde's derives, as the macro
/// writes them (docs/typed-literals.md gives the mapping). Exit status: 0 when
/// every tool maps, 1 when the typed form refuses a root (the reason is on
/// standard error; the other tools are still printed), 2 when FILE cannot be used.
#[derive(Debug, clap::Args)]
pub struct TypesArgs {
    /// How the schemas are written.
    #[arg(long, value_enum, default_value_t = DialectArg::JsonSchema)]
    pub dialect: DialectArg,

    /// The tool definitions, in any form `lint` reads.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// `--map-names` and `--name-prefix`: the naming policy of `export` and
/// `check --tools`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct NamingArgs {
    /// Map each tool name the provider refuses to its pattern (Anthropic and
    /// OpenAI: letters, digits, `_` and `-`, at most 64 characters; Gemini: also
    /// `.` and `:`, a letter or `_` first; MCP: also `.`, at most 128): other
    /// characters become `_`, a name past the limit is cut and ends with a short
    /// hash. `export` lists each rename and refuses two tools mapped to one name,
    /// naming both; `check --tools` accepts a call naming a tool by its own name
    /// or by the name any provider's export gives it.
    #[arg(long)]
    pub map_names: bool,

    /// Write PREFIX and `__` before every tool name (`--name-prefix github`:
    /// `github__create_issue`), as agents bridging several MCP servers do, then
    /// map it as --map-names does (which it implies).
    #[arg(long, value_name = "PREFIX")]
    pub name_prefix: Option<String>,
}

impl NamingArgs {
    /// The library's naming policy.
    pub fn naming(&self) -> tool_schema_engine::export::Naming {
        use tool_schema_engine::export::Naming;
        match &self.name_prefix {
            Some(prefix) => Naming::map_with_prefix(prefix.clone()),
            None if self.map_names => Naming::map(),
            None => Naming::Keep,
        }
    }
}

/// `--dialect`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DialectArg {
    /// JSON Schema 2020-12.
    JsonSchema,
    /// BFCL's python-style definitions.
    Bfcl,
}

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Problems per call and a summary table.
    Text,
    /// One JSON object per input line.
    Json,
}

/// `--lossy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LossyArg {
    /// Refuse the export.
    Refuse,
    /// Move the constraint into the description.
    Describe,
}

impl LossyArg {
    /// The library's policy.
    pub fn lossy(self) -> tool_schema_engine::export::Lossy {
        match self {
            LossyArg::Refuse => tool_schema_engine::export::Lossy::Refuse,
            LossyArg::Describe => tool_schema_engine::export::Lossy::Describe,
        }
    }
}

impl DialectArg {
    /// The library's dialect.
    pub fn dialect(self) -> tool_schema_engine::Dialect {
        match self {
            DialectArg::JsonSchema => tool_schema_engine::Dialect::JsonSchema,
            DialectArg::Bfcl => tool_schema_engine::Dialect::Bfcl,
        }
    }
}
