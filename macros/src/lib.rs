//! Procedural macros of `tool-schema`. Use them through the `tool-schema` crate,
//! which documents them.
//!
//! The macros are built on the same schema model as the run-time interpreter
//! (`tool-schema-runtime`): a schema the macro accepts is exactly a schema the
//! interpreter accepts, and the compiled validator reports exactly the violations
//! the interpreter reports.
//!
//! - `tool_schema!`: `input` (the invocation's syntax), `literal` (a tool's JSON
//!   with the span of every part), `bfcl` (the BFCL dialect), `expand` (each
//!   declaration -> a type implementing `ToolArgs`);
//! - `#[derive(ToolArgs)]`: `derive`;
//! - shared: `attr` (doc comments and `#[tool(...)]`), `ctxt` (the error context),
//!   `spans` (where each part of a schema came from), (JSON pointers are the runtime's `json::pointer`),
//!   `schema_check` (the schema model's and the export targets' problems as
//!   compile errors), `codegen` (the validator), `tool_impl` (the `ToolArgs`
//!   implementation), `paths` (the runtime's path in generated code).

mod attr;
mod bfcl;
mod codegen;
mod ctxt;
mod derive;
mod expand;
mod input;
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

/// Implements `ToolArgs` for a type declared elsewhere, from a JSON Schema
/// literal, as `tool_schema!` does for the unit struct it declares. See the
/// `tool-schema` crate's docs.
#[proc_macro]
pub fn impl_tool_args(input: TokenStream) -> TokenStream {
    match syn::parse::<input::Input>(input) {
        Ok(input) => expand::expand_impl(input).into(),
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
