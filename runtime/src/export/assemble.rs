//! Tool definitions assembled: one per target (the name checked against the
//! provider's pattern), the provider's per-request limits over a tool list, and the
//! result with its report.

#[cfg(feature = "engines")]
use super::admit::admit;
use super::compiled::{self, CompiledExport};
use super::ledger::Ledger;
use super::report::{self, ExportError};
#[cfg(feature = "engines")]
use super::{anthropic, gemini, mcp, openai};
use super::{limits, request};
use super::{ExportOptions, Exported, Target, ToolSpec};
use serde_json::{Map, Value};
use std::collections::HashSet;

/// One tool for `target` (with Anthropic strict's per-request totals: one tool is a
/// request too).
#[cfg(feature = "engines")]
pub(super) fn one_tool(
    target: Target,
    tool: &ToolSpec<'_>,
    options: &ExportOptions,
) -> Result<Exported, ExportError> {
    let mut ctx = Ledger::with_options(tool.name, options);
    let value = definition(target, tool, options, &mut ctx);
    if target == Target::AnthropicStrict {
        request::check_anthropic_strict_totals(std::slice::from_ref(&value), &mut ctx);
    }
    finish(target, value, ctx)
}

/// A tool of a list, with the exports computed when it compiled (empty for a
/// tool known at run time only).
pub(crate) type Listed<'a> = (ToolSpec<'a>, &'static [CompiledExport]);

/// A list of tools for `target`: every definition (a compiled one when the
/// options are the defaults), the provider's per-request limits, and the list as
/// the provider's `tools` value.
pub(super) fn tool_list(
    target: Target,
    tools: &[Listed<'_>],
    options: &ExportOptions,
) -> Result<Exported, ExportError> {
    let mut ctx = Ledger::new("");
    let defs = definitions(target, tools, options, &mut ctx);
    request::check_request_limits(target, &defs, &mut ctx);
    finish(target, tools_value(target, defs), ctx)
}

/// Every tool's definition, its changes and problems gathered into `ctx` (a name
/// used twice refused).
fn definitions(
    target: Target,
    tools: &[Listed<'_>],
    options: &ExportOptions,
    ctx: &mut Ledger,
) -> Vec<Value> {
    let mut defs = Vec::with_capacity(tools.len());
    let mut names = HashSet::new();
    for (tool, exports) in tools {
        let mut one = Ledger::with_options(tool.name, options);
        // A compiled refusal holds the one-tool export's problems, which include
        // Anthropic strict's per-request totals for that tool alone: with the
        // engines, a refusing tool is exported again, so that only the list's
        // totals count.
        let compiled = compiled::for_options(exports, target, options)
            .filter(|c| cfg!(not(feature = "engines")) || c.refusal.is_empty());
        defs.push(match compiled {
            Some(c) => from_compiled(c, tool.name, &mut one),
            #[cfg(feature = "engines")]
            None => definition(target, tool, options, &mut one),
            #[cfg(not(feature = "engines"))]
            None => {
                one.refuse(
                    "",
                    compiled::WITHOUT_ENGINES,
                    compiled::WITHOUT_ENGINES_RULE,
                );
                Value::Null
            }
        });
        if !names.insert(tool.name) {
            one.refuse(
                "",
                format!(
                    "two tools are named '{}'",
                    report::shown(tool.name, limits::MAX_QUOTED_NAME_CHARS)
                ),
                "a tool list needs distinct names",
            );
        }
        ctx.problems.extend(one.problems);
        ctx.changes.extend(one.changes);
        ctx.nullable.extend(one.nullable);
    }
    defs
}

/// Tool `name`'s definition as compiled, its changes (or the target's refusal)
/// recorded in `ctx`.
fn from_compiled(c: &'static CompiledExport, name: &str, ctx: &mut Ledger) -> Value {
    if !c.refusal.is_empty() {
        ctx.problems.extend(compiled::problems(name, c.refusal));
        return Value::Null;
    }
    ctx.changes.extend(c.changes(name));
    ctx.nullable.extend(c.nullable());
    compiled::value(name, c.target, c.definition).unwrap_or_else(|e| {
        ctx.problems.extend(e.problems);
        Value::Null
    })
}

/// The definitions as the provider's `tools` value: an array, Gemini's
/// `[{"functionDeclarations": [...]}]` or MCP's `{"tools": [...]}`.
fn tools_value(target: Target, defs: Vec<Value>) -> Value {
    let list = Value::Array(defs);
    match target {
        Target::Gemini | Target::GeminiJsonSchema => {
            let mut m = Map::new();
            m.insert("functionDeclarations".into(), list);
            Value::Array(vec![Value::Object(m)])
        }
        Target::Mcp => {
            let mut m = Map::new();
            m.insert("tools".into(), list);
            Value::Object(m)
        }
        _ => list,
    }
}

/// The export of `value`, or the error listing every problem `ctx` recorded.
fn finish(target: Target, value: Value, ctx: Ledger) -> Result<Exported, ExportError> {
    let (report, nullable_optional) = ctx.finish(target)?;
    Ok(Exported {
        value,
        report,
        nullable_optional,
    })
}

#[cfg(feature = "engines")]
fn definition(
    target: Target,
    tool: &ToolSpec<'_>,
    options: &ExportOptions,
    ctx: &mut Ledger,
) -> Value {
    check_name(target, tool.name, ctx);
    if !admit(tool.schema, ctx) {
        return Value::Null;
    }
    let converted = super::identifiers::converted(tool.schema);
    let schema = converted.as_ref().unwrap_or(tool.schema);
    let without_aliases = super::aliases::removed(schema, ctx);
    let tool = &ToolSpec {
        schema: without_aliases.as_ref().unwrap_or(schema),
        ..*tool
    };
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
#[cfg(feature = "engines")]
fn check_name(target: Target, name: &str, ctx: &mut Ledger) {
    let plain = |extra: &str| {
        name.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || extra.contains(c))
    };
    let (ok, rule) = match target {
        Target::Anthropic | Target::AnthropicStrict => (
            !name.is_empty() && name.len() <= 64 && plain(""),
            "Anthropic: a tool name matches ^[a-zA-Z0-9_-]{1,64}$",
        ),
        Target::OpenAiChat | Target::OpenAiChatStrict | Target::OpenAiResponses | Target::OpenAiResponsesStrict => (
            !name.is_empty() && name.len() <= 64 && plain(""),
            "OpenAI: a function name is letters, digits, '_' and '-', at most 64 characters",
        ),
        Target::Gemini | Target::GeminiJsonSchema => (
            name.len() <= 64
                && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && plain(".:"),
            "Gemini: a function name starts with a letter or '_' and is letters, digits, '_', '.', ':' and '-', at most 64 characters",
        ),
        Target::Mcp => (
            !name.is_empty() && name.len() <= 128 && plain("."),
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
