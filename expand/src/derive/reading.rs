//! `ToolArgs::__READING` of a derived type (what serde reads as it against what
//! its schema accepts, by JSON type: `constcat::Reading`), and the check that makes
//! a `#[serde(untagged)]` enum's `parse` return what the validator accepted.
//!
//! serde reads an untagged enum as the first variant that reads the value; the
//! schema (`anyOf`) accepts a value that any variant's schema accepts. The two
//! agree unless an earlier variant reads, as itself, a value its own schema refuses
//! and a later variant's schema accepts (`Small { x }` before `Big { x, y }`:
//! serde reads `{"x": 1, "y": "s"}` as `Small`, dropping `y`). Such an enum is a
//! compile error, evaluated as a constant because nested types are known only by
//! name (their `__READING`), naming the variants, the JSON type, and the fixes.

use super::ast::{Container, Data, Field, Variant, VariantFields};
use super::rust_type::{option_inner, recognise, Foreign, RustShape};
use super::ty;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, Type};

use crate::paths::private;

/// The `Reading` of a value of type `ty`, as a constant expression; `this` is the
/// derived type's own (for `Self`).
fn reading(ty: &Type, own: &Ident, this: &TokenStream) -> TokenStream {
    let rt = private();
    let t = quote!(#rt::json_type);
    match recognise(ty, Some(own)) {
        RustShape::Own => this.clone(),
        // `usize`/`isize` keep the 32-bit range in the schema; serde reads 64 bits.
        RustShape::Integer {
            name: "usize" | "isize",
            ..
        } => quote!(#rt::Reading::inexact(#t::INTEGER)),
        RustShape::Integer { .. } => quote!(#rt::Reading::exact(#t::INTEGER)),
        RustShape::String | RustShape::Char => quote!(#rt::Reading::exact(#t::STRING)),
        RustShape::Bool => quote!(#rt::Reading::exact(#t::BOOLEAN)),
        RustShape::F64 => quote!(#rt::Reading::exact(#t::INTEGER | #t::FRACTION)),
        // serde reads a number past the range as an infinity.
        // (Every integer serde_json holds is within it.)
        RustShape::F32 => {
            quote!(#rt::Reading::partly_exact(#t::INTEGER | #t::FRACTION, #t::INTEGER))
        }
        RustShape::Value => quote!(#rt::Reading::ANY),
        // serde reads any string as a path; the others read strings their
        // format refuses (`Uuid` without hyphens, a date-time with a space).
        RustShape::Foreign(Foreign::PathBuf) => quote!(#rt::Reading::exact(#t::STRING)),
        RustShape::Foreign(_) => quote!(#rt::Reading::inexact(#t::STRING)),
        RustShape::Box(inner) => reading(inner, own, this),
        RustShape::Option(inner) => {
            let inner = reading(inner, own, this);
            quote!((#inner).nullable())
        }
        RustShape::Vec(item) => {
            let item = reading(item, own, this);
            quote!(#rt::Reading::array(#item, true))
        }
        RustShape::Fixed(a) => {
            let item = reading(&a.elem, own, this);
            quote!(#rt::Reading::array(#item, true))
        }
        // serde drops duplicates, which `uniqueItems` refuses.
        RustShape::Set(item) => {
            let item = reading(item, own, this);
            quote!(#rt::Reading::array(#item, false))
        }
        RustShape::Map { value, .. } => {
            let value = reading(value, own, this);
            quote!(#rt::Reading::map(#value))
        }
        RustShape::External => {
            quote_spanned!(ty.span()=> <#ty as ::tool_schema::__private::ToolArgs>::__READING)
        }
        RustShape::Tuple(_) => tuple_reading(),
        // Refused by the schema writer: no reading is generated.
        RustShape::Refused(_) => quote!(#rt::Reading::UNKNOWN),
    }
}

/// A tuple's `Reading`: arrays, with any items, exact on none (not modelled
/// item by item).
fn tuple_reading() -> TokenStream {
    let rt = private();
    let t = quote!(#rt::json_type);
    quote!(#rt::Reading {
        reads: #t::ARRAY,
        accepts: #t::ARRAY,
        exact: 0,
        ..#rt::Reading::UNKNOWN
    })
}

/// Whether a struct's field reads exactly what its schema accepts, as a constant
/// expression.
fn field_exact(field: &Field, own: &Ident, this: &TokenStream) -> TokenStream {
    if field.arg.has_rules() {
        return quote!(false);
    }
    match option_inner(field.ty) {
        // Its schema takes `null`, which serde reads as `None`.
        Some(inner) if field.arg.not_null.is_none() => {
            let r = reading(inner, own, this);
            quote!((#r).nullable().fully_exact())
        }
        Some(inner) => {
            let r = reading(inner, own, this);
            quote!((#r).optional_field_exact())
        }
        None => {
            let r = reading(field.ty, own, this);
            quote!((#r).fully_exact())
        }
    }
}

/// `const __READING` (in the implementation) and, for an untagged enum, the
/// constants that stop the build where serde's choice of variant could differ
/// from the validator's (after it).
pub(crate) fn items(c: &Container) -> (TokenStream, TokenStream) {
    let rt = private();
    if c.tool.custom_deserialize.is_some() {
        // A hand-written `Deserialize`: nothing known (the default).
        return (TokenStream::new(), TokenStream::new());
    }
    let this = quote!(__this);
    let (body, checks) = match &c.data {
        Data::Struct(fields) => (struct_reading(c, fields, &this), TokenStream::new()),
        // serde reads a newtype struct as its field.
        Data::Newtype(ty, arg) => {
            let r = reading(ty, c.ident, &this);
            // Its constraints accept less than serde reads.
            let r = match arg.has_rules() {
                true => quote!(#rt::Reading { exact: 0, ..(#r) }),
                false => r,
            };
            (r, TokenStream::new())
        }
        Data::Tuple(..) => (tuple_reading(), TokenStream::new()),
        Data::Enum(variants) if c.serde.untagged.is_some() => {
            untagged_reading(c.ident, variants, &this)
        }
        Data::Enum(variants) if super::tagged::is_tagged(c, variants) => {
            // What serde reads as a tagged enum is not modelled: nothing known.
            (quote!(#rt::Reading::UNKNOWN), TokenStream::new())
        }
        Data::Enum(_) => (quote!(#rt::Reading::UNIT_ENUM), TokenStream::new()),
    };
    // A type that holds itself reads as a fixed point: from "exact on everything",
    // each round can only take exactness away (what a type reads and accepts does
    // not depend on its own exactness), so seven rounds (one per JSON type) reach it.
    let item = quote! {
        #[doc(hidden)]
        const __READING: #rt::Reading = {
            #[allow(unused_variables)]
            const fn __reading(#this: #rt::Reading) -> #rt::Reading {
                #body
            }
            let mut r = #rt::Reading::ANY;
            let mut i = 0;
            while i < 8 {
                r = __reading(r);
                i += 1;
            }
            r
        };
    };
    (item, checks)
}

/// A struct's `Reading`: its fields' names, which are required, and whether each
/// reads exactly what its schema accepts.
fn struct_reading(c: &Container, fields: &[Field], this: &TokenStream) -> TokenStream {
    let rt = private();
    if fields.iter().any(|f| f.serde.flatten.is_some()) {
        // Read through serde's buffering of the members: not modelled.
        return quote!(#rt::Reading::UNKNOWN);
    }
    let own = c.ident;
    let deny = c.serde.deny_unknown_fields.is_some();
    let read: Vec<&Field> = fields.iter().filter(|f| !f.serde.skip).collect();
    let exact = read.iter().map(|f| field_exact(f, own, this));
    let name = |f: &Field| f.serde_name(c.serde.rename_all).0;
    let optional = |f: &Field| option_inner(f.ty).is_some() || f.serde.default || c.serde.default;
    let declared: Vec<String> = read.iter().map(|f| name(f)).collect();
    let required: Vec<String> = read
        .iter()
        .filter(|f| !optional(f))
        .map(|f| name(f))
        .collect();
    // What serde reads as the first element of an array read as the struct.
    let t = quote!(#rt::json_type);
    let first = match read.first() {
        None => quote!(#t::ALL | #t::EMPTY),
        Some(_) if c.serde.default => quote!(#t::ALL | #t::EMPTY),
        Some(f) if f.serde.default => quote!(#t::ALL | #t::EMPTY),
        // A type known only by the schema written for it: it may read anything.
        Some(f) if f.arg.schema.is_some() => quote!(#t::ALL | #t::EMPTY),
        Some(f) => match option_inner(f.ty) {
            Some(inner) => {
                let r = reading(inner, own, this);
                quote!((#r).reads | #t::NULL)
            }
            None => {
                let r = reading(f.ty, own, this);
                quote!((#r).reads)
            }
        },
    };
    quote!(#rt::Reading::structure(
        #deny #(&& #exact)*,
        #first,
        &[#(#required),*],
        &[#(#declared),*],
        #deny,
    ))
}

/// An untagged enum's `Reading` (either of its variants'), and the constants that
/// stop the build where an earlier variant reads values a later one's schema
/// accepts.
fn untagged_reading(
    own: &Ident,
    variants: &[Variant],
    this: &TokenStream,
) -> (TokenStream, TokenStream) {
    let rt = private();
    let read: Vec<(&Ident, Option<&Type>)> = variants
        .iter()
        .filter(|v| !v.serde.skip)
        .filter_map(|v| match v.fields {
            VariantFields::Newtype(ty) => Some((v.ident, Some(ty))),
            VariantFields::Unit => Some((v.ident, None)),
            VariantFields::Struct(..) | VariantFields::Tuple(..) => None,
        })
        .collect();
    let of = |ty: Option<&Type>, this: &TokenStream| match ty {
        Some(ty) => reading(ty, own, this),
        None => quote!(#rt::Reading::exact(#rt::json_type::NULL)),
    };
    let each = read.iter().map(|(_, ty)| of(*ty, this));
    let body = quote!(#rt::Reading::either(&[#(#each),*]));
    let outer = quote!(<#own as ::tool_schema::__private::ToolArgs>::__READING);
    let mut checks = TokenStream::new();
    for (j, (earlier, earlier_ty)) in read.iter().enumerate() {
        for (later, later_ty) in &read[j + 1..] {
            let e = of(*earlier_ty, &outer);
            let l = of(*later_ty, &outer);
            let span = earlier_ty.map_or_else(|| earlier.span(), |t| t.span());
            checks.extend(conflict_check(
                span,
                (earlier, *earlier_ty),
                (later, *later_ty),
                (e, l),
            ));
        }
    }
    (body, checks)
}

/// The constant that stops the build when serde reads, as the `earlier` variant,
/// a value the `later` variant's schema accepts and `earlier`'s refuses
/// (`e`, `l`: their readings, as constant expressions).
fn conflict_check(
    span: proc_macro2::Span,
    (earlier, earlier_ty): (&Ident, Option<&Type>),
    (later, later_ty): (&Ident, Option<&Type>),
    (e, l): (TokenStream, TokenStream),
) -> TokenStream {
    let rt = private();
    let text = |ty: Option<&Type>| match ty {
        Some(ty) => format!("`{}`", ty::type_text(ty)),
        None => "`null`".to_string(),
    };
    let head = format!(
        "#[serde(untagged)]: serde reads a value as the first variant that reads it, and variant `{earlier}` ({}) reads some values its schema refuses, where the later variant `{later}` ({}) accepts ",
        text(earlier_ty),
        text(later_ty)
    );
    let tail = format!(
        ": for such a call, valid as `{later}`, parse would return `{earlier}`. Let serde tell them apart: #[serde(deny_unknown_fields)] on whichever struct lacks a name the other requires; or put first a variant that reads only what its schema accepts (a struct with #[serde(deny_unknown_fields)] and no #[arg] bounds, lengths, counts, patterns or values, and no #[arg(not_null)] Option, unit enum, struct, set, f32, usize or isize fields)"
    );
    quote_spanned!(span=>
        const _: () = {
            const CONFLICT: u8 = #rt::untagged_conflict(#e, #l);
            const PIECES: &[&str] = &[#head, #rt::json_type_name(CONFLICT), #tail];
            const BYTES: [u8; #rt::concat_len(PIECES)] = #rt::concat_bytes(PIECES);
            if CONFLICT != 0 {
                ::core::panic!("{}", #rt::concat_str(&BYTES));
            }
        };
    )
}
