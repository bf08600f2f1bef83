//! Generated applicators: `$ref` and `allOf` call the target's function on the
//! same value; `anyOf`, `oneOf` and `not` call the runtime's
//! `keywords::applicators` decisions with one closure per alternative.

use super::{enum_const::static_value, fn_name, rt};
use proc_macro2::TokenStream;
use quote::quote;
use tool_schema_runtime::schema::{node_value, Node, Schema};

/// The reporting applicators of `v`.
pub(super) fn code(schema: &Schema, node: &Node) -> TokenStream {
    let rt = rt();
    let mut out = Vec::new();
    if let Some(target) = node.reference {
        let f = fn_name(target);
        out.push(quote!(#f(v, t, p, o, out);));
    }
    for id in &node.all_of {
        let f = fn_name(*id);
        out.push(quote!(#f(v, t, p, o, out);));
    }
    for (list, rule) in [(&node.any_of, quote!(AnyOf)), (&node.one_of, quote!(OneOf))] {
        if list.is_empty() {
            continue;
        }
        let n = list.len();
        let arms = list.iter().enumerate().map(|(i, id)| {
            let f = fn_name(*id);
            quote!(#i => #f(v, t, p, o, sink),)
        });
        out.push(quote!(
            #rt::keywords::applicators::alternatives(#rt::keywords::applicators::Rule::#rule, #n, |i: usize, sink: &mut #rt::Sink<'_>| match i { #(#arms)* _ => {} }, t, p, out);
        ));
    }
    if let Some(not) = node.not {
        let f = fn_name(not);
        let stat = static_value(&node_value(schema, not));
        out.push(quote!(
            #rt::keywords::applicators::not(|sink: &mut #rt::Sink<'_>| #f(v, t, p, o, sink), || (#stat).clone(), t, p, out);
        ));
    }
    quote!(#(#out)*)
}
