//! Anthropic Messages API tools: `{name, description, input_schema}`, and with
//! `strict: true` (strict tool use).
//!
//! Provider facts (from the documents named; not copied):
//! - <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
//!   and the API reference of `tools`: a custom tool is `name`, `description`
//!   (optional, strongly recommended) and `input_schema`, a JSON Schema object whose
//!   root is `type: "object"`; the name matches `^[a-zA-Z0-9_-]{1,64}$` (some newer
//!   endpoints accept 128 characters: we keep the documented 64).
//! - <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>: strict
//!   tool use is `strict: true` on the tool; its schema rules are in
//!   [`super::strict::anthropic`]; at most 20 strict tools, 24 optional parameters and
//!   16 parameters using `anyOf` or type lists per request (checked by
//!   [`super::toolbox`] and, for one tool, by [`super::export`]).

use super::ledger::Ledger;
use super::normalize::{fill_items, prepare_root};
use super::strict::{self, ANTHROPIC};
use super::{ExportOptions, ToolSpec};
use serde_json::Value;

pub(crate) const RULE: &str = "Anthropic tool `input_schema`";

pub(crate) fn definition(
    tool: &ToolSpec<'_>,
    strict_mode: bool,
    options: &ExportOptions,
    ctx: &mut Ledger,
) -> Value {
    let schema = if strict_mode {
        strict::transform(tool.schema, options, &ANTHROPIC, ctx)
    } else {
        let mut s = prepare_root(tool.schema, ctx, options, true, RULE);
        fill_items(&mut s, ctx);
        s
    };
    let mut m = tool.name_and_description();
    m.insert("input_schema".into(), schema);
    if strict_mode {
        m.insert("strict".into(), Value::Bool(true));
    }
    Value::Object(m)
}
