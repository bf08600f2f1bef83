//! Procedural macros of `tool-schema`. Use them through the `tool-schema` crate,
//! which documents them.
//!
//! The macros are built on the same schema model as the run-time interpreter
//! (`tool-schema-runtime`): a schema the macro accepts is exactly a schema the
//! interpreter accepts, and the compiled validator reports exactly the violations
//! the interpreter reports.

mod attr;
mod bfcl;
mod codegen;
mod ctxt;
mod derive;
mod expand;
mod input;
mod json;
mod literal;
mod paths;
mod schema_check;
mod spans;
mod tool_impl;

use proc_macro::TokenStream;

/// Declares tools from JSON Schema literals. See the `tool-schema` crate's docs.
#[proc_macro]
pub fn tool_schema(input: TokenStream) -> TokenStream {
    match syn::parse::<input::Input>(input) {
        Ok(input) => expand::expand(input).into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// Derives `ToolArgs` for a struct with named fields (a tool's arguments) or an enum
/// of unit variants (a string enum). See the `tool-schema` crate's docs.
///
/// `serde` is a helper attribute here too (as in `schemars`): the derive reads
/// serde's attributes, and they may be written on a type that implements
/// `Deserialize` by hand.
#[proc_macro_derive(ToolArgs, attributes(tool, arg, serde))]
pub fn derive_tool_args(input: TokenStream) -> TokenStream {
    match syn::parse::<syn::DeriveInput>(input) {
        Ok(input) => derive::derive(&input).into(),
        Err(e) => e.to_compile_error().into(),
    }
}
