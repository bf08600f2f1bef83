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
    let mut pieces = Pieces::default();
    write(value, externals, &mut pieces);
    pieces.flush();
    pieces.out
}

#[derive(Default)]
struct Pieces {
    text: String,
    out: Vec<TokenStream>,
}

impl Pieces {
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
fn write(v: &Value, externals: &[(String, syn::Type)], p: &mut Pieces) {
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
