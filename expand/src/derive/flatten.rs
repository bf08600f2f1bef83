//! `#[serde(flatten)]` of a struct deriving `ToolArgs`: its properties joined with
//! the outer struct's own, its `required` with theirs, so the exported schema is
//! one flat object (what the strict exports take).
//!
//! The flattened type is known only by name here: each derived struct of named
//! fields has a hidden `__MEMBERS` (the text of its `properties` object and of its
//! `required` array), and the outer type's schema text is joined from them as a
//! constant when the crate compiles; a name both declare stops the build at the
//! flattened field (a constant, [`name_clash`]). The type's own part is checked
//! by the schema model as any derived schema; the joined schema, whole only once
//! the constants are evaluated, is validated by the interpreter (parsed once per
//! program): so the compiled and interpreted back ends trivially agree on it.
//!
//! [`name_clash`]: tool_schema_engine::__private::name_clash

use super::ast::{Container, Data, Field};
use super::rust_type::{recognise, RustShape};
use super::splice::text_pieces;
use crate::ctxt::Ctxt;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_json::Value;
use syn::spanned::Spanned;

/// The flattened struct fields of a struct (the ones `schema` left to this
/// module): every `#[serde(flatten)]` field whose type is not a known one.
pub(super) fn fields<'c, 'a>(c: &'c Container<'a>) -> Vec<&'c Field<'a>> {
    let Data::Struct(fields) = &c.data else {
        return Vec::new();
    };
    fields
        .iter()
        .filter(|f| f.serde.flatten.is_some() && !f.serde.skip)
        .filter(|f| matches!(recognise(f.ty, None), RustShape::External))
        .collect()
}

/// Reports what the derive does not join: beside a flattened map (serde's
/// order of reading would decide which members each gets), in a type holding
/// itself or with type parameters (the constants join texts of known lengths).
pub(super) fn check(cx: &Ctxt, c: &Container, flat: &[&Field], recursive: bool, generic: bool) {
    let Some(first) = flat.first().and_then(|f| f.serde.flatten) else {
        return;
    };
    let Data::Struct(all) = &c.data else {
        return;
    };
    let map = all.iter().any(|f| {
        f.serde.flatten.is_some() && matches!(recognise(f.ty, None), RustShape::Map { .. })
    });
    let problem = if map {
        Some("#[derive(ToolArgs)] does not take a flattened struct beside a flattened map: serde gives the map members the struct reads too")
    } else if recursive {
        Some("#[derive(ToolArgs)] does not take #[serde(flatten)] in a type that contains itself")
    } else if generic {
        Some("#[derive(ToolArgs)] does not take #[serde(flatten)] of a struct in a generic type")
    } else {
        None
    };
    if let Some(problem) = problem {
        cx.error(first, problem);
    }
}

/// `value` (an object's schema) as a constant text expression with the
/// `properties`, `required` and aliases of the flattened types `flat` joined in;
/// and the `(properties, required, aliases)` text expressions (for `__MEMBERS`).
pub(super) fn joined_text(
    value: &Value,
    externals: &[(String, syn::Type)],
    flat: &[&Field],
) -> (TokenStream, [TokenStream; 3]) {
    let rt = crate::paths::private();
    let members = |part: TokenStream| {
        flat.iter()
            .map(|f| {
                let ty = f.ty;
                let message = format!(
                    "#[serde(flatten)]: `{}` is not a struct of named fields (without a flattened map or itself inside), so its arguments cannot be joined with this type's",
                    super::ty::type_text(ty)
                );
                quote_spanned!(ty.span()=> match <#ty as ::tool_schema::__private::ToolArgs>::__MEMBERS {
                    ::core::option::Option::Some(m) => m #part,
                    ::core::option::Option::None => ::core::panic!(#message),
                })
            })
            .collect::<Vec<_>>()
    };
    let own_properties = concat(text_pieces(&value["properties"], externals));
    let own_required = match value.get("required") {
        Some(r) => r.to_string(),
        None => "[]".to_string(),
    };
    let own_aliases = own_aliases(value);
    let props = members(quote!(.0));
    let required = members(quote!(.1));
    let aliases = members(quote!(.2));
    let properties = joined(quote!(&[#own_properties, #(#props),*]));
    let required = joined(quote!(&[#own_required, #(#required),*]));
    let aliases = joined(quote!(&[#own_aliases, #(#aliases),*]));
    let mut pieces = vec![quote!("{")];
    let mut first = true;
    for (k, v) in value.as_object().into_iter().flatten() {
        if k == "required" || k == ALIASES {
            continue;
        }
        let comma = if first { "" } else { "," };
        first = false;
        let key = format!("{comma}{}:", Value::String(k.clone()));
        pieces.push(quote!(#key));
        if k == "properties" {
            pieces.push(properties.clone());
            for (joined, key) in [(&required, "required"), (&aliases, ALIASES)] {
                let key = format!(",{}:", Value::String(key.into()));
                pieces.push(quote!(#rt::key_if_members(#joined, #key)));
                pieces.push(quote!(#rt::value_if_members(#joined)));
            }
        } else {
            pieces.extend(text_pieces(v, externals));
        }
    }
    pieces.push(quote!("}"));
    (concat(pieces), [properties, required, aliases])
}

/// The aliases keyword: a flattened struct's aliases are the joined object's.
const ALIASES: &str = tool_schema_engine::keywords::alias::KEYWORD;

/// The text of `value`'s own aliases object (`{}` for none).
pub(super) fn own_aliases(value: &Value) -> String {
    value.get(ALIASES).map_or("{}".into(), Value::to_string)
}

/// The text of the JSON containers `parts` (an expression of type `&[&str]`)
/// joined, as a constant expression.
fn joined(parts: TokenStream) -> TokenStream {
    let rt = crate::paths::private();
    quote!({
        const PARTS: &[&str] = #parts;
        const BYTES: [u8; #rt::joined_len(PARTS)] = #rt::joined_bytes(PARTS);
        #rt::concat_str(&BYTES)
    })
}

/// `pieces` concatenated, as a constant expression.
fn concat(pieces: Vec<TokenStream>) -> TokenStream {
    let rt = crate::paths::private();
    quote!({
        const PIECES: &[&str] = &[#(#pieces),*];
        const BYTES: [u8; #rt::concat_len(PIECES)] = #rt::concat_bytes(PIECES);
        #rt::concat_str(&BYTES)
    })
}

/// `const __MEMBERS` for a struct of named fields that another type may flatten:
/// its `(properties, required, aliases)` texts.
pub(super) fn members_item([properties, required, aliases]: &[TokenStream; 3]) -> TokenStream {
    let rt = crate::paths::private();
    quote!(
        #[doc(hidden)]
        const __MEMBERS: #rt::Members =
            ::core::option::Option::Some((#properties, #required, #aliases));
    )
}

/// The constants that stop the build at a flattened field whose type declares an
/// argument this type, or a flattened field before it, declares too.
pub(super) fn clash_checks(
    ident: &syn::Ident,
    value: &Value,
    externals: &[(String, syn::Type)],
    flat: &[&Field],
) -> TokenStream {
    let rt = crate::paths::private();
    let own = concat(text_pieces(&value["properties"], externals));
    let own_aliases = own_aliases(value);
    let part = |index: TokenStream| -> Vec<TokenStream> {
        flat.iter()
            .map(|f| {
                let ty = f.ty;
                quote!(match <#ty as ::tool_schema::__private::ToolArgs>::__MEMBERS {
                    ::core::option::Option::Some(m) => m #index,
                    ::core::option::Option::None => "{}",
                })
            })
            .collect()
    };
    let (props, aliases) = (part(quote!(.0)), part(quote!(.2)));
    let mut out = TokenStream::new();
    for (i, f) in flat.iter().enumerate() {
        let (before, with) = (&props[..i], &props[..=i]);
        let (aliases_before, aliases_with) = (&aliases[..i], &aliases[..=i]);
        let head = format!(
            "#[serde(flatten)]: `{}` declares the argument (or alias) ",
            super::ty::type_text(f.ty)
        );
        let tail = format!(
            " that `{ident}` or a field flattened before it declares too: serde gives a member to one field only, so the other would never get it; rename one with #[serde(rename = \"...\")] or drop the alias"
        );
        let span = f.ty.span();
        out.extend(quote_spanned!(span=>
            const _: () = {
                const OWN: &str = #own;
                const BEFORE: &str = #rt::name_clash(
                    &[OWN, #(#before),*],
                    &[#own_aliases, #(#aliases_before),*],
                );
                const CLASH: &str = #rt::name_clash(
                    &[OWN, #(#with),*],
                    &[#own_aliases, #(#aliases_with),*],
                );
                const PIECES: &[&str] = &[#head, CLASH, #tail];
                const BYTES: [u8; #rt::concat_len(PIECES)] = #rt::concat_bytes(PIECES);
                if BEFORE.is_empty() && !CLASH.is_empty() {
                    ::core::panic!("{}", #rt::concat_str(&BYTES));
                }
            };
        ));
    }
    out
}
