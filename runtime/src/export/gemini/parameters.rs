//! Gemini's legacy `parameters`: JSON Schema converted into the OpenAPI 3.0 subset
//! Schema object (upper-case types, `nullable`, string `enum`s, no `$ref`).

use super::super::ctx::Ctx;
use super::super::describe::{append_description, describe_constraint};
use super::super::disjoint::{disjointness_budget_message, overlapping_pairs};
use super::super::json_util::{push, push_index, resolve_ref};
use super::super::keywords::{has_type, is_annotation, type_names};
use super::super::limits::weight_of_map;
use super::super::normalize::prepare_root;
use super::super::report::ChangeKind;
use super::super::rewrite::{merge_equivalent, split_type_list};
use super::super::walk::{one_level_down, Levels};
use super::super::{ExportOptions, Lossy, SchemaDialect};
use serde_json::{Map, Value};

const RULE: &str = "Gemini `parameters` (an OpenAPI 3.0 subset)";

/// The legacy `parameters` value, or `None` for a tool without parameters.
pub(crate) fn parameters(schema: &Value, options: &ExportOptions, ctx: &mut Ctx) -> Option<Value> {
    // `$schema` has no place in an OpenAPI Schema object, whatever was asked.
    let opts = ExportOptions {
        schema_dialect: SchemaDialect::Omit,
        ..options.clone()
    };
    let root = prepare_root(schema, ctx, &opts, false, RULE);
    if matches!(
        options.schema_dialect,
        SchemaDialect::Keep | SchemaDialect::Set(_)
    ) {
        ctx.change(
            "",
            ChangeKind::Removed,
            "no `$schema`",
            format!("{RULE} has no `$schema` field"),
        );
    }
    let empty = root
        .get("properties")
        .and_then(Value::as_object)
        .is_none_or(Map::is_empty);
    if empty && ctx.problems.is_empty() {
        ctx.change(
            "",
            ChangeKind::Removed,
            "`parameters` left unset: the tool takes no arguments",
            "Gemini: a function without parameters leaves `parameters` unset, and an OBJECT needs non-empty `properties`",
        );
        return None;
    }
    let mut conv = Converter {
        root: &root,
        lossy: options.lossy.unwrap_or(Lossy::Refuse),
        ctx,
        stack: vec!["#".to_string()],
        types_noted: false,
        depth: 0,
    };
    Some(conv.node(&root, ""))
}

struct Converter<'a> {
    root: &'a Value,
    lossy: Lossy,
    ctx: &'a mut Ctx,
    stack: Vec<String>,
    types_noted: bool,
    /// The schema nesting of the node being converted (the root is 0).
    depth: usize,
}

/// A keyword Gemini's Schema has, and how it maps.
fn gemini_field(k: &str) -> bool {
    matches!(
        k,
        "type"
            | "format"
            | "title"
            | "description"
            | "nullable"
            | "enum"
            | "items"
            | "minItems"
            | "maxItems"
            | "properties"
            | "required"
            | "minProperties"
            | "maxProperties"
            | "minLength"
            | "maxLength"
            | "pattern"
            | "anyOf"
            | "propertyOrdering"
            | "default"
            | "minimum"
            | "maximum"
    )
}

impl Levels for Converter<'_> {
    fn levels(&mut self) -> (&mut Ctx, &mut usize) {
        (self.ctx, &mut self.depth)
    }
}

impl Converter<'_> {
    fn node(&mut self, value: &Value, ptr: &str) -> Value {
        // Every `$ref` is inlined here: a chain of definitions nests the output as deep
        // as the chain is long, and shared definitions are copied once per use.
        one_level_down(self, value, ptr, Self::node_at_depth)
    }

    fn node_at_depth(&mut self, value: &Value, ptr: &str) -> Value {
        let Value::Object(input) = value else {
            self.ctx.refuse(
                ptr,
                format!("`{value}` is not a schema object"),
                format!("{RULE}: every schema is an object with a type"),
            );
            return Value::Null;
        };
        let mut m = input.clone();
        // `$ref`: Gemini's Schema has none; inline (a cycle cannot be).
        let mut pushed = 0;
        while let Some(r) = m.get("$ref").and_then(Value::as_str).map(String::from) {
            if self.stack.contains(&r) {
                self.ctx.refuse(
                    &push(ptr, "$ref"),
                    format!("`$ref` \"{r}\" makes the schema recursive"),
                    format!("{RULE} has no `$ref`, and a recursive schema cannot be inlined (gemini_json_schema can carry it)"),
                );
                self.stack.truncate(self.stack.len() - pushed);
                return Value::Null;
            }
            let Some(Value::Object(target)) = resolve_ref(self.root, &r) else {
                self.ctx.refuse(
                    &push(ptr, "$ref"),
                    format!("`$ref` \"{r}\" is not a local reference that resolves"),
                    RULE,
                );
                self.stack.truncate(self.stack.len() - pushed);
                return Value::Null;
            };
            // the target and the siblings beside the reference are copied
            let copied = weight_of_map(target) + weight_of_map(&m);
            if !self.ctx.charge_inline(ptr, copied) {
                self.stack.truncate(self.stack.len() - pushed);
                return Value::Null;
            }
            let mut siblings = m.clone();
            siblings.shift_remove("$ref");
            match merge_equivalent(&siblings, target, true) {
                Ok(merged) => m = merged,
                Err(keys) => {
                    self.ctx.refuse(ptr, format!("`$ref` \"{r}\" cannot be inlined: its siblings {} differ from the target's", keys.join(", ")), RULE);
                    self.stack.truncate(self.stack.len() - pushed);
                    return Value::Null;
                }
            }
            self.ctx.change(
                ptr,
                ChangeKind::Inlined,
                format!("`$ref` \"{r}\" inlined"),
                format!("{RULE} has no `$ref`"),
            );
            self.stack.push(r);
            pushed += 1;
        }
        let out = self.convert(m, ptr);
        self.stack.truncate(self.stack.len() - pushed);
        out
    }

    fn convert(&mut self, mut m: Map<String, Value>, ptr: &str) -> Value {
        // One-branch `allOf`: merged when it says the same.
        if let Some(Value::Array(branches)) = m.get("allOf").cloned() {
            if let [Value::Object(only)] = branches.as_slice() {
                let mut rest = m.clone();
                rest.shift_remove("allOf");
                match merge_equivalent(&rest, only, true) {
                    Ok(merged) => {
                        m = merged;
                        self.ctx.change(
                            ptr,
                            ChangeKind::AllOfMerged,
                            "one-branch `allOf` merged into its schema",
                            format!("{RULE} has no `allOf`"),
                        );
                        if m.contains_key("$ref") {
                            return self.node(&Value::Object(m), ptr);
                        }
                    }
                    Err(keys) => self.ctx.refuse(
                        &push(ptr, "allOf"),
                        format!(
                            "a one-branch `allOf` whose {} contradict its parent's",
                            keys.join(", ")
                        ),
                        format!("{RULE} has no `allOf`"),
                    ),
                }
            }
        }
        // `oneOf` with provably disjoint branches is an `anyOf`.
        if let Some(Value::Array(branches)) = m.get("oneOf").cloned() {
            let pairs = overlapping_pairs(&branches, self.root, &mut self.ctx.disjoint_work);
            let disjoint = pairs.as_ref().is_some_and(|(_, n)| *n == 0);
            if pairs.is_none() {
                self.ctx.refuse(
                    &push(ptr, "oneOf"),
                    disjointness_budget_message(branches.len()),
                    format!("{RULE} has no `oneOf`"),
                );
            } else if disjoint && !m.contains_key("anyOf") {
                let mut out = Map::new();
                for (k, v) in std::mem::take(&mut m) {
                    out.insert(if k == "oneOf" { "anyOf".into() } else { k }, v);
                }
                m = out;
                self.ctx.change(ptr, ChangeKind::OneOfToAnyOf, "`oneOf` renamed `anyOf`", format!("{RULE} has no `oneOf`; its branches are provably disjoint, so exactly-one and at-least-one agree"));
            } else {
                self.ctx.refuse(
                    &push(ptr, "oneOf"),
                    "`oneOf` branches may overlap, so `anyOf` would accept what `oneOf` rejects",
                    format!("{RULE} has no `oneOf`"),
                );
            }
        }
        // `null`: `nullable` when the schema accepts it (its type, enum and const all
        // allow it); a `null` no value can reach is dropped.
        let type_allows = type_names(&m).is_none_or(|t| t.contains(&"null"));
        let enum_allows = m
            .get("enum")
            .and_then(Value::as_array)
            .is_none_or(|l| l.iter().any(Value::is_null));
        let const_allows = m.get("const").is_none_or(Value::is_null);
        let nullable = type_allows
            && enum_allows
            && const_allows
            && type_names(&m).is_some_and(|t| t.iter().any(|t| *t != "null"))
            || (type_names(&m).is_none()
                && m.get("enum")
                    .and_then(Value::as_array)
                    .is_some_and(|l| l.iter().any(Value::is_null)));
        // `type` lists: several types -> `anyOf`, `null` dropped.
        if let Some((split, _)) = split_type_list(&m, false) {
            let before = m["type"].clone();
            m = split;
            self.ctx.change(ptr, ChangeKind::TypeListSplit, format!("`type` {before} split into an `anyOf` of one branch per type"), format!("{RULE}: `type` holds one value; a type-specific keyword constrains only its own type, so the branches accept the same values"));
        } else if let Some(names) = type_names(&m) {
            let non_null: Vec<String> = names
                .iter()
                .filter(|t| **t != "null")
                .map(|t| t.to_string())
                .collect();
            if names.contains(&"null") && !non_null.is_empty() {
                m.insert("type".into(), Value::from(non_null[0].clone()));
            }
        }
        if let Some(Value::Array(vals)) = m.get_mut("enum") {
            vals.retain(|v| !v.is_null());
        }

        let mut out = Map::new();
        let mut described: Vec<String> = Vec::new();
        let ty = type_names(&m).and_then(|t| t.first().map(|s| s.to_string()));
        for (k, v) in &m {
            let here = push(ptr, k);
            match k.as_str() {
                "type" => {
                    let Some(t) = v.as_str() else {
                        self.ctx.refuse(&here, "`type` is not one name", RULE);
                        continue;
                    };
                    if t == "null" {
                        self.ctx.refuse(
                            &here,
                            "a schema whose only type is \"null\"",
                            format!("{RULE}: `nullable` qualifies another type"),
                        );
                        continue;
                    }
                    out.insert("type".into(), Value::from(t.to_uppercase()));
                    if !self.types_noted {
                        self.types_noted = true;
                        self.ctx.change("", ChangeKind::Converted, "type names written in upper case (\"string\" -> \"STRING\") throughout", format!("{RULE}: `type` is the OpenAPI Type enum"));
                    }
                }
                "properties" => {
                    let Value::Object(props) = v else { continue };
                    if props.is_empty() {
                        self.ctx.refuse(
                            &here,
                            "an object with no properties",
                            "Gemini: an OBJECT needs non-empty `properties`",
                        );
                    }
                    let conv: Map<String, Value> = props
                        .iter()
                        .map(|(n, s)| (n.clone(), self.node(s, &push(&here, n))))
                        .collect();
                    out.insert(k.clone(), Value::Object(conv));
                }
                "items" => match v {
                    Value::Object(_) => {
                        let conv = self.node(v, &here);
                        out.insert(k.clone(), conv);
                    }
                    _ => self.ctx.refuse(
                        &here,
                        format!("`items` is `{v}`, not one schema"),
                        format!("{RULE}: `items` is one Schema"),
                    ),
                },
                "anyOf" => match v {
                    Value::Array(branches) => {
                        let conv: Vec<Value> = branches
                            .iter()
                            .enumerate()
                            .map(|(i, b)| self.node(b, &push_index(&here, i)))
                            .collect();
                        out.insert(k.clone(), Value::Array(conv));
                    }
                    _ => self.ctx.refuse(&here, "`anyOf` is not a list", RULE),
                },
                "enum" => {
                    let vals = v.as_array().cloned().unwrap_or_default();
                    if vals.iter().all(Value::is_string) {
                        out.insert(k.clone(), Value::Array(vals));
                        if ty.is_none() {
                            out.insert("type".into(), Value::from("STRING"));
                            self.ctx.change(
                                ptr,
                                ChangeKind::Added,
                                "added `type: \"STRING\"` for a string `enum`",
                                format!("{RULE}: `enum` lists the values of a STRING"),
                            );
                        }
                    } else {
                        self.lossy_keyword(
                            k,
                            v,
                            &here,
                            "Gemini: `enum` lists strings only",
                            &mut described,
                        );
                    }
                }
                "const" => {
                    if v.is_string() {
                        out.insert("enum".into(), Value::Array(vec![v.clone()]));
                        if ty.is_none() {
                            out.insert("type".into(), Value::from("STRING"));
                        }
                        self.ctx.change(
                            &here,
                            ChangeKind::Converted,
                            format!("`const` {v} -> `enum` [{v}]"),
                            format!("{RULE} has no `const`; a one-value `enum` says the same"),
                        );
                    } else if v.is_null() {
                        self.ctx.refuse(
                            &here,
                            "`const: null`",
                            format!("{RULE}: `nullable` qualifies another type"),
                        );
                    } else {
                        self.lossy_keyword(
                            k,
                            v,
                            &here,
                            "Gemini's Schema has no `const`, and its `enum` lists strings only",
                            &mut described,
                        );
                    }
                }
                "exclusiveMinimum" | "exclusiveMaximum" => {
                    let integer = ty.as_deref() == Some("integer");
                    let n = v.as_i64().filter(|_| integer);
                    let is_min = k == "exclusiveMinimum";
                    let key = if is_min { "minimum" } else { "maximum" };
                    let bound = n.and_then(|n| {
                        if is_min {
                            n.checked_add(1)
                        } else {
                            n.checked_sub(1)
                        }
                    });
                    match bound {
                        Some(b) => {
                            let b = match m.get(key).and_then(Value::as_i64) {
                                Some(other) if is_min => b.max(other),
                                Some(other) => b.min(other),
                                None => b,
                            };
                            // a non-integer inclusive bound beside it stays as written
                            if m.get(key).is_some_and(|o| o.as_i64().is_none()) {
                                self.lossy_keyword(
                                    k,
                                    v,
                                    &here,
                                    "Gemini's Schema has no exclusive bounds",
                                    &mut described,
                                );
                                continue;
                            }
                            out.insert(key.into(), Value::from(b));
                            self.ctx.change(&here, ChangeKind::Converted, format!("`{k}: {v}` -> `{key}: {b}`"), format!("{RULE} has no exclusive bounds; for integers the inclusive bound says the same"));
                        }
                        None => self.lossy_keyword(
                            k,
                            v,
                            &here,
                            "Gemini's Schema has no exclusive bounds",
                            &mut described,
                        ),
                    }
                }
                "minimum" | "maximum" => {
                    // an exclusive integer bound may already have set a stricter one
                    if !out.contains_key(k) {
                        out.insert(k.clone(), v.clone());
                    }
                }
                "format" => {
                    let f = v.as_str().unwrap_or_default();
                    let ok = match ty.as_deref() {
                        Some("string") => matches!(f, "enum" | "date-time"),
                        Some("number") => matches!(f, "float" | "double"),
                        Some("integer") => matches!(f, "int32" | "int64"),
                        _ => false,
                    };
                    if ok {
                        out.insert(k.clone(), v.clone());
                    } else {
                        described.extend(describe_constraint("format", v));
                        self.ctx.change(&here, ChangeKind::Described, format!("`format` {v} moved into the description"), "Gemini takes `format` enum or date-time on strings, float/double and int32/int64 on numbers; a format only annotates");
                    }
                }
                "additionalProperties" => {
                    if matches!(v, Value::Bool(_)) && m.contains_key("properties") {
                        self.ctx.change(&here, ChangeKind::Removed, format!("removed `additionalProperties: {v}`"), "Gemini's Schema has no `additionalProperties`; the model is offered the declared properties only, and tool-call validation still judges undeclared ones");
                    } else {
                        self.ctx.refuse(&here, "`additionalProperties` (an object of arbitrary keys) cannot be expressed", "Gemini's Schema has no `additionalProperties`, and an OBJECT needs `properties`");
                    }
                }
                "required" | "title" | "description" | "default" | "pattern" | "minLength"
                | "maxLength" | "minItems" | "maxItems" | "minProperties" | "maxProperties"
                | "propertyOrdering" | "example" => {
                    out.insert(k.clone(), v.clone());
                }
                "$defs" | "definitions" => {
                    self.ctx.change(
                        &here,
                        ChangeKind::Removed,
                        format!("removed `{k}`"),
                        format!("{RULE} has no definitions; every `$ref` was inlined"),
                    );
                }
                k if is_annotation(k) => {
                    self.ctx.change(
                        &here,
                        ChangeKind::Removed,
                        format!("removed annotation `{k}`"),
                        format!("{RULE} has no such field; it has no validation meaning"),
                    );
                }
                k => {
                    let rule = if gemini_field(k) {
                        RULE.to_string()
                    } else {
                        format!("Gemini's Schema has no `{k}`")
                    };
                    self.lossy_keyword(k, v, &here, &rule, &mut described);
                }
            }
        }
        if nullable {
            out.insert("nullable".into(), Value::Bool(true));
            self.ctx.change(
                ptr,
                ChangeKind::Converted,
                "`null` in the type or enum -> `nullable: true`",
                format!("{RULE}: `nullable` marks a type that also accepts null"),
            );
        }
        append_description(&mut out, &described);
        if has_type(&m, "array") && !out.contains_key("items") {
            self.ctx.refuse(
                ptr,
                "an array without `items`",
                "Gemini: an ARRAY needs an `items` Schema",
            );
        }
        if has_type(&m, "object") && !out.contains_key("properties") && !out.contains_key("anyOf") {
            self.ctx.refuse(
                ptr,
                "an object without `properties` (any keys) cannot be expressed",
                "Gemini: an OBJECT needs non-empty `properties`",
            );
        }
        if !out.contains_key("type") && !out.contains_key("anyOf") {
            if out.contains_key("properties") {
                out.insert("type".into(), Value::from("OBJECT"));
                self.ctx.change(
                    ptr,
                    ChangeKind::Added,
                    "added `type: \"OBJECT\"` beside `properties`",
                    format!("{RULE}: every Schema has a type"),
                );
            } else {
                self.ctx.refuse(
                    ptr,
                    "a schema with no `type` (nor a string `enum` or `anyOf`)",
                    format!("{RULE}: every Schema has a type"),
                );
            }
        }
        // Keep `type` first, as Gemini's examples write it.
        if let Some(t) = out.shift_remove("type") {
            let mut first = Map::new();
            first.insert("type".into(), t);
            first.extend(out);
            out = first;
        }
        Value::Object(out)
    }

    fn lossy_keyword(
        &mut self,
        k: &str,
        v: &Value,
        ptr: &str,
        rule: &str,
        described: &mut Vec<String>,
    ) {
        match (self.lossy, describe_constraint(k, v)) {
            (Lossy::Describe, Some(s)) => {
                described.push(s);
                self.ctx.change(ptr, ChangeKind::Described, format!("`{k}: {v}` moved into the description"), format!("{rule}; tool-schema's validator still enforces it"));
            }
            (Lossy::Refuse, Some(_)) => self.ctx.refuse(ptr, format!("`{k}` cannot be expressed (ExportOptions::lossy(Lossy::Describe) would move it into the description)"), rule),
            (_, None) => self.ctx.refuse(ptr, format!("`{k}` cannot be expressed"), rule),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn legacy(v: Value) -> (Option<Value>, Ctx) {
        let mut ctx = Ctx::new("t");
        let out = parameters(&v, &ExportOptions::default(), &mut ctx);
        (out, ctx)
    }

    #[test]
    fn types_become_openapi() {
        let (out, ctx) = legacy(json!({"type": "object", "properties": {
            "n": {"type": ["integer", "null"], "exclusiveMinimum": 0},
            "u": {"type": "string", "enum": ["c", "f", null]},
            "k": {"const": "fast"},
            "b": {"type": ["boolean", "string"]}
        }, "required": ["k"], "additionalProperties": false}));
        assert!(ctx.problems.is_empty(), "{:?}", ctx.problems);
        assert_eq!(
            out.unwrap(),
            json!({"type": "OBJECT", "properties": {
            "n": {"type": "INTEGER", "nullable": true, "minimum": 1},
            "u": {"type": "STRING", "enum": ["c", "f"]},
            "k": {"type": "STRING", "enum": ["fast"]},
            "b": {"anyOf": [{"type": "BOOLEAN"}, {"type": "STRING"}]}
        }, "required": ["k"]})
        );
    }

    #[test]
    fn no_arguments_leaves_parameters_unset() {
        let (out, ctx) = legacy(json!({"type": "object", "properties": {}}));
        assert!(out.is_none() && ctx.problems.is_empty());
    }

    #[test]
    fn inexpressible_is_refused() {
        let (_, ctx) = legacy(json!({"type": "object", "properties": {
            "i": {"type": "integer", "enum": [1, 2]},
            "m": {"type": "number", "multipleOf": 5},
            "l": {"type": "array"},
            "o": {"type": "object"},
            "r": {"$ref": "#"}
        }}));
        let at: Vec<&str> = ctx.problems.iter().map(|p| p.pointer.as_str()).collect();
        assert_eq!(
            at,
            [
                "/properties/i/enum",
                "/properties/m/multipleOf",
                "/properties/l",
                "/properties/o",
                "/properties/r/$ref"
            ]
        );
    }
}
