//! OpenAI function tools: Chat Completions (`{"type": "function", "function": {...}}`)
//! and Responses (`{"type": "function", name, ...}`).
//!
//! Provider facts (from the documents named; not copied):
//! - <https://platform.openai.com/docs/api-reference/chat/create> (`tools`): a function
//!   tool is `{"type": "function", "function": {name, description, parameters,
//!   strict}}`; the name is letters, digits, `_` and `-`, at most 64 characters; at
//!   most 128 functions; a function without arguments is described by
//!   `{"type": "object", "properties": {}}`.
//! - <https://platform.openai.com/docs/api-reference/responses/create> (`tools`): the
//!   same fields flat: `{"type": "function", name, description, parameters, strict}`.
//! - <https://platform.openai.com/docs/guides/function-calling> (strict mode): a
//!   Responses request that omits `strict` has its schema normalized into strict mode,
//!   a Chat Completions request stays non-strict; so `strict` is always written out.
//!   Strict schemas are transformed by [`super::strict::openai`].
//! - The API refuses an object schema without `properties` at the root ("object
//!   schema missing properties") and an array without `items`, even when not strict;
//!   both are added (same meaning).

use super::ledger::Ledger;
use super::normalize::{fill_items, prepare_root};
use super::strict::{self, OPENAI};
use super::{ExportOptions, ToolSpec};
use serde_json::{Map, Value};

pub(crate) const RULE: &str = "OpenAI function `parameters`";

fn parameters(
    tool: &ToolSpec<'_>,
    strict_mode: bool,
    options: &ExportOptions,
    ctx: &mut Ledger,
) -> Value {
    if strict_mode {
        strict::transform(tool.schema, options, &OPENAI, ctx)
    } else {
        let mut s = prepare_root(tool.schema, ctx, options, true, RULE);
        fill_items(&mut s, ctx);
        s
    }
}

fn function_fields(
    m: &mut Map<String, Value>,
    tool: &ToolSpec<'_>,
    strict_mode: bool,
    options: &ExportOptions,
    ctx: &mut Ledger,
) {
    m.extend(tool.name_and_description());
    m.insert(
        "parameters".into(),
        parameters(tool, strict_mode, options, ctx),
    );
    m.insert("strict".into(), Value::Bool(strict_mode));
}

pub(crate) fn chat(
    tool: &ToolSpec<'_>,
    strict_mode: bool,
    options: &ExportOptions,
    ctx: &mut Ledger,
) -> Value {
    let mut function = Map::new();
    function_fields(&mut function, tool, strict_mode, options, ctx);
    let mut m = Map::new();
    m.insert("type".into(), Value::from("function"));
    m.insert("function".into(), Value::Object(function));
    Value::Object(m)
}

pub(crate) fn responses(
    tool: &ToolSpec<'_>,
    strict_mode: bool,
    options: &ExportOptions,
    ctx: &mut Ledger,
) -> Value {
    let mut m = Map::new();
    m.insert("type".into(), Value::from("function"));
    function_fields(&mut m, tool, strict_mode, options, ctx);
    Value::Object(m)
}
