//! Generated checks of the string keywords: `minLength` and `maxLength` as calls
//! of the runtime's `keywords::string` decisions, `pattern` through a regular
//! expression compiled once, `format` in [`super::format`].

use super::{option, report, report_if, rt};
use proc_macro2::TokenStream;
use quote::quote;
use tool_schema_engine::schema::Node;

/// The yes/no checks of `s` (without `pattern`: such nodes use the probe), as
/// `return false`.
pub(super) fn ok_code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    if node.min_length.is_some() || node.max_length.is_some() {
        let (min, max) = (option(node.min_length), option(node.max_length));
        checks.push(quote!(if !#rt::keywords::string::length_ok(#min, #max, s) { return false; }));
    }
    checks.push(super::format::ok_code(node));
    quote!(#(#checks)*)
}

/// The reporting checks of `s`.
pub(super) fn code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    if node.min_length.is_some() || node.max_length.is_some() {
        checks.push(quote!(let length = #rt::keywords::string::length(s);));
        if let Some(limit) = node.min_length {
            checks.push(report_if(
                quote!(#rt::keywords::string::min_length(#limit, length)),
            ));
        }
        if let Some(limit) = node.max_length {
            checks.push(report_if(
                quote!(#rt::keywords::string::max_length(#limit, length)),
            ));
        }
    }
    if let Some(pattern) = &node.pattern {
        let source: &str = &pattern.source;
        let translated = &pattern.translated;
        let shared = quote!({
            static SOURCE: ::std::sync::OnceLock<::std::sync::Arc<str>> = ::std::sync::OnceLock::new();
            ::std::sync::Arc::clone(SOURCE.get_or_init(|| ::std::sync::Arc::from(#source)))
        });
        let push = report(
            quote!(#rt::Kind::Pattern { pattern: #shared, received: #rt::received_str(s) }),
            quote!(t),
            quote!(p),
        );
        checks.push(quote!({
            static RE: ::std::sync::OnceLock<#rt::Regex> = ::std::sync::OnceLock::new();
            let re = RE.get_or_init(|| #rt::Regex::new(#translated).expect("pattern checked at compile time"));
            if !re.is_match(s) { #push }
        }));
    }
    checks.push(super::format::code(node));
    quote!(#(#checks)*)
}
