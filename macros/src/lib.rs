//! Procedural macros of `tool-schema`. Use them through the `tool-schema` crate,
//! which documents them.
//!
//! Each is an entry point into `tool-schema-expand`, which does the work: a
//! library, which cargo compiles while the runtime's code is still being
//! generated (a proc-macro crate waits for it).

use proc_macro::TokenStream;

/// Declares tools from JSON Schema literals. See the `tool-schema` crate's docs.
#[proc_macro]
pub fn tool_schema(input: TokenStream) -> TokenStream {
    tool_schema_expand::tool_schema(input.into()).into()
}

/// Implements `ToolArgs` for a type declared elsewhere, from a JSON Schema
/// literal, as `tool_schema!` does for the unit struct it declares. See the
/// `tool-schema` crate's docs.
#[proc_macro]
pub fn impl_tool_args(input: TokenStream) -> TokenStream {
    tool_schema_expand::impl_tool_args(input.into()).into()
}

/// Derives `ToolArgs` for a struct with named fields (a tool's arguments) or an enum
/// of unit variants (a string enum). See the `tool-schema` crate's docs.
///
/// `serde` is a helper attribute here too (as in `schemars`): the derive reads
/// serde's attributes, and they may be written on a type that implements
/// `Deserialize` by hand.
#[proc_macro_derive(ToolArgs, attributes(tool, arg, serde))]
pub fn derive_tool_args(input: TokenStream) -> TokenStream {
    tool_schema_expand::derive_tool_args(input.into()).into()
}
