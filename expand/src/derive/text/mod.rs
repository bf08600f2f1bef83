//! The typed text path of a derived type: a serde `Visitor` generated per type,
//! which reads the arguments' JSON text into the type in one pass and checks every
//! constraint of the derived schema on the typed values as they are read
//! (`ToolArgs::__fast_de`, used by `parse_str`).
//!
//! The visitor reads a struct's members by name (as serde names them: `rename`,
//! `rename_all`, `alias`: a member given under two names of one field is a
//! repeat, which the exact path reports), each value with its own type's `Deserialize` (plain types), a
//! checking seed of the run time (`text::fast`: bounds, lengths, patterns, item
//! counts, uniqueness, `null` for an `Option` field) or, for a nested derived
//! type, that type's generated visitor. It stops at anything it does not settle
//! itself (an undeclared or repeated name, a missing required field, any
//! violation), and `parse_str` answers by the exact path, so what it accepts is
//! what parse-then-validate accepts and what it builds is what
//! `serde_json::from_str` builds (the same `Deserialize` for each field, the same
//! defaults for absent ones).
//!
//! Types it cannot read keep the generic pass (no items generated): a container
//! `#[serde(default)]`, a fixed-size array of values that need checking, a type the
//! derive does not map, a type marked `#[tool(custom_deserialize)]`, a recursive
//! type, enums other than unit-variant ones, newtype and tuple structs, tuple
//! fields, a flattened map, and fields with an `#[arg]`
//! constraint its seeds do not check (exclusive bounds, a multiple, allowed
//! values: `arg::Rule::seeded`).
//!
//! - this module: which types get the generated path, and a string enum's;
//! - `object`: a struct's visitor;
//! - `seed`: the seed of each field's value, by the shape of its type.

mod object;
mod seed;

use object::struct_body;

use super::ast::{Container, Data};
use crate::attr::skip_value;
use proc_macro2::TokenStream;
use quote::quote;
use syn::{DeriveInput, Ident, Type};

/// The items of `impl ToolArgs` that give the type its generated text path, or
/// nothing when the type keeps the generic one.
pub(crate) fn fast_items(input: &DeriveInput, container: &Container) -> TokenStream {
    // Only what this generator knows: serde attributes outside these lists (ones a
    // later derive may take, like `untagged` or `flatten`) keep the generic pass.
    const CONTAINER: &[&str] = &[
        "rename_all",
        "deny_unknown_fields",
        "rename",
        "bound",
        "crate",
        "expecting",
        "into",
        "rename_all_fields",
    ];
    const FIELD: &[&str] = &[
        "rename",
        "alias",
        "default",
        "skip",
        "skip_deserializing",
        "skip_serializing",
        "skip_serializing_if",
        "serialize_with",
        "bound",
        "getter",
    ];
    const VARIANT: &[&str] = &[
        "rename",
        "skip",
        "skip_deserializing",
        "skip_serializing",
        "serialize_with",
        "bound",
        "rename_all",
    ];
    if container.tool.custom_deserialize.is_some() || !only_serde_keys(&input.attrs, CONTAINER) {
        return TokenStream::new();
    }
    match &input.data {
        syn::Data::Struct(s) if s.fields.iter().all(|f| only_serde_keys(&f.attrs, FIELD)) => {}
        syn::Data::Enum(e)
            if e.variants.iter().all(|v| {
                matches!(v.fields, syn::Fields::Unit) && only_serde_keys(&v.attrs, VARIANT)
            }) => {}
        _ => return TokenStream::new(),
    }
    let body = match (&container.data, &input.data) {
        (Data::Struct(fields), syn::Data::Struct(s)) => {
            if container.serde.default {
                return TokenStream::new();
            }
            let attrs: Vec<&[syn::Attribute]> =
                s.fields.iter().map(|f| f.attrs.as_slice()).collect();
            if attrs.len() != fields.len() {
                return TokenStream::new();
            }
            struct_body(container, fields, &attrs)
        }
        (Data::Enum(_), syn::Data::Enum(_)) => Some((quote!(true), enum_body(container))),
        _ => None,
    };
    let Some((fast_path, body)) = body else {
        return TokenStream::new();
    };
    let fs = fs();
    quote! {
        const __FAST_PATH: bool = #fast_path;

        #[inline]
        fn __fast_de<'de, __D: #fs::serde::Deserializer<'de>>(
            __de: __D,
            __fast: #fs::Fast,
        ) -> ::core::result::Result<Self, __D::Error> {
            #body
        }
    }
}

/// Whether `ty` mentions `Self` or the type `own` (a recursive field).
fn names_type(ty: &Type, own: &Ident) -> bool {
    fn walk(tokens: TokenStream, own: &Ident) -> bool {
        tokens.into_iter().any(|t| match t {
            proc_macro2::TokenTree::Ident(i) => i == "Self" || i == *own,
            proc_macro2::TokenTree::Group(g) => walk(g.stream(), own),
            _ => false,
        })
    }
    walk(quote!(#ty), own)
}

/// The run time's module of the generated path.
fn fs() -> TokenStream {
    let rt = crate::paths::private();
    quote!(#rt::text::fast)
}

/// `fn __key(s: &str) -> u32`: the index of each name, `u32::MAX` for others.
fn key_fn(names: &[String]) -> TokenStream {
    let keys: Vec<(&str, u32)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i as u32))
        .collect();
    keys_fn(&keys)
}

/// `fn __key(s: &str) -> u32`: the index given with each name (a field's
/// aliases share its index), `u32::MAX` for others.
fn keys_fn(keys: &[(&str, u32)]) -> TokenStream {
    let arms = keys.iter().map(|(n, i)| quote!(#n => #i,));
    quote! {
        #[inline(always)]
        fn __key(s: &str) -> u32 {
            match s {
                #(#arms)*
                _ => ::core::primitive::u32::MAX,
            }
        }
    }
}

/// An enum of unit variants: a string, one of the variants' names.
fn enum_body(c: &Container) -> TokenStream {
    let fs = fs();
    let Data::Enum(variants) = &c.data else {
        return TokenStream::new();
    };
    let mut names = Vec::new();
    let mut idents: Vec<&Ident> = Vec::new();
    for v in variants.iter().filter(|v| !v.serde.skip) {
        let (name, _) = v.serde_name(c.serde.rename_all);
        if names.contains(&name) {
            continue;
        }
        names.push(name);
        idents.push(v.ident);
    }
    let key = key_fn(&names);
    let arms = idents.iter().enumerate().map(|(i, ident)| {
        let i = i as u32;
        quote!(#i => ::core::result::Result::Ok(Self::#ident),)
    });
    quote! {
        let _ = __fast;
        #key
        match #fs::variant(__de, __key)? {
            #(#arms)*
            _ => ::core::result::Result::Err(#fs::fail()),
        }
    }
}

/// Whether every `#[serde(...)]` key in `attrs` is one of `known`.
fn only_serde_keys(attrs: &[syn::Attribute], known: &[&str]) -> bool {
    let mut ok = true;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let read = attr.parse_nested_meta(|meta| {
            if !known.iter().any(|k| meta.path.is_ident(k)) {
                ok = false;
            }
            skip_value(&meta)
        });
        ok &= read.is_ok();
    }
    ok
}

/// `#[serde(default)]` (`Some(None)`) or `#[serde(default = "path")]`
/// (`Some(Some(path))`) on a field, read again here for the path.
fn default_attr(attrs: &[syn::Attribute]) -> Option<Option<syn::ExprPath>> {
    let mut out = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("default") {
                if meta.input.peek(syn::Token![=]) {
                    let lit: syn::LitStr = meta.value()?.parse()?;
                    out = Some(lit.parse::<syn::ExprPath>().ok());
                } else {
                    out = Some(None);
                }
            } else {
                skip_value(&meta)?;
            }
            Ok(())
        });
    }
    out
}
