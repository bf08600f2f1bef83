//! The attributes `#[derive(ToolArgs)]` reads: doc comments and serde's
//! `#[serde(...)]` on the container, its fields and variants; and the readers of
//! attribute values that `#[arg(...)]` (`super::arg`) shares.
//! (`#[tool(...)]` on the container is read by `crate::attr`, as for
//! `tool_schema!`.)
//!
//! Every serde attribute is classified: honoured (it changes what serde reads, and
//! the schema says so), ignored (it changes only serialisation), or refused (the
//! schema could not describe what serde would then accept).

use super::case::{RenameRule, RULES};
use crate::attr::skip_value;
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

/// A doc comment (see [`crate::attr::doc_comment`]), at the span of its first line.
pub(crate) fn doc(attrs: &[Attribute]) -> Option<Given<String>> {
    let (text, span) = crate::attr::doc_comment(attrs)?;
    Some(Given {
        value: text,
        key: span,
        span,
    })
}

pub(super) fn key_name(meta: &ParseNestedMeta) -> String {
    let path = &meta.path;
    match path.get_ident() {
        Some(i) => i.to_string(),
        None => quote::quote!(#path).to_string(),
    }
}

/// A JSON number written as a Rust literal, with an optional leading `-`.
pub(super) fn number(expr: &Expr) -> Option<Number> {
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
pub(super) fn json(expr: &Expr) -> Option<Value> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Str(s), ..
        }) => Some(Value::String(s.value())),
        Expr::Lit(ExprLit {
            lit: Lit::Bool(b), ..
        }) => Some(Value::Bool(b.value)),
        Expr::Verbatim(tokens) => array(tokens.clone()),
        Expr::Group(g) => json(&g.expr),
        e => number(e).map(Value::Number),
    }
}

/// An attribute's value: an expression, or an array `[...]` kept as its tokens
/// ([`Expr::Verbatim`], which [`json`] reads). syn parses array expressions only
/// with its `full` feature, which costs a user's build a second or more.
pub(super) fn value(input: syn::parse::ParseStream) -> syn::Result<Expr> {
    if input.peek(syn::token::Bracket) {
        let group: proc_macro2::Group = input.parse()?;
        return Ok(Expr::Verbatim(proc_macro2::TokenTree::Group(group).into()));
    }
    input.parse()
}

/// The values of an array `[a, b, ...]` written as tokens; `None` for other tokens.
fn array(tokens: proc_macro2::TokenStream) -> Option<Value> {
    let Some(proc_macro2::TokenTree::Group(group)) = tokens.into_iter().next() else {
        return None;
    };
    if group.delimiter() != proc_macro2::Delimiter::Bracket {
        return None;
    }
    let items = |input: syn::parse::ParseStream| {
        syn::punctuated::Punctuated::<Expr, syn::Token![,]>::parse_terminated_with(input, value)
    };
    let items = syn::parse::Parser::parse2(items, group.stream()).ok()?;
    items
        .iter()
        .map(json)
        .collect::<Option<_>>()
        .map(Value::Array)
}

/// Calls `each` with every key (and its name) of every `#[name(...)]` in `attrs`;
/// what cannot be parsed is reported, and the keys after it in that attribute are
/// not read.
pub(super) fn each_key(
    cx: &Ctxt,
    attrs: &[Attribute],
    name: &str,
    each: &mut dyn FnMut(&ParseNestedMeta, &str) -> syn::Result<()>,
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
pub(super) struct At {
    pub key: Span,
    pub span: Span,
}

impl At {
    pub(super) fn given<T>(self, value: T) -> Given<T> {
        Given {
            value,
            key: self.key,
            span: self.span,
        }
    }
}

/// Fills `slot` with `given`, reporting a key given twice.
pub(super) fn set<T>(cx: &Ctxt, slot: &mut Option<Given<T>>, given: Given<T>, key: &str) {
    if slot.is_some() {
        cx.error(given.key, format!("`{key}` is given twice"));
    }
    *slot = Some(given);
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
        "alias" => "a variant's alias would be a second name for it that its schema does not list; name the variant once (#[serde(rename = \"...\")])",
        "deserialize_with" | "with" => "serde would accept whatever the function accepts, which the schema cannot know",
        "tag" | "content" => "a struct's schema has no tag; `tag` (and `content`) go on an enum",
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
    /// `tag = "..."` on an enum: internally tagged (adjacently with `content`).
    pub tag: Option<Given<String>>,
    /// `content = "..."` on an enum: adjacently tagged.
    pub content: Option<Given<String>>,
    /// `rename_all_fields`: the rule for the fields of every struct variant.
    pub rename_all_fields: Option<RenameRule>,
}

impl SerdeContainer {
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute], is_enum: bool) -> SerdeContainer {
        let mut out = SerdeContainer::default();
        each_key(cx, attrs, "serde", &mut |meta, key| {
            match key {
                "rename_all" => {
                    if let Some(lit) = serde_name(meta)? {
                        out.rename_all = rename_rule(cx, &lit);
                    }
                }
                "untagged" if is_enum => out.untagged = Some(meta.path.span()),
                "tag" | "content" if is_enum => {
                    let lit: LitStr = meta.value()?.parse()?;
                    let given = Given {
                        value: lit.value(),
                        key: meta.path.span(),
                        span: lit.span(),
                    };
                    let slot = match key {
                        "tag" => &mut out.tag,
                        _ => &mut out.content,
                    };
                    set(cx, slot, given, key);
                }
                "rename_all_fields" if is_enum => {
                    if let Some(lit) = serde_name(meta)? {
                        out.rename_all_fields = rename_rule(cx, &lit);
                    }
                }
                "deny_unknown_fields" => out.deny_unknown_fields = Some(meta.path.span()),
                "default" if !is_enum => {
                    out.default = true;
                    skip_value(meta)?;
                }
                // Read only when serialising, or no effect on what is read.
                "rename" | "bound" | "crate" | "expecting" | "into" | "rename_all_fields" => {
                    skip_value(meta)?
                }
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
    /// `flatten`, with its span: (a map) the members no other field names.
    pub flatten: Option<Span>,
    /// `alias = "..."` (any number): more names serde reads the field under.
    pub aliases: Vec<LitStr>,
}

impl SerdeField {
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> SerdeField {
        let mut out = SerdeField::default();
        each_key(cx, attrs, "serde", &mut |meta, key| {
            if name_or_skip(meta, key, &mut out.rename, &mut out.skip)? {
                return Ok(());
            }
            match key {
                "default" => {
                    out.default = true;
                    skip_value(meta)
                }
                "flatten" => {
                    out.flatten = Some(meta.path.span());
                    Ok(())
                }
                "alias" => {
                    out.aliases.push(meta.value()?.parse()?);
                    Ok(())
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
    /// `rename_all`: the rule for the fields of a struct variant.
    pub rename_all: Option<RenameRule>,
    /// `untagged` on the variant (refused: a mixed enum).
    pub untagged: bool,
}

impl SerdeVariant {
    pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> SerdeVariant {
        let mut out = SerdeVariant::default();
        each_key(cx, attrs, "serde", &mut |meta, key| {
            if name_or_skip(meta, key, &mut out.rename, &mut out.skip)? {
                return Ok(());
            }
            match key {
                "rename_all" => {
                    if let Some(lit) = serde_name(meta)? {
                        out.rename_all = rename_rule(cx, &lit);
                    }
                    Ok(())
                }
                "skip_serializing" | "serialize_with" | "bound" => skip_value(meta),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<Value> {
        json(&syn::parse::Parser::parse_str(value, text).ok()?)
    }

    #[test]
    fn values_without_syn_full() {
        assert_eq!(read("-2.5"), Some(serde_json::json!(-2.5)));
        assert_eq!(read("(7)"), Some(serde_json::json!(7)));
        assert_eq!(
            read(r#"[1, "two", true, -3]"#),
            Some(serde_json::json!([1, "two", true, -3]))
        );
        assert_eq!(
            read("[[1, 2], [], [\"a\",],]"),
            Some(serde_json::json!([[1, 2], [], ["a"]]))
        );
        assert_eq!(read("[1, f(2)]"), None);
        assert_eq!(read("some::path"), None);
    }

    #[test]
    fn unread_values_skipped() {
        let attr: Attribute =
            syn::parse_quote!(#[serde(with = a::b::<C, D>, bound = |x, y| x + y, rename = "r")]);
        let mut keys = Vec::new();
        let res = attr.parse_nested_meta(|meta| {
            keys.push(key_name(&meta));
            skip_value(&meta)
        });
        assert!(res.is_ok(), "{res:?}");
        assert_eq!(keys, ["with", "bound", "rename"]);
    }
}
