//! Procedural macros of `tool-schema`. Use them through the `tool-schema` crate,
//! which documents them.
//!
//! The macros are built on the same schema model as the run-time interpreter
//! (`tool-schema-runtime`): a schema the macro accepts is exactly a schema the
//! interpreter accepts, and the compiled validator reports exactly the violations
//! the interpreter reports.

mod attr;
mod codegen;
mod ctxt;
mod expand;
mod input;
mod json;

use proc_macro::TokenStream;

/// Declares tools from JSON Schema literals. See the `tool-schema` crate's docs.
#[proc_macro]
pub fn tool_schema(input: TokenStream) -> TokenStream {
    match syn::parse::<input::Input>(input) {
        Ok(input) => expand::expand(input).into(),
        Err(e) => e.to_compile_error().into(),
    }
}
