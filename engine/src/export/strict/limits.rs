//! Strict-mode limits counted over the transformed schema: OpenAI's documented
//! sizes, and the counts behind Anthropic's per-request limits.

use super::super::ledger::Ledger;
use crate::json::pointer;
use serde_json::{Map, Value};

/// OpenAI's documented size limits, counted over the transformed schema.
pub(crate) const OPENAI_MAX_PROPERTIES: usize = 5000;
pub(crate) const OPENAI_MAX_NESTING: usize = 10;
pub(crate) const OPENAI_MAX_STRING_TOTAL: usize = 120_000;
pub(crate) const OPENAI_MAX_ENUM_VALUES: usize = 1000;
pub(crate) const OPENAI_LARGE_ENUM: usize = 250;
pub(crate) const OPENAI_LARGE_ENUM_CHARS: usize = 15_000;

/// Refuses a transformed schema over OpenAI's documented size limits.
pub(super) fn check_openai_limits(schema: &Value, ctx: &mut Ledger) {
    let mut count = OpenAiCount::default();
    count.walk(schema, "", 0, ctx);
    count.check_totals(ctx);
}

/// What OpenAI's limits count, over the whole schema.
#[derive(Default)]
struct OpenAiCount {
    properties: usize,
    nesting: usize,
    /// The first object nested deeper than the limit.
    too_deep: Option<String>,
    chars: usize,
    enum_values: usize,
}

impl OpenAiCount {
    /// Counts the schema `v` at `ptr`, `depth` objects deep (a large string enum is
    /// refused where it is).
    fn walk(&mut self, v: &Value, ptr: &str, depth: usize, ctx: &mut Ledger) {
        let Value::Object(m) = v else { return };
        let is_object = m.contains_key("properties");
        let depth = depth + usize::from(is_object);
        self.nesting = self.nesting.max(depth);
        if depth > OPENAI_MAX_NESTING && self.too_deep.is_none() {
            self.too_deep = Some(ptr.to_string());
        }
        if let Some(Value::Object(props)) = m.get("properties") {
            self.properties += props.len();
            self.chars += props.keys().map(|k| k.chars().count()).sum::<usize>();
            for (k, s) in props {
                self.walk(
                    s,
                    &pointer::join(&pointer::join(ptr, "properties"), k),
                    depth,
                    ctx,
                );
            }
        }
        for key in ["$defs", "definitions"] {
            if let Some(Value::Object(defs)) = m.get(key) {
                self.chars += defs.keys().map(|k| k.chars().count()).sum::<usize>();
                for (k, s) in defs {
                    self.walk(s, &pointer::join(&pointer::join(ptr, key), k), 0, ctx);
                }
            }
        }
        if let Some(items) = m.get("items") {
            self.walk(items, &pointer::join(ptr, "items"), depth, ctx);
        }
        if let Some(Value::Array(branches)) = m.get("anyOf") {
            for (i, b) in branches.iter().enumerate() {
                self.walk(
                    b,
                    &pointer::join_index(&pointer::join(ptr, "anyOf"), i),
                    depth,
                    ctx,
                );
            }
        }
        self.values(m, ptr, ctx);
    }

    /// The characters and values of `enum` and `const`.
    fn values(&mut self, m: &Map<String, Value>, ptr: &str, ctx: &mut Ledger) {
        let chars_of = |x: &Value| match x {
            Value::String(s) => s.chars().count(),
            Value::Null => 0,
            other => other.to_string().chars().count(),
        };
        if let Some(Value::Array(vals)) = m.get("enum") {
            self.enum_values += vals.len();
            let total: usize = vals.iter().map(chars_of).sum();
            self.chars += total;
            if vals.len() > OPENAI_LARGE_ENUM
                && vals.iter().all(|x| x.is_string() || x.is_null())
                && total > OPENAI_LARGE_ENUM_CHARS
            {
                ctx.refuse(
                    &pointer::join(ptr, "enum"),
                    format!("a string enum of {} values totalling {total} characters", vals.len()),
                    format!("OpenAI strict mode: a string enum of more than {OPENAI_LARGE_ENUM} values may total at most {OPENAI_LARGE_ENUM_CHARS} characters"),
                );
            }
        }
        if let Some(cv) = m.get("const") {
            self.chars += chars_of(cv);
        }
    }

    /// The totals over the limits, refused.
    fn check_totals(&self, ctx: &mut Ledger) {
        if self.properties > OPENAI_MAX_PROPERTIES {
            ctx.refuse(
                "",
                format!("{} object properties in all", self.properties),
                format!("OpenAI strict mode: at most {OPENAI_MAX_PROPERTIES} object properties"),
            );
        }
        if let Some(ptr) = self.too_deep.as_deref() {
            // At the first object too deep.
            ctx.refuse(
                ptr,
                format!("{} levels of nested objects", self.nesting),
                format!("OpenAI strict mode: at most {OPENAI_MAX_NESTING} levels of nesting"),
            );
        }
        if self.chars > OPENAI_MAX_STRING_TOTAL {
            ctx.refuse(
                "",
                format!(
                    "{} characters of property names, definition names, enum and const values",
                    self.chars
                ),
                format!("OpenAI strict mode: at most {OPENAI_MAX_STRING_TOTAL} characters"),
            );
        }
        if self.enum_values > OPENAI_MAX_ENUM_VALUES {
            ctx.refuse(
                "",
                format!("{} enum values in all", self.enum_values),
                format!("OpenAI strict mode: at most {OPENAI_MAX_ENUM_VALUES} enum values"),
            );
        }
    }
}
