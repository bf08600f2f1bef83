//! MCP `tools/list` entries: `{name, title?, description, inputSchema}`.
//!
//! Provider facts (from the documents named; not copied):
//! - <https://modelcontextprotocol.io/specification/2025-11-25/server/tools> and its
//!   `schema.ts`: a Tool is `name`, optional `title` (for display), `description`,
//!   `inputSchema` (a JSON Schema object with `type: "object"` at the root; any JSON
//!   Schema 2020-12 keyword beside it; JSON Schema 2020-12 when no `$schema` is given),
//!   optional `outputSchema`, `annotations` and `_meta`. Tool names should be 1 to 128
//!   characters of ASCII letters, digits, `_`, `-` and `.` (SEP-986).
//! - Reference servers send `{"type": "object", "properties": {}}` for a tool without
//!   arguments (../shared/corpora/mcp), as we do.

use super::ledger::Ledger;
use super::normalize::{fill_items, prepare_root};
use super::{ExportOptions, ToolSpec};
use serde_json::{Map, Value};

pub(crate) const RULE: &str = "MCP Tool `inputSchema`";

pub(crate) fn definition(tool: &ToolSpec<'_>, options: &ExportOptions, ctx: &mut Ledger) -> Value {
    let mut schema = prepare_root(tool.schema, ctx, options, true, RULE);
    fill_items(&mut schema, ctx);
    let mut m = Map::new();
    m.insert("name".into(), Value::from(tool.name));
    if let Some(title) = tool.title.filter(|t| !t.is_empty()) {
        m.insert("title".into(), Value::from(title));
    }
    if !tool.description.is_empty() {
        m.insert("description".into(), Value::from(tool.description));
    }
    m.insert("inputSchema".into(), schema);
    Value::Object(m)
}
