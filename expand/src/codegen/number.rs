//! Generated checks of the number keywords: calls of the runtime's
//! `keywords::number` decisions with the schema's constants, and of
//! `keywords::format`'s for a numeric format (`uint8`), asserted when the options
//! say so.

use super::{report_if, rt};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Number;
use tool_schema_engine::keywords;
use tool_schema_engine::keywords::number::Bound;
use tool_schema_engine::schema::node_checks::number::limit_of;
use tool_schema_engine::schema::Node;

/// `keywords::number::Bound::B`.
fn bound_path(b: Bound) -> TokenStream {
    let rt = rt();
    let name = match b {
        Bound::Minimum => quote!(Minimum),
        Bound::Maximum => quote!(Maximum),
        Bound::ExclusiveMinimum => quote!(ExclusiveMinimum),
        Bound::ExclusiveMaximum => quote!(ExclusiveMaximum),
    };
    quote!(#rt::keywords::number::Bound::#name)
}

/// A `Number` expression equal to `n`, built without allocating.
pub(super) fn number_expr(n: &Number) -> TokenStream {
    let rt = rt();
    if let Some(u) = n.as_u64() {
        quote!(#rt::serde_json::Number::from(#u))
    } else if let Some(i) = n.as_i64() {
        quote!(#rt::serde_json::Number::from(#i))
    } else {
        let f = n.as_f64().unwrap_or(0.0);
        quote!(match #rt::serde_json::Number::from_f64(#f) { Some(n) => n, None => #rt::serde_json::Number::from(0u64) })
    }
}

/// `&keywords::format::NUMERIC[i]`: `node`'s numeric format, a constant; `None`
/// when it has none.
fn numeric_format(node: &Node) -> Option<TokenStream> {
    let rt = rt();
    let i = keywords::format::numeric_index(node.numeric_format?.name)?;
    Some(quote!(&#rt::keywords::format::NUMERIC[#i]))
}

/// The yes/no checks of `n`, as `return false`: an integer limit is compared
/// inline (`within_int`).
pub(super) fn ok_code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    for b in Bound::ALL {
        let Some(limit) = limit_of(b, node) else {
            continue;
        };
        let bound = bound_path(b);
        let int = limit
            .as_i64()
            .map(i128::from)
            .or_else(|| limit.as_u64().map(i128::from));
        let within = match int {
            Some(i) => quote!(#rt::keywords::number::within_int(#bound, #i, n)),
            None => {
                let num = number_expr(limit);
                quote!(#rt::keywords::number::within(#bound, &#num, n))
            }
        };
        checks.push(quote!(if !#within { return false; }));
    }
    if let Some(divisor) = &node.multiple_of {
        let num = number_expr(divisor);
        checks.push(quote!(if !#rt::keywords::number::multiple_of(n, &#num) { return false; }));
    }
    if let Some(format) = numeric_format(node) {
        let asserted = super::format::asserted(node);
        checks.push(quote!(
            if #asserted && !#rt::keywords::format::numeric_ok(#format, n) { return false; }
        ));
    }
    quote!(#(#checks)*)
}

/// The reporting checks of `n`.
pub(super) fn code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    for b in Bound::ALL {
        let Some(limit) = limit_of(b, node) else {
            continue;
        };
        let (bound, num) = (bound_path(b), number_expr(limit));
        checks.push(report_if(
            quote!(#rt::keywords::number::bound(#bound, &#num, n)),
        ));
    }
    if let Some(divisor) = &node.multiple_of {
        let num = number_expr(divisor);
        checks.push(report_if(quote!(#rt::keywords::number::multiple(&#num, n))));
    }
    if let Some(format) = numeric_format(node) {
        let check = report_if(quote!(#rt::keywords::format::numeric_violation(#format, n)));
        let asserted = super::format::asserted(node);
        checks.push(quote!(if #asserted { #check }));
    }
    quote!(#(#checks)*)
}
