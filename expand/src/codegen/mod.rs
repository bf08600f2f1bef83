//! The compiled back end: Rust functions per schema node (a boolean walk and a
//! reporting walk), specialised to the keywords that node uses. Property names
//! become `match` arms (more than 64 are looked up in a sorted table and their
//! members dispatched through static tables), required properties a bit set;
//! nothing walks the schema at run time.
//!
//! Generated code stays linear in the schema: nodes whose functions would be the
//! same share them (`shared.rs`), a node's checks are inlined into a bounded
//! number of callers (`INLINE_WEIGHT`), and reporting functions, which run only
//! on refused values, are not inlined.
//!
//! The functions produce exactly the violations the interpreter
//! (`tool_schema_engine::Schema::validate_with`) produces, in the same order: each
//! keyword's decision is a call of the runtime's `keywords::*` function that the
//! interpreter calls too, with the schema's constants, so that both decide and word
//! alike. One module per keyword family, mirroring the runtime's `keywords/`.

mod applicators;
mod array;
mod depth;
mod enum_const;
mod format;
mod number;
mod object;
mod prune;
mod shared;
mod string;
mod unevaluated;

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use tool_schema_engine::schema::{Node, NodeId, Schema};

/// The runtime items generated code names, by absolute path.
fn rt() -> TokenStream {
    crate::paths::private()
}

/// `Some(n)` or `None`, as an expression.
fn option(v: Option<u64>) -> TokenStream {
    match v {
        Some(n) => quote!(::core::option::Option::Some(#n)),
        None => quote!(::core::option::Option::None),
    }
}

fn fn_name(id: NodeId) -> Ident {
    format_ident!("__ts_node_{}", shared::name_of(id))
}

/// The validator functions of every node, and the call of the root's.
///
/// The entry function first runs the boolean validators (`__ts_ok_*`: the same
/// checks, no path, no position, stopping at the first failure) and walks the value
/// again with the reporting functions (`__ts_node_*`) only when they refuse it: a
/// valid call costs one plain pass.
pub(crate) fn validator(schema: &Schema) -> (TokenStream, Ident) {
    let at_root = root_applied(schema);
    let recursive = recursive_nodes(schema);
    let mut heavy: Vec<bool> = weights(schema, &recursive)
        .into_iter()
        .map(|w| w > INLINE_WEIGHT)
        .collect();
    // The members of a wide object are called, not inlined: one match arm per
    // property holding each member's checks made one huge function per walk,
    // whose compile time and memory grew faster than the schema.
    for node in schema.nodes() {
        if object::wide(node) {
            for p in node.properties.iter().flatten() {
                heavy[p.node.0 as usize] = true;
            }
        }
    }
    // The reporting functions run only for values their boolean function refused
    // (or, through a probe, as the boolean function of a node that `probes`):
    // inlining them buys nothing else, and inlining every one into its caller
    // made one huge function of a wide or deep schema.
    let functions = |id: NodeId| {
        let i = id.0 as usize;
        let outline = heavy[i] || !complex(schema.node(id));
        let mut fns = node_fn(schema, id, at_root[i], outline);
        fns.extend(ok_fn(schema, id, at_root[i], recursive[i], heavy[i]));
        fns.extend(object::names_fn(schema.node(id), id));
        fns
    };
    let names = shared::Names::new(schema.nodes().len());
    let mut fns = TokenStream::new();
    let order = post_order(schema, &recursive);
    // A node of a `$ref` cycle keeps its own name (its functions may call
    // themselves), and so does one with `unevaluated*` (its collecting functions
    // are named after it).
    let own_name = |id: NodeId| recursive[id.0 as usize] || unevaluated::has(schema.node(id));
    for &id in &order {
        if !own_name(id) {
            if let Some(code) = names.share(id, || functions(id)) {
                fns.extend(code);
            }
        }
    }
    // Last, once every other node's name is known.
    for &id in &order {
        if own_name(id) {
            fns.extend(functions(id));
        }
    }
    let root = fn_name(schema.root_id());
    let root_ok = ok_name(schema.root_id());
    let entry = format_ident!("__ts_validate");
    // The reporting walk out of line: the valid path stays a small function.
    let rt = rt();
    let body = quote!(
        // Not asked again for a call `collect_report` knows is refused.
        if !out.knows_refused() && #root_ok(v, t.is_root(), o) {
            return;
        }
        // A probe (`is_valid`) needs no more than the boolean walk's answer.
        if out.is_probe() {
            out.fail();
            return;
        }
        #[cold]
        #[inline(never)]
        fn __ts_report(
            v: &#rt::serde_json::Value,
            t: &#rt::Trail<'_>,
            p: #rt::Position,
            o: &#rt::Options,
            out: &mut #rt::Sink<'_>,
        ) {
            #root(v, t, p, o, out)
        }
        __ts_report(v, t, p, o, out)
    );
    // Always inlined into `__validate_at`, its one caller: it is small (a heavy
    // root's boolean walk is a call), and a valid call should cost one function.
    let entry_fn = signature_with(&entry, body, quote!(#[inline(always)]));
    // The collecting walks of `unevaluated*` call other nodes' functions by their
    // shared names: generated while those are known.
    let collecting = unevaluated::functions(schema, &at_root);
    drop(names);
    let fns = prune::unused_ok_fns(fns, &[&entry_fn, &collecting]);
    (quote!(#entry_fn #fns #collecting), entry)
}

/// The deepest value the schema accepts, when it bounds it (see `depth.rs`).
pub(crate) fn depth_bound(schema: &Schema) -> Option<usize> {
    depth::bound(schema)
}

/// A closure giving a top-level argument's index among the root's declared
/// properties, as the interpreter finds it (`Node::property`): the position of a
/// violation at the root that the walk does not find (`Kind::TooDeep`).
pub(crate) fn root_declared(schema: &Schema) -> TokenStream {
    declared_fn(schema.root())
}

/// A closure giving a member's index among `node`'s declared properties, as
/// `Node::declared_index` finds it (an alias: its property's).
fn declared_fn(node: &Node) -> TokenStream {
    let props = node.properties.as_deref().unwrap_or(&[]);
    let names = props.iter().map(|p| &p.name);
    let index = if node.has_aliases() {
        let canonical = props.iter().enumerate().map(|(i, p)| p.canonical(i));
        quote!(.map(|i| [#(#canonical),*][i]))
    } else {
        quote!()
    };
    quote!(|k: &str| -> ::core::option::Option<usize> {
        const NAMES: &[&str] = &[#(#names),*];
        NAMES.iter().position(|n| *n == k) #index
    })
}

fn ok_name(id: NodeId) -> Ident {
    format_ident!("__ts_ok_{}", shared::name_of(id))
}

/// `fn __ts_ok_N(v, root, o) -> bool`: whether node `N`'s reporting function would
/// report nothing for `v` (`root`: `v` is the arguments object, as `t.is_root()`
/// says there). Nodes whose checks are not a line of code (`anyOf`, `oneOf`, `not`,
/// `propertyNames`, `pattern`, another tool type) ask the reporting function with a
/// probe instead.
fn ok_fn(schema: &Schema, id: NodeId, root: bool, recursive: bool, heavy: bool) -> TokenStream {
    let node = schema.node(id);
    if unevaluated::has(node) {
        return unevaluated::ok_fn(id, recursive);
    }
    ok_fn_of(
        node,
        id,
        &ok_name(id),
        &fn_name(id),
        root,
        inline_unless(recursive, heavy),
    )
}

/// Whether the boolean validator of `node` asks its reporting function with a
/// probe (see [`ok_fn`]): its checks are not a line of code.
fn complex(node: &Node) -> bool {
    external_type(node).is_some()
        || !node.any_of.is_empty()
        || !node.one_of.is_empty()
        || node.not.is_some()
        || node.property_names.is_some()
        || node.pattern.is_some()
}

/// [`ok_fn`] of `node` (node `id`, or the part of it `unevaluated.rs` checks),
/// named `name`, whose reporting function is `walk`, with the `inline` attribute.
fn ok_fn_of(
    node: &Node,
    id: NodeId,
    name: &Ident,
    walk: &Ident,
    root: bool,
    inline: TokenStream,
) -> TokenStream {
    let rt = rt();
    let body = if node.never {
        quote!(false)
    } else if complex(node) {
        quote!(
            let top = #rt::Trail::ROOT;
            let below = top.index(0);
            let mut probe = #rt::Sink::probe();
            #walk(v, if root { &top } else { &below }, #rt::Position::default(), o, &mut probe);
            !probe.failed()
        )
    } else {
        let mut checks = Vec::new();
        if let Some(mut types) = node.types {
            if node.nullable {
                types = types.with(tool_schema_engine::JsonType::Null);
            }
            let accepts = type_test(types);
            checks.push(quote!(if !(#accepts) { return false; }));
        }
        checks.push(enum_const::ok_code(node));
        checks.push(match_by_type(
            number::ok_code(node),
            string::ok_code(node),
            object::ok_code(node, id, root),
            array::ok_code(node),
        ));
        // `$ref` and `allOf` check the same value.
        for target in node.reference.iter().chain(&node.all_of) {
            let f = ok_name(*target);
            checks.push(quote!(if !#f(v, root, o) { return false; }));
        }
        checks.push(applicators::ok_code(node));
        quote!(#(#checks)* true)
    };
    // Inlined into both walks (the boolean one, and the reporting one that asks
    // it before walking a member again): `inline` says how (see `inline_unless`).
    quote! {
        #[allow(unused_variables, clippy::all)]
        #inline
        fn #name(v: &#rt::serde_json::Value, root: bool, o: &#rt::Options) -> bool {
            #body
        }
    }
}

/// `#[inline(always)]`; `#[inline]` for a function that may call itself;
/// `#[inline(never)]` for a heavy one (see `INLINE_WEIGHT`).
fn inline_unless(recursive: bool, heavy: bool) -> TokenStream {
    if recursive {
        quote!(#[inline])
    } else if heavy {
        quote!(#[inline(never)])
    } else {
        quote!(#[inline(always)])
    }
}

/// The subschemas of `id`: the nodes its functions call.
fn children(schema: &Schema, id: NodeId) -> Vec<NodeId> {
    schema.node(id).subschemas().collect()
}

/// The nodes whose validation may reach themselves again (through `$ref`): their
/// boolean validators cannot be inlined into their callers. Those of a cycle of
/// the subschema graph: its strongly connected components of more than one node,
/// and the nodes that are their own subschema (Tarjan's algorithm, iterative, in
/// time linear in the schema).
fn recursive_nodes(schema: &Schema) -> Vec<bool> {
    const UNSEEN: u32 = u32::MAX;
    let n = schema.nodes().len();
    let edges: Vec<Vec<NodeId>> = (0..n).map(|i| children(schema, NodeId(i as u32))).collect();
    // Per node: its visit number and the lowest one it reaches on the stack.
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut out = vec![false; n];
    let mut next = 0u32;
    // The depth-first walk: each node with the next of its edges to follow.
    let mut walk: Vec<(usize, usize)> = Vec::new();
    for start in 0..n {
        if index[start] != UNSEEN {
            continue;
        }
        let mut to_enter = Some(start);
        loop {
            if let Some(v) = to_enter.take() {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
                walk.push((v, 0));
            }
            let Some(&(v, k)) = walk.last() else { break };
            if let Some(w) = edges[v].get(k).map(|w| w.0 as usize) {
                walk.last_mut().expect("a node on the walk").1 += 1;
                out[v] |= w == v;
                if index[w] == UNSEEN {
                    to_enter = Some(w);
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            walk.pop();
            if let Some(&(u, _)) = walk.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let from = stack
                    .iter()
                    .rposition(|&w| w == v)
                    .expect("v is on the stack");
                let cycle = stack.len() - from > 1;
                for w in stack.drain(from..) {
                    on_stack[w] = false;
                    out[w] |= cycle;
                }
            }
        }
    }
    out
}

/// The most nodes a function may hold with its subschemas' functions inlined
/// into it. A node heavier than this gets functions of its own that are never
/// inlined, so that no node's checks are copied into more than a bounded number
/// of callers: generated code, and the compiler's time and memory, stay linear
/// in the schema's size and depth (inlining every boolean walk into its parent,
/// and each into the reporting walk that asks it, made them quadratic in depth).
const INLINE_WEIGHT: usize = 16;

/// Each node's weight: itself and the weights of the subschemas inlined into it
/// (those of at most [`INLINE_WEIGHT`], not recursive; any other counts 1, a
/// call), capped at `INLINE_WEIGHT + 1`.
fn weights(schema: &Schema, recursive: &[bool]) -> Vec<usize> {
    let cap = INLINE_WEIGHT + 1;
    fold_nodes(schema, recursive, cap, |id, weight| {
        let w = children(schema, id).iter().fold(1usize, |w, c| {
            let cw = weight(*c);
            w.saturating_add(if cw > INLINE_WEIGHT { 1 } else { cw })
        });
        w.min(cap)
    })
}

/// A value for each node computed from its subschemas' (`f(id, of)`, where
/// `of(child)` is the child's value), `on_cycle` for the nodes of a `$ref`
/// cycle.
fn fold_nodes<T: Copy>(
    schema: &Schema,
    recursive: &[bool],
    on_cycle: T,
    f: impl Fn(NodeId, &dyn Fn(NodeId) -> T) -> T,
) -> Vec<T> {
    let mut done: Vec<Option<T>> = vec![None; schema.nodes().len()];
    for id in post_order(schema, recursive) {
        let i = id.0 as usize;
        done[i] = Some(if recursive[i] {
            on_cycle
        } else {
            let of = |c: NodeId| done[c.0 as usize].unwrap_or(on_cycle);
            f(id, &of)
        });
    }
    done.into_iter().map(|w| w.unwrap_or(on_cycle)).collect()
}

/// Every node once, each after its subschemas, except where a `$ref` cycle
/// (`recursive`) makes that impossible. By hand: a deep schema must not overflow
/// the macro's stack; a walk stops at recursive nodes, so it meets no cycle.
fn post_order(schema: &Schema, recursive: &[bool]) -> Vec<NodeId> {
    let n = schema.nodes().len();
    let mut placed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for start in 0..n {
        let mut stack = vec![(NodeId(start as u32), false)];
        while let Some((id, expanded)) = stack.pop() {
            let i = id.0 as usize;
            if placed[i] {
                continue;
            }
            if recursive[i] || expanded {
                placed[i] = true;
                order.push(id);
            } else {
                stack.push((id, true));
                for c in children(schema, id) {
                    if !placed[c.0 as usize] && !recursive[c.0 as usize] {
                        stack.push((c, false));
                    }
                }
            }
        }
    }
    order
}

/// Which nodes may check the root value itself: the root, and every node reached
/// from it through `$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else` and
/// `dependentSchemas` (applied to the same
/// value). Like the interpreter, their object checks ask `t.is_root()` at run time.
fn root_applied(schema: &Schema) -> Vec<bool> {
    let mut seen = vec![false; schema.nodes().len()];
    let mut stack = vec![schema.root_id()];
    while let Some(id) = stack.pop() {
        if std::mem::replace(&mut seen[id.0 as usize], true) {
            continue;
        }
        let node = schema.node(id);
        stack.extend(node.in_place_subschemas());
        stack.extend(node.not);
    }
    seen
}

/// `match v { Number(n) => {..} String(s) => {..} Object(m) => {..} Array(a) => {..} _ => {} }`
/// with an arm only for the non-empty checks; nothing when all are empty.
fn match_by_type(
    numbers: TokenStream,
    strings: TokenStream,
    objects: TokenStream,
    arrays: TokenStream,
) -> TokenStream {
    let rt = rt();
    let mut arms = Vec::new();
    if !numbers.is_empty() {
        arms.push(quote!(#rt::serde_json::Value::Number(n) => { #numbers }));
    }
    if !strings.is_empty() {
        arms.push(quote!(#rt::serde_json::Value::String(s) => { #strings }));
    }
    if !objects.is_empty() {
        arms.push(quote!(#rt::serde_json::Value::Object(m) => { #objects }));
    }
    if !arrays.is_empty() {
        arms.push(quote!(#rt::serde_json::Value::Array(a) => { #arrays }));
    }
    if arms.is_empty() {
        quote!()
    } else {
        quote!(match v { #(#arms)* _ => {} })
    }
}

/// `out.report(|| KIND, TRAIL, POS);`
/// Tests joined by `||` at most this many; more are written one after the other.
const CHAINED: usize = 8;

/// A boolean expression: whether any of `tests` holds (`false` for none), in
/// order, stopping at the first that does. A long list is written as a block of
/// statements rather than one `||` chain: a chain nests one level per test, and
/// rustc's recursion over an expression thousands deep overflows its stack.
fn any_test(tests: &[TokenStream]) -> TokenStream {
    match tests.len() {
        0 => quote!(false),
        n if n <= CHAINED => quote!(#(#tests)||*),
        _ => quote!('any: { #(if #tests { break 'any true; })* false }),
    }
}

fn report(kind: TokenStream, trail: TokenStream, pos: TokenStream) -> TokenStream {
    quote!(out.report(|| #kind, #trail, #pos);)
}

/// `out.report_kind(KIND, TRAIL, POS);`: [`report`] of a kind that costs nothing
/// to build (a unit variant, or one made already), through one function instead
/// of a copy of `Sink::report` per call.
fn report_made(kind: TokenStream, trail: TokenStream, pos: TokenStream) -> TokenStream {
    quote!(out.report_kind(#kind, #trail, #pos);)
}

/// `if let Some(kind) = CHECK { out.report_kind(kind, t, p); }`: reports the
/// violation a runtime decision returns (an `Option<Kind>`) at the value itself.
fn report_if(check: TokenStream) -> TokenStream {
    quote!(if let ::core::option::Option::Some(kind) = #check { out.report_kind(kind, t, p); })
}

/// The annotation by which `#[derive(ToolArgs)]` marks a node validated by another
/// `ToolArgs` type: its value is the Rust type's path.
pub(crate) const EXTERNAL_TYPE: &str = "x-tool-schema-rust-type";

fn external_type(node: &Node) -> Option<syn::Type> {
    let (_, v) = node
        .annotations
        .other
        .iter()
        .find(|(k, _)| k == EXTERNAL_TYPE)?;
    syn::parse_str(v.as_str()?).ok()
}

fn signature(name: &Ident, body: TokenStream) -> TokenStream {
    signature_inline(name, body, false)
}

/// [`signature`], never inlined when `outline`.
fn signature_inline(name: &Ident, body: TokenStream, outline: bool) -> TokenStream {
    let inline = if outline {
        quote!(#[inline(never)])
    } else {
        quote!(#[inline])
    };
    signature_with(name, body, inline)
}

/// [`signature`] with the `inline` attribute given.
fn signature_with(name: &Ident, body: TokenStream, inline: TokenStream) -> TokenStream {
    let rt = rt();
    quote! {
        #[allow(unused_variables, clippy::all)]
        #inline
        fn #name(
            v: &#rt::serde_json::Value,
            t: &#rt::Trail<'_>,
            p: #rt::Position,
            o: &#rt::Options,
            out: &mut #rt::Sink<'_>,
        ) {
            #body
        }
    }
}

/// `root`: the node may check the root value (see [`root_applied`]); `outline`:
/// its function is never inlined.
fn node_fn(schema: &Schema, id: NodeId, root: bool, outline: bool) -> TokenStream {
    let node = schema.node(id);
    let last = unevaluated::report_code(schema, id);
    node_fn_of(schema, node, id, &fn_name(id), root, last, outline)
}

/// [`node_fn`] of `node` (node `id`, or the part of it `unevaluated.rs` reports),
/// named `name`, with `last` after its applicators.
fn node_fn_of(
    schema: &Schema,
    node: &Node,
    id: NodeId,
    name: &Ident,
    root: bool,
    last: TokenStream,
    outline: bool,
) -> TokenStream {
    let rt = rt();

    // A node standing for another tool type (`#[derive(ToolArgs)]` nesting): that
    // type's own compiled validator checks the value.
    if let Some(ty) = external_type(node) {
        return signature(
            name,
            quote!(<#ty as ::tool_schema::__private::ToolArgs>::__validate_at(v, t, p, o, out)),
        );
    }
    if node.never {
        return signature(
            name,
            report_made(quote!(#rt::Kind::NotAllowed), quote!(t), quote!(p)),
        );
    }

    let mut body = Vec::new();
    if let Some(mut types) = node.types {
        if node.nullable {
            types = types.with(tool_schema_engine::JsonType::Null);
        }
        let bits = types.bits();
        let kind = quote!(#rt::Kind::Type { expected, received });
        let push = report_made(kind, quote!(t), quote!(p));
        // A plain test of the value's variant; the set and `o.type_of` (the same
        // decision, `TypeSet::accepts`) only to word a mismatch.
        let accepts = type_test(types);
        body.push(quote!(
            if !(#accepts) {
                let expected = #rt::TypeSet::from_bits(#bits);
                let received = o.type_of(v);
                #push
                return;
            }
        ));
    }

    body.push(enum_const::code(node));

    body.push(match_by_type(
        number::code(node),
        string::code(node),
        object::code(node, id, root),
        array::code(schema, node),
    ));
    body.push(applicators::code(schema, node));
    body.push(last);
    signature_inline(name, quote!(#(#body)*), outline)
}

/// A boolean expression: does `v` have one of `types`, exactly as
/// `types.accepts(o.type_of(v))` decides (a `number` accepts integers; with
/// `Options::integer_floats` a float without fraction is an `integer`)?
fn type_test(types: tool_schema_engine::TypeSet) -> TokenStream {
    use tool_schema_engine::JsonType;
    let rt = rt();
    let val = quote!(#rt::serde_json::Value);
    let mut tests = Vec::new();
    for t in types.iter() {
        tests.push(match t {
            JsonType::Null => quote!(#val::Null),
            JsonType::Boolean => quote!(#val::Bool(_)),
            JsonType::String => quote!(#val::String(_)),
            JsonType::Array => quote!(#val::Array(_)),
            JsonType::Object => quote!(#val::Object(_)),
            JsonType::Number => quote!(#val::Number(_)),
            JsonType::Integer if types.declares(JsonType::Number) => continue,
            JsonType::Integer => quote!(
                #val::Number(n) if !n.is_f64()
                    || (o.integer_floats && n.as_f64().is_some_and(|f| f.fract() == 0.0))
            ),
        });
    }
    if tests.is_empty() {
        return quote!(false);
    }
    let arms = tests.iter().map(|pat| quote!(#pat => true,));
    quote!(match v { #(#arms)* _ => false })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The generated tokens, one statement or brace a line, for reading and diffing.
    fn layout(tokens: &TokenStream) -> String {
        let text = tokens.to_string();
        let mut out = String::new();
        let mut depth = 0usize;
        for c in text.chars() {
            match c {
                '{' => {
                    depth += 1;
                    out.push_str("{\n");
                    out.push_str(&"    ".repeat(depth));
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    out.push('\n');
                    out.push_str(&"    ".repeat(depth));
                    out.push_str("}\n");
                    out.push_str(&"    ".repeat(depth));
                }
                ';' => {
                    out.push_str(";\n");
                    out.push_str(&"    ".repeat(depth));
                }
                c => out.push(c),
            }
        }
        out.lines()
            .map(str::trim_end)
            .filter(|l| !l.trim().is_empty())
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    }

    fn weather() -> Schema {
        Schema::parse(&json!({
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "City name"},
                "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
                "days": {"type": "integer", "minimum": 1, "maximum": 7}
            },
            "required": ["city"]
        }))
        .unwrap()
    }

    #[test]
    fn generated_code_is_specialised() {
        let (fns, root) = validator(&weather());
        assert_eq!(root.to_string(), "__ts_validate");
        let text = fns.to_string();
        // Property names are match arms; the required one sets a bit.
        assert!(text.contains("match k . as_str ()"), "{text}");
        for arm in ["\"city\" =>", "\"unit\" =>", "\"days\" =>"] {
            assert!(text.contains(arm), "no arm {arm}");
        }
        assert!(text.contains("seen |= 1u64"));
        assert!(text.contains("seen != 1u64"));
        // The enum is matched against literals, bounds against constant numbers.
        assert!(text.contains("Some (\"celsius\")"));
        assert!(text.contains("Number :: from (1u64)"));
        // No run-time schema: the model's types never appear in generated code.
        for walk in ["Schema", "Node", "NodeId", "properties", "validate_with"] {
            assert!(!text.contains(walk), "generated code mentions {walk}");
        }
        // Each keyword only where used: no object code for leaf nodes (one arm in
        // the reporting function, one in the boolean one).
        assert_eq!(text.matches("Value :: Object (m)").count(), 2);
        // A bound is a call of the shared decision: once in each walk.
        assert_eq!(text.matches("Bound :: Minimum").count(), 2);
    }

    /// The whole expansion for one schema, compared with a reviewed snapshot.
    /// Regenerate with `UPDATE_SNAPSHOTS=1 cargo test -p tool-schema-expand`.
    #[test]
    fn snapshot_of_generated_tokens() {
        let (fns, _) = validator(&weather());
        let got = layout(&fns);
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/snapshots/weather.rs.txt"
        );
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
            std::fs::write(path, &got).unwrap();
        }
        let want = std::fs::read_to_string(path).expect("snapshot file");
        if got != want {
            let line = got
                .lines()
                .zip(want.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(got.lines().count().min(want.lines().count()));
            panic!(
                "generated code changed at line {}: review it and regenerate the snapshot\n got: {:?}\nwant: {:?}",
                line + 1,
                got.lines().nth(line),
                want.lines().nth(line)
            );
        }
    }
}

#[cfg(test)]
mod recursion_tests {
    use super::*;
    use serde_json::json;

    /// By definition: a node reaches itself through one or more subschema steps.
    fn reaches_itself(schema: &Schema) -> Vec<bool> {
        let n = schema.nodes().len();
        (0..n)
            .map(|start| {
                let start = NodeId(start as u32);
                let mut seen = vec![false; n];
                let mut stack = children(schema, start);
                while let Some(id) = stack.pop() {
                    if id == start {
                        return true;
                    }
                    if !std::mem::replace(&mut seen[id.0 as usize], true) {
                        stack.extend(children(schema, id));
                    }
                }
                false
            })
            .collect()
    }

    #[test]
    fn recursive_nodes_are_those_that_reach_themselves() {
        let schemas = [
            json!({"properties": {"a": {"type": "string"}}}),
            json!({"properties": {"next": {"$ref": "#"}}}),
            json!({"$defs": {"a": {"items": {"$ref": "#/$defs/b"}}, "b": {"anyOf": [{"$ref": "#/$defs/a"}, true]}},
                   "properties": {"x": {"$ref": "#/$defs/a"}, "y": {"$ref": "#/$defs/b"}}}),
            json!({"$defs": {"s": {"type": "integer"}},
                   "allOf": [{"$ref": "#/$defs/s"}, {"properties": {"p": {"$ref": "#/$defs/s"}}}]}),
            json!({"$defs": {"t": {"properties": {"l": {"$ref": "#/$defs/t"}, "r": {"$ref": "#/$defs/u"}}},
                             "u": {"items": {"$ref": "#/$defs/u"}}},
                   "oneOf": [{"$ref": "#/$defs/t"}, {"$ref": "#/$defs/u"}, {"type": "null"}]}),
        ];
        for v in schemas {
            let schema = Schema::parse(&v).expect("the schema parses");
            assert_eq!(recursive_nodes(&schema), reaches_itself(&schema), "{v}");
        }
    }
}

/// Issue #28 item 7: what `tool_schema!` emits grows linearly with the schema, and
/// a wide object's tables name each distinct function once (not once per
/// property, which cost rustc memory faster than linear).
#[cfg(test)]
mod growth_tests {
    use proc_macro2::{TokenStream, TokenTree};
    use serde_json::{json, Value};

    fn expand(schema: &Value) -> TokenStream {
        let input: TokenStream = format!("/// The probe tool.\npub Probe = {schema};")
            .parse()
            .expect("tokens");
        crate::tool_schema(input)
    }

    /// Tokens in all, and identifiers starting with `prefix`.
    fn count(ts: TokenStream, prefix: &str) -> (usize, usize) {
        let mut stack = vec![ts];
        let (mut all, mut named) = (0, 0);
        while let Some(ts) = stack.pop() {
            for t in ts {
                all += 1;
                match t {
                    TokenTree::Group(g) => stack.push(g.stream()),
                    TokenTree::Ident(i) if i.to_string().starts_with(prefix) => named += 1,
                    _ => {}
                }
            }
        }
        (all, named)
    }

    fn wide(n: usize, kinds: usize) -> Value {
        let props: serde_json::Map<String, Value> = (0..n)
            .map(|i| {
                let kind = match i % kinds {
                    0 => json!({"type": "string", "maxLength": 64}),
                    1 => json!({"type": "integer", "minimum": 0}),
                    2 => json!({"type": "boolean"}),
                    k => json!({"type": "integer", "maximum": k}),
                };
                (format!("p{i}"), kind)
            })
            .collect();
        let required: Vec<String> = (0..n).step_by(10).map(|i| format!("p{i}")).collect();
        json!({"type": "object", "properties": props, "required": required, "additionalProperties": false})
    }

    fn branches(n: usize) -> Value {
        let b: Vec<Value> = (0..n)
            .map(|i| {
                json!({"type": "object", "required": [format!("b{i}")], "additionalProperties": false,
                       "properties": {format!("b{i}"): {"type": "string"}, "count": {"type": "integer", "maximum": i}}})
            })
            .collect();
        json!({ "anyOf": b })
    }

    #[test]
    fn generated_code_grows_linearly() {
        for (what, small, large) in [
            ("3 kinds of properties", wide(150, 3), wide(300, 3)),
            ("9 kinds of properties", wide(150, 9), wide(300, 9)),
            ("object branches", branches(30), branches(60)),
        ] {
            let (a, _) = count(expand(&small), "");
            let (b, _) = count(expand(&large), "");
            assert!(
                b * 100 <= a * 205,
                "{what}: {a} tokens, then {b} for twice the schema"
            );
        }
    }

    #[test]
    fn wide_tables_name_each_function_once() {
        for kinds in [1, 3, 9] {
            let (_, small) = count(expand(&wide(100, kinds)), "__ts_ok_");
            let (_, large) = count(expand(&wide(400, kinds)), "__ts_ok_");
            assert_eq!(small, large, "{kinds} kinds: the boolean functions named");
        }
    }
}
