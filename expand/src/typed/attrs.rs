//! The typed form's own attribute, `#[typed(...)]`:
//!
//! - `derive(Trait, ...)`: more derives on every declared type (those a type
//!   has already are left out for it);
//! - `name(TypeName = "/json/pointer", ...)`: the name of the type declared for
//!   the schema at that JSON pointer of the literal (`/properties/location`,
//!   `/$defs/Item`, `/properties/stops/items`).

use crate::ctxt::Ctxt;
use proc_macro2::Span;
use syn::{Attribute, Ident, LitStr, Path};

/// What the `#[typed(...)]` attributes of one declaration ask for.
#[derive(Default)]
pub(crate) struct TypedAttrs {
    pub derives: Vec<Path>,
    /// `(pointer, type name, the pointer's literal)`.
    pub names: Vec<(String, Ident, LitStr)>,
}

impl TypedAttrs {
    /// The chosen names as the planner takes them: `(pointer, name)`.
    pub(crate) fn chosen(&self) -> Vec<(String, String)> {
        self.names
            .iter()
            .map(|(p, n, _)| (p.clone(), n.to_string()))
            .collect()
    }
}

const USAGE: &str = "write `#[typed(derive(Trait, ...))]` to add derives to the declared types, or `#[typed(name(TypeName = \"/json/pointer\"))]` to name the type declared for the schema at that JSON pointer";

/// Splits `attrs` into the `#[typed(...)]` ones, read (errors into `cx`), and the
/// others.
pub(crate) fn parse(cx: &Ctxt, attrs: &[Attribute]) -> (TypedAttrs, Vec<Attribute>) {
    let mut out = TypedAttrs::default();
    let mut others = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("typed") {
            others.push(attr.clone());
            continue;
        }
        let read = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("derive") {
                return meta.parse_nested_meta(|d| {
                    out.derives.push(d.path);
                    Ok(())
                });
            }
            if meta.path.is_ident("name") {
                return meta.parse_nested_meta(|n| name(cx, &mut out, n));
            }
            Err(meta.error(format!("unknown `typed` option: {USAGE}")))
        });
        if let Err(e) = read {
            cx.push(e);
        }
    }
    (out, others)
}

/// One `TypeName = "/json/pointer"` of `name(...)`.
fn name(cx: &Ctxt, out: &mut TypedAttrs, n: syn::meta::ParseNestedMeta) -> syn::Result<()> {
    let Some(ident) = n.path.get_ident().cloned() else {
        return Err(n.error(format!("a type name is one identifier: {USAGE}")));
    };
    let pointer: LitStr = n.value().and_then(|v| v.parse()).map_err(|e| {
        syn::Error::new(
            e.span(),
            format!("expected a JSON pointer string after `=`: {USAGE}"),
        )
    })?;
    let text = pointer.value();
    if text.is_empty() {
        cx.error(
            pointer.span(),
            "the root type is named by the declaration (`struct Name = ...`): name(...) names a nested type, by its JSON pointer (`/properties/location`)",
        );
        return Ok(());
    }
    if !text.starts_with('/') {
        cx.error(
            pointer.span(),
            format!("`{text}` is not a JSON pointer: write it from the schema's root, starting with `/` (`/{text}`)"),
        );
        return Ok(());
    }
    if out.names.iter().any(|(p, _, _)| *p == text) {
        cx.error(
            pointer.span(),
            format!("the type at `{text}` is already named"),
        );
        return Ok(());
    }
    if out.names.iter().any(|(_, i, _)| *i == ident) {
        cx.error(
            ident.span(),
            format!("another type is already named `{ident}`"),
        );
        return Ok(());
    }
    out.names.push((text, ident, pointer));
    Ok(())
}

/// Reports `#[typed(...)]` on a declaration of the untyped form: `attrs`
/// without them.
pub(crate) fn refuse_untyped(cx: &Ctxt, attrs: &[Attribute]) -> Vec<Attribute> {
    let mut others = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("typed") {
            others.push(attr.clone());
            continue;
        }
        cx.push(syn::Error::new_spanned(
            attr,
            "#[typed(...)] is for the typed form: write `struct` before the name (`pub struct Name = { ... }`) to declare the arguments' Rust types",
        ));
    }
    others
}

/// The span of the literal that chose name `i` of `attrs`, for an error.
pub(crate) fn name_span(attrs: &TypedAttrs, i: usize) -> Span {
    attrs.names[i].2.span()
}
