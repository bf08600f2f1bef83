//! The seeds that read a field's value with its `#[arg]` constraints checked as
//! it is read (the run time's `text::fast`), by the shape of its type; and the
//! nested derived types, read with their own generated visitors.

use super::fs;
use crate::derive::arg::ArgAttrs;
use crate::derive::ast::Field;
use crate::derive::rust_type::{recognise, Foreign, RustShape};
use crate::derive::ty::{F32_MAX, JSON_MAX, JSON_MIN};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use serde_json::Number;
use syn::spanned::Spanned;
use syn::Type;

/// The nested derived types of a struct: a seed type each, which reads it with its
/// generated visitor. The call `<T as ToolArgs>::__fast_de` carries the span of the
/// type as written, so that a type that does not implement `ToolArgs` gets the one
/// error the schema's splicing already gives there, not another.
#[derive(Default)]
pub(super) struct Externals {
    pub(super) types: Vec<(String, Type)>,
}

impl Externals {
    pub(super) fn seed(&mut self, ty: &Type) -> TokenStream {
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

    pub(super) fn items(&self) -> TokenStream {
        let fs = fs();
        let items = self.types.iter().enumerate().map(|(i, (_, ty))| {
            let name = format_ident!("__Nested{}", i);
            let call =
                quote_spanned!(ty.span()=> <#ty as ::tool_schema::__private::ToolArgs>::__fast_de);
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
pub(super) fn optional_layers(ty: &Type) -> Option<usize> {
    match shape(ty) {
        RustShape::Option(_) => Some(0),
        RustShape::Box(inner) => optional_layers(inner).map(|n| n + 1),
        _ => None,
    }
}

/// The value of an absent `Option` field (`None`, boxed as the type says).
pub(super) fn missing_option(ty: &Type) -> TokenStream {
    match shape(ty) {
        RustShape::Box(inner) => {
            let inner = missing_option(inner);
            quote!(::std::boxed::Box::new(#inner))
        }
        _ => quote!(::core::option::Option::None),
    }
}

/// The seed of an `Option` field: `null` is `None` (its schema takes it), unless
/// `#[arg(not_null)]` refuses it; then where the inner type takes it, or (without
/// a default, which handles it) where `null` counts as absent.
pub(super) fn field_option_seed(
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
            let null = field.arg.not_null.is_none() || accepts_null(inner);
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
/// `None`: the generated path does not read the type.
pub(super) fn seed(
    ty: &Type,
    field: Option<&Field>,
    ext: &mut Externals,
) -> Option<(TokenStream, bool)> {
    let fs = fs();
    let arg = field.map(|f| &f.arg);
    // `None`: nothing to check beyond what serde does.
    let checking = match shape(ty) {
        RustShape::Integer { name, min, max } => integer_seed(ty, name, (min, max), arg),
        float @ (RustShape::F32 | RustShape::F64) => {
            float_seed(ty, matches!(float, RustShape::F32), arg)
        }
        RustShape::String => string_seed(arg),
        // serde accepts what the schema does.
        RustShape::Char | RustShape::Bool | RustShape::Foreign(Foreign::PathBuf) => None,
        // A `Value` would keep one of two members of the same name: read by a
        // seed that stops at a repeated one.
        RustShape::Value => Some(quote!(#fs::Unique)),
        RustShape::Option(inner) => {
            let (s, is_plain) = seed(inner, field, ext)?;
            (!is_plain).then(|| quote!(#fs::Nullable(#s)))
        }
        RustShape::Box(inner) => {
            let (s, is_plain) = seed(inner, field, ext)?;
            (!is_plain).then(|| quote!(#fs::Boxed(#s)))
        }
        RustShape::Vec(inner) => {
            let (s, is_plain) = seed(inner, None, ext)?;
            let (min, max) = item_counts(arg);
            (!is_plain || min.is_some() || max.is_some()).then(|| {
                let (min, max) = (count(min, 0), count(max, u64::MAX));
                quote!(#fs::Seq { inner: #s, min: #min, max: #max })
            })
        }
        RustShape::Set(inner) => {
            let (s, _) = seed(inner, None, ext)?;
            let (min, max) = item_counts(arg);
            let (min, max) = (count(min, 0), count(max, u64::MAX));
            Some(quote!(#fs::Set::<#ty, _>::new(#s, #min, #max)))
        }
        RustShape::Map { value, .. } => {
            // Always the checking map: serde's own keeps one of two members of
            // the same name, and this one stops at a repeated one.
            let (s, _) = seed(value, None, ext)?;
            Some(quote!(#fs::Map::<#ty, _>::new(#s)))
        }
        // serde reads exactly N elements, as the schema's item counts N to N say;
        // elements that need checking keep the generic pass.
        RustShape::Fixed(array) => match seed(&array.elem, None, ext)? {
            (_, true) => None,
            (_, false) => return None,
        },
        RustShape::External => Some(ext.seed(ty)),
        // A tuple keeps the generic pass.
        RustShape::Tuple(_) => return None,
        // Never here (see `shape`), refused by the schema writer, or a foreign
        // type's format (checked by the generic pass).
        RustShape::Own | RustShape::Foreign(_) | RustShape::Refused(_) => return None,
    };
    Some(match checking {
        Some(s) => (s, false),
        None => (quote!(::core::marker::PhantomData::<#ty>), true),
    })
}

/// The inclusive bounds given with `#[arg]`.
fn given_bounds(arg: Option<&ArgAttrs>) -> (Option<&Number>, Option<&Number>) {
    arg.map_or((None, None), ArgAttrs::bounds)
}

/// The item counts given with `#[arg]`.
fn item_counts(arg: Option<&ArgAttrs>) -> (Option<u64>, Option<u64>) {
    arg.map_or((None, None), ArgAttrs::item_counts)
}

/// An integer: the bounds given, else the type's range where a JSON integer's is
/// wider (always checked for the types serde reads wider than their schema).
fn integer_seed(
    ty: &Type,
    name: &str,
    (min, max): (i128, i128),
    arg: Option<&ArgAttrs>,
) -> Option<TokenStream> {
    let fs = fs();
    let (given_min, given_max) = given_bounds(arg);
    let wide = matches!(name, "u128" | "i128" | "usize" | "isize");
    if given_min.is_none() && given_max.is_none() && !wide {
        return None;
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
    Some(quote!(#fs::Num::<#ty>::new(#min, #max)))
}

/// `f32` (`ranged`: bounded by its range) or `f64`.
fn float_seed(ty: &Type, ranged: bool, arg: Option<&ArgAttrs>) -> Option<TokenStream> {
    let fs = fs();
    let (given_min, given_max) = given_bounds(arg);
    if given_min.is_none() && given_max.is_none() && !ranged {
        return None;
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
    Some(quote!(#fs::Num::<#ty>::new(#min, #max)))
}

/// A `String` with string lengths or a pattern.
fn string_seed(arg: Option<&ArgAttrs>) -> Option<TokenStream> {
    let fs = fs();
    let (min, max) = arg.map_or((None, None), ArgAttrs::string_lengths);
    let pattern = arg.and_then(ArgAttrs::pattern);
    if min.is_none() && max.is_none() && pattern.is_none() {
        return None;
    }
    let (min, max) = (count(min, 0), count(max, u64::MAX));
    let pattern = match pattern {
        Some(source) => quote!(::core::option::Option::Some({
            static __RE: #fs::PatternCell = #fs::PatternCell::new();
            (&__RE, #source)
        })),
        None => quote!(::core::option::Option::None),
    };
    Some(quote!(#fs::Str { min: #min, max: #max, pattern: #pattern }))
}
