//! The typed form of `tool_schema!` (`pub struct Name = { ... }`): the Rust types
//! of the arguments, planned from the checked schema model (`plan`: which type
//! reads each node, conservative: a `serde_json::Value` wherever serde's reading
//! is not faithful for every valid value) and written with serde's derives
//! (`emit`). The validator and the exports stay the literal's, as in the untyped
//! form: the types only read what it accepts.

mod emit;
mod names;
mod plan;

use crate::ctxt::Ctxt;
use crate::spans::Locate;
use proc_macro2::TokenStream;
use syn::{Attribute, Ident, Visibility};
use tool_schema_runtime::Schema;

/// The declaration of a typed tool: its types, or (`schema` being `None`, or a
/// root the typed form cannot map, reported in `cx` at its place) a fallback
/// struct so that the rest of the crate type-checks.
pub(crate) fn declare(
    cx: &Ctxt,
    schema: Option<&Schema>,
    ident: &Ident,
    vis: &Visibility,
    attrs: &[Attribute],
    at: &dyn Locate,
) -> TokenStream {
    let Some(schema) = schema else {
        return emit::fallback(ident, vis, attrs);
    };
    match plan::plan(schema, &ident.to_string(), Vec::new()) {
        Ok(plan) => emit::items(&plan, vis, attrs),
        Err(refused) => {
            cx.error(
                at.span(&refused.pointer, true),
                format!(
                    "the typed form (`struct {ident} = ...`) reads the arguments into a struct, but {}{}; declare the tool without `struct` (`{ident} = ...`) and read its arguments as a `serde_json::Value`",
                    refused.reason,
                    at.place(&refused.pointer)
                ),
            );
            emit::fallback(ident, vis, attrs)
        }
    }
}
