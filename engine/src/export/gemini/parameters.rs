//! Gemini's legacy `parameters`: JSON Schema converted into the OpenAPI 3.0 subset
//! Schema object (upper-case types, `nullable`, string `enum`s, no `$ref`).

use super::super::describe::{append_description, describe_constraint};
use super::super::disjoint::{disjointness_budget_message, overlapping_pairs};
use super::super::keywords::{has_type, type_names};
use super::super::ledger::Ledger;
use super::super::limits::weight_of_map;
use super::super::normalize::prepare_root;
use super::super::numeric::format_to_bounds;
use super::super::report::ChangeKind;
use super::super::rewrite::{
    all_of_conflict, merge_equivalent, merge_single_all_of, split_type_list, ALL_OF_MERGED,
};
use super::super::walk::{one_level_down, Levels};
use super::super::{ExportOptions, Lossy, SchemaDialect};
use super::takes_format;
use crate::json::pointer;
use crate::OptionHint;
use serde_json::{Map, Value};

pub(super) const RULE: &str = "Gemini `parameters` (an OpenAPI 3.0 subset)";
const FORMAT_RULE: &str = "Gemini `parameters` (an OpenAPI 3.0 subset) takes `format` int32/int64 on an INTEGER and float/double on a NUMBER only";

/// The legacy `parameters` value, or `None` for a tool without parameters.
pub(crate) fn parameters(
    schema: &Value,
    options: &ExportOptions,
    ctx: &mut Ledger,
) -> Option<Value> {
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

pub(super) struct Converter<'a> {
    pub(super) root: &'a Value,
    pub(super) lossy: Lossy,
    pub(super) ctx: &'a mut Ledger,
    pub(super) stack: Vec<String>,
    pub(super) types_noted: bool,
    /// The schema nesting of the node being converted (the root is 0).
    pub(super) depth: usize,
}

/// One schema being converted: its keywords as read, the output so far, and the
/// sentences for its description.
pub(super) struct Conversion<'m> {
    /// The schema's keywords (after `allOf`, `oneOf` and type lists).
    pub(super) input: &'m Map<String, Value>,
    /// Its pointer.
    pub(super) ptr: &'m str,
    /// Its first type name, as JSON Schema writes it.
    pub(super) ty: Option<String>,
    /// The Gemini Schema being built.
    pub(super) out: Map<String, Value>,
    /// Constraints moved into the description.
    pub(super) described: Vec<String>,
}

impl Levels for Converter<'_> {
    fn levels(&mut self) -> (&mut Ledger, &mut usize) {
        (self.ctx, &mut self.depth)
    }
}

impl Converter<'_> {
    pub(super) fn node(&mut self, value: &Value, ptr: &str) -> Value {
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
                    &pointer::join(ptr, "$ref"),
                    format!("`$ref` \"{r}\" makes the schema recursive"),
                    format!("{RULE} has no `$ref`, and a recursive schema cannot be inlined (gemini_json_schema can carry it)"),
                );
                self.stack.truncate(self.stack.len() - pushed);
                return Value::Null;
            }
            let Some(Value::Object(target)) = pointer::resolve_local(self.root, &r) else {
                self.ctx.refuse(
                    &pointer::join(ptr, "$ref"),
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

    /// One schema object, its `$ref`s inlined: the applicators Gemini lacks rewritten,
    /// `null` read into `nullable`, each keyword converted, the shape checked.
    fn convert(&mut self, mut m: Map<String, Value>, ptr: &str) -> Value {
        if let Some(inlined) = self.merge_all_of(&mut m, ptr) {
            return inlined;
        }
        self.one_of(&mut m, ptr);
        let null_branch = match self.null_branch(&mut m, ptr) {
            NullBranch::Merged(out) => return out,
            NullBranch::Removed => true,
            NullBranch::None => false,
        };
        let nullable = nullable(&m);
        self.numeric_format(&mut m, ptr);
        self.single_type(&mut m, ptr);
        let mut c = Conversion {
            input: &m,
            ptr,
            ty: type_names(&m).and_then(|t| t.first().map(|s| s.to_string())),
            out: Map::new(),
            described: Vec::new(),
        };
        for (k, v) in &m {
            self.keyword(&mut c, k, v);
        }
        let Conversion {
            mut out, described, ..
        } = c;
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
        self.check_shape(&m, &mut out, ptr);
        if null_branch {
            if let Some(Value::Array(branches)) = out.get_mut("anyOf") {
                branches.iter_mut().for_each(with_nullable);
            }
        }
        Value::Object(type_first(out))
    }

    /// An `anyOf` with `{"type": "null"}` beside other branches (the schema of
    /// an `Option` of a type that has no `type` of its own to add `null` to): the
    /// null branch read into `nullable: true`. One other branch beside nothing
    /// but a description or title: that branch in place of the `anyOf`, merged
    /// with them and nullable ([`NullBranch::Merged`], converted at the
    /// branch's pointer); else each other branch
    /// nullable ([`NullBranch::Removed`], the caller marks them once converted).
    fn null_branch(&mut self, m: &mut Map<String, Value>, ptr: &str) -> NullBranch {
        let is_null = |b: &Value| b.as_object().is_some_and(|b| b.len() == 1 && b.get("type") == Some(&Value::from("null")));
        let Some(Value::Array(branches)) = m.get("anyOf") else {
            return NullBranch::None;
        };
        if !branches.iter().any(is_null) || branches.iter().all(is_null) {
            return NullBranch::None;
        }
        let rest: Vec<Value> = branches.iter().filter(|b| !is_null(b)).cloned().collect();
        self.ctx.change(
            ptr,
            ChangeKind::Converted,
            "`{\"type\": \"null\"}` branch of `anyOf` -> `nullable: true`",
            format!("{RULE}: `nullable` marks a type that also accepts null"),
        );
        let siblings_annotate = m
            .keys()
            .all(|k| matches!(k.as_str(), "anyOf" | "description" | "title"));
        if let ([Value::Object(one)], true) = (rest.as_slice(), siblings_annotate) {
            if m.keys().all(|k| k == "anyOf" || !one.contains_key(k)) {
                let at = branches.iter().position(|b| !is_null(b)).unwrap_or(0);
                let at = pointer::join_index(&pointer::join(ptr, "anyOf"), at);
                let mut merged = one.clone();
                for (k, v) in m.iter().filter(|(k, _)| *k != "anyOf") {
                    merged.insert(k.clone(), v.clone());
                }
                // Converted as the branch (where its problems are).
                let mut out = self.node(&Value::Object(merged), &at);
                with_nullable(&mut out);
                return NullBranch::Merged(out);
            }
        }
        m.insert("anyOf".into(), Value::Array(rest));
        NullBranch::Removed
    }

    /// One-branch `allOf`: merged when it says the same. `Some` when the merge
    /// brought a `$ref`: the node converted again from the start.
    fn merge_all_of(&mut self, m: &mut Map<String, Value>, ptr: &str) -> Option<Value> {
        match merge_single_all_of(m)? {
            Ok(()) => {
                self.ctx.change(
                    ptr,
                    ChangeKind::AllOfMerged,
                    ALL_OF_MERGED,
                    format!("{RULE} has no `allOf`"),
                );
                if m.contains_key("$ref") {
                    return Some(self.node(&Value::Object(std::mem::take(m)), ptr));
                }
            }
            Err(keys) => self.ctx.refuse(
                &pointer::join(ptr, "allOf"),
                all_of_conflict(&keys),
                format!("{RULE} has no `allOf`"),
            ),
        }
        None
    }

    /// `oneOf` with provably disjoint branches is an `anyOf`; other `oneOf`s are
    /// refused.
    fn one_of(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let Some(Value::Array(branches)) = m.get("oneOf").cloned() else {
            return;
        };
        let pairs = overlapping_pairs(&branches, self.root, &mut self.ctx.disjoint_work);
        let disjoint = pairs.as_ref().is_some_and(|(_, n)| *n == 0);
        if pairs.is_none() {
            self.ctx.refuse(
                &pointer::join(ptr, "oneOf"),
                disjointness_budget_message(branches.len()),
                format!("{RULE} has no `oneOf`"),
            );
        } else if disjoint && !m.contains_key("anyOf") {
            let mut out = Map::new();
            for (k, v) in std::mem::take(m) {
                out.insert(if k == "oneOf" { "anyOf".into() } else { k }, v);
            }
            *m = out;
            self.ctx.change(ptr, ChangeKind::OneOfToAnyOf, "`oneOf` renamed `anyOf`", format!("{RULE} has no `oneOf`; its branches are provably disjoint, so exactly-one and at-least-one agree"));
        } else {
            self.ctx.refuse(
                &pointer::join(ptr, "oneOf"),
                "`oneOf` branches may overlap, so `anyOf` would accept what `oneOf` rejects",
                format!("{RULE} has no `oneOf`"),
            );
        }
    }

    /// A numeric format Gemini does not take on the schema's one type (`uint8`,
    /// `int32` on a NUMBER, any on a type list): its range written as
    /// `minimum`/`maximum`, the format removed (before a type list is split, so that
    /// the bounds go to the number branches).
    fn numeric_format(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        let one_type = type_names(m).and_then(|t| match t[..] {
            [t] | [t, "null"] | ["null", t] => Some(t),
            _ => None,
        });
        let f = m.get("format").and_then(Value::as_str).unwrap_or_default();
        if takes_format(one_type, f) {
            return;
        }
        format_to_bounds(m, ptr, self.ctx, FORMAT_RULE);
    }

    /// `type` holds one name: a list of several types becomes an `anyOf`, `null` is
    /// dropped from the type and the `enum` (see [`nullable`]).
    fn single_type(&mut self, m: &mut Map<String, Value>, ptr: &str) {
        if let Some((split, _)) = split_type_list(m, false) {
            let before = m["type"].clone();
            *m = split;
            self.ctx.change(ptr, ChangeKind::TypeListSplit, format!("`type` {before} split into an `anyOf` of one branch per type"), format!("{RULE}: `type` holds one value; a type-specific keyword constrains only its own type, so the branches accept the same values"));
        } else if let Some(names) = type_names(m) {
            let null = names.contains(&"null");
            let first = names.into_iter().find(|t| *t != "null").map(str::to_string);
            if let Some(first) = first.filter(|_| null) {
                m.insert("type".into(), Value::from(first));
            }
        }
        if let Some(Value::Array(vals)) = m.get_mut("enum") {
            vals.retain(|v| !v.is_null());
        }
    }

    /// What every Schema needs: an ARRAY its `items`, an OBJECT its `properties`,
    /// every Schema a type (`OBJECT` added beside `properties`).
    fn check_shape(&mut self, m: &Map<String, Value>, out: &mut Map<String, Value>, ptr: &str) {
        if has_type(m, "array") && !out.contains_key("items") {
            self.ctx.refuse(
                ptr,
                "an array without `items`",
                "Gemini: an ARRAY needs an `items` Schema",
            );
        }
        if has_type(m, "object") && !out.contains_key("properties") && !out.contains_key("anyOf") {
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
    }

    pub(super) fn lossy_keyword(
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
            (Lossy::Refuse, Some(_)) => self.ctx.refuse(ptr, format!("`{k}` cannot be expressed ({} would move it into the description)", OptionHint::LossyDescribe.words()), rule),
            (_, None) => self.ctx.refuse(ptr, format!("`{k}` cannot be expressed"), rule),
        }
    }
}

/// What [`Converter::null_branch`] did.
enum NullBranch {
    /// No `{"type": "null"}` branch beside others.
    None,
    /// The one other branch, merged and converted, nullable.
    Merged(Value),
    /// The null branch removed; the other branches are to be made nullable.
    Removed,
}

/// A converted schema marked `nullable` (one refused, `null`, left as it is).
fn with_nullable(schema: &mut Value) {
    if let Value::Object(m) = schema {
        m.insert("nullable".into(), Value::Bool(true));
    }
}

/// `null`: `nullable` when the schema accepts it (its type, enum and const all allow
/// it); a `null` no value can reach is dropped.
fn nullable(m: &Map<String, Value>) -> bool {
    let type_allows = type_names(m).is_none_or(|t| t.contains(&"null"));
    let enum_allows = m
        .get("enum")
        .and_then(Value::as_array)
        .is_none_or(|l| l.iter().any(Value::is_null));
    let const_allows = m.get("const").is_none_or(Value::is_null);
    type_allows
        && enum_allows
        && const_allows
        && type_names(m).is_some_and(|t| t.iter().any(|t| *t != "null"))
        || (type_names(m).is_none()
            && m.get("enum")
                .and_then(Value::as_array)
                .is_some_and(|l| l.iter().any(Value::is_null)))
}

/// `out` with `type` first, as Gemini's examples write it.
fn type_first(mut out: Map<String, Value>) -> Map<String, Value> {
    if let Some(t) = out.shift_remove("type") {
        let mut first = Map::new();
        first.insert("type".into(), t);
        first.extend(out);
        out = first;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn legacy(v: Value) -> (Option<Value>, Ledger) {
        let mut ctx = Ledger::new("t");
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
    fn a_null_branch_is_nullable() {
        let (out, ctx) = legacy(json!({"type": "object", "$defs": {"U": {"type": "string", "enum": ["c", "f"]}}, "properties": {
            "u": {"description": "Unit.", "anyOf": [{"$ref": "#/$defs/U"}, {"type": "null"}]},
            "p": {"anyOf": [{"anyOf": [{"type": "string"}, {"type": "integer"}]}, {"type": "null"}]},
            "s": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}
        }}));
        assert!(ctx.problems.is_empty(), "{:?}", ctx.problems);
        assert_eq!(
            out.unwrap()["properties"],
            json!({
                "u": {"type": "STRING", "description": "Unit.", "enum": ["c", "f"], "nullable": true},
                "p": {"anyOf": [{"type": "STRING"}, {"type": "INTEGER"}], "nullable": true},
                "s": {"anyOf": [{"type": "STRING", "nullable": true}, {"type": "INTEGER", "nullable": true}]}
            })
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
