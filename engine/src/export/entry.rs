//! The run-time export's entry points (the `engines` feature): one tool or a
//! list of tools, from a [`ToolSpec`], with options.

use super::{aliases, assemble, ledger, Listed};
use super::{ExportError, ExportOptions, Exported, Target, ToolSpec};
use serde_json::Value;

/// `schema` as every export writes it, without the validator's aliases
/// (`x-tool-schema-aliases`, see [`crate::keywords::alias`]): for a schema handed
/// on to other tools (schemars' `JsonSchema` of a declared type). `None` when it
/// has none.
pub fn without_aliases(schema: &Value) -> Option<Value> {
    aliases::removed(schema, &mut ledger::Ledger::new(""))
}

/// Exports one tool for `target`.
pub fn export(
    target: Target,
    tool: &ToolSpec<'_>,
    options: &ExportOptions,
) -> Result<Exported, ExportError> {
    assemble::one_tool(target, tool, options)
}

/// Exports a list of tools as the provider's `tools` value: an array for Anthropic
/// and OpenAI, `[{"functionDeclarations": [...]}]` for Gemini, and the `tools/list`
/// result `{"tools": [...]}` for MCP. Tool names must be distinct; the provider's
/// per-request limits are checked (OpenAI: 128 functions; Anthropic strict: 20 strict
/// tools, 24 optional parameters and 16 union-typed parameters in all).
pub fn toolbox(
    target: Target,
    tools: &[ToolSpec<'_>],
    options: &ExportOptions,
) -> Result<Exported, ExportError> {
    let listed: Vec<Listed<'_>> = tools.iter().map(|t| (*t, &[][..], None)).collect();
    assemble::tool_list(target, &listed, options)
}

/// One tool for `target` with the default options: the provider's value alone.
fn value_of(
    target: Target,
    name: &str,
    title: Option<&str>,
    description: &str,
    schema: &Value,
) -> Result<Value, ExportError> {
    let tool = ToolSpec {
        name,
        title,
        description,
        schema,
    };
    export(target, &tool, &ExportOptions::default()).map(|e| e.value)
}

/// Defines the one-call exports `fn NAME(name, description, schema)`: one tool for
/// one target, with the default options, the provider's value alone.
macro_rules! one_call_exports {
    ($($(#[$doc:meta])* $fn_name:ident => $target:ident;)*) => {$(
        $(#[$doc])*
        pub fn $fn_name(
            name: &str,
            description: &str,
            schema: &Value,
        ) -> Result<Value, ExportError> {
            value_of(Target::$target, name, None, description, schema)
        }
    )*};
}

one_call_exports! {
    /// Anthropic tool definition: `{name, description, input_schema}`.
    anthropic => Anthropic;
    /// Anthropic strict tool use: `{name, description, input_schema, strict: true}`, the
    /// schema transformed by [`strict::anthropic`](super::strict::anthropic) (unsupported bounds move into
    /// descriptions).
    anthropic_strict => AnthropicStrict;
    /// Gemini `functionDeclarations` entry with the legacy OpenAPI-subset `parameters`
    /// (upper-case types, `nullable`, string `enum`s, no `$ref`; left unset for a tool
    /// without arguments).
    gemini => Gemini;
    /// Gemini `functionDeclarations` entry with `parametersJsonSchema` (JSON Schema).
    gemini_json_schema => GeminiJsonSchema;
    /// OpenAI Chat Completions tool: `{"type": "function", "function": {name,
    /// description, parameters, strict: false}}`.
    openai_chat => OpenAiChat;
    /// OpenAI Chat Completions tool in strict mode: `{"type": "function", "function":
    /// {name, description, parameters, strict: true}}`, the schema transformed by
    /// [`strict::openai`](super::strict::openai).
    openai_chat_strict => OpenAiChatStrict;
    /// OpenAI Responses tool: `{"type": "function", name, description, parameters,
    /// strict: false}` (`strict` is always written: Responses treats a missing one as
    /// `true`).
    openai_responses => OpenAiResponses;
    /// OpenAI Responses tool in strict mode: `{"type": "function", name, description,
    /// parameters, strict: true}`, the schema transformed by [`strict::openai`](super::strict::openai).
    openai_responses_strict => OpenAiResponsesStrict;
}

/// MCP `tools/list` entry: `{name, title?, description, inputSchema}`.
pub fn mcp(
    name: &str,
    title: Option<&str>,
    description: &str,
    schema: &Value,
) -> Result<Value, ExportError> {
    value_of(Target::Mcp, name, title, description, schema)
}
