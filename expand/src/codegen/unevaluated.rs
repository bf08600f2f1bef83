//! Generated `unevaluatedProperties` / `unevaluatedItems`: the interpreter's
//! collecting walk (`interp::unevaluated`) as functions of the nodes it reaches.
//! Every node applied in place below a node with `unevaluated*` gets
//! `__ts_ev_N(v, root, o, ev) -> bool` (validity, and what it evaluated added to
//! `ev`); those that apply subschemas themselves also `__ts_own_N` (their own
//! keywords only, as the interpreter's `walk_own`) and `__ts_applied_N`. The
//! decisions (what a keyword evaluates, the set) are the runtime's
//! `keywords::unevaluated`.

use super::{
    complex, fn_name, inline_unless, node_fn_of, object::pattern_set, ok_fn_of, ok_name, rt,
};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use tool_schema_engine::schema::{Additional, Node, NodeId, Schema};

/// Whether the node has `unevaluatedProperties` or `unevaluatedItems`.
pub(super) fn has(node: &Node) -> bool {
    node.unevaluated_properties.is_some() || node.unevaluated_items.is_some()
}

fn ev_name(id: NodeId) -> Ident {
    format_ident!("__ts_ev_{}", id.0)
}

fn own_name(id: NodeId) -> Ident {
    format_ident!("__ts_own_{}", id.0)
}

fn part_name(id: NodeId) -> Ident {
    format_ident!("__ts_part_{}", id.0)
}

fn applied_name(id: NodeId) -> Ident {
    format_ident!("__ts_applied_{}", id.0)
}

fn marks_name(id: NodeId) -> Ident {
    format_ident!("__ts_marks_{}", id.0)
}

fn lenient_name(id: NodeId) -> Ident {
    format_ident!("__ts_lenient_{}", id.0)
}

/// Whether evaluating the node collects through subschemas (`__ts_own_N` and
/// `__ts_applied_N` exist).
fn collecting(node: &Node) -> bool {
    tool_schema_engine::schema::node_checks::unevaluated::collects(node) || has(node)
}

/// The boolean validator of a node with `unevaluated*`: its collecting walk.
pub(super) fn ok_fn(id: NodeId, recursive: bool) -> TokenStream {
    let rt = rt();
    let name = ok_name(id);
    let ev = ev_name(id);
    let inline = inline_unless(recursive, false);
    quote! {
        #[allow(unused_variables, clippy::all)]
        #inline
        fn #name(v: &#rt::serde_json::Value, root: bool, o: &#rt::Options) -> bool {
            let mut ev = #rt::keywords::unevaluated::Evaluated::new();
            #ev(v, root, o, &mut ev)
        }
    }
}

/// The collecting functions of every node reached in place from a node with
/// `unevaluated*` (`at_root`: which nodes may check the root value).
pub(super) fn functions(schema: &Schema, at_root: &[bool]) -> TokenStream {
    let n = schema.nodes().len();
    let mut seen = vec![false; n];
    let mut stack: Vec<NodeId> = (0..n as u32)
        .map(NodeId)
        .filter(|&id| has(schema.node(id)))
        .collect();
    while let Some(id) = stack.pop() {
        if !std::mem::replace(&mut seen[id.0 as usize], true) {
            stack.extend(schema.node(id).in_place_subschemas());
        }
    }
    let mut out = Vec::new();
    for (i, _) in seen.iter().enumerate().filter(|(_, s)| **s) {
        let id = NodeId(i as u32);
        out.push(node_functions(schema, id, at_root[i]));
    }
    quote!(#(#out)*)
}

fn node_functions(schema: &Schema, id: NodeId, root: bool) -> TokenStream {
    let rt = rt();
    let node = schema.node(id);
    let val = quote!(#rt::serde_json::Value);
    let evaluated = quote!(#rt::keywords::unevaluated::Evaluated);
    let (ev, marks) = (ev_name(id), marks_name(id));
    let mut out = vec![marks_fn(schema, id)];
    let body = if !collecting(node) {
        let ok = ok_name(id);
        quote!(
            #marks(v, o, ev);
            #ok(v, root, o)
        )
    } else {
        out.push(own_fns(schema, node, id, root));
        out.push(applied_fn(node, id));
        let (own, applied) = (own_name(id), applied_name(id));
        if has(node) {
            out.push(lenient_fn(node, id));
            let check = unevaluated_ok(node);
            quote!(
                if !#own(v, root, o) {
                    #marks(v, o, ev);
                    return false;
                }
                let mut mine = #evaluated::new();
                #marks(v, o, &mut mine);
                let ok = #applied(v, root, o, &mut mine) && {
                    let ev = &mut mine;
                    #check
                };
                ev.merge(mine);
                ok
            )
        } else {
            quote!(
                let own = #own(v, root, o);
                #marks(v, o, ev);
                own && #applied(v, root, o, ev)
            )
        }
    };
    out.push(quote! {
        #[allow(unused_variables, clippy::all)]
        #[inline]
        fn #ev(v: &#val, root: bool, o: &#rt::Options, ev: &mut #evaluated) -> bool {
            #body
        }
    });
    quote!(#(#out)*)
}

/// `__ts_own_N` (and the reporting `__ts_part_N` it may probe): node `N`
/// without its in-place applicators, `dependentSchemas` and `unevaluated*`.
fn own_fns(schema: &Schema, node: &Node, id: NodeId, root: bool) -> TokenStream {
    let mut own = node.clone();
    own.reference = None;
    own.all_of.clear();
    own.any_of.clear();
    own.one_of.clear();
    own.not = None;
    own.if_schema = None;
    own.then_schema = None;
    own.else_schema = None;
    own.dependent_schemas.clear();
    // `unevaluated*` are kept in the node (closing in tool-call mode reads them),
    // but neither function below checks them.
    let part = part_name(id);
    let ok = ok_fn_of(&own, id, &own_name(id), &part, root, quote!(#[inline]));
    // The probe's reporting function, where the boolean one needs it.
    let walk = if complex(&own) {
        node_fn_of(schema, &own, id, &part, root, quote!(), true)
    } else {
        quote!()
    };
    quote!(#ok #walk)
}

/// `__ts_marks_N(v, o, ev)`: what node `N`'s own keywords evaluate.
fn marks_fn(schema: &Schema, id: NodeId) -> TokenStream {
    let rt = rt();
    let node = schema.node(id);
    let val = quote!(#rt::serde_json::Value);
    let evaluated = quote!(#rt::keywords::unevaluated::Evaluated);
    let name = marks_name(id);
    let mut arms = Vec::new();
    if tool_schema_engine::schema::node_checks::unevaluated::evaluates_members(node) {
        let additional = node.additional != Additional::Unspecified;
        let names: Vec<&str> = node
            .properties
            .iter()
            .flatten()
            .map(|p| p.name.as_str())
            .collect();
        let declared = if names.is_empty() {
            quote!(|_k: &str| false)
        } else {
            quote!(|k: &str| matches!(k, #(#names)|*))
        };
        let patterns = if node.pattern_properties.is_empty() {
            quote!(::core::option::Option::None)
        } else {
            let set = pattern_set(node);
            quote!(::core::option::Option::Some(#set))
        };
        arms.push(quote!(
            #val::Object(m) => #rt::keywords::unevaluated::own_members(#additional, #patterns, m, #declared, ev),
        ));
    }
    let prefix = node.prefix_items.len();
    let items = node.items.is_some();
    let contains = node.contains.map(|c| {
        let ok = ok_name(c);
        quote!(
            for (i, item) in a.iter().enumerate() {
                if !ev.has(i) && #ok(item, false, o) {
                    ev.mark(i);
                }
            }
        )
    });
    arms.push(quote!(
        #val::Array(a) => {
            #rt::keywords::unevaluated::own_elements(#prefix, #items, a.len(), ev);
            #contains
        }
    ));
    quote! {
        #[allow(unused_variables, clippy::all)]
        #[inline]
        fn #name(v: &#val, o: &#rt::Options, ev: &mut #evaluated) {
            match v {
                #(#arms)*
                _ => {}
            }
        }
    }
}

/// `__ts_applied_N(v, root, o, ev) -> bool`: node `N`'s in-place applicators,
/// each branch that passed adding what it evaluated (the interpreter's `applied`).
fn applied_fn(node: &Node, id: NodeId) -> TokenStream {
    let rt = rt();
    let val = quote!(#rt::serde_json::Value);
    let evaluated = quote!(#rt::keywords::unevaluated::Evaluated);
    let name = applied_name(id);
    let mut body = Vec::new();
    for &t in node.reference.iter().chain(&node.all_of) {
        body.push(apply(t, true));
    }
    if !node.any_of.is_empty() {
        let fs = node.any_of.iter().map(|&b| ev_name(b));
        body.push(quote!(
            let mut any = false;
            #(
                let mut sub = #evaluated::new();
                if #fs(v, root, o, &mut sub) {
                    any = true;
                    ev.merge(sub);
                }
            )*
            if !any {
                return false;
            }
        ));
    }
    if !node.one_of.is_empty() {
        let fs = node.one_of.iter().map(|&b| ev_name(b));
        body.push(quote!(
            let mut passed: ::core::option::Option<#evaluated> = ::core::option::Option::None;
            #(
                let mut sub = #evaluated::new();
                if #fs(v, root, o, &mut sub) {
                    if passed.is_some() {
                        return false;
                    }
                    passed = ::core::option::Option::Some(sub);
                }
            )*
            match passed {
                ::core::option::Option::Some(sub) => ev.merge(sub),
                ::core::option::Option::None => return false,
            }
        ));
    }
    if let Some(not) = node.not {
        let f = ok_name(not);
        body.push(quote!(if #f(v, root, o) { return false; }));
    }
    body.push(conditional(node, true));
    quote! {
        #[allow(unused_variables, unused_mut, clippy::all)]
        #[inline]
        fn #name(v: &#val, root: bool, o: &#rt::Options, ev: &mut #evaluated) -> bool {
            #(#body)*
            true
        }
    }
}

/// Subschema `id` applied to `v`, collecting into `ev`: `strict`, a failure
/// returns `false` (the plain walk); otherwise it is ignored (the reporting
/// walk's collection).
fn apply(id: NodeId, strict: bool) -> TokenStream {
    let f = ev_name(id);
    if strict {
        quote!(if !#f(v, root, o, ev) { return false; })
    } else {
        quote!(let _ = #f(v, root, o, ev);)
    }
}

/// `if`/`then`/`else` and `dependentSchemas`, collecting into `ev` (see
/// [`apply`] for `strict`): what `if` evaluated counts when it passed.
fn conditional(node: &Node, strict: bool) -> TokenStream {
    let rt = rt();
    let val = quote!(#rt::serde_json::Value);
    let evaluated = quote!(#rt::keywords::unevaluated::Evaluated);
    let mut out = Vec::new();
    if let Some(condition) = node.if_schema {
        let f = ev_name(condition);
        let branch = |b: Option<NodeId>| b.map(|b| apply(b, strict));
        let (then, otherwise) = (branch(node.then_schema), branch(node.else_schema));
        out.push(quote!({
            let mut sub = #evaluated::new();
            let held = #f(v, root, o, &mut sub);
            if held {
                ev.merge(sub);
            }
            if held { #then } else { #otherwise }
        }));
    }
    if !node.dependent_schemas.is_empty() {
        let checks = node.dependent_schemas.iter().map(|d| {
            let (key, each) = (&d.name, apply(d.node, strict));
            quote!(if m.contains_key(#key) { #each })
        });
        out.push(quote!(if let #val::Object(m) = v { #(#checks)* }));
    }
    quote!(#(#out)*)
}

/// The check of `unevaluated*` against `ev` (in scope), as an expression: every
/// member (element) not evaluated passes the schema; then all are evaluated.
fn unevaluated_ok(node: &Node) -> TokenStream {
    let rt = rt();
    let val = quote!(#rt::serde_json::Value);
    let mut arms = Vec::new();
    if let Some(u) = node.unevaluated_properties {
        let f = ok_name(u);
        arms.push(quote!(#val::Object(m) => m.values().enumerate().all(|(i, x)| ev.has(i) || #f(x, false, o)),));
    }
    if let Some(u) = node.unevaluated_items {
        let f = ok_name(u);
        arms.push(quote!(#val::Array(a) => a.iter().enumerate().all(|(i, x)| ev.has(i) || #f(x, false, o)),));
    }
    quote!({
        let ok = match v {
            #(#arms)*
            _ => return true,
        };
        if ok {
            ev.mark_all();
        }
        ok
    })
}

/// `__ts_lenient_N(v, root, o, ev)`: the reporting walk's collection (the
/// interpreter's `lenient`): an applicator that failed lets its branches count.
fn lenient_fn(node: &Node, id: NodeId) -> TokenStream {
    let rt = rt();
    let val = quote!(#rt::serde_json::Value);
    let evaluated = quote!(#rt::keywords::unevaluated::Evaluated);
    let name = lenient_name(id);
    let mut body = Vec::new();
    for &t in node.reference.iter().chain(&node.all_of) {
        body.push(apply(t, false));
    }
    for list in [&node.any_of, &node.one_of] {
        if list.is_empty() {
            continue;
        }
        let fs = list.iter().map(|&b| ev_name(b));
        body.push(quote!({
            let mut passed = #evaluated::new();
            let mut failed = #evaluated::new();
            let mut any = false;
            #(
                let mut sub = #evaluated::new();
                if #fs(v, root, o, &mut sub) {
                    any = true;
                    passed.merge(sub);
                } else {
                    failed.merge(sub);
                }
            )*
            ev.merge(passed);
            if !any {
                ev.merge(failed);
            }
        }));
    }
    body.push(conditional(node, false));
    quote! {
        #[allow(unused_variables, unused_mut, clippy::all)]
        #[inline(never)]
        #[cold]
        fn #name(v: &#val, root: bool, o: &#rt::Options, ev: &mut #evaluated) {
            #(#body)*
        }
    }
}

/// The reporting walk's `unevaluated*` of node `id` (after its applicators),
/// as the interpreter's `report_unevaluated`; nothing for other nodes.
pub(super) fn report_code(schema: &Schema, id: NodeId) -> TokenStream {
    let node = schema.node(id);
    if !has(node) {
        return quote!();
    }
    let rt = rt();
    let val = quote!(#rt::serde_json::Value);
    let evaluated = quote!(#rt::keywords::unevaluated::Evaluated);
    let (marks, lenient) = (marks_name(id), lenient_name(id));
    let mut arms = Vec::new();
    if let Some(u) = node.unevaluated_properties {
        let refuse = schema.node(u).never;
        let each = if refuse {
            quote!(out.report_kind(#rt::Kind::Unexpected, &t.key(key), at);)
        } else {
            let f = fn_name(u);
            quote!(#f(x, &t.key(key), at, o, out);)
        };
        let suggest = if refuse {
            let names =
                tool_schema_engine::schema::node_checks::unevaluated::declared_in_place(schema, id);
            quote!(
                if out.mark() > start {
                    const NAMES: &[&str] = &[#(#names),*];
                    #rt::keywords::object::suggest_names(out, start, t, NAMES.iter().copied(), |k: &str| #rt::keywords::object::has_member(m, k));
                }
            )
        } else {
            quote!()
        };
        arms.push(quote!(
            #val::Object(m) => {
                let start = out.mark();
                for (i, (key, x)) in m.iter().enumerate() {
                    if ev.has(i) {
                        continue;
                    }
                    let at = if root {
                        #rt::Position { argument: ::core::option::Option::Some(i), declared: ::core::option::Option::None }
                    } else {
                        p
                    };
                    #each
                }
                #suggest
            }
        ));
    }
    if let Some(u) = node.unevaluated_items {
        let f = fn_name(u);
        arms.push(quote!(
            #val::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    if !ev.has(i) {
                        #f(x, &t.index(i), p, o, out);
                    }
                }
            }
        ));
    }
    quote!({
        let root = t.is_root();
        let mut ev = #evaluated::new();
        #marks(v, o, &mut ev);
        #lenient(v, root, o, &mut ev);
        match v {
            #(#arms)*
            _ => {}
        }
    })
}
