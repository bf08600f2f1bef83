//! The plan of the typed form -> Rust: each type with serde's derives, named
//! through the facade (`#[serde(crate = ...)]`), so that the user's crate needs no
//! `serde` of its own.

use super::plan::{Def, Field, Plan, Ty};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;
use syn::{Attribute, Visibility};

/// An identifier as the plan spells it (`r#type` for a keyword).
fn ident(name: &str) -> Ident {
    match name.strip_prefix("r#") {
        Some(raw) => Ident::new_raw(raw, Span::call_site()),
        None => Ident::new(name, Span::call_site()),
    }
}

fn ty(t: &Ty) -> TokenStream {
    let rt = crate::paths::private();
    match t {
        Ty::Bool => quote!(bool),
        Ty::String => quote!(::std::string::String),
        Ty::Int(name) => {
            let i = ident(name);
            quote!(#i)
        }
        Ty::F64 => quote!(f64),
        Ty::Number => quote!(#rt::serde_json::Number),
        Ty::Value => quote!(#rt::serde_json::Value),
        Ty::Map => quote!(#rt::serde_json::Map<::std::string::String, #rt::serde_json::Value>),
        Ty::MapOf(value) => {
            let value = ty(value);
            quote!(::std::collections::BTreeMap<::std::string::String, #value>)
        }
        Ty::Vec(item) => {
            let item = ty(item);
            quote!(::std::vec::Vec<#item>)
        }
        Ty::Option(inner) => {
            let inner = ty(inner);
            quote!(::core::option::Option<#inner>)
        }
        Ty::Tuple(elements) => {
            let elements: Vec<TokenStream> = elements.iter().map(ty).collect();
            match elements.as_slice() {
                [one] => quote!((#one,)),
                _ => quote!((#(#elements),*)),
            }
        }
        Ty::Boxed(inner) => {
            let inner = ty(inner);
            quote!(::std::boxed::Box<#inner>)
        }
        Ty::Named(name) | Ty::Const { name, .. } => {
            let i = ident(name);
            quote!(#i)
        }
    }
}

fn docs(lines: &[String]) -> TokenStream {
    let lines = lines.iter().map(|l| format!(" {l}"));
    quote!(#(#[doc = #lines])*)
}

fn field(f: &Field, vis: &Visibility) -> TokenStream {
    let doc = docs(&f.doc);
    let name = ident(&f.ident);
    let json = &f.name;
    let rename = f.renamed.then(|| quote!(#[serde(rename = #json)]));
    let inner = ty(&f.ty);
    if f.required {
        return quote!(#doc #rename #vis #name: #inner,);
    }
    // Absent is `None` and stays absent; where `null` is a value of the type, a
    // member that is present is `Some`, `null` included.
    let present =
        f.ty.holds_null()
            .then(|| quote!(deserialize_with = "::tool_schema::__private::typed::present",));
    quote!(
        #doc
        #rename
        #[serde(default, #present skip_serializing_if = "::core::option::Option::is_none")]
        #vis #name: ::core::option::Option<#inner>,
    )
}

/// The items of `plan`: the root struct (with `root_attrs`, its doc comment and
/// the caller's other attributes) and the types it uses, all with visibility `vis`.
pub(crate) fn items(
    plan: &Plan,
    vis: &Visibility,
    root_attrs: &[Attribute],
    derives: &[syn::Path],
) -> TokenStream {
    let rt = crate::paths::private();
    let serde_crate = quote!(#[serde(crate = "::tool_schema::__private::serde")]);
    let mut out = TokenStream::new();
    for (i, def) in plan.defs.iter().enumerate() {
        let attrs = if i == 0 {
            quote!(#(#root_attrs)*)
        } else {
            quote!()
        };
        // The doc comment, the caller's attributes and the derives of a type.
        let head = |doc: &[String], have: &[&str]| {
            let doc = docs(doc);
            let derive = derive_attr(have, derives);
            quote!(#doc #attrs #derive)
        };
        match def {
            Def::Struct {
                name,
                doc,
                fields,
                rest,
            } => {
                let head = head(doc, &STRUCT_DERIVES);
                let name = ident(name);
                let fields = fields.iter().map(|f| field(f, vis));
                let rest = rest.as_ref().map(|r| {
                    let (doc, name, map) = (docs(&r.doc), ident(&r.ident), ty(&r.ty));
                    quote!(
                        #doc
                        #[serde(flatten)]
                        #vis #name: #map,
                    )
                });
                out.extend(quote! {
                    #head
                    #serde_crate
                    #[allow(non_snake_case)]
                    #vis struct #name {
                        #(#fields)*
                        #rest
                    }
                });
            }
            Def::Enum {
                name,
                doc,
                variants,
            } => {
                let head = head(doc, &ENUM_DERIVES);
                let name = ident(name);
                let variants = variants.iter().map(|(v, s, doc)| {
                    let (v, doc) = (ident(v), docs(doc));
                    quote!(#doc #[serde(rename = #s)] #v,)
                });
                out.extend(quote! {
                    #head
                    #serde_crate
                    #vis enum #name {
                        #(#variants)*
                    }
                });
            }
            Def::Const { name, doc, json } => {
                let shown = format!("The constant `{json}`.");
                let doc: Vec<String> = doc.iter().cloned().chain([shown]).collect();
                let head = head(&doc, &CONST_DERIVES);
                let name = ident(name);
                // The serde implementations: the constant written, and read alone.
                out.extend(quote! {
                    #head
                    #vis struct #name;
                    #rt::typed_const!(#name, #json);
                });
            }
            Def::Union {
                name,
                doc,
                tag,
                variants,
            } => {
                let head = head(doc, &STRUCT_DERIVES);
                let name = ident(name);
                let variants = variants.iter().map(|v| {
                    let (i, t, s) = (ident(&v.ident), ty(&v.ty), &v.tag_value);
                    quote!(#[serde(rename = #s)] #i(#t),)
                });
                let tag = (!tag.is_empty()).then(|| quote!(#[serde(tag = #tag)]));
                out.extend(quote! {
                    #head
                    #serde_crate
                    #tag
                    #vis enum #name {
                        #(#variants)*
                    }
                });
            }
        }
    }
    out
}

/// The traits each kind of declared type derives (a constant's serde ones are
/// implemented by `typed_const!`, and so left out of its derives).
const SERDE: [&str; 2] = ["Deserialize", "Serialize"];
const STRUCT_DERIVES: [&str; 5] = ["Clone", "Debug", "PartialEq", "Deserialize", "Serialize"];
const ENUM_DERIVES: [&str; 8] = [
    "Clone",
    "Copy",
    "Debug",
    "PartialEq",
    "Eq",
    "Hash",
    "Deserialize",
    "Serialize",
];
const CONST_DERIVES: [&str; 7] = [
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "PartialEq",
    "Eq",
    "Hash",
];

/// The `#[derive(...)]` of traits `have` (by name: `Clone`, `Serialize`, ...),
/// then of the traits `more` asks for that are not among them nor serde's (by
/// the path's last name).
fn derive_attr(have: &[&str], more: &[syn::Path]) -> TokenStream {
    let rt = crate::paths::private();
    let have_paths = have.iter().map(|name| match *name {
        "Clone" => quote!(::core::clone::Clone),
        "Copy" => quote!(::core::marker::Copy),
        "Debug" => quote!(::core::fmt::Debug),
        "Default" => quote!(::core::default::Default),
        "PartialEq" => quote!(::core::cmp::PartialEq),
        "Eq" => quote!(::core::cmp::Eq),
        "Hash" => quote!(::core::hash::Hash),
        "Deserialize" => quote!(#rt::serde::Deserialize),
        _ => quote!(#rt::serde::Serialize),
    });
    let more = more.iter().filter(|p| {
        !p.segments
            .last()
            .is_some_and(|s| have.iter().chain(&SERDE).any(|h| s.ident == h))
    });
    let all = have_paths.chain(more.map(|p| quote!(#p)));
    quote!(#[derive(#(#all),*)])
}

/// The struct declared when the schema has errors: the rest of the crate still
/// type-checks while the errors stop the build.
pub(crate) fn fallback(ident: &Ident, vis: &Visibility, root_attrs: &[Attribute]) -> TokenStream {
    let rt = crate::paths::private();
    quote! {
        #(#root_attrs)*
        #[derive(
            ::core::clone::Clone, ::core::fmt::Debug, ::core::cmp::PartialEq,
            #rt::serde::Deserialize, #rt::serde::Serialize
        )]
        #[serde(crate = "::tool_schema::__private::serde")]
        #vis struct #ident {}
    }
}
