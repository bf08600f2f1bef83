//! The exported schema text of a derived type: a literal, or a constant
//! concatenation with the nested types' schemas spliced in and recursive types'
//! definitions gathered into the root's `$defs`.

use super::ty::{self};
use crate::codegen::EXTERNAL_TYPE;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_json::Value;
use syn::spanned::Spanned;

/// The exported schema text as a `&'static str` expression (a literal, or, when
/// other `ToolArgs` types are nested, a constant concatenation of this schema's
/// text with theirs), and the hidden constants by which a schema nesting this type
/// splices it in.
///
/// A nested type is spliced in as its `__USE_JSON`: its schema, or, for a recursive
/// type, `{"$ref": "#/$defs/Name"}`. A recursive type refers to itself as `#` in its
/// own schema, and as `#/$defs/Name` in its definition (`__DEFS`), which every
/// schema nesting it gathers into its root's `$defs` (each name once): so every
/// `$ref` resolves wherever the type is nested, at any depth.
pub(super) fn exported_json(
    ident: &syn::Ident,
    value: &Value,
    recursive: Option<&str>,
    externals: &[(String, syn::Type)],
    root: Option<TokenStream>,
) -> (TokenStream, TokenStream) {
    // The text of this type's schema: `root` when given (a struct with flattened
    // ones, `derive/flatten`), else `value`'s.
    let root = root.unwrap_or_else(|| text_expr(value, externals));
    if externals.is_empty() && recursive.is_none() {
        // No other type's text, no definitions: a literal.
        return (root, TokenStream::new());
    }
    let rt = crate::paths::private();
    let tool_args = quote!(::tool_schema::__private::ToolArgs);
    let nested: Vec<TokenStream> = externals
        .iter()
        .map(|(_, ty)| quote_spanned!(ty.span()=> <#ty as #tool_args>::__DEFS))
        .collect();
    // The definitions nested types bring, each name once.
    let gathered = quote!({
        const LISTS: &[#rt::Defs] = &[#(#nested),*];
        const DEFS: [(&str, &str); #rt::defs_count(LISTS)] = #rt::defs_merge(LISTS);
        &DEFS
    });
    let (use_json, defs) = match recursive {
        Some(name) => {
            let reference = ty::def_pointer(name);
            let definition = text_expr(&rereferenced(value, &reference), externals);
            let use_json = serde_json::json!({ "$ref": reference }).to_string();
            let defs = quote!({
                const LISTS: &[#rt::Defs] = &[&[(#name, #definition)], #(#nested),*];
                const DEFS: [(&str, &str); #rt::defs_count(LISTS)] = #rt::defs_merge(LISTS);
                &DEFS
            });
            (quote!(#use_json), defs)
        }
        None => (root.clone(), gathered.clone()),
    };
    let root = match recursive {
        Some(_) => root,
        None => quote!(<#ident as #tool_args>::__USE_JSON),
    };
    // The schema: this type's own, with the nested types' definitions at its root.
    let schema_json = quote!({
        const ROOT: &str = #root;
        const DEFS: #rt::Defs = #gathered;
        const TEXT: [u8; #rt::defs_len(DEFS)] = #rt::defs_bytes(DEFS);
        const PIECES: &[&str] = &[
            #rt::without_close(ROOT),
            #rt::defs_open(ROOT, DEFS),
            #rt::concat_str(&TEXT),
            #rt::defs_close(DEFS),
        ];
        const BYTES: [u8; #rt::concat_len(PIECES)] = #rt::concat_bytes(PIECES);
        #rt::concat_str(&BYTES)
    });
    let items = quote!(
        #[doc(hidden)]
        const __USE_JSON: &'static str = #use_json;
        #[doc(hidden)]
        const __DEFS: #rt::Defs = #defs;
    );
    (schema_json, items)
}

/// `value` with each self-reference (`"$ref": "#"`) made `reference`.
pub(super) fn rereferenced(value: &Value, reference: &str) -> Value {
    match value {
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| match (k.as_str(), v) {
                    ("$ref", Value::String(r)) if r == "#" => {
                        (k.clone(), Value::String(reference.to_string()))
                    }
                    _ => (k.clone(), rereferenced(v, reference)),
                })
                .collect(),
        ),
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| rereferenced(v, reference)).collect())
        }
        other => other.clone(),
    }
}

/// `value` as compact JSON text, each marker node replaced by the nested type's
/// `__USE_JSON`: a literal, or a constant concatenation.
fn text_expr(value: &Value, externals: &[(String, syn::Type)]) -> TokenStream {
    match text_pieces(value, externals).as_slice() {
        [] => quote!(""),
        [single] if externals.is_empty() => single.clone(),
        all => {
            let rt = crate::paths::private();
            quote!({
                const PIECES: &[&str] = &[#(#all),*];
                const BYTES: [u8; #rt::concat_len(PIECES)] = #rt::concat_bytes(PIECES);
                #rt::concat_str(&BYTES)
            })
        }
    }
}

/// `value` as compact JSON text in pieces: literals, and the constant expressions
/// of the nested types' texts (`__USE_JSON`, spliced).
pub(super) fn text_pieces(value: &Value, externals: &[(String, syn::Type)]) -> Vec<TokenStream> {
    text_pieces_optional(value, externals, &[])
}

/// [`text_pieces`] for a generic type, each required name of `optional_if`
/// (`(object's pointer, name, type parameter)`, see `Builder::optional_if`)
/// written only where its parameter is not optional
/// (`ToolArgs::__OPTIONAL`): an instantiation with an `Option` leaves it out, and
/// `required` altogether when no name is left, as for a field written `Option`.
pub(super) fn text_pieces_optional(
    value: &Value,
    externals: &[(String, syn::Type)],
    optional_if: &[(String, String, syn::Type)],
) -> Vec<TokenStream> {
    let mut value = value.clone();
    for (i, (at, name, _)) in optional_if.iter().enumerate() {
        let required = value
            .pointer_mut(at)
            .and_then(|object| object.get_mut("required"))
            .and_then(Value::as_array_mut);
        for item in required.into_iter().flatten() {
            if item.as_str() == Some(name) {
                *item = serde_json::json!({ REQUIRED_UNLESS: i });
            }
        }
    }
    let mut pieces = Pieces {
        optional_if,
        ..Pieces::default()
    };
    write(&value, externals, &mut pieces);
    pieces.flush();
    pieces.out
}

/// The marker of a required name written only where its type parameter is not
/// optional: its index in `Pieces::optional_if`.
const REQUIRED_UNLESS: &str = "x-tool-schema-required-unless";

#[derive(Default)]
struct Pieces<'o> {
    text: String,
    out: Vec<TokenStream>,
    optional_if: &'o [(String, String, syn::Type)],
}

impl Pieces<'_> {
    fn flush(&mut self) {
        if !self.text.is_empty() {
            let t = std::mem::take(&mut self.text);
            self.out.push(quote!(#t));
        }
    }

    fn push(&mut self, expr: TokenStream) {
        self.flush();
        self.out.push(expr);
    }
}

/// Writes `v` as compact JSON (as `serde_json::to_string` does), each marker node
/// replaced by the nested type's `__USE_JSON`, its other members spliced in front.
fn write(v: &Value, externals: &[(String, syn::Type)], p: &mut Pieces<'_>) {
    match v {
        Value::Object(m) => {
            let marker = m.get(EXTERNAL_TYPE).and_then(Value::as_str);
            let ty = marker.and_then(|t| externals.iter().find(|(text, _)| text == t));
            p.text.push('{');
            let mut first = true;
            for (k, item) in m
                .iter()
                .filter(|(k, _)| ty.is_none() || *k != EXTERNAL_TYPE)
            {
                if let Some(names) = conditional_required(k, item).filter(|_| !first) {
                    write_required(&names, p);
                    continue;
                }
                if !first {
                    p.text.push(',');
                }
                first = false;
                p.text.push_str(&Value::String(k.clone()).to_string());
                p.text.push(':');
                write(item, externals, p);
            }
            match ty {
                None => p.text.push('}'),
                Some((_, ty)) => {
                    let rt = crate::paths::private();
                    let nested = quote_spanned!(ty.span()=> <#ty as ::tool_schema::__private::ToolArgs>::__USE_JSON);
                    if first {
                        // Nothing to splice: the nested schema as it is.
                        p.text.pop();
                        p.push(nested);
                    } else {
                        p.push(quote!(#rt::comma_before_members(#nested)));
                        p.push(quote!(#rt::spliced_open(#nested)));
                        p.push(quote!(#rt::spliced_body(#nested)));
                        p.push(quote!(#rt::spliced_close(#nested)));
                    }
                }
            }
        }
        Value::Array(items) => {
            p.text.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    p.text.push(',');
                }
                write(item, externals, p);
            }
            p.text.push(']');
        }
        leaf => p.text.push_str(&leaf.to_string()),
    }
}

/// A `required` member naming some names only where their type parameter is
/// not optional: each name, with the index of its condition.
fn conditional_required(key: &str, value: &Value) -> Option<Vec<(String, Option<usize>)>> {
    let items = value.as_array().filter(|_| key == "required")?;
    let names: Vec<(String, Option<usize>)> = items
        .iter()
        .map(|item| match item {
            Value::String(name) => (name.clone(), None),
            other => {
                let i = other[REQUIRED_UNLESS].as_u64().map(|i| i as usize);
                (String::new(), i)
            }
        })
        .collect();
    names.iter().any(|(_, i)| i.is_some()).then_some(names)
}

/// `,"required":[..]` as constant pieces, nothing when no name is required.
fn write_required(names: &[(String, Option<usize>)], p: &mut Pieces<'_>) {
    let rt = crate::paths::private();
    let (any, entries) = required_entries(names, p.optional_if);
    let open = r#","required":["#;
    p.push(quote!(#rt::when(#any, #open)));
    for entry in entries {
        p.push(entry);
    }
    p.push(quote!(#rt::when(#any, "]")));
}

/// The names of a `required` list as constant pieces: each name where it is
/// required (a conditional one: where its parameter's `__OPTIONAL` is false),
/// with a comma before it when one is written before; and whether any is.
fn required_entries(
    names: &[(String, Option<usize>)],
    optional_if: &[(String, String, syn::Type)],
) -> (TokenStream, Vec<TokenStream>) {
    let rt = crate::paths::private();
    let tool_args = quote!(::tool_schema::__private::ToolArgs);
    let mut present = Vec::new();
    let mut entries = Vec::new();
    for (name, i) in names {
        let (name, now) = match i.and_then(|i| optional_if.get(i)) {
            Some((_, name, ty)) => (
                name,
                quote_spanned!(ty.span()=> !<#ty as #tool_args>::__OPTIONAL),
            ),
            None => (name, quote!(true)),
        };
        let text = Value::String(name.clone()).to_string();
        let after_comma = format!(",{text}");
        entries.push(quote!(#rt::required_name(
            #now,
            #rt::any_of(&[#(#present),*]),
            #text,
            #after_comma
        )));
        present.push(now);
    }
    (quote!(#rt::any_of(&[#(#present),*])), entries)
}

/// The root's `required` list of a generic type as constant pieces of its JSON
/// text (`[..]`, brackets even when empty; a conditional name where its
/// parameter is not optional): what a type flattening it reads (`__MEMBERS`).
pub(super) fn required_list_pieces(
    value: &Value,
    optional_if: &[(String, String, syn::Type)],
) -> Vec<TokenStream> {
    let names: Vec<(String, Option<usize>)> = value
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(|name| {
            let i = optional_if
                .iter()
                .position(|(at, n, _)| at.is_empty() && n == name);
            (name.to_string(), i)
        })
        .collect();
    let (_, entries) = required_entries(&names, optional_if);
    let mut pieces = vec![quote!("[")];
    pieces.extend(entries);
    pieces.push(quote!("]"));
    pieces
}
