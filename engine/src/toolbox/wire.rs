//! The five wire formats behind the nine export targets: a strict mode changes
//! the schema a provider is given, not the shape of its calls and results.

use crate::export::Target;
use crate::options::Options;

/// A provider's call and result shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wire {
    Anthropic,
    OpenAiChat,
    OpenAiResponses,
    Gemini,
    Mcp,
}

impl Wire {
    /// The wire format of `target`.
    pub(crate) fn of(target: Target) -> Wire {
        match target {
            Target::Anthropic | Target::AnthropicStrict => Wire::Anthropic,
            Target::OpenAiChat | Target::OpenAiChatStrict => Wire::OpenAiChat,
            Target::OpenAiResponses | Target::OpenAiResponsesStrict => Wire::OpenAiResponses,
            Target::Gemini | Target::GeminiJsonSchema => Wire::Gemini,
            Target::Mcp => Wire::Mcp,
            _ => crate::export_records::unknown_target(target),
        }
    }

    /// Every wire format, the loosest (MCP's `{name, arguments}`) last.
    pub(crate) const ALL: [Wire; 5] = [
        Wire::Anthropic,
        Wire::OpenAiChat,
        Wire::OpenAiResponses,
        Wire::Gemini,
        Wire::Mcp,
    ];

    /// The provider's name with its article: `an Anthropic`, `a Gemini`.
    pub(crate) fn with_article(self) -> &'static str {
        match self {
            Wire::Anthropic => "an Anthropic",
            Wire::OpenAiChat => "an OpenAI Chat Completions",
            Wire::OpenAiResponses => "an OpenAI Responses",
            Wire::Gemini => "a Gemini",
            Wire::Mcp => "an MCP",
        }
    }
}

/// `base` as calls made against tools exported for `target` must be read: with
/// [`Options::null_is_absent`] where the target sends `null` for an absent
/// argument ([`Target::sends_null_for_absent`]: OpenAI's strict modes make every
/// optional property required and nullable). Every other target sends what the
/// tool's own schema allows.
pub(crate) fn options_for(base: Options, target: Target) -> Options {
    if target.sends_null_for_absent() {
        base.null_is_absent(true)
    } else {
        base
    }
}
