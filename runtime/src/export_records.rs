//! The records of a tool's exports that the macros compile into it
//! (`ToolArgs::__EXPORTS`): the provider targets,
//! the kinds of change an export makes, and per target the definition, the
//! changes and the refusal. Data only: the export engine (`export`) makes them
//! and reads them back.

use std::fmt;

/// A provider's tool format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Target {
    /// Anthropic Messages API: `{name, description, input_schema}`.
    Anthropic,
    /// Anthropic strict tool use: `{name, description, input_schema, strict: true}`,
    /// the schema transformed by `strict::anthropic`.
    AnthropicStrict,
    /// OpenAI Chat Completions: `{"type": "function", "function": {name,
    /// description, parameters, strict: false}}`.
    OpenAiChat,
    /// OpenAI Chat Completions with `strict: true`, the schema transformed by
    /// `strict::openai`.
    OpenAiChatStrict,
    /// OpenAI Responses: `{"type": "function", name, description, parameters,
    /// strict: false}`.
    OpenAiResponses,
    /// OpenAI Responses with `strict: true`, the schema transformed by
    /// `strict::openai`.
    OpenAiResponsesStrict,
    /// Gemini `functionDeclarations` entry with the OpenAPI-subset `parameters`.
    Gemini,
    /// Gemini `functionDeclarations` entry with `parametersJsonSchema`.
    GeminiJsonSchema,
    /// MCP `tools/list` entry: `{name, title?, description, inputSchema}`.
    Mcp,
}

impl Target {
    /// Every target, in this order.
    pub const ALL: [Target; 9] = [
        Target::Anthropic,
        Target::AnthropicStrict,
        Target::OpenAiChat,
        Target::OpenAiChatStrict,
        Target::OpenAiResponses,
        Target::OpenAiResponsesStrict,
        Target::Gemini,
        Target::GeminiJsonSchema,
        Target::Mcp,
    ];

    /// A short identifier: `anthropic`, `anthropic_strict`, `openai_chat`,
    /// `openai_chat_strict`, `openai_responses`, `openai_responses_strict`, `gemini`,
    /// `gemini_json_schema`, `mcp`.
    pub fn id(self) -> &'static str {
        match self {
            Target::Anthropic => "anthropic",
            Target::AnthropicStrict => "anthropic_strict",
            Target::OpenAiChat => "openai_chat",
            Target::OpenAiChatStrict => "openai_chat_strict",
            Target::OpenAiResponses => "openai_responses",
            Target::OpenAiResponsesStrict => "openai_responses_strict",
            Target::Gemini => "gemini",
            Target::GeminiJsonSchema => "gemini_json_schema",
            Target::Mcp => "mcp",
        }
    }

    /// Is this a strict mode (a constrained-decoding schema subset)?
    pub fn is_strict(self) -> bool {
        matches!(
            self,
            Target::AnthropicStrict | Target::OpenAiChatStrict | Target::OpenAiResponsesStrict
        )
    }

    pub fn is_openai(self) -> bool {
        matches!(
            self,
            Target::OpenAiChat
                | Target::OpenAiChatStrict
                | Target::OpenAiResponses
                | Target::OpenAiResponsesStrict
        )
    }

    /// Whether this target's export makes every optional property required and
    /// nullable, so that the model sends `null` for each argument it leaves out:
    /// OpenAI's strict modes (`strict::openai`).
    pub fn sends_null_for_absent(self) -> bool {
        matches!(
            self,
            Target::OpenAiChatStrict | Target::OpenAiResponsesStrict
        )
    }

    /// The options to read calls made against this target's export with:
    /// tool-call mode, and [`Options::null_is_absent`](crate::Options::null_is_absent)
    /// where the target sends `null` for an absent argument
    /// ([`Target::sends_null_for_absent`]), so that no call the provider's own
    /// grammar produced is refused. `ToolExport::parse_for` reads with them.
    pub fn call_options(self) -> crate::Options {
        crate::Options::default().null_is_absent(self.sends_null_for_absent())
    }

    /// The pointer, in the tool definition, of the parameters schema
    /// (`/input_schema`, `/function/parameters`, `/parameters`, ...).
    pub fn schema_pointer(self) -> &'static str {
        match self {
            Target::Anthropic | Target::AnthropicStrict => "/input_schema",
            Target::OpenAiChat | Target::OpenAiChatStrict => "/function/parameters",
            Target::OpenAiResponses | Target::OpenAiResponsesStrict | Target::Gemini => {
                "/parameters"
            }
            Target::GeminiJsonSchema => "/parametersJsonSchema",
            Target::Mcp => "/inputSchema",
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Target::Anthropic => "Anthropic",
            Target::AnthropicStrict => "Anthropic (strict tool use)",
            Target::OpenAiChat => "OpenAI Chat Completions",
            Target::OpenAiChatStrict => "OpenAI Chat Completions (strict)",
            Target::OpenAiResponses => "OpenAI Responses",
            Target::OpenAiResponsesStrict => "OpenAI Responses (strict)",
            Target::Gemini => "Gemini (parameters)",
            Target::GeminiJsonSchema => "Gemini (parametersJsonSchema)",
            Target::Mcp => "MCP",
        })
    }
}

/// What kind of change an export made to a schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChangeKind {
    /// Something the provider needs was added with no change of meaning
    /// (`properties: {}`, `items: {}`, `type: "object"` next to `properties`).
    Added,
    /// `additionalProperties: false` was added to an object.
    Closed,
    /// An optional property was listed in `required`; it already accepted `null`.
    Required,
    /// An optional property was listed in `required` and made to accept `null`.
    Nullable,
    /// A `$ref` was replaced by the schema it points to.
    Inlined,
    /// `oneOf` became `anyOf` (its branches are provably disjoint).
    OneOfToAnyOf,
    /// A one-branch `allOf` was merged into its parent schema.
    AllOfMerged,
    /// A `type` list became an `anyOf` of one branch per type.
    TypeListSplit,
    /// A keyword was rewritten into the provider's equivalent form (type names,
    /// `const` -> `enum`, exclusive integer bounds -> inclusive ones, ...).
    Converted,
    /// A constraint the provider cannot take was removed from the schema and written
    /// into its `description`; tool-schema's validator still enforces it.
    Described,
    /// An annotation (no validation meaning) or a keyword whose removal keeps what the
    /// validator accepts was removed.
    Removed,
    /// A keyword was kept, but the provider does not enforce it; tool-schema's
    /// validator does.
    NotEnforced,
    /// The tool's name was mapped to the provider's name pattern
    /// (`ExportOptions::naming`); the change's
    /// pointer is `""`, its `tool` the tool's own name.
    Renamed,
}

/// One target's export of a tool, computed when the tool compiled.
#[doc(hidden)]
#[derive(Debug)]
pub struct CompiledExport {
    /// The target.
    pub target: Target,
    /// The tool definition as compact JSON text; empty when the target refuses
    /// the tool (and then `refusal` says why).
    pub definition: &'static str,
    /// Every change the export made, in order.
    pub changes: &'static [CompiledChange],
    /// OpenAI strict: the optional properties made required and nullable.
    pub nullable: &'static [CompiledNullable],
    /// When the target refuses the tool: every problem, in order (empty otherwise).
    pub refusal: &'static [CompiledProblem],
}

/// A `Problem` of a compiled refusal (the tool's name is the tool's).
#[doc(hidden)]
#[derive(Debug)]
pub struct CompiledProblem {
    pub pointer: &'static str,
    pub message: &'static str,
    pub rule: &'static str,
}

/// A `Change` of a compiled export (the tool's name is the tool's).
#[doc(hidden)]
#[derive(Debug)]
pub struct CompiledChange {
    pub pointer: &'static str,
    pub kind: ChangeKind,
    pub what: &'static str,
    pub why: &'static str,
}

/// A `NullableOptional` of a compiled export.
#[doc(hidden)]
#[derive(Debug)]
pub struct CompiledNullable {
    pub object_pointer: &'static str,
    pub property: &'static str,
    pub pointer: &'static str,
    pub already_nullable: bool,
}

/// What the engine's exhaustive readings of a [`Target`] answer for a target
/// they do not know: never reached, as the runtime and the engine are built
/// from the same release (the enum is `non_exhaustive` for users' matches).
#[doc(hidden)]
#[cold]
pub fn unknown_target(target: Target) -> ! {
    unreachable!("tool-schema: target {target:?} is unknown to this engine: the runtime and the engine must be of the same release")
}
