//! Generated checks of the array keywords: counts and `uniqueItems` as calls of
//! the runtime's `keywords::array` decisions, then each element against its
//! schema (`prefixItems`, `items`), then `contains` (its count decided by the
//! runtime).

use super::{enum_const::static_value, fn_name, ok_name, option, report_if, rt};
use proc_macro2::TokenStream;
use quote::quote;
use tool_schema_engine::schema::{node_value, Node, Schema};

/// The yes/no checks of `a`, as `return false`.
pub(super) fn ok_code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    if node.min_items.is_some() || node.max_items.is_some() {
        let (min, max) = (option(node.min_items), option(node.max_items));
        checks.push(quote!(
            if !#rt::keywords::array::count_ok(#min, #max, a.len() as u64) { return false; }
        ));
    }
    if node.unique_items {
        checks
            .push(quote!(if #rt::keywords::array::first_duplicate(a).is_some() { return false; }));
    }
    if !node.prefix_items.is_empty() || node.items.is_some() {
        let prefix = node.prefix_items.iter().enumerate().map(|(i, id)| {
            let f = ok_name(*id);
            quote!(#i => #f(e, false, o),)
        });
        let rest = match node.items {
            Some(id) => {
                let f = ok_name(id);
                quote!(_ => #f(e, false, o),)
            }
            None => quote!(_ => true,),
        };
        checks.push(quote!(
            for (i, e) in a.iter().enumerate() {
                if !(match i { #(#prefix)* #rest }) { return false; }
            }
        ));
    }
    if let Some(c) = node.contains {
        let f = ok_name(c);
        let (min, max) = (option(node.min_contains), option(node.max_contains));
        checks.push(quote!(
            if !#rt::keywords::array::contains_ok(a.len(), |i: usize| #f(&a[i], false, o), #min, #max) { return false; }
        ));
    }
    quote!(#(#checks)*)
}

/// The reporting checks of `a`.
pub(super) fn code(schema: &Schema, node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    if node.min_items.is_some() || node.max_items.is_some() {
        checks.push(quote!(let count = a.len() as u64;));
        if let Some(limit) = node.min_items {
            checks.push(report_if(
                quote!(#rt::keywords::array::min_items(#limit, count)),
            ));
        }
        if let Some(limit) = node.max_items {
            checks.push(report_if(
                quote!(#rt::keywords::array::max_items(#limit, count)),
            ));
        }
    }
    if node.unique_items {
        checks.push(report_if(quote!(#rt::keywords::array::unique(a))));
    }
    if !node.prefix_items.is_empty() || node.items.is_some() {
        // As for properties: the boolean check first, the reporting walk on failure
        // (a probe only notes the failure: walking it again at every level of a
        // recursive schema would double the work per level).
        let prefix = node.prefix_items.iter().enumerate().map(|(i, id)| {
            let (f, ok) = (fn_name(*id), ok_name(*id));
            quote!(#i => if !#ok(e, false, o) && out.must_report() { #f(e, &t, p, o, out) },)
        });
        let rest = match node.items {
            Some(id) => {
                let (f, ok) = (fn_name(id), ok_name(id));
                quote!(_ => if !#ok(e, false, o) && out.must_report() { #f(e, &t, p, o, out) },)
            }
            None => quote!(_ => {}),
        };
        checks.push(quote!(
            for (i, e) in a.iter().enumerate() {
                let t = t.index(i);
                match i { #(#prefix)* #rest }
            }
        ));
    }
    if let Some(c) = node.contains {
        let f = ok_name(c);
        let (min, max) = (option(node.min_contains), option(node.max_contains));
        let stat = static_value(&node_value(schema, c));
        checks.push(report_if(quote!(
            #rt::keywords::array::contains(a.len(), |i: usize| #f(&a[i], false, o), #min, #max, || (#stat).clone())
        )));
    }
    quote!(#(#checks)*)
}
