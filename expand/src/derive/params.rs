//! The type parameters a derived type may have: types only (no lifetimes, no
//! const parameters), and `#[tool(bound = "...")]` only where there are some.
//! Checked as the input is read, before its schema is built (see `generics` for
//! what a generic type's schema and validator are).

use crate::attr::ToolAttrs;
use crate::ctxt::Ctxt;
use syn::{DeriveInput, GenericParam};

/// Reports the generic parameters the derive does not take, and a `bound` without
/// type parameters.
pub(super) fn check_params(cx: &Ctxt, input: &DeriveInput, tool: &ToolAttrs) {
    for param in &input.generics.params {
        match param {
            GenericParam::Type(_) => {}
            GenericParam::Lifetime(l) => cx.push(syn::Error::new_spanned(
                l,
                "#[derive(ToolArgs)] does not take lifetime parameters: tool arguments are read \
                 from a JSON value that does not outlive the call; use owned types (`String` for \
                 `&str`)",
            )),
            GenericParam::Const(c) => cx.push(syn::Error::new_spanned(
                c,
                "#[derive(ToolArgs)] does not take const parameters: write the bound as an \
                 #[arg] constraint (`#[arg(max_items = 4)]`) instead",
            )),
        }
    }
    if let Some((_, span)) = &tool.bound {
        if input.generics.type_params().next().is_none() {
            cx.error(
                *span,
                "#[tool(bound = \"...\")] replaces the bounds inferred for type parameters; this \
                 type has none",
            );
        }
    }
}
