//! The typed text path of a derived type: a serde `Visitor` generated per type,
//! which reads the arguments' JSON text into the type in one pass and checks every
//! constraint of the derived schema on the typed values as they are read
//! (`ToolArgs::__fast_de`, used by `parse_str`).
//!
//! The visitor reads a struct's members by name (as serde names them: `rename`,
//! `rename_all`), each value with its own type's `Deserialize` (plain types), a
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
//! derive does not map, a type marked `#[tool(custom_deserialize)]`, a recursive type, enums other than unit-variant ones, and
//! fields with `exclusive_minimum`, `exclusive_maximum`, `multiple_of` or `values`.

use super::ast::{unraw, Container, Data, Field};
use super::rust_type::{recognise, RustShape};
use super::ty::{F32_MAX, JSON_MAX, JSON_MIN};
use crate::attr::skip_value;
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use serde_json::Number;
use syn::spanned::Spanned;
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
    let arms = names.iter().enumerate().map(|(i, n)| {
        let i = i as u32;
        quote!(#n => #i,)
    });
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
        let rust_name = unraw(v.ident);
        let name = match (&v.serde.rename, c.serde.rename_all) {
            (Some(lit), _) => lit.value(),
            (None, Some(rule)) => rule.apply_to_variant(&rust_name),
            (None, None) => rust_name,
        };
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

/// A struct: the arguments object.
fn struct_body(
    c: &Container,
    fields: &[Field],
    attrs: &[&[syn::Attribute]],
) -> Option<(TokenStream, TokenStream)> {
    let fs = fs();
    let ident = c.ident;
    let deny = c.serde.deny_unknown_fields.is_some();
    let mut names = Vec::new();
    let mut slots = Vec::new();
    let mut arms = Vec::new();
    let mut inits = Vec::new();
    let mut ext = Externals::default();
    for (field, attrs) in fields.iter().zip(attrs) {
        let fident = field.ident;
        let default = default_attr(attrs);
        let default_expr = match &default {
            Some(Some(path)) => quote!(#path()),
            _ => quote!(::core::default::Default::default()),
        };
        if field.serde.skip {
            inits.push(quote!(#fident: #default_expr,));
            continue;
        }
        let rust_name = unraw(fident);
        let name = match (&field.serde.rename, c.serde.rename_all) {
            (Some(lit), _) => lit.value(),
            (None, Some(rule)) => rule.apply_to_field(&rust_name),
            (None, None) => rust_name,
        };
        if names.contains(&name) {
            // Refused by the derive.
            return None;
        }
        let i = names.len() as u32;
        names.push(name);
        let slot = format_ident!("__f{}", i);
        let ty = field.ty;
        // Not read here (the generic pass reads them): a type that contains itself
        // (`Self` would name the visitor inside the generated items), and the
        // `#[arg]` constraints this generator does not check.
        let arg = &field.arg;
        if names_type(ty, ident)
            || arg.exclusive_minimum.is_some()
            || arg.exclusive_maximum.is_some()
            || arg.multiple_of.is_some()
            || arg.values.is_some()
        {
            return None;
        }
        // Whether the member was read (a defaulted field may read `null` as
        // absent and leave its slot empty).
        let seen = format_ident!("__s{}", i);
        slots.push(quote!(
            let mut #slot: ::core::option::Option<#ty> = ::core::option::Option::None;
            let mut #seen = false;
        ));
        let optional = optional_layers(ty);
        let seed = match &optional {
            Some(_) => field_option_seed(ty, field, default.is_some(), &mut ext)?,
            None => seed(ty, Some(field), &mut ext)?.0,
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
        arms.push(quote! {
            #i => {
                if #seen {
                    return ::core::result::Result::Err(#fs::fail());
                }
                #seen = true;
                #read
            }
        });
        let missing = match (&default, &optional) {
            (Some(_), _) => default_expr,
            (None, Some(_)) => missing_option(ty),
            (None, None) => quote!(return ::core::result::Result::Err(#fs::fail())),
        };
        inits.push(quote! {
            #fident: match #slot {
                ::core::option::Option::Some(__v) => __v,
                ::core::option::Option::None => #missing,
            },
        });
    }
    let key = key_fn(&names);
    let nested = ext.items();
    // The generated path reads a nested type with that type's own: only when it
    // has one (else the generic pass reads this type too).
    let nested_fast = ext
        .types
        .iter()
        .map(|(_, ty)| quote!(&& <#ty as ::tool_schema::ToolArgs>::__FAST_PATH));
    let fast_path = quote!(true #(#nested_fast)*);
    Some((
        fast_path,
        quote! {
            #nested

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

            #fs::serde::Deserializer::deserialize_map(__de, __Visitor(__fast))
        },
    ))
}

/// The nested derived types of a struct: a seed type each, which reads it with its
/// generated visitor. The call `<T as ToolArgs>::__fast_de` carries the span of the
/// type as written, so that a type that does not implement `ToolArgs` gets the one
/// error the schema's splicing already gives there, not another.
#[derive(Default)]
struct Externals {
    types: Vec<(String, Type)>,
}

impl Externals {
    fn seed(&mut self, ty: &Type) -> TokenStream {
        let text = quote!(#ty).to_string();
        let i = match self.types.iter().position(|(t, _)| *t == text) {
            Some(i) => i,
            None => {
                self.types.push((text, ty.clone()));
                self.types.len() - 1
            }
        };
        let name = format_ident!("__Nested{}", i);
        quote!(#name(__fast))
    }

    fn items(&self) -> TokenStream {
        let fs = fs();
        let items = self.types.iter().enumerate().map(|(i, (_, ty))| {
            let name = format_ident!("__Nested{}", i);
            let call = quote_spanned!(ty.span()=> <#ty as ::tool_schema::ToolArgs>::__fast_de);
            quote! {
                #[derive(Clone, Copy)]
                struct #name(#fs::Fast);

                impl<'de> #fs::serde::de::DeserializeSeed<'de> for #name {
                    type Value = #ty;

                    #[inline]
                    fn deserialize<__D2: #fs::serde::Deserializer<'de>>(
                        self,
                        de: __D2,
                    ) -> ::core::result::Result<#ty, __D2::Error> {
                        #call(de, self.0)
                    }
                }
            }
        });
        quote!(#(#items)*)
    }
}

/// What `ty` is (see `rust_type`); a type naming the derived type itself never
/// reaches the generated path, so only `Self` is its own.
fn shape(ty: &Type) -> RustShape<'_> {
    recognise(ty, None)
}

/// Whether the type's schema takes `null`.
fn accepts_null(ty: &Type) -> bool {
    match shape(ty) {
        RustShape::Option(_) | RustShape::Value => true,
        RustShape::Box(inner) => accepts_null(inner),
        _ => false,
    }
}

/// For a field that may be left out (`Option<T>`, through `Box`es, as the derive's
/// `option_inner`): the number of `Box`es before the `Option`.
fn optional_layers(ty: &Type) -> Option<usize> {
    match shape(ty) {
        RustShape::Option(_) => Some(0),
        RustShape::Box(inner) => optional_layers(inner).map(|n| n + 1),
        _ => None,
    }
}

/// The value of an absent `Option` field (`None`, boxed as the type says).
fn missing_option(ty: &Type) -> TokenStream {
    match shape(ty) {
        RustShape::Box(inner) => {
            let inner = missing_option(inner);
            quote!(::std::boxed::Box::new(#inner))
        }
        _ => quote!(::core::option::Option::None),
    }
}

/// The seed of an `Option` field: `null` is `None` where the inner type takes it,
/// or (without a default, which handles it) where `null` counts as absent.
fn field_option_seed(
    ty: &Type,
    field: &Field,
    defaulted: bool,
    ext: &mut Externals,
) -> Option<TokenStream> {
    let fs = fs();
    match shape(ty) {
        RustShape::Box(inner) => {
            let inner = field_option_seed(inner, field, defaulted, ext)?;
            Some(quote!(#fs::Boxed(#inner)))
        }
        RustShape::Option(inner) => {
            let (seed, _) = seed(inner, Some(field), ext)?;
            let null = accepts_null(inner);
            let null_ok = if defaulted {
                quote!(#null)
            } else {
                quote!(#null || __fast.null_is_absent)
            };
            Some(quote!(#fs::FieldOption { inner: #seed, null_ok: #null_ok }))
        }
        _ => None,
    }
}

fn int_bound(v: i128) -> TokenStream {
    let fs = fs();
    let lit = Literal::u128_suffixed(v.unsigned_abs());
    if v < 0 {
        quote!(#fs::Bound::Int(-(#lit as i128)))
    } else {
        quote!(#fs::Bound::Int(#lit as i128))
    }
}

fn number_bound(n: &Number) -> TokenStream {
    let fs = fs();
    if let Some(i) = n.as_i64() {
        return int_bound(i.into());
    }
    if let Some(u) = n.as_u64() {
        return int_bound(u.into());
    }
    let f = n.as_f64().unwrap_or(0.0);
    let lit = Literal::f64_suffixed(f.abs());
    if f < 0.0 {
        quote!(#fs::Bound::Float(-#lit))
    } else {
        quote!(#fs::Bound::Float(#lit))
    }
}

fn count(v: Option<u64>, none: u64) -> Literal {
    Literal::u64_suffixed(v.unwrap_or(none))
}

/// The seed that reads a value of `ty` (with `field`'s `#[arg]` constraints on its
/// core, through `Option`s and `Box`es), and whether it is the type's own
/// `Deserialize` (a `PhantomData`: serde accepts exactly what the schema does).
fn seed(ty: &Type, field: Option<&Field>, ext: &mut Externals) -> Option<(TokenStream, bool)> {
    let fs = fs();
    let plain = || Some((quote!(::core::marker::PhantomData::<#ty>), true));
    let arg = field.map(|f| &f.arg);
    match shape(ty) {
        RustShape::Integer { name, min, max } => {
            let given_min = arg.and_then(|a| a.minimum.as_ref()).map(|g| &g.value);
            let given_max = arg.and_then(|a| a.maximum.as_ref()).map(|g| &g.value);
            let wide = matches!(name, "u128" | "i128" | "usize" | "isize");
            if given_min.is_none() && given_max.is_none() && !wide {
                return plain();
            }
            let min = match given_min {
                Some(n) => number_bound(n),
                None if min > JSON_MIN => int_bound(min),
                None => quote!(#fs::Bound::None),
            };
            let max = match given_max {
                Some(n) => number_bound(n),
                None if max < JSON_MAX => int_bound(max),
                None => quote!(#fs::Bound::None),
            };
            Some((quote!(#fs::Num::<#ty>::new(#min, #max)), false))
        }
        float @ (RustShape::F32 | RustShape::F64) => {
            // An `f32` is bounded by its range.
            let ranged = matches!(float, RustShape::F32);
            let given_min = arg.and_then(|a| a.minimum.as_ref()).map(|g| &g.value);
            let given_max = arg.and_then(|a| a.maximum.as_ref()).map(|g| &g.value);
            if given_min.is_none() && given_max.is_none() && !ranged {
                return plain();
            }
            // An `f32`'s own range where no bound is given (as its schema says).
            let own = |v: f64| {
                if ranged {
                    number_bound(&Number::from_f64(v).expect("finite"))
                } else {
                    quote!(#fs::Bound::None)
                }
            };
            let min = given_min.map_or_else(|| own(-F32_MAX), number_bound);
            let max = given_max.map_or_else(|| own(F32_MAX), number_bound);
            Some((quote!(#fs::Num::<#ty>::new(#min, #max)), false))
        }
        RustShape::String => {
            let min = arg.and_then(|a| a.min_length.as_ref()).map(|g| g.value);
            let max = arg.and_then(|a| a.max_length.as_ref()).map(|g| g.value);
            let pattern = arg.and_then(|a| a.pattern.as_ref()).map(|g| &g.value);
            if min.is_none() && max.is_none() && pattern.is_none() {
                return plain();
            }
            let (min, max) = (count(min, 0), count(max, u64::MAX));
            let pattern = match pattern {
                Some(source) => quote!(::core::option::Option::Some({
                    static __RE: #fs::PatternCell = #fs::PatternCell::new();
                    (&__RE, #source)
                })),
                None => quote!(::core::option::Option::None),
            };
            Some((
                quote!(#fs::Str { min: #min, max: #max, pattern: #pattern }),
                false,
            ))
        }
        // serde accepts what the schema does.
        RustShape::Char | RustShape::Bool => plain(),
        // A `Value` would keep one of two members of the same name: read by a
        // seed that stops at a repeated one.
        RustShape::Value => Some((quote!(#fs::Unique), false)),
        RustShape::Option(inner) => {
            let (s, is_plain) = seed(inner, field, ext)?;
            if is_plain {
                return plain();
            }
            Some((quote!(#fs::Nullable(#s)), false))
        }
        RustShape::Box(inner) => {
            let (s, is_plain) = seed(inner, field, ext)?;
            if is_plain {
                return plain();
            }
            Some((quote!(#fs::Boxed(#s)), false))
        }
        RustShape::Vec(inner) => {
            let (s, is_plain) = seed(inner, None, ext)?;
            let min = arg.and_then(|a| a.min_items.as_ref()).map(|g| g.value);
            let max = arg.and_then(|a| a.max_items.as_ref()).map(|g| g.value);
            if is_plain && min.is_none() && max.is_none() {
                return plain();
            }
            let (min, max) = (count(min, 0), count(max, u64::MAX));
            Some((quote!(#fs::Seq { inner: #s, min: #min, max: #max }), false))
        }
        RustShape::Set(inner) => {
            let (s, _) = seed(inner, None, ext)?;
            let min = count(arg.and_then(|a| a.min_items.as_ref()).map(|g| g.value), 0);
            let max = count(
                arg.and_then(|a| a.max_items.as_ref()).map(|g| g.value),
                u64::MAX,
            );
            Some((quote!(#fs::Set::<#ty, _>::new(#s, #min, #max)), false))
        }
        RustShape::Map { value, .. } => {
            // Always the checking map: serde's own keeps one of two members of
            // the same name, and this one stops at a repeated one.
            let (s, _) = seed(value, None, ext)?;
            Some((quote!(#fs::Map::<#ty, _>::new(#s)), false))
        }
        RustShape::Fixed(array) => {
            // serde reads exactly N elements, as `minItems` = `maxItems` = N says.
            let (_, is_plain) = seed(&array.elem, None, ext)?;
            if is_plain {
                plain()
            } else {
                None
            }
        }
        RustShape::External => Some((ext.seed(ty), false)),
        // Never here (see `shape`), or refused by the schema writer.
        RustShape::Own | RustShape::Refused(_) => None,
    }
}
