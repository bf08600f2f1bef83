//! The generated visitor of a struct: each member read by name into its field's
//! slot with its field's seed.

use super::{default_attr, fs, keys_fn, names_type};
use crate::derive::ast::{Container, Field};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::Ident;

use super::seed::{field_option_seed, missing_option, optional_layers, seed, Externals};

/// A struct: the arguments object.
pub(super) fn struct_body(
    c: &Container,
    fields: &[Field],
    attrs: &[&[syn::Attribute]],
) -> Option<(TokenStream, TokenStream)> {
    let fs = fs();
    let mut names = Vec::new();
    // Each alias, with its field's index.
    let mut aliases: Vec<(String, u32)> = Vec::new();
    let mut code = FieldsCode::default();
    let mut ext = Externals::default();
    for (field, attrs) in fields.iter().zip(attrs) {
        let default = default_attr(attrs);
        if field.serde.skip {
            let fident = field.ident;
            let default_expr = default_expr(&default);
            code.inits.push(quote!(#fident: #default_expr,));
            continue;
        }
        let (name, _) = field.serde_name(c.serde.rename_all);
        if names.contains(&name) {
            // Refused by the derive.
            return None;
        }
        let i = names.len() as u32;
        names.push(name);
        aliases.extend(field.serde.aliases.iter().map(|a| (a.value(), i)));
        code.field(c.ident, field, &default, i, &mut ext)?;
    }
    let mut keys: Vec<(&str, u32)> = names
        .iter()
        .zip(0..)
        .map(|(n, i)| (n.as_str(), i))
        .collect();
    keys.extend(aliases.iter().map(|(a, i)| (a.as_str(), *i)));
    let key = keys_fn(&keys);
    let nested = ext.items();
    // The generated path reads a nested type with that type's own: only when it
    // has one (else the generic pass reads this type too).
    let nested_fast = ext
        .types
        .iter()
        .map(|(_, ty)| quote!(&& <#ty as ::tool_schema::__private::ToolArgs>::__FAST_PATH));
    let fast_path = quote!(true #(#nested_fast)*);
    let deny = c.serde.deny_unknown_fields.is_some();
    let visitor = code.visitor(c.ident, deny, &key);
    Some((
        fast_path,
        quote! {
            #nested

            #visitor

            #fs::serde::Deserializer::deserialize_map(__de, __Visitor(__fast))
        },
    ))
}

/// A field's value when it is absent and defaulted: `path()` or `Default`.
fn default_expr(default: &Option<Option<syn::ExprPath>>) -> TokenStream {
    match default {
        Some(Some(path)) => quote!(#path()),
        _ => quote!(::core::default::Default::default()),
    }
}

/// The visitor's code for each field: its slot, its arm in the loop over the
/// members, its initialiser.
#[derive(Default)]
struct FieldsCode {
    slots: Vec<TokenStream>,
    arms: Vec<TokenStream>,
    inits: Vec<TokenStream>,
}

impl FieldsCode {
    /// The code of the field read as the `i`th name; `None` when the generated
    /// path does not read it.
    fn field(
        &mut self,
        own: &Ident,
        field: &Field,
        default: &Option<Option<syn::ExprPath>>,
        i: u32,
        ext: &mut Externals,
    ) -> Option<()> {
        let fs = fs();
        let fident = field.ident;
        let slot = format_ident!("__f{}", i);
        let ty = field.ty;
        // Not read here (the generic pass reads them): a type that contains itself
        // (`Self` would name the visitor inside the generated items), and the
        // `#[arg]` constraints this generator does not check.
        if names_type(ty, own) || field.arg.has_unseeded_rules() {
            return None;
        }
        // Whether the member was read (a defaulted field may read `null` as
        // absent and leave its slot empty).
        let seen = format_ident!("__s{}", i);
        self.slots.push(quote!(
            let mut #slot: ::core::option::Option<#ty> = ::core::option::Option::None;
            let mut #seen = false;
        ));
        let optional = optional_layers(ty);
        let seed = match &optional {
            Some(_) => field_option_seed(ty, field, default.is_some(), ext)?,
            None => seed(ty, Some(field), ext)?.0,
        };
        let read = if default.is_some() {
            quote! {
                let __v = __map.next_value_seed(#fs::Defaulted {
                    inner: #seed,
                    null_is_absent: __fast.null_is_absent,
                })?;
                if let ::core::option::Option::Some(__v) = __v {
                    #slot = ::core::option::Option::Some(__v);
                }
            }
        } else {
            quote!(#slot = ::core::option::Option::Some(__map.next_value_seed(#seed)?);)
        };
        self.arms.push(quote! {
            #i => {
                if #seen {
                    return ::core::result::Result::Err(#fs::fail());
                }
                #seen = true;
                #read
            }
        });
        let missing = match (default, &optional) {
            (Some(_), _) => default_expr(default),
            (None, Some(_)) => missing_option(ty),
            (None, None) => quote!(return ::core::result::Result::Err(#fs::fail())),
        };
        self.inits.push(quote! {
            #fident: match #slot {
                ::core::option::Option::Some(__v) => __v,
                ::core::option::Option::None => #missing,
            },
        });
        Some(())
    }

    /// `__Visitor`, which reads the struct `ident` from a map.
    fn visitor(&self, ident: &Ident, deny: bool, key: &TokenStream) -> TokenStream {
        let fs = fs();
        let FieldsCode { slots, arms, inits } = self;
        quote! {
            struct __Visitor(#fs::Fast);

            impl<'de> #fs::serde::de::Visitor<'de> for __Visitor {
                type Value = #ident;

                fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.write_str("an object")
                }

                #[inline]
                fn visit_map<__A: #fs::serde::de::MapAccess<'de>>(
                    self,
                    mut __map: __A,
                ) -> ::core::result::Result<#ident, __A::Error> {
                    let __fast = self.0;
                    #key
                    #(#slots)*
                    // Undeclared names read (a repeated one: the exact path
                    // reports it).
                    let mut __names = #fs::Names::new();
                    while let ::core::option::Option::Some((__k, __h)) =
                        __map.next_key_seed(#fs::KeyOrHash(__key))?
                    {
                        match __k {
                            #(#arms)*
                            _ => {
                                if #deny || __fast.reject_undeclared || !__names.insert(__h) {
                                    return ::core::result::Result::Err(#fs::fail());
                                }
                                __map.next_value_seed(#fs::Skip)?;
                            }
                        }
                    }
                    ::core::result::Result::Ok(#ident { #(#inits)* })
                }
            }
        }
    }
}
