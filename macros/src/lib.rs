//! Procedural macros of `tool-schema`. Use them through the `tool-schema` crate.
//!
//! The macros are built on the same schema model as the run-time interpreter
//! (`tool-schema-runtime`), so a schema the macro accepts is exactly a schema the
//! interpreter accepts.

use proc_macro::TokenStream;

/// Declares tools from JSON Schema literals. Not implemented yet: this placeholder
/// refuses every input with a compile error.
#[proc_macro]
pub fn tool_schema(input: TokenStream) -> TokenStream {
    let span = proc_macro2::TokenStream::from(input)
        .into_iter()
        .next()
        .map(|t| t.span())
        .unwrap_or_else(proc_macro2::Span::call_site);
    syn::Error::new(span, "tool_schema! is not implemented yet")
        .to_compile_error()
        .into()
}
