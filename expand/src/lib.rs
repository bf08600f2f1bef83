//! The expansion of `tool-schema`'s macros, as a library: `tool-schema-macros`
//! is three entry points calling [`tool_schema`], [`impl_tool_args`] and
//! [`derive_tool_args`]. Not an API of its own: use the `tool-schema` crate, which
//! documents the macros.
//!
//! A crate of its own for the build's sake: cargo starts compiling a library once
//! its dependencies' metadata is out, while a proc-macro crate (linked) waits for
//! their code. So this crate compiles while the runtime's code is generated.
//!
//! The macros are built on the same schema model as the run-time interpreter
//! (`tool-schema-engine`): a schema the macro accepts is exactly a schema the
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
//!   implementation), `paths` (the runtime's path in generated code), `typed`
//!   (the typed form's Rust types).

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
mod typed;

use proc_macro2::TokenStream;

/// `tool_schema!`: declares tools from JSON Schema literals.
pub fn tool_schema(input: TokenStream) -> TokenStream {
    match syn::parse2::<input::Input>(input) {
        Ok(input) => expand::expand(input),
        Err(e) => e.to_compile_error(),
    }
}

/// `impl_tool_args!`: implements `ToolArgs` for a type declared elsewhere, from a
/// JSON Schema literal.
pub fn impl_tool_args(input: TokenStream) -> TokenStream {
    match syn::parse2::<input::Input>(input) {
        Ok(input) => expand::expand_impl(input),
        Err(e) => e.to_compile_error(),
    }
}

/// The Rust types the typed form of `tool_schema!` (`pub struct Name = {...}`)
/// declares for a tool's schema, as source text: what `tool-schema types`
/// prints. The reason when the typed form refuses the root.
pub use typed::rust_text as typed_rust_text;

/// `#[derive(ToolArgs)]`.
pub fn derive_tool_args(input: TokenStream) -> TokenStream {
    match syn::parse2::<syn::DeriveInput>(input) {
        Ok(input) => derive::derive(&input),
        Err(e) => e.to_compile_error(),
    }
}
