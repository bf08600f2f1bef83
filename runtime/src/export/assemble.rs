//! Tool definitions assembled: one per target (the name checked against the
//! provider's pattern), the provider's per-request limits over a tool list, and the
//! result with its report.

use super::admit::admit;
use super::ctx::Ctx;
use super::report::{self, ExportError};
use super::{anthropic, gemini, limits, mcp, openai, strict};
use super::{ExportOptions, Exported, Target, ToolSpec};
use serde_json::Value;

/// The export of `value`, or the error listing every problem `ctx` recorded.
pub(super) fn finish(target: Target, value: Value, ctx: Ctx) -> Result<Exported, ExportError> {
    let (report, nullable_optional) = ctx.finish(target)?;
    Ok(Exported {
        value,
        report,
        nullable_optional,
    })
}

pub(super) fn check_anthropic_strict_totals(defs: &[Value], ctx: &mut Ctx) {
    let (mut optional, mut unions) = (0, 0);
    for d in defs {
        let (o, u) = strict::anthropic_counts(&d["input_schema"]);
        optional += o;
        unions += u;
    }
    if optional > anthropic::MAX_STRICT_OPTIONAL {
        ctx.refuse(
            "",
            format!("{optional} optional parameters in all strict tools"),
            format!(
                "Anthropic strict tool use: at most {} optional parameters per request",
                anthropic::MAX_STRICT_OPTIONAL
            ),
        );
    }
    if unions > anthropic::MAX_STRICT_UNIONS {
        ctx.refuse(
            "",
            format!("{unions} parameters using `anyOf` or a type list in all strict tools"),
            format!(
                "Anthropic strict tool use: at most {} such parameters per request",
                anthropic::MAX_STRICT_UNIONS
            ),
        );
    }
}

pub(super) fn definition(
    target: Target,
    tool: &ToolSpec<'_>,
    options: &ExportOptions,
    ctx: &mut Ctx,
) -> Value {
    check_name(target, tool.name, ctx);
    if !admit(tool.schema, ctx) {
        return Value::Null;
    }
    match target {
        Target::Anthropic => anthropic::definition(tool, false, options, ctx),
        Target::AnthropicStrict => anthropic::definition(tool, true, options, ctx),
        Target::OpenAiChat => openai::chat(tool, false, options, ctx),
        Target::OpenAiChatStrict => openai::chat(tool, true, options, ctx),
        Target::OpenAiResponses => openai::responses(tool, false, options, ctx),
        Target::OpenAiResponsesStrict => openai::responses(tool, true, options, ctx),
        Target::Gemini => gemini::definition(tool, false, options, ctx),
        Target::GeminiJsonSchema => gemini::definition(tool, true, options, ctx),
        Target::Mcp => mcp::definition(tool, options, ctx),
    }
}

/// Checks a tool name against the provider's documented pattern.
fn check_name(target: Target, name: &str, ctx: &mut Ctx) {
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let (ok, rule) = match target {
        Target::Anthropic | Target::AnthropicStrict => (
            !name.is_empty() && name.len() <= 64 && name.chars().all(plain),
            "Anthropic: a tool name matches ^[a-zA-Z0-9_-]{1,64}$",
        ),
        Target::OpenAiChat | Target::OpenAiChatStrict | Target::OpenAiResponses | Target::OpenAiResponsesStrict => (
            !name.is_empty() && name.len() <= 64 && name.chars().all(plain),
            "OpenAI: a function name is letters, digits, '_' and '-', at most 64 characters",
        ),
        Target::Gemini | Target::GeminiJsonSchema => (
            name.len() <= 64
                && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| plain(c) || c == '.' || c == ':'),
            "Gemini: a function name starts with a letter or '_' and is letters, digits, '_', '.', ':' and '-', at most 64 characters",
        ),
        Target::Mcp => (
            !name.is_empty() && name.len() <= 128 && name.chars().all(|c| plain(c) || c == '.'),
            "MCP: a tool name is 1 to 128 ASCII letters, digits, '_', '-' and '.'",
        ),
    };
    if !ok {
        ctx.refuse(
            "",
            format!(
                "the tool name '{}' does not follow the provider's pattern",
                report::shown(name, limits::MAX_QUOTED_NAME_CHARS)
            ),
            rule,
        );
    }
}
