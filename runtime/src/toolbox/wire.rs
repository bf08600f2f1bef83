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
