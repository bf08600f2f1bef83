//! The attributes `#[derive(ToolArgs)]` reads: doc comments, `#[arg(...)]` on
//! fields, and serde's `#[serde(...)]` on the container, its fields and variants.
//! (`#[tool(...)]` on the container is read by `crate::attr`, as for
//! `tool_schema!`.)
//!
//! Every serde attribute is classified: honoured (it changes what serde reads, and
//! the schema says so), ignored (it changes only serialisation), or refused (the
//! schema could not describe what serde would then accept).

use super::case::{RenameRule, RULES};
use crate::attr::{skip_value, unknown};
use crate::ctxt::Ctxt;
use proc_macro2::Span;
use serde_json::{Number, Value};
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, ExprUnary, Lit, LitStr, UnOp};

/// A value written in an attribute, with the spans of its key and of its value.
#[derive(Clone, Debug)]
pub(crate) struct Given<T> {
    pub value: T,
    pub key: Span,
    pub span: Span,
}

/// `#[arg(...)]` on a field.
#[derive(Default)]
pub(crate) struct ArgAttrs {
    pub minimum: Option<Given<Number>>,
    pub maximum: Option<Given<Number>>,
    pub exclusive_minimum: Option<Given<Number>>,
    pub exclusive_maximum: Option<Given<Number>>,
    /// Checked positive when read.
    pub multiple_of: Option<Given<Number>>,
    pub min_length: Option<Given<u64>>,
    pub max_length: Option<Given<u64>>,
    pub pattern: Option<Given<String>>,
    pub min_items: Option<Given<u64>>,
    pub max_items: Option<Given<u64>>,
    pub description: Option<Given<String>>,
    pub examples: Vec<Given<Value>>,
    /// `values = [..]`: the only values allowed (JSON Schema's `enum`), each
    /// checked against the field's own schema.
    pub values: Option<Given<Vec<Value>>>,
}

/// The keys `#[arg(...)]` takes.
pub(crate) const ARG_KEYS: [&str; 13] = [
    "minimum",
    "maximum",
    "exclusive_minimum",
    "exclusive_maximum",
    "multiple_of",
    "min_length",
    "max_length",
    "pattern",
    "min_items",
    "max_items",
    "description",
    "example",
    "values",
];

/// A doc comment (see [`crate::attr::doc_comment`]), at the span of its first line.
pub(crate) fn doc(attrs: &[Attribute]) -> Option<Given<String>> {
    let (text, span) = crate::attr::doc_comment(attrs)?;
    Some(Given {
        value: text,
        key: span,
        span,
    })
}

fn key_name(meta: &ParseNestedMeta) -> String {
    let path = &meta.path;
    match path.get_ident() {
        Some(i) => i.to_string(),
        None => quote::quote!(#path).to_string(),
    }
}

/// A JSON number written as a Rust literal, with an optional leading `-`.
fn number(expr: &Expr) -> Option<Number> {
    match expr {
        Expr::Group(g) => number(&g.expr),
        Expr::Paren(p) => number(&p.expr),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => serde_json::from_str(&format!("-{}", number(expr)?)).ok(),
        Expr::Lit(ExprLit {
            lit: Lit::Int(i), ..
        }) => serde_json::from_str(i.base10_digits()).ok(),
        Expr::Lit(ExprLit {
            lit: Lit::Float(f), ..
        }) => serde_json::from_str(f.base10_digits()).ok(),
        _ => None,
    }
}

/// A JSON value written as a Rust expression: a literal (string, number, `true`,
/// `false`), a negative number, or an array `[...]` of those.
fn json(expr: &Expr) -> Option<Value> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Some(Value::String(s.value())),
        Expr::Lit(ExprLit {
            lit: Lit::Bool(b), ..
        }) => Some(Value::Bool(b.value)),
        Expr::Array(a) => a
            .elems
            .iter()
            .map(json)
            .collect::<Option<_>>()
            .map(Value::Array),
        Expr::Group(g) => json(&g.expr),
        e => number(e).map(Value::Number),
    }
}

/// Calls `each` with every key (and its name) of every `#[name(...)]` in `attrs`;
/// what cannot be parsed is reported, and the keys after it in that attribute are
/// not read.
fn each_key(
    cx: &Ctxt,
    attrs: &[Attribute],
    name: &str,
    mut each: impl FnMut(&ParseNestedMeta, &str) -> syn::Result<()>,
) {
    for attr in attrs.iter().filter(|a| a.path().is_ident(name)) {
        let res = attr.parse_nested_meta(|meta| each(&meta, &key_name(&meta)));
        if let Err(e) = res {
            cx.push(e);
        }
    }
}

/// Where a key of an attribute and its value are.
#[derive(Clone, Copy)]
struct At {
    key: Span,
    span: Span,
}

impl At {
    fn given<T>(self, value: T) -> Given<T> {
        Given {
            value,
            key: self.key,
            span: self.span,
        }
    }
}

/// Fills `slot` with `given`, reporting a key given twice.
fn set<T>(cx: &Ctxt, slot: &mut Option<Given<T>>, given: Given<T>, key: &str) {
    if slot.is_some() {
        cx.error(given.key, format!("`{key}` is given twice"));
    }
    *slot = Some(given);
}

impl ArgAttrs {
    /// Reads every `#[arg(...)]` of a field.
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> ArgAttrs {
        let mut out = ArgAttrs::default();
        each_key(cx, attrs, "arg", |meta, key| {
            if !ARG_KEYS.contains(&key) {
                let names = ARG_KEYS.iter().copied();
                cx.push(meta.error(unknown("argument attribute", key, names)));
                return skip_value(meta);
            }
            let expr: Expr = meta.value()?.parse()?;
            let at = At {
                key: meta.path.span(),
                span: expr.span(),
            };
            out.read(cx, key, at, &expr);
            Ok(())
        });
        out
    }

    /// Reads the value of the known key `key`.
    fn read(&mut self, cx: &Ctxt, key: &str, at: At, expr: &Expr) {
        let span = at.span;
        match key {
            "multiple_of" => match number(expr) {
                Some(n) if n.as_f64().is_some_and(|f| f > 0.0) => {
                    set(cx, &mut self.multiple_of, at.given(n), key)
                }
                Some(n) => cx.error(
                    span,
                    format!("`multiple_of` must be greater than 0 (JSON Schema's `multipleOf` is a positive number), not {n}"),
                ),
                None => cx.error(span, "`multiple_of` takes a number, like `multiple_of = 5`"),
            },
            "minimum" | "maximum" | "exclusive_minimum" | "exclusive_maximum" => {
                match number(expr) {
                    Some(n) => set(cx, self.bound(key), at.given(n), key),
                    None => cx.error(span, format!("`{key}` takes a number, like `{key} = 1`")),
                }
            }
            "min_length" | "max_length" | "min_items" | "max_items" => {
                match number(expr).and_then(|n| n.as_u64()) {
                    Some(n) => set(cx, self.count(key), at.given(n), key),
                    None => cx.error(
                        span,
                        format!("`{key}` takes a non-negative integer, like `{key} = 1`"),
                    ),
                }
            }
            "pattern" | "description" => match expr {
                Expr::Lit(ExprLit {
                    lit: Lit::Str(s), ..
                }) => {
                    let slot = if key == "pattern" {
                        &mut self.pattern
                    } else {
                        &mut self.description
                    };
                    set(cx, slot, at.given(s.value()), key);
                }
                _ => cx.error(span, format!("`{key}` takes a string literal")),
            },
            "values" => match json(expr) {
                Some(Value::Array(values)) if !values.is_empty() => {
                    set(cx, &mut self.values, at.given(values), key)
                }
                _ => cx.error(
                    span,
                    "`values` takes a non-empty array of literals, like `values = [1, 2]` (the only values allowed: JSON Schema's `enum`)",
                ),
            },
            _ => match json(expr) {
                Some(v) => self.examples.push(at.given(v)),
                None => cx.error(
                    span,
                    "`example` takes a literal (string, number, `true`, `false`) or an array of literals",
                ),
            },
        }
    }

    /// The slot of a numeric bound key.
    fn bound(&mut self, key: &str) -> &mut Option<Given<Number>> {
        match key {
            "minimum" => &mut self.minimum,
            "maximum" => &mut self.maximum,
            "exclusive_minimum" => &mut self.exclusive_minimum,
            _ => &mut self.exclusive_maximum,
        }
    }

    /// The slot of a length or item-count key.
    fn count(&mut self, key: &str) -> &mut Option<Given<u64>> {
        match key {
            "min_length" => &mut self.min_length,
            "max_length" => &mut self.max_length,
            "min_items" => &mut self.min_items,
            _ => &mut self.max_items,
        }
    }
}

/// Refuses `#[arg]` or `#[tool]` where it has no meaning.
pub(crate) fn misplaced(cx: &Ctxt, attrs: &[Attribute], name: &str, hint: &str) {
    for attr in attrs.iter().filter(|a| a.path().is_ident(name)) {
        cx.error(
            attr.path().span(),
            format!("#[{name}(...)] is not read here; {hint}"),
        );
    }
}

/// A serde name: `rename = "x"` or `rename(deserialize = "x")` (the name serde
/// reads; a `serialize` name alone changes nothing here).
fn serde_name(meta: &ParseNestedMeta) -> syn::Result<Option<LitStr>> {
    if meta.input.peek(syn::Token![=]) {
        return Ok(Some(meta.value()?.parse()?));
    }
    let mut de = None;
    meta.parse_nested_meta(|inner| {
        if inner.path.is_ident("deserialize") {
            de = Some(inner.value()?.parse()?);
        } else {
            skip_value(&inner)?;
        }
        Ok(())
    })?;
    Ok(de)
}

fn rename_rule(cx: &Ctxt, lit: &LitStr) -> Option<RenameRule> {
    let rule = RenameRule::from_name(&lit.value());
    if rule.is_none() {
        let names: Vec<String> = RULES.iter().map(|(n, _)| format!("\"{n}\"")).collect();
        cx.error(
            lit.span(),
            format!(
                "unknown rename rule `rename_all = {:?}`, expected one of {}",
                lit.value(),
                names.join(", ")
            ),
        );
    }
    rule
}

/// Why a serde attribute is refused, by key.
fn refusal(key: &str) -> Option<&'static str> {
    Some(match key {
        "flatten" => "the schema cannot describe a flattened field yet; write its fields out, or nest the type as a field of its own",
        "alias" => "a tool's schema declares one name per argument, and the model would not know the alias",
        "deserialize_with" | "with" => "serde would accept whatever the function accepts, which the schema cannot know",
        "tag" | "content" => "internally and adjacently tagged enums are not supported; use an enum of unit variants (a string enum), or #[serde(untagged)] with newtype variants (`V(T)`, one of several schemas)",
        "untagged" => "an untagged variant in a tagged enum (a mixed enum) is not supported; put #[serde(untagged)] on the enum, with every variant a newtype variant (`V(T)`)",
        "transparent" | "from" | "try_from" | "remote" => "serde would not read this type's own fields, which is what the schema describes",
        "other" => "a catch-all variant accepts any string, which the enum's schema cannot list",
        "borrow" => "borrowed fields are not supported: a tool's arguments are deserialised into owned values",
        "variant_identifier" | "field_identifier" => "identifier enums are not supported",
        "default" => "an enum has no default variant in its schema",
        _ => return None,
    })
}

fn refuse(cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<()> {
    let msg = match refusal(key) {
        Some(why) => format!("#[derive(ToolArgs)] does not support #[serde({key})]: {why}"),
        None => format!(
            "#[derive(ToolArgs)] does not know #[serde({key})], so it cannot tell what serde accepts"
        ),
    };
    cx.push(meta.error(msg));
    skip_value(meta)
}

/// Serde attributes of the container.
#[derive(Default)]
pub(crate) struct SerdeContainer {
    pub rename_all: Option<RenameRule>,
    /// `deny_unknown_fields`, with its span.
    pub deny_unknown_fields: Option<Span>,
    /// `default`: every field may be left out.
    pub default: bool,
    /// `untagged` on an enum, with its span.
    pub untagged: Option<Span>,
}

impl SerdeContainer {
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute], is_enum: bool) -> SerdeContainer {
        let mut out = SerdeContainer::default();
        each_key(cx, attrs, "serde", |meta, key| {
            match key {
                "rename_all" => {
                    if let Some(lit) = serde_name(meta)? {
                        out.rename_all = rename_rule(cx, &lit);
                    }
                }
                "untagged" if is_enum => out.untagged = Some(meta.path.span()),
                "deny_unknown_fields" if !is_enum => {
                    out.deny_unknown_fields = Some(meta.path.span())
                }
                "default" if !is_enum => {
                    out.default = true;
                    skip_value(meta)?;
                }
                // Read only when serialising, or no effect on what is read.
                "rename"
                | "bound"
                | "crate"
                | "expecting"
                | "into"
                | "rename_all_fields"
                | "deny_unknown_fields" => skip_value(meta)?,
                _ => refuse(cx, meta, key)?,
            }
            Ok(())
        });
        out
    }
}

/// The keys a field and a variant share: `rename` (the name serde reads) and
/// `skip`/`skip_deserializing`. `false` for any other key.
fn name_or_skip(
    meta: &ParseNestedMeta,
    key: &str,
    rename: &mut Option<LitStr>,
    skip: &mut bool,
) -> syn::Result<bool> {
    match key {
        "rename" => {
            if let Some(lit) = serde_name(meta)? {
                *rename = Some(lit);
            }
        }
        "skip" | "skip_deserializing" => *skip = true,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Serde attributes of a field.
#[derive(Default)]
pub(crate) struct SerdeField {
    /// The name serde reads, when renamed.
    pub rename: Option<LitStr>,
    /// `default` or `default = "path"`: the field may be left out.
    pub default: bool,
    /// `skip` or `skip_deserializing`: serde never reads the field.
    pub skip: bool,
}

impl SerdeField {
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> SerdeField {
        let mut out = SerdeField::default();
        each_key(cx, attrs, "serde", |meta, key| {
            if name_or_skip(meta, key, &mut out.rename, &mut out.skip)? {
                return Ok(());
            }
            match key {
                "default" => {
                    out.default = true;
                    skip_value(meta)
                }
                "skip_serializing"
                | "skip_serializing_if"
                | "serialize_with"
                | "bound"
                | "getter" => skip_value(meta),
                _ => refuse(cx, meta, key),
            }
        });
        out
    }
}

/// Serde attributes of an enum variant.
#[derive(Default)]
pub(crate) struct SerdeVariant {
    pub rename: Option<LitStr>,
    pub skip: bool,
    /// `untagged` on the variant (refused: a mixed enum).
    pub untagged: bool,
}

impl SerdeVariant {
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> SerdeVariant {
        let mut out = SerdeVariant::default();
        each_key(cx, attrs, "serde", |meta, key| {
            if name_or_skip(meta, key, &mut out.rename, &mut out.skip)? {
                return Ok(());
            }
            match key {
                "skip_serializing" | "serialize_with" | "bound" | "rename_all" => skip_value(meta),
                "untagged" => {
                    out.untagged = true;
                    refuse(cx, meta, key)
                }
                _ => refuse(cx, meta, key),
            }
        });
        out
    }
}
