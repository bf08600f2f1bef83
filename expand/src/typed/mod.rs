//! The typed form of `tool_schema!` (`pub struct Name = { ... }`): the Rust types
//! of the arguments, planned from the checked schema model (`plan`: which type
//! reads each node, conservative: a `serde_json::Value` wherever serde's reading
//! is not faithful for every valid value) and written with serde's derives
//! (`emit`). The validator and the exports stay the literal's, as in the untyped
//! form: the types only read what it accepts.

mod attrs;
mod emit;
mod names;
mod plan;
mod text;

pub(crate) use attrs::refuse_untyped;

use crate::ctxt::Ctxt;
use crate::spans::Locate;
use proc_macro2::TokenStream;
use syn::{Attribute, Ident, Visibility};
use tool_schema_engine::Schema;

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
    let (mut typed, attrs) = attrs::parse(cx, attrs);
    let attrs = &attrs[..];
    let Some(schema) = schema else {
        return emit::fallback(ident, vis, attrs);
    };
    if let Some(i) = typed.names.iter().position(|(_, n, _)| n == ident) {
        cx.error(
            typed.names[i].1.span(),
            format!("`{ident}` is the root type's name: choose another for the nested type"),
        );
        typed.names.remove(i);
    }
    match plan::plan(schema, &ident.to_string(), Vec::new(), &typed.chosen()) {
        Ok(plan) => {
            for (i, used) in plan.chosen_used.iter().enumerate() {
                if !used {
                    let pointer = &typed.names[i].0;
                    cx.error(
                        attrs::name_span(&typed, i),
                        format!("no type is declared for the schema at `{pointer}`: name(...) names a struct, enum, tagged union or constant the typed form declares, by the JSON pointer of its schema (`tool-schema types` shows them; a property's value is at `/properties/NAME`, an array's elements at `.../items`, a definition at `/$defs/NAME`)"),
                    );
                }
            }
            // Nothing with the facade's `typed` feature, an error naming it without.
            let rt = crate::paths::private();
            let items = emit::items(&plan, vis, attrs, &typed.derives);
            quote::quote!(#rt::typed_form! {} #items)
        }
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

/// The Rust the typed form declares for `schema`, as source text (`tool-schema
/// types`): its root struct named after tool `name` in UpperCamelCase
/// (`get_weather` -> `GetWeather`), documented with `description`; the reason
/// when the root is not read into a struct.
pub fn rust_text(schema: &Schema, name: &str, description: &str) -> Result<String, String> {
    let vis: Visibility = syn::parse_quote!(pub);
    let root = names::camel(name, "Tool");
    let docs: Vec<Attribute> = description
        .lines()
        .map(|l| {
            let l = format!(" {l}");
            syn::parse_quote!(#[doc = #l])
        })
        .collect();
    match plan::plan(schema, &root, Vec::new(), &[]) {
        Ok(plan) => Ok(text::layout(emit::items(&plan, &vis, &docs, &[]))),
        Err(refused) => {
            let at = if refused.pointer.is_empty() {
                "the root"
            } else {
                &refused.pointer
            };
            Err(format!("{} (at {at})", refused.reason))
        }
    }
}
