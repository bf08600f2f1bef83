//! Generated applicators: `$ref` and `allOf` call the target's function on the
//! same value; `anyOf`, `oneOf`, `not` and `if`/`then`/`else` call the runtime's
//! `keywords::applicators` decisions with one closure per subschema.

use super::{enum_const::static_value, fn_name, ok_name, rt};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;
use tool_schema_engine::schema::{node_value, Node, Schema};

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
    for (list, rule, tag) in [
        (&node.any_of, quote!(AnyOf), &node.any_of_tag),
        (&node.one_of, quote!(OneOf), &node.one_of_tag),
    ] {
        if list.is_empty() {
            continue;
        }
        let n = list.len();
        let arms = list.iter().enumerate().map(|(i, id)| {
            let f = fn_name(*id);
            quote!(#i => #f(v, t, p, o, sink),)
        });
        let run = quote!(|i: usize, sink: &mut #rt::Sink<'_>| match i { #(#arms)* _ => {} });
        let applicators = quote!(#rt::keywords::applicators);
        out.push(match tag {
            Some(d) => {
                let values = static_value(&Value::Array(d.values.clone()));
                let (name, branches, by_name) = (&d.name, &d.branches, d.by_name);
                let declared = match d.declared {
                    Some(i) => quote!(::core::option::Option::Some(#i)),
                    None => quote!(::core::option::Option::None),
                };
                quote!(
                    #applicators::tagged(#applicators::Rule::#rule, #n, #run, #applicators::Tag {
                        name: #name,
                        values: match #values { #rt::serde_json::Value::Array(a) => a.as_slice(), _ => &[] },
                        branches: &[#(#branches),*],
                        declared: #declared,
                        by_name: #by_name,
                    }, v, t, p, out);
                )
            }
            None => quote!(
                #applicators::alternatives(#applicators::Rule::#rule, #n, #run, t, p, out);
            ),
        });
    }
    if let Some(not) = node.not {
        let f = fn_name(not);
        let stat = static_value(&node_value(schema, not));
        out.push(quote!(
            #rt::keywords::applicators::not(|sink: &mut #rt::Sink<'_>| #f(v, t, p, o, sink), || (#stat).clone(), t, p, out);
        ));
    }
    if let Some(condition) = node.effective_if() {
        let f = fn_name(condition);
        let branch = |b: Option<tool_schema_engine::schema::NodeId>| match b {
            Some(id) => {
                let g = fn_name(id);
                quote!(#g(v, t, p, o, sink))
            }
            None => quote!({}),
        };
        let (then, otherwise) = (branch(node.then_schema), branch(node.else_schema));
        out.push(quote!(
            #rt::keywords::applicators::if_then_else(
                |sink: &mut #rt::Sink<'_>| #f(v, t, p, o, sink),
                |held: bool, sink: &mut #rt::Sink<'_>| if held { #then } else { #otherwise },
                t,
                out,
            );
        ));
    }
    quote!(#(#out)*)
}

/// The yes/no `if`/`then`/`else` of `v`, as `return false`.
pub(super) fn ok_code(node: &Node) -> TokenStream {
    let Some(condition) = node.effective_if() else {
        return quote!();
    };
    let f = ok_name(condition);
    let branch = |b: Option<tool_schema_engine::schema::NodeId>| match b {
        Some(id) => {
            let g = ok_name(id);
            quote!(if !#g(v, root, o) { return false; })
        }
        None => quote!(),
    };
    let (then, otherwise) = (branch(node.then_schema), branch(node.else_schema));
    quote!(if #f(v, root, o) { #then } else { #otherwise })
}
