//! Gemini's `parametersJsonSchema`: JSON Schema with `$ref` siblings inlined,
//! arrays given `items`, and every keyword outside Gemini's list reported.

use super::super::describe::{append_description, describe_constraint};
use super::super::inline::inline_ref_siblings;
use super::super::keywords::is_annotation;
use super::super::ledger::Ledger;
use super::super::normalize::{fill_items, prepare_root};
use super::super::numeric::bounds_beside_format;
use super::super::report::ChangeKind;
use super::super::walk::walk_mut;
use super::super::{ExportOptions, Lossy};
use crate::json::pointer;
use serde_json::{Map, Value};

const JSON_RULE: &str = "Gemini `parametersJsonSchema`";
const FORMAT_RULE: &str = "Gemini `parametersJsonSchema` lists `format` but not which formats it enforces; it lists `minimum` and `maximum`";

/// The `parametersJsonSchema` value: JSON Schema with `$ref` siblings inlined, arrays
/// given `items`, a numeric format's range written as `minimum`/`maximum` beside it,
/// and every keyword outside Gemini's list reported as not enforced.
pub(crate) fn json_schema(schema: &Value, options: &ExportOptions, ctx: &mut Ledger) -> Value {
    let mut root = prepare_root(schema, ctx, options, true, JSON_RULE);
    inline_ref_siblings(
        &mut root,
        ctx,
        "Gemini `parametersJsonSchema`: a `$ref` may have no sibling but `$` keywords",
    );
    fill_items(&mut root, ctx);
    let lossy = options.lossy.unwrap_or(Lossy::Refuse);
    walk_mut(&mut root, "", &mut |node, ptr| {
        bounds_beside_format(node, ptr, ctx, FORMAT_RULE);
        report_keywords(node, ptr, lossy, ctx)
    });
    root
}

/// Is `k` a keyword Gemini lists (or an annotation)?
fn supported(k: &str) -> bool {
    matches!(
        k,
        "$id"
            | "$defs"
            | "$ref"
            | "$anchor"
            | "type"
            | "format"
            | "title"
            | "description"
            | "enum"
            | "items"
            | "prefixItems"
            | "minItems"
            | "maxItems"
            | "minimum"
            | "maximum"
            | "anyOf"
            | "oneOf"
            | "properties"
            | "additionalProperties"
            | "required"
            | "propertyOrdering"
            | "$schema"
    ) || is_annotation(k)
}

/// Every keyword of one schema object at `ptr` that Gemini does not list reported as
/// not enforced (stated in the description too, with [`Lossy::Describe`]); an `enum`
/// of other values than strings and numbers as well.
fn report_keywords(node: &mut Map<String, Value>, ptr: &str, lossy: Lossy, ctx: &mut Ledger) {
    let keys: Vec<String> = node.keys().cloned().collect();
    let mut described = Vec::new();
    for k in keys {
        if supported(&k) {
            if k == "enum" {
                let odd = node[&k].as_array().is_some_and(|l| {
                    l.iter()
                        .any(|v| !(v.is_string() || v.is_number() || v.is_null()))
                });
                if odd {
                    ctx.change(&pointer::join(ptr, &k), ChangeKind::NotEnforced, "`enum` lists values other than strings and numbers", format!("{JSON_RULE} supports `enum` of strings and numbers; tool-schema's validator enforces the rest"));
                }
            }
            continue;
        }
        let v = node[&k].clone();
        match (lossy, describe_constraint(&k, &v)) {
            (Lossy::Describe, Some(s)) => {
                described.push(s);
                ctx.change(&pointer::join(ptr, &k), ChangeKind::Described, format!("`{k}: {v}` stated in the description too"), format!("{JSON_RULE} does not list `{k}`; tool-schema's validator enforces it"));
            }
            _ => ctx.change(&pointer::join(ptr, &k), ChangeKind::NotEnforced, format!("`{k}` kept"), format!("{JSON_RULE} does not list `{k}` among the keywords it supports; tool-schema's validator enforces it")),
        }
    }
    append_description(node, &described);
}
