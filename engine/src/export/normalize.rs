//! The fixes every export applies: the root made an object schema (a root `$ref`
//! replaced, `type` and `properties` added, `$schema` as asked), arrays given
//! `items`, and OpenAPI's `nullable` written as JSON Schema.

use super::keywords::{has_type, type_names};
use super::ledger::Ledger;
use super::report::ChangeKind;
use super::rewrite::{make_nullable, merge_equivalent};
use super::walk::walk_mut;
use super::{ExportOptions, SchemaDialect};
use crate::json::pointer;
use crate::OptionHint;
use serde_json::{Map, Value};

/// The fixes every provider gets at the root: the schema is an object schema with
/// `type: "object"` (a root `$ref` replaced by its target, a missing `type` added next
/// to `properties`), `properties` present (`{}` for a tool without arguments), and
/// `$schema` as [`ExportOptions::schema_dialect`] says.
pub(crate) fn prepare_root(
    schema: &Value,
    ctx: &mut Ledger,
    options: &ExportOptions,
    add_properties: bool,
    rule: &str,
) -> Value {
    let Value::Object(map) = schema else {
        ctx.refuse("", "the parameters schema is not a JSON object", rule);
        return schema.clone();
    };
    let mut root = map.clone();
    // A root `$ref` (a recursive model) becomes the definition it names, beside `$defs`.
    for _ in 0..8 {
        if !inline_root_ref(&mut root, ctx, rule) {
            break;
        }
    }
    root_type(&mut root, ctx, rule);
    if add_properties && !root.contains_key("properties") {
        insert_after(
            &mut root,
            &["type"],
            "properties",
            Value::Object(Map::new()),
        );
        ctx.change(
            "",
            ChangeKind::Added,
            "added `properties: {}`",
            "a tool without arguments is an object with no properties; clients refuse an object schema without them",
        );
    }
    set_dialect(&mut root, ctx, &options.schema_dialect);
    let mut root = Value::Object(root);
    normalize_nullable(&mut root, ctx);
    root
}

/// The root's `$ref` replaced by the schema it names (`$defs` kept first); false
/// when there is none, or when it cannot be (refused, or the `$ref` dropped).
fn inline_root_ref(root: &mut Map<String, Value>, ctx: &mut Ledger, rule: &str) -> bool {
    let Some(r) = root.get("$ref").and_then(Value::as_str).map(String::from) else {
        return false;
    };
    let whole = Value::Object(root.clone());
    let Some(Value::Object(target)) = pointer::resolve_local(&whole, &r) else {
        ctx.refuse(
            "/$ref",
            format!("the root `$ref` \"{r}\" does not resolve to a local schema object"),
            rule,
        );
        return false;
    };
    let target = target.clone();
    root.shift_remove("$ref");
    let merged = match merge_equivalent(root, &target, false) {
        Ok(m) => m,
        Err(keys) => {
            ctx.refuse(
                "",
                format!(
                    "the root `$ref` \"{r}\" cannot be inlined: {} differ between the root and its target",
                    keys.join(", ")
                ),
                rule,
            );
            return false;
        }
    };
    // keep `$defs` first, as the input had it
    let mut ordered = Map::new();
    for k in ["$schema", "$defs", "definitions"] {
        if let Some(v) = merged.get(k) {
            ordered.insert(k.into(), v.clone());
        }
    }
    for (k, v) in merged {
        if !ordered.contains_key(&k) {
            ordered.insert(k, v);
        }
    }
    *root = ordered;
    ctx.change(
        "",
        ChangeKind::Inlined,
        format!("root `$ref` \"{r}\" replaced by the schema it names"),
        "a tool's parameters must be an object schema at the root; clients refuse a bare `$ref` there",
    );
    true
}

/// `type: "object"` at the root: added when missing (unless the root is an `anyOf`),
/// another type refused.
fn root_type(root: &mut Map<String, Value>, ctx: &mut Ledger, rule: &str) {
    match type_names(root) {
        None if root.contains_key("properties")
            || root.is_empty()
            || !root.contains_key("anyOf") =>
        {
            insert_after(
                root,
                &["$schema", "$defs", "definitions", "title", "description"],
                "type",
                Value::from("object"),
            );
            ctx.change(
                "",
                ChangeKind::Added,
                "added `type: \"object\"`",
                "tool arguments are always an object, and providers require the root type",
            );
        }
        None => ctx.refuse("", "the root schema has no `type`", rule),
        Some(names) if names == ["object"] => {}
        Some(names) => ctx.refuse(
            "/type",
            format!("the root type is {names:?}, not \"object\""),
            rule,
        ),
    }
}

/// `$schema` as [`ExportOptions::schema_dialect`] says.
fn set_dialect(root: &mut Map<String, Value>, ctx: &mut Ledger, dialect: &SchemaDialect) {
    match dialect {
        SchemaDialect::Omit => {
            if root.shift_remove("$schema").is_some() {
                ctx.change(
                    "/$schema",
                    ChangeKind::Removed,
                    "removed `$schema`",
                    format!(
                        "not asked for ({}); providers read the schema as JSON Schema 2020-12 or their own subset",
                        OptionHint::SchemaDialect.words()
                    ),
                );
            }
        }
        SchemaDialect::Keep => {}
        SchemaDialect::Set(url) => {
            let had = root.get("$schema").cloned();
            root.shift_remove("$schema");
            let mut with = Map::new();
            with.insert("$schema".into(), Value::String(url.clone()));
            with.extend(std::mem::take(root));
            *root = with;
            if had.as_ref().and_then(Value::as_str) != Some(url.as_str()) {
                ctx.change(
                    "/$schema",
                    ChangeKind::Added,
                    format!("set `$schema` to \"{url}\""),
                    format!("asked for ({})", OptionHint::SchemaDialect.words()),
                );
            }
        }
    }
}

/// Inserts `key` right after the last of `after` present in `map` (or first).
pub(crate) fn insert_after(map: &mut Map<String, Value>, after: &[&str], key: &str, value: Value) {
    let mut pos = 0;
    for (i, k) in map.keys().enumerate() {
        if after.contains(&k.as_str()) {
            pos = i + 1;
        }
    }
    let mut out = Map::new();
    let mut rest = std::mem::take(map).into_iter();
    for _ in 0..pos {
        if let Some((k, v)) = rest.next() {
            out.insert(k, v);
        }
    }
    out.insert(key.to_string(), value);
    out.extend(rest);
    *map = out;
}

/// Adds `items: {}` (any item) to every array schema without `items` or
/// `prefixItems`: the same meaning, and a shape clients that require `items` accept.
pub(crate) fn fill_items(root: &mut Value, ctx: &mut Ledger) {
    walk_mut(root, "", &mut |node, ptr| {
        if has_type(node, "array")
            && !node.contains_key("items")
            && !node.contains_key("prefixItems")
        {
            node.insert("items".into(), Value::Object(Map::new()));
            ctx.change(
                ptr,
                ChangeKind::Added,
                "added `items: {}`",
                "an array without `items` accepts any item, as `{}` says; some clients refuse an array schema without `items`",
            );
        }
    });
}

/// Rewrites OpenAPI's `nullable` (which tool-schema's model reads as "null too") into
/// JSON Schema: `nullable: true` adds `null` to the schema (see [`make_nullable`]),
/// `nullable: false` says nothing and goes. Providers that read JSON Schema ignore
/// `nullable`, so the model would not learn that null is allowed.
pub(crate) fn normalize_nullable(root: &mut Value, ctx: &mut Ledger) {
    walk_mut(root, "", &mut |node, ptr| {
        let Some(flag) = node.shift_remove("nullable") else {
            return;
        };
        if flag != Value::Bool(true) {
            ctx.change(
                &pointer::join(ptr, "nullable"),
                ChangeKind::Removed,
                format!("removed `nullable: {flag}`"),
                "OpenAPI's `nullable` is not JSON Schema; false adds nothing",
            );
            return;
        }
        let (schema, already, how) = make_nullable(Value::Object(std::mem::take(node)));
        if let Value::Object(m) = schema {
            *node = m;
        }
        let what = if already {
            "`nullable: true` removed (null is already accepted)".to_string()
        } else {
            format!("`nullable: true` written as JSON Schema ({how})")
        };
        ctx.change(ptr, ChangeKind::Converted, what, "OpenAPI's `nullable` is not JSON Schema; providers reading JSON Schema would ignore it");
    });
}
