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
        Ty::Vec(item) => {
            let item = ty(item);
            quote!(::std::vec::Vec<#item>)
        }
        Ty::Option(inner) => {
            let inner = ty(inner);
            quote!(::core::option::Option<#inner>)
        }
        Ty::Named(name) => {
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
pub(crate) fn items(plan: &Plan, vis: &Visibility, root_attrs: &[Attribute]) -> TokenStream {
    let rt = crate::paths::private();
    let serde_crate = quote!(#[serde(crate = "::tool_schema::__private::serde")]);
    let mut out = TokenStream::new();
    for (i, def) in plan.defs.iter().enumerate() {
        let attrs = if i == 0 {
            quote!(#(#root_attrs)*)
        } else {
            quote!()
        };
        match def {
            Def::Struct {
                name,
                doc,
                fields,
                rest,
            } => {
                let doc = docs(doc);
                let name = ident(name);
                let fields = fields.iter().map(|f| field(f, vis));
                let rest = rest.as_ref().map(|r| {
                    let r = ident(r);
                    let map = ty(&Ty::Map);
                    quote!(
                        /// The members `properties` does not declare, which the
                        /// schema allows (`additionalProperties` is not `false`).
                        #[serde(flatten)]
                        #vis #r: #map,
                    )
                });
                out.extend(quote! {
                    #doc
                    #attrs
                    #[derive(
                        ::core::clone::Clone, ::core::fmt::Debug, ::core::cmp::PartialEq,
                        #rt::serde::Deserialize, #rt::serde::Serialize
                    )]
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
                let doc = docs(doc);
                let name = ident(name);
                let variants = variants.iter().map(|(v, s)| {
                    let v = ident(v);
                    quote!(#[serde(rename = #s)] #v,)
                });
                out.extend(quote! {
                    #doc
                    #attrs
                    #[derive(
                        ::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug,
                        ::core::cmp::PartialEq, ::core::cmp::Eq, ::core::hash::Hash,
                        #rt::serde::Deserialize, #rt::serde::Serialize
                    )]
                    #serde_crate
                    #vis enum #name {
                        #(#variants)*
                    }
                });
            }
        }
    }
    out
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
