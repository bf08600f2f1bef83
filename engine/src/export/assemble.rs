//! Tool definitions assembled: one per target (the name checked against the
//! provider's pattern), the provider's per-request limits over a tool list, and the
//! result with its report.

#[cfg(feature = "engines")]
use super::admit::admit;
use super::compiled::{self, CompiledExport, CompiledRecords};
use super::ledger::Ledger;
use super::naming::{self, Naming};
use super::report::{self, ChangeKind, ExportError};
#[cfg(feature = "engines")]
use super::{anthropic, gemini, mcp, openai};
use super::{limits, request};
use super::{ExportOptions, Exported, Target, ToolSpec};
use serde_json::{Map, Value};

/// One tool for `target` (with Anthropic strict's per-request totals: one tool is a
/// request too).
#[cfg(feature = "engines")]
pub(super) fn one_tool(
    target: Target,
    tool: &ToolSpec<'_>,
    options: &ExportOptions,
) -> Result<Exported, ExportError> {
    let mut ctx = Ledger::with_options(tool.name, options);
    let named = naming::table(target, [tool.name], &options.naming).remove(0);
    let value = match renamed(target, tool.name, named, &mut ctx) {
        Some(name) => definition(
            target,
            &ToolSpec {
                name: &name,
                ..*tool
            },
            options,
            &mut ctx,
        ),
        None => Value::Null,
    };
    if target == Target::AnthropicStrict {
        request::check_anthropic_strict_totals(std::slice::from_ref(&value), &mut ctx);
    }
    finish(target, value, ctx)
}

/// A tool of a list, with the exports computed when it compiled (empty for a
/// tool known at run time only) and, for a typed tool with the engines, its
/// export with the default options as kept after its first run
/// (`export::lazy`).
pub(crate) type Listed<'a> = (ToolSpec<'a>, &'static [CompiledExport], Kept);

/// A typed tool's export to a target with the default options, run once and
/// kept (`None`: a tool known at run time only, or no engines).
pub type Kept = Option<fn(Target) -> &'static Result<Exported, ExportError>>;

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

/// Every tool's definition, its changes and problems gathered into `ctx` (each
/// name written as `options.naming` says, two tools of one provider name refused).
fn definitions(
    target: Target,
    tools: &[Listed<'_>],
    options: &ExportOptions,
    ctx: &mut Ledger,
) -> Vec<Value> {
    let mut defs = Vec::with_capacity(tools.len());
    let names = naming::table(
        target,
        tools.iter().map(|(t, _, _)| t.name),
        &options.naming,
    );
    // The compiled exports hold the tools' own names: they answer for any naming.
    let unnamed = ExportOptions {
        naming: Naming::Keep,
        ..options.clone()
    };
    for ((tool, exports, kept), named) in tools.iter().zip(names) {
        #[cfg(not(feature = "engines"))]
        let _ = kept;
        let mut one = Ledger::with_options(tool.name, options);
        let Some(name) = renamed(target, tool.name, named, &mut one) else {
            defs.push(Value::Null);
            ctx.absorb(one);
            continue;
        };
        // A compiled refusal holds the one-tool export's problems, which include
        // Anthropic strict's per-request totals for that tool alone: with the
        // engines, a refusing tool is exported again, so that only the list's
        // totals count (and a name mapped is then checked as mapped).
        let compiled = compiled::for_options(exports, target, &unnamed)
            .filter(|c| cfg!(not(feature = "engines")) || c.refusal.is_empty());
        defs.push(match compiled {
            Some(c) => {
                let mut value = from_compiled(c, tool.name, &mut one);
                if name != tool.name {
                    set_name(target, &mut value, &name);
                }
                value
            }
            // A typed tool's export kept from an earlier run stands for its
            // compiled one (a refusal is exported again, as above).
            #[cfg(feature = "engines")]
            None => match kept
                .filter(|_| unnamed == ExportOptions::default())
                .map(|kept| kept(target))
            {
                Some(Ok(e)) => {
                    one.changes.extend(e.report.changes().iter().cloned());
                    one.nullable.extend(e.nullable_optional.iter().cloned());
                    let mut value = e.value.clone();
                    if name != tool.name {
                        set_name(target, &mut value, &name);
                    }
                    value
                }
                _ => definition(
                    target,
                    &ToolSpec {
                        name: &name,
                        ..*tool
                    },
                    options,
                    &mut one,
                ),
            },
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
        ctx.absorb(one);
    }
    defs
}

/// Tool `name`'s provider name from `named`: its problem recorded in `ctx`
/// (`None` when there is no name), a rename listed as a change.
fn renamed(target: Target, name: &str, named: naming::Named, ctx: &mut Ledger) -> Option<String> {
    // A name that cannot be mapped is `""` with its problem; an empty name kept
    // as it is goes on to be refused by the provider's pattern.
    let unmapped = named.name.is_empty() && named.problem.is_some();
    if let Some(p) = named.problem {
        ctx.refuse(&p.pointer, p.message, p.rule);
    }
    if unmapped {
        return None;
    }
    if named.name != name {
        let q = |s: &str| report::shown(s, limits::MAX_QUOTED_NAME_CHARS);
        let rule = naming::NameRule::of(target);
        // A name the provider takes is renamed for the prefix alone.
        let why = if rule.accepts(name) {
            "the naming's prefix, written before every name"
        } else {
            rule.rule
        };
        ctx.change(
            "",
            ChangeKind::Renamed,
            format!("the name '{}' is written '{}'", q(name), q(&named.name)),
            why,
        );
    }
    Some(named.name)
}

/// Writes `name` as the tool name of `def`, a definition for `target`.
fn set_name(target: Target, def: &mut Value, name: &str) {
    let fields = match target {
        Target::OpenAiChat | Target::OpenAiChatStrict => def.get_mut("function"),
        _ => Some(def),
    };
    if let Some(Value::Object(m)) = fields {
        m.insert("name".into(), Value::from(name));
    }
}

/// Tool `name`'s definition as compiled, its changes (or the target's refusal)
/// recorded in `ctx`.
fn from_compiled(c: &'static CompiledExport, name: &str, ctx: &mut Ledger) -> Value {
    if !c.refusal.is_empty() {
        ctx.problems.extend(compiled::problems(name, c.refusal));
        return Value::Null;
    }
    ctx.changes.extend(c.changes_of(name));
    ctx.nullable.extend(c.nullable_of());
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
        _ => crate::export_records::unknown_target(target),
    }
}

/// Checks a tool name against the provider's documented pattern.
#[cfg(feature = "engines")]
fn check_name(target: Target, name: &str, ctx: &mut Ledger) {
    let rule = naming::NameRule::of(target);
    if !rule.accepts(name) {
        ctx.refuse(
            "",
            format!(
                "the tool name '{}' does not follow the provider's pattern",
                report::shown(name, limits::MAX_QUOTED_NAME_CHARS)
            ),
            rule.rule,
        );
    }
}
