//! Boolean functions nothing calls are left out. A node's boolean function is
//! generated with its reporting one, but some are never called: a branch of an
//! `anyOf` or `oneOf` is asked through its reporting function with a probe, so
//! the boolean functions of 1,000 object branches were 1,000 functions the
//! compiler type-checked and borrow-checked for nothing.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::collections::{HashMap, HashSet};

/// The prefix of the boolean functions' names (see `ok_name`).
const OK_PREFIX: &str = "__ts_ok_";

/// `fns` (generated items, each a `fn` or an item ending in `;`) without the
/// boolean functions that neither `fns`' other items, nor `callers`, nor a boolean
/// function kept call.
pub(super) fn unused_ok_fns(fns: TokenStream, callers: &[&TokenStream]) -> TokenStream {
    let items = split_items(fns);
    let mut bodies: HashMap<String, usize> = HashMap::new();
    let mut wanted: Vec<String> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match fn_name(item).filter(|n| n.starts_with(OK_PREFIX)) {
            Some(name) => {
                bodies.insert(name, i);
            }
            None => item.iter().for_each(|t| ok_calls(t, &mut wanted)),
        }
    }
    for ts in callers {
        for t in (*ts).clone() {
            ok_calls(&t, &mut wanted);
        }
    }
    let mut kept: HashSet<usize> = HashSet::new();
    while let Some(name) = wanted.pop() {
        if let Some(&i) = bodies.get(&name) {
            if kept.insert(i) {
                items[i].iter().for_each(|t| ok_calls(t, &mut wanted));
            }
        }
    }
    let mut out = TokenStream::new();
    for (i, item) in items.into_iter().enumerate() {
        let is_ok = fn_name(&item).is_some_and(|n| n.starts_with(OK_PREFIX));
        if !is_ok || kept.contains(&i) {
            out.extend(item);
        }
    }
    out
}

/// The top-level items of `ts`: each ends with a braced body or a `;`.
fn split_items(ts: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut items = Vec::new();
    let mut item = Vec::new();
    for t in ts {
        let ends = match &t {
            TokenTree::Group(g) => g.delimiter() == Delimiter::Brace,
            TokenTree::Punct(p) => p.as_char() == ';',
            _ => false,
        };
        item.push(t);
        if ends {
            items.push(std::mem::take(&mut item));
        }
    }
    if !item.is_empty() {
        items.push(item);
    }
    items
}

/// The name of the `fn` an item declares.
fn fn_name(item: &[TokenTree]) -> Option<String> {
    let at = item
        .iter()
        .position(|t| matches!(t, TokenTree::Ident(i) if i == "fn"))?;
    match item.get(at + 1) {
        Some(TokenTree::Ident(name)) => Some(name.to_string()),
        _ => None,
    }
}

/// Adds the boolean functions `t` names to `out`.
fn ok_calls(t: &TokenTree, out: &mut Vec<String>) {
    match t {
        TokenTree::Ident(i) => {
            let name = i.to_string();
            if name.starts_with(OK_PREFIX) {
                out.push(name);
            }
        }
        TokenTree::Group(g) => g.stream().into_iter().for_each(|t| ok_calls(&t, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn names(ts: &TokenStream) -> Vec<String> {
        split_items(ts.clone())
            .iter()
            .filter_map(|i| fn_name(i))
            .collect()
    }

    #[test]
    fn keeps_what_is_called_through_any_chain() {
        let fns = quote!(
            #[inline]
            fn __ts_node_1(v: &V) {
                if !__ts_ok_2(v) {
                    g();
                }
            }
            fn __ts_ok_1(v: &V) -> bool {
                __ts_ok_3(v)
            }
            fn __ts_ok_2(v: &V) -> bool {
                __ts_ok_4(v)
            }
            fn __ts_ok_3(v: &V) -> bool {
                true
            }
            fn __ts_ok_4(v: &V) -> bool {
                true
            }
            fn __ts_ok_5(v: &V) -> bool {
                true
            }
            static TABLE: [u8; 1] = [0];
        );
        let entry = quote!(
            fn __ts_validate() {
                __ts_ok_5(v);
            }
        );
        let kept = unused_ok_fns(fns, &[&entry]);
        assert_eq!(
            names(&kept),
            ["__ts_node_1", "__ts_ok_2", "__ts_ok_4", "__ts_ok_5"]
        );
        assert!(kept.to_string().contains("static TABLE"));
    }
}
