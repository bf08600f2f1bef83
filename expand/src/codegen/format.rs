//! Generated checks of a string `format` keyword: calls of the runtime's
//! `keywords::format::check`, asserted when the options say so (a numeric format
//! is checked with the number keywords, `number.rs`).

use super::{report, rt};
use proc_macro2::TokenStream;
use quote::quote;
use tool_schema_engine::schema::Node;

/// The yes/no check of `s`, as `return false`.
pub(super) fn ok_code(node: &Node) -> TokenStream {
    let rt = rt();
    match &node.format {
        Some(format) if node.numeric_format.is_none() => {
            let asserted = asserted(node);
            quote!(if #asserted && !#rt::keywords::format::check(#format, s) { return false; })
        }
        _ => quote!(),
    }
}

/// The reporting check of `s`.
pub(super) fn code(node: &Node) -> TokenStream {
    let rt = rt();
    let Some(format) = node
        .format
        .as_ref()
        .filter(|_| node.numeric_format.is_none())
    else {
        return quote!();
    };
    let push = report(
        quote!(#rt::Kind::Format { format: #format.to_string(), received: #rt::received_str(s) }),
        quote!(t),
        quote!(p),
    );
    let asserted = asserted(node);
    quote!(if #asserted && !#rt::keywords::format::check(#format, s) { #push })
}

/// Whether `node`'s format is asserted, as an expression of the options `o`
/// (`Node::asserts_format`, with the node's part known at compile time).
pub(super) fn asserted(node: &Node) -> TokenStream {
    if node.format_asserted {
        quote!(true)
    } else {
        quote!(o.formats)
    }
}
