//! Strict-mode limits counted over the transformed schema: OpenAI's documented
//! sizes, and the counts behind Anthropic's per-request limits.

use super::super::ctx::Ctx;
use super::super::json_util::{push, push_index};
use serde_json::Value;
use std::collections::HashSet;

/// OpenAI's documented size limits, counted over the transformed schema.
pub(crate) const OPENAI_MAX_PROPERTIES: usize = 5000;
pub(crate) const OPENAI_MAX_NESTING: usize = 10;
pub(crate) const OPENAI_MAX_STRING_TOTAL: usize = 120_000;
pub(crate) const OPENAI_MAX_ENUM_VALUES: usize = 1000;
pub(crate) const OPENAI_LARGE_ENUM: usize = 250;
pub(crate) const OPENAI_LARGE_ENUM_CHARS: usize = 15_000;

pub(super) fn check_openai_limits(schema: &Value, ctx: &mut Ctx) {
    struct Count {
        properties: usize,
        nesting: usize,
        /// The first object nested deeper than the limit.
        too_deep: Option<String>,
        chars: usize,
        enum_values: usize,
    }
    fn walk(v: &Value, ptr: &str, depth: usize, c: &mut Count, ctx: &mut Ctx) {
        let Value::Object(m) = v else { return };
        let is_object = m.contains_key("properties");
        let depth = depth + usize::from(is_object);
        c.nesting = c.nesting.max(depth);
        if depth > OPENAI_MAX_NESTING && c.too_deep.is_none() {
            c.too_deep = Some(ptr.to_string());
        }
        if let Some(Value::Object(props)) = m.get("properties") {
            c.properties += props.len();
            c.chars += props.keys().map(|k| k.chars().count()).sum::<usize>();
            for (k, s) in props {
                walk(s, &push(&push(ptr, "properties"), k), depth, c, ctx);
            }
        }
        for key in ["$defs", "definitions"] {
            if let Some(Value::Object(defs)) = m.get(key) {
                c.chars += defs.keys().map(|k| k.chars().count()).sum::<usize>();
                for (k, s) in defs {
                    walk(s, &push(&push(ptr, key), k), 0, c, ctx);
                }
            }
        }
        if let Some(items) = m.get("items") {
            walk(items, &push(ptr, "items"), depth, c, ctx);
        }
        if let Some(Value::Array(branches)) = m.get("anyOf") {
            for (i, b) in branches.iter().enumerate() {
                walk(b, &push_index(&push(ptr, "anyOf"), i), depth, c, ctx);
            }
        }
        let chars_of = |x: &Value| match x {
            Value::String(s) => s.chars().count(),
            Value::Null => 0,
            other => other.to_string().chars().count(),
        };
        if let Some(Value::Array(vals)) = m.get("enum") {
            c.enum_values += vals.len();
            let total: usize = vals.iter().map(chars_of).sum();
            c.chars += total;
            if vals.len() > OPENAI_LARGE_ENUM
                && vals.iter().all(|x| x.is_string() || x.is_null())
                && total > OPENAI_LARGE_ENUM_CHARS
            {
                ctx.refuse(
                    &push(ptr, "enum"),
                    format!("a string enum of {} values totalling {total} characters", vals.len()),
                    format!("OpenAI strict mode: a string enum of more than {OPENAI_LARGE_ENUM} values may total at most {OPENAI_LARGE_ENUM_CHARS} characters"),
                );
            }
        }
        if let Some(cv) = m.get("const") {
            c.chars += chars_of(cv);
        }
    }
    let mut c = Count {
        properties: 0,
        nesting: 0,
        too_deep: None,
        chars: 0,
        enum_values: 0,
    };
    walk(schema, "", 0, &mut c, ctx);
    if c.properties > OPENAI_MAX_PROPERTIES {
        ctx.refuse(
            "",
            format!("{} object properties in all", c.properties),
            format!("OpenAI strict mode: at most {OPENAI_MAX_PROPERTIES} object properties"),
        );
    }
    if let Some(ptr) = c.too_deep.as_deref() {
        // At the first object too deep.
        ctx.refuse(
            ptr,
            format!("{} levels of nested objects", c.nesting),
            format!("OpenAI strict mode: at most {OPENAI_MAX_NESTING} levels of nesting"),
        );
    }
    if c.chars > OPENAI_MAX_STRING_TOTAL {
        ctx.refuse(
            "",
            format!(
                "{} characters of property names, definition names, enum and const values",
                c.chars
            ),
            format!("OpenAI strict mode: at most {OPENAI_MAX_STRING_TOTAL} characters"),
        );
    }
    if c.enum_values > OPENAI_MAX_ENUM_VALUES {
        ctx.refuse(
            "",
            format!("{} enum values in all", c.enum_values),
            format!("OpenAI strict mode: at most {OPENAI_MAX_ENUM_VALUES} enum values"),
        );
    }
}

/// Counts, for Anthropic's per-request limits, the optional properties and the
/// properties whose schema is an `anyOf` or a `type` list.
pub(crate) fn anthropic_counts(schema: &Value) -> (usize, usize) {
    let mut optional = 0;
    let mut unions = 0;
    fn walk(v: &Value, optional: &mut usize, unions: &mut usize) {
        let Value::Object(m) = v else { return };
        if let Some(Value::Object(props)) = m.get("properties") {
            let required: HashSet<&str> = m
                .get("required")
                .and_then(Value::as_array)
                .map(|l| l.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            for (k, s) in props {
                if !required.contains(&k.as_str()) {
                    *optional += 1;
                }
                if s.get("anyOf").is_some() || s.get("type").is_some_and(Value::is_array) {
                    *unions += 1;
                }
            }
        }
        for (k, x) in m {
            match (k.as_str(), x) {
                ("properties" | "$defs" | "definitions", Value::Object(map)) => {
                    for s in map.values() {
                        walk(s, optional, unions);
                    }
                }
                ("items", s) => walk(s, optional, unions),
                ("anyOf" | "allOf", Value::Array(l)) => {
                    for s in l {
                        walk(s, optional, unions);
                    }
                }
                _ => {}
            }
        }
    }
    walk(schema, &mut optional, &mut unions);
    (optional, unions)
}
