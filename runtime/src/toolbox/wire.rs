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
        }
    }
}

/// `base` as calls made against tools exported for `target` must be read: OpenAI's
/// strict mode makes every optional property required and nullable, so the model
/// sends `null` for what it leaves out, and [`Options::null_is_absent`] reads that
/// `null` as absent. Every other target sends what the tool's own schema allows.
pub(crate) fn options_for(base: Options, target: Target) -> Options {
    match target {
        Target::OpenAiChatStrict | Target::OpenAiResponsesStrict => base.null_is_absent(true),
        _ => base,
    }
}
