//! The compiled back end: one Rust function per schema node, specialised to the
//! keywords that node uses. Property names become `match` arms, required
//! properties a bit set; nothing walks the schema at run time.
//!
//! The functions produce exactly the violations the interpreter
//! (`tool_schema_runtime::Schema::validate_with`) produces, in the same order, and
//! share its run-time helpers (`check::*`) for the checks that are not a line of
//! code, so that both decide and word alike.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use serde_json::{Number, Value};
use tool_schema_runtime::schema::{node_value, Additional, Node, NodeId, Schema};

/// The runtime items generated code names, by absolute path.
fn rt() -> TokenStream {
    crate::paths::private()
}

fn fn_name(id: NodeId) -> Ident {
    format_ident!("__ts_node_{}", id.0)
}

/// The validator functions of every node, and the call of the root's.
///
/// The entry function first runs the boolean validators (`__ts_ok_*`: the same
/// checks, no path, no position, stopping at the first failure) and walks the value
/// again with the reporting functions (`__ts_node_*`) only when they refuse it: a
/// valid call costs one plain pass.
pub(crate) fn validator(schema: &Schema) -> (TokenStream, Ident) {
    let at_root = root_applied(schema);
    let fns = (0..schema.nodes().len()).map(|i| node_fn(schema, NodeId(i as u32), at_root[i]));
    let recursive = recursive_nodes(schema);
    let oks = (0..schema.nodes().len())
        .map(|i| ok_fn(schema, NodeId(i as u32), at_root[i], recursive[i]));
    let root = fn_name(schema.root_id());
    let root_ok = ok_name(schema.root_id());
    let entry = format_ident!("__ts_validate");
    // The reporting walk out of line: the valid path stays a small function.
    let rt = rt();
    let body = quote!(
        if #root_ok(v, t.is_root(), o) {
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
    let entry_fn = signature(&entry, body);
    (quote!(#entry_fn #(#fns)* #(#oks)*), entry)
}

/// A closure giving a top-level argument's index among the root's declared
/// properties, as the interpreter finds it (`Node::property`): the position of a
/// violation at the root that the walk does not find (`Kind::TooDeep`).
pub(crate) fn root_declared(schema: &Schema) -> TokenStream {
    let names = schema
        .root()
        .properties
        .as_deref()
        .unwrap_or(&[])
        .iter()
        .map(|p| &p.name);
    quote!(|k: &str| -> ::core::option::Option<usize> {
        const NAMES: &[&str] = &[#(#names),*];
        NAMES.iter().position(|n| *n == k)
    })
}

fn ok_name(id: NodeId) -> Ident {
    format_ident!("__ts_ok_{}", id.0)
}

/// `fn __ts_ok_N(v, root, o) -> bool`: whether node `N`'s reporting function would
/// report nothing for `v` (`root`: `v` is the arguments object, as `t.is_root()`
/// says there). Nodes whose checks are not a line of code (`anyOf`, `oneOf`, `not`,
/// `propertyNames`, `pattern`, another tool type) ask the reporting function with a
/// probe instead.
fn ok_fn(schema: &Schema, id: NodeId, root: bool, recursive: bool) -> TokenStream {
    let rt = rt();
    let node = schema.node(id);
    let name = ok_name(id);
    let walk = fn_name(id);
    let complex = external_type(node).is_some()
        || !node.any_of.is_empty()
        || !node.one_of.is_empty()
        || node.not.is_some()
        || node.property_names.is_some()
        || node.pattern.is_some();
    let body = if node.never {
        quote!(false)
    } else if complex {
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
                types = types.with(tool_schema_runtime::JsonType::Null);
            }
            let accepts = type_test(types);
            checks.push(quote!(if !(#accepts) { return false; }));
        }
        if let Some(allowed) = &node.enum_values {
            let tests: Vec<TokenStream> = allowed.iter().map(equals).collect();
            let test = if tests.is_empty() {
                quote!(false)
            } else {
                quote!(#(#tests)||*)
            };
            checks.push(quote!(if !(#test) { return false; }));
        }
        if let Some(c) = &node.const_value {
            let test = equals(c);
            checks.push(quote!(if !(#test) { return false; }));
        }
        checks.push(match_by_type(
            ok_number_code(node),
            ok_string_code(node),
            ok_object_code(node, root),
            ok_array_code(node),
        ));
        // `$ref` and `allOf` check the same value.
        for target in node.reference.iter().chain(&node.all_of) {
            let f = ok_name(*target);
            checks.push(quote!(if !#f(v, root, o) { return false; }));
        }
        quote!(#(#checks)* true)
    };
    // Inlined into both walks (the boolean one, and the reporting one that asks
    // it before walking a member again), except on a `$ref` cycle.
    let inline = if recursive {
        quote!(#[inline])
    } else {
        quote!(#[inline(always)])
    };
    quote! {
        #[allow(unused_variables, clippy::all)]
        #inline
        fn #name(v: &#rt::serde_json::Value, root: bool, o: &#rt::Options) -> bool {
            #body
        }
    }
}

/// The number checks of [`number_code`], as `return false`.
fn ok_number_code(node: &Node) -> TokenStream {
    let rt = rt();
    let some = quote!(::core::option::Option::Some);
    let ord = quote!(::core::cmp::Ordering);
    let bounds = [
        (&node.minimum, quote!(#some(#ord::Less))),
        (&node.maximum, quote!(#some(#ord::Greater))),
        (
            &node.exclusive_minimum,
            quote!(#some(#ord::Less) | #some(#ord::Equal)),
        ),
        (
            &node.exclusive_maximum,
            quote!(#some(#ord::Greater) | #some(#ord::Equal)),
        ),
    ];
    let mut checks = Vec::new();
    for (limit, fails) in bounds {
        if let Some(limit) = limit {
            let cmp = compare(limit);
            checks.push(quote!(if matches!(#cmp, #fails) {
                return false;
            }));
        }
    }
    if let Some(divisor) = &node.multiple_of {
        let num = number_expr(divisor);
        checks.push(quote!(if !#rt::check::multiple_of(n, &#num) { return false; }));
    }
    quote!(#(#checks)*)
}

/// `n` compared with `limit`: inline for an integer limit.
fn compare(limit: &Number) -> TokenStream {
    let rt = rt();
    let int = limit
        .as_i64()
        .map(i128::from)
        .or_else(|| limit.as_u64().map(i128::from));
    match int {
        Some(i) => quote!(#rt::check::cmp_to_int(n, #i)),
        None => {
            let num = number_expr(limit);
            quote!(#rt::json::cmp_numbers(n, &#num))
        }
    }
}

/// The string checks of [`string_code`] (without `pattern`), as `return false`.
fn ok_string_code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    if node.min_length.is_some() || node.max_length.is_some() {
        checks.push(quote!(let length = #rt::check::char_len(s);));
        if let Some(limit) = node.min_length {
            checks.push(quote!(if length < #limit { return false; }));
        }
        if let Some(limit) = node.max_length {
            checks.push(quote!(if length > #limit { return false; }));
        }
    }
    if let Some(format) = &node.format {
        checks.push(quote!(if o.formats && !#rt::formats::check(#format, s) { return false; }));
    }
    quote!(#(#checks)*)
}

/// The array checks of [`array_code`], as `return false`.
fn ok_array_code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    if let Some(limit) = node.min_items {
        checks.push(quote!(if (a.len() as u64) < #limit { return false; }));
    }
    if let Some(limit) = node.max_items {
        checks.push(quote!(if (a.len() as u64) > #limit { return false; }));
    }
    if node.unique_items {
        checks.push(quote!(if #rt::check::first_duplicate(a).is_some() { return false; }));
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
    quote!(#(#checks)*)
}

/// The object checks of [`object_code`], as `return false` (no `propertyNames`:
/// such nodes use the probe).
fn ok_object_code(node: &Node, root: bool) -> TokenStream {
    let props = node.properties.as_deref().unwrap_or(&[]);
    let closed = root || node.properties.is_some();
    let closed_expr = if node.properties.is_some() {
        quote!(true)
    } else if root {
        quote!(root)
    } else {
        quote!(false)
    };
    let extra = match node.additional {
        Additional::Schema(id) => Some(ok_name(id)),
        _ => None,
    };
    let may_reject = extra.is_none() && (closed || node.additional == Additional::Forbidden);
    let visit = !props.is_empty() || may_reject || extra.is_some();
    let counts = node.min_properties.is_some() || node.max_properties.is_some();
    if !visit && node.required.is_empty() && !counts {
        return quote!();
    }
    let mut code = Vec::new();
    if let Some(limit) = node.min_properties {
        code.push(quote!(if (m.len() as u64) < #limit { return false; }));
    }
    if let Some(limit) = node.max_properties {
        code.push(quote!(if (m.len() as u64) > #limit { return false; }));
    }
    // The same bits as `object_code`.
    let mut bit_of: Vec<Option<usize>> = vec![None; props.len()];
    let mut lookups = Vec::new();
    let mut nbits = 0usize;
    for name in &node.required {
        match node.property(name).map(|(i, _)| i) {
            Some(i) if nbits < 64 => {
                bit_of[i] = Some(nbits);
                nbits += 1;
            }
            _ => lookups.push(quote!(if !m.contains_key(#name) { return false; })),
        }
    }
    let all_bits: u64 = if nbits == 64 {
        u64::MAX
    } else {
        (1u64 << nbits) - 1
    };
    code.push(if nbits > 0 {
        quote!(let mut seen: u64 = 0;)
    } else {
        quote!(let seen: u64 = 0;)
    });
    if visit {
        let arms = props.iter().enumerate().map(|(i, prop)| {
            let pname = &prop.name;
            let child = ok_name(prop.node);
            let mark = match bit_of[i] {
                Some(b) => {
                    let mask = 1u64 << b;
                    quote!(seen |= #mask;)
                }
                None => quote!(),
            };
            let call = if node.required.contains(&prop.name) {
                quote!(if !#child(val, false, o) { return false; })
            } else {
                quote!(if !(o.null_is_absent && val.is_null()) && !#child(val, false, o) { return false; })
            };
            quote!(#pname => { #mark #call })
        });
        let fallback = if let Some(f) = &extra {
            quote!(_ => { if !#f(val, false, o) { return false; } })
        } else if may_reject {
            let additional = additional_expr(node.additional);
            quote!(_ => { if o.rejects_undeclared(#closed_expr, #additional) { return false; } })
        } else {
            quote!(_ => {})
        };
        code.push(quote!(
            for (k, val) in m.iter() {
                match k.as_str() {
                    #(#arms)*
                    #fallback
                }
            }
        ));
    }
    if nbits > 0 {
        code.push(quote!(if seen != #all_bits { return false; }));
    }
    code.extend(lookups);
    quote!(#(#code)*)
}

/// The nodes whose validation may reach themselves again (through `$ref`): their
/// boolean validators cannot be inlined into their callers.
fn recursive_nodes(schema: &Schema) -> Vec<bool> {
    let n = schema.nodes().len();
    let children = |id: NodeId| -> Vec<NodeId> {
        let node = schema.node(id);
        let mut out: Vec<NodeId> = Vec::new();
        for p in node.properties.as_deref().unwrap_or(&[]) {
            out.push(p.node);
        }
        if let Additional::Schema(x) = node.additional {
            out.push(x);
        }
        out.extend(node.items);
        out.extend(&node.prefix_items);
        out.extend(node.reference);
        out.extend(&node.all_of);
        out.extend(&node.any_of);
        out.extend(&node.one_of);
        out.extend(node.not);
        out.extend(node.property_names);
        out
    };
    (0..n)
        .map(|start| {
            let start = NodeId(start as u32);
            let mut seen = vec![false; n];
            let mut stack = children(start);
            while let Some(id) = stack.pop() {
                if id == start {
                    return true;
                }
                if !std::mem::replace(&mut seen[id.0 as usize], true) {
                    stack.extend(children(id));
                }
            }
            false
        })
        .collect()
}

/// Which nodes may check the root value itself: the root, and every node reached
/// from it through `$ref`, `allOf`, `anyOf`, `oneOf` and `not` (applied to the same
/// value). Like the interpreter, their object checks ask `t.is_root()` at run time.
fn root_applied(schema: &Schema) -> Vec<bool> {
    let mut seen = vec![false; schema.nodes().len()];
    let mut stack = vec![schema.root_id()];
    while let Some(id) = stack.pop() {
        if std::mem::replace(&mut seen[id.0 as usize], true) {
            continue;
        }
        let node = schema.node(id);
        stack.extend(node.reference);
        stack.extend(&node.all_of);
        stack.extend(&node.any_of);
        stack.extend(&node.one_of);
        stack.extend(node.not);
    }
    seen
}

/// A `Number` expression equal to `n`, built without allocating.
fn number_expr(n: &Number) -> TokenStream {
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

/// An expression evaluating to a `&'static Value` equal to `v`, parsed once.
fn static_value(v: &Value) -> TokenStream {
    let rt = rt();
    let text = v.to_string();
    quote!({
        static VALUE: ::std::sync::OnceLock<#rt::serde_json::Value> = ::std::sync::OnceLock::new();
        VALUE.get_or_init(|| #rt::serde_json::from_str(#text).expect("literal checked at compile time"))
    })
}

/// A boolean expression: does `v` (a `&Value`) equal the literal `lit` (JSON
/// equality)? Arrays and objects are compared member by member in generated code,
/// so the check allocates nothing and needs no run-time copy of the literal.
fn equals(lit: &Value) -> TokenStream {
    let rt = rt();
    let val = quote!(#rt::serde_json::Value);
    match lit {
        Value::Null => quote!(v.is_null()),
        Value::Bool(b) => quote!(matches!(v, #val::Bool(#b))),
        Value::String(s) => quote!(v.as_str() == ::core::option::Option::Some(#s)),
        Value::Number(n) => {
            let num = number_expr(n);
            quote!(match v {
                #val::Number(n) => #rt::json::cmp_numbers(n, &#num) == ::core::option::Option::Some(::core::cmp::Ordering::Equal),
                _ => false,
            })
        }
        Value::Array(items) => {
            let len = items.len();
            let each = items.iter().enumerate().map(|(i, item)| {
                let eq = equals(item);
                quote!(&& { let v = &a[#i]; #eq })
            });
            quote!(match v { #val::Array(a) => a.len() == #len #(#each)*, _ => false })
        }
        Value::Object(map) => {
            let len = map.len();
            let each = map.iter().map(|(k, item)| {
                let eq = equals(item);
                quote!(&& match m.get(#k) { ::core::option::Option::Some(v) => #eq, ::core::option::Option::None => false })
            });
            quote!(match v { #val::Object(m) => m.len() == #len #(#each)*, _ => false })
        }
    }
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
fn report(kind: TokenStream, trail: TokenStream, pos: TokenStream) -> TokenStream {
    quote!(out.report(|| #kind, #trail, #pos);)
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
    let rt = rt();
    quote! {
        #[allow(unused_variables, clippy::all)]
        #[inline]
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

/// `root`: the node may check the root value (see [`root_applied`]).
fn node_fn(schema: &Schema, id: NodeId, root: bool) -> TokenStream {
    let rt = rt();
    let node = schema.node(id);
    let name = fn_name(id);

    // A node standing for another tool type (`#[derive(ToolArgs)]` nesting): that
    // type's own compiled validator checks the value.
    if let Some(ty) = external_type(node) {
        return signature(
            &name,
            quote!(<#ty as ::tool_schema::ToolArgs>::__validate_at(v, t, p, o, out)),
        );
    }
    if node.never {
        return signature(
            &name,
            report(quote!(#rt::Kind::NotAllowed), quote!(t), quote!(p)),
        );
    }

    let mut body = Vec::new();
    if let Some(mut types) = node.types {
        if node.nullable {
            types = types.with(tool_schema_runtime::JsonType::Null);
        }
        let bits = types.bits();
        let kind = quote!(#rt::Kind::Type { expected, received });
        let push = report(kind, quote!(t), quote!(p));
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

    if let Some(allowed) = &node.enum_values {
        let all_text = Value::Array(allowed.to_vec()).to_string();
        // The list is built once and shared by every violation that names it.
        let all = quote!({
            static ALLOWED: ::std::sync::OnceLock<::std::sync::Arc<[#rt::serde_json::Value]>> = ::std::sync::OnceLock::new();
            ALLOWED.get_or_init(|| {
                let v: ::std::vec::Vec<#rt::serde_json::Value> = #rt::serde_json::from_str(#all_text).expect("literal checked at compile time");
                v.into()
            })
        });
        let tests: Vec<TokenStream> = allowed.iter().map(equals).collect();
        let test = if tests.is_empty() {
            quote!(false)
        } else {
            quote!(#(#tests)||*)
        };
        let kind = quote!(#rt::Kind::Enum {
            allowed: ::std::sync::Arc::clone(#all),
            received: #rt::received_value(v),
        });
        let push = report(kind, quote!(t), quote!(p));
        body.push(quote!(if !(#test) { #push }));
    }

    if let Some(c) = &node.const_value {
        let stat = static_value(c);
        let test = equals(c);
        let kind = quote!(#rt::Kind::Const { expected: (#stat).clone(), received: #rt::received_value(v) });
        let push = report(kind, quote!(t), quote!(p));
        body.push(quote!(if !(#test) { #push }));
    }

    body.push(match_by_type(
        number_code(node),
        string_code(node),
        object_code(node, root),
        array_code(node),
    ));
    body.push(applicator_code(schema, node));
    signature(&name, quote!(#(#body)*))
}

/// A boolean expression: does `v` have one of `types`, exactly as
/// `types.accepts(o.type_of(v))` decides (a `number` accepts integers; with
/// `Options::integer_floats` a float without fraction is an `integer`)?
fn type_test(types: tool_schema_runtime::TypeSet) -> TokenStream {
    use tool_schema_runtime::JsonType;
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

fn number_code(node: &Node) -> TokenStream {
    let rt = rt();
    let some = quote!(::core::option::Option::Some);
    let ord = quote!(::core::cmp::Ordering);
    let bounds = [
        (
            &node.minimum,
            quote!(#some(#ord::Less)),
            quote!(BelowMinimum),
        ),
        (
            &node.maximum,
            quote!(#some(#ord::Greater)),
            quote!(AboveMaximum),
        ),
        (
            &node.exclusive_minimum,
            quote!(#some(#ord::Less) | #some(#ord::Equal)),
            quote!(ExclusiveMinimum),
        ),
        (
            &node.exclusive_maximum,
            quote!(#some(#ord::Greater) | #some(#ord::Equal)),
            quote!(ExclusiveMaximum),
        ),
    ];
    let mut checks = Vec::new();
    for (limit, fails, kind) in bounds {
        if let Some(limit) = limit {
            let num = number_expr(limit);
            let push = report(
                quote!(#rt::Kind::#kind { limit: #num, received: n.clone() }),
                quote!(t),
                quote!(p),
            );
            // An integer limit is compared inline (the same order as `cmp_numbers`).
            let int = limit
                .as_i64()
                .map(i128::from)
                .or_else(|| limit.as_u64().map(i128::from));
            let cmp = match int {
                Some(i) => quote!(#rt::check::cmp_to_int(n, #i)),
                None => quote!(#rt::json::cmp_numbers(n, &#num)),
            };
            checks.push(quote!(
                if matches!(#cmp, #fails) { #push }
            ));
        }
    }
    if let Some(divisor) = &node.multiple_of {
        let num = number_expr(divisor);
        let push = report(
            quote!(#rt::Kind::MultipleOf { divisor: #num, received: n.clone() }),
            quote!(t),
            quote!(p),
        );
        checks.push(quote!(if !#rt::check::multiple_of(n, &#num) { #push }));
    }
    quote!(#(#checks)*)
}

fn string_code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    if node.min_length.is_some() || node.max_length.is_some() {
        checks.push(quote!(let length = #rt::check::char_len(s);));
        if let Some(limit) = node.min_length {
            let push = report(
                quote!(#rt::Kind::MinLength { limit: #limit, length }),
                quote!(t),
                quote!(p),
            );
            checks.push(quote!(if length < #limit { #push }));
        }
        if let Some(limit) = node.max_length {
            let push = report(
                quote!(#rt::Kind::MaxLength { limit: #limit, length }),
                quote!(t),
                quote!(p),
            );
            checks.push(quote!(if length > #limit { #push }));
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
            static RE: ::std::sync::OnceLock<#rt::regex::Regex> = ::std::sync::OnceLock::new();
            let re = RE.get_or_init(|| #rt::regex::Regex::new(#translated).expect("pattern checked at compile time"));
            if !re.is_match(s) { #push }
        }));
    }
    if let Some(format) = &node.format {
        let push = report(
            quote!(#rt::Kind::Format { format: #format.to_string(), received: #rt::received_str(s) }),
            quote!(t),
            quote!(p),
        );
        checks.push(quote!(if o.formats && !#rt::formats::check(#format, s) { #push }));
    }
    quote!(#(#checks)*)
}

fn array_code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut checks = Vec::new();
    if node.min_items.is_some() || node.max_items.is_some() {
        checks.push(quote!(let count = a.len() as u64;));
        if let Some(limit) = node.min_items {
            let push = report(
                quote!(#rt::Kind::MinItems { limit: #limit, count }),
                quote!(t),
                quote!(p),
            );
            checks.push(quote!(if count < #limit { #push }));
        }
        if let Some(limit) = node.max_items {
            let push = report(
                quote!(#rt::Kind::MaxItems { limit: #limit, count }),
                quote!(t),
                quote!(p),
            );
            checks.push(quote!(if count > #limit { #push }));
        }
    }
    if node.unique_items {
        let push = report(
            quote!(#rt::Kind::UniqueItems { first, second }),
            quote!(t),
            quote!(p),
        );
        checks.push(quote!(
            if let ::core::option::Option::Some((first, second)) = #rt::check::first_duplicate(a) { #push }
        ));
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
    quote!(#(#checks)*)
}

fn applicator_code(schema: &Schema, node: &Node) -> TokenStream {
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
    for (list, check) in [
        (&node.any_of, quote!(any_of)),
        (&node.one_of, quote!(one_of)),
    ] {
        if list.is_empty() {
            continue;
        }
        let n = list.len();
        let arms = list.iter().enumerate().map(|(i, id)| {
            let f = fn_name(*id);
            quote!(#i => #f(v, t, p, o, sink),)
        });
        out.push(quote!(
            #rt::check::#check(#n, |i: usize, sink: &mut #rt::Sink<'_>| match i { #(#arms)* _ => {} }, t, p, out);
        ));
    }
    if let Some(not) = node.not {
        let f = fn_name(not);
        let stat = static_value(&node_value(schema, not));
        out.push(quote!(
            #rt::check::not(|sink: &mut #rt::Sink<'_>| #f(v, t, p, o, sink), || (#stat).clone(), t, p, out);
        ));
    }
    quote!(#(#out)*)
}

fn additional_expr(a: Additional) -> TokenStream {
    let rt = rt();
    match a {
        Additional::Allowed => quote!(#rt::schema::Additional::Allowed),
        Additional::Forbidden => quote!(#rt::schema::Additional::Forbidden),
        // A schema for undeclared properties: none is rejected as such.
        Additional::Schema(_) => quote!(#rt::schema::Additional::Allowed),
        _ => quote!(#rt::schema::Additional::Unspecified),
    }
}

/// The object checks: counts, then one pass over the members with a `match` on the
/// name and a bit set of the required properties seen; missing ones are put first
/// afterwards.
///
/// `root` says the node may check the root value (the schema's root, or a node
/// applied to the same value, see [`root_applied`]), which is the arguments object
/// when validated from `validate_with` but a nested value when another tool's
/// validator calls it, or when the node is also used deeper: positions and
/// closedness then depend on `t.is_root()` at run time.
fn object_code(node: &Node, root: bool) -> TokenStream {
    let rt = rt();
    let none = quote!(::core::option::Option::None);
    let some = quote!(::core::option::Option::Some);
    let props = node.properties.as_deref().unwrap_or(&[]);
    let closed = root || node.properties.is_some();
    let closed_expr = if node.properties.is_some() {
        quote!(true)
    } else if root {
        quote!(at_root)
    } else {
        quote!(false)
    };
    let extra = match node.additional {
        Additional::Schema(id) => Some((fn_name(id), ok_name(id))),
        _ => None,
    };
    // Undeclared names are rejected (closed, or `false`) or checked (a schema).
    let may_reject = extra.is_none() && (closed || node.additional == Additional::Forbidden);
    let visit = !props.is_empty() || may_reject || extra.is_some() || node.property_names.is_some();
    let counts = node.min_properties.is_some() || node.max_properties.is_some();
    if !visit && node.required.is_empty() && !counts {
        return quote!();
    }
    let position = |argument: TokenStream, declared: TokenStream| {
        if root {
            quote!(if at_root { #rt::Position { argument: #argument, declared: #declared } } else { p })
        } else {
            quote!(p)
        }
    };

    let mut code = Vec::new();
    if root {
        code.push(quote!(let at_root = t.is_root();));
    }
    if counts {
        code.push(quote!(let count = m.len() as u64;));
        if let Some(limit) = node.min_properties {
            let push = report(
                quote!(#rt::Kind::MinProperties { limit: #limit, count }),
                quote!(t),
                quote!(p),
            );
            code.push(quote!(if count < #limit { #push }));
        }
        if let Some(limit) = node.max_properties {
            let push = report(
                quote!(#rt::Kind::MaxProperties { limit: #limit, count }),
                quote!(t),
                quote!(p),
            );
            code.push(quote!(if count > #limit { #push }));
        }
    }
    code.push(quote!(let start = out.mark();));

    // Required properties that are declared get a bit; the others are looked up.
    let mut bit_of: Vec<Option<usize>> = vec![None; props.len()];
    let mut missing_checks = Vec::new();
    let mut any_missing = Vec::new();
    let mut nbits = 0usize;
    for name in &node.required {
        let declared = node.property(name).map(|(i, _)| i);
        let d = match declared {
            Some(i) => quote!(#some(#i)),
            None => quote!(#none),
        };
        let pos = position(quote!(#none), d);
        let push = report(quote!(#rt::Kind::Missing), quote!(&t.name(#name)), pos);
        match declared {
            Some(i) if nbits < 64 => {
                bit_of[i] = Some(nbits);
                let mask = 1u64 << nbits;
                nbits += 1;
                missing_checks.push(quote!(if seen & #mask == 0 { #push }));
            }
            _ => {
                any_missing.push(quote!(!m.contains_key(#name)));
                missing_checks.push(quote!(if !m.contains_key(#name) { #push }));
            }
        }
    }
    let all_bits: u64 = if nbits == 64 {
        u64::MAX
    } else {
        (1u64 << nbits) - 1
    };
    code.push(if nbits > 0 {
        quote!(let mut seen: u64 = 0;)
    } else {
        quote!(let seen: u64 = 0;)
    });

    if visit {
        let names_check = |pos: &TokenStream| match node.property_names {
            Some(id) => {
                let f = fn_name(id);
                quote!(
                    let at = #pos;
                    #rt::check::property_name(k, |name: &#rt::serde_json::Value, sink: &mut #rt::Sink<'_>| #f(name, t, at, o, sink), t, at, out);
                )
            }
            None => quote!(let at = #pos;),
        };
        let arms: Vec<TokenStream> = props
            .iter()
            .enumerate()
            .map(|(i, prop)| {
                let pname = &prop.name;
                let child = fn_name(prop.node);
                let mark = match bit_of[i] {
                    Some(b) => {
                        let mask = 1u64 << b;
                        quote!(seen |= #mask;)
                    }
                    None => quote!(),
                };
                let names = names_check(&position(quote!(#some(i)), quote!(#some(#i))));
                // An optional property given as `null` may count as absent.
                // The boolean check first: only a failing value is walked again
                // to report (a valid property costs what the valid path does).
                let ok = ok_name(prop.node);
                let call = if node.required.contains(&prop.name) {
                    quote!(if !#ok(val, false, o) && out.must_report() { #child(val, &t, at, o, out); })
                } else {
                    quote!(if !(o.null_is_absent && val.is_null()) && !#ok(val, false, o) && out.must_report() { #child(val, &t, at, o, out); })
                };
                quote!(#pname => { #names #mark let t = t.name(#pname); #call })
            })
            .collect();
        let names = names_check(&position(quote!(#some(i)), quote!(#none)));
        let fallback = if let Some((f, ok)) = &extra {
            quote!(_ => { #names let t = t.key(k); if !#ok(val, false, o) && out.must_report() { #f(val, &t, at, o, out); } })
        } else if may_reject {
            let additional = additional_expr(node.additional);
            let push = report(quote!(#rt::Kind::Unexpected), quote!(&t.key(k)), quote!(at));
            quote!(_ => { #names if o.rejects_undeclared(#closed_expr, #additional) { #push } })
        } else {
            quote!(_ => { #names })
        };
        code.push(quote!(
            for (i, (k, val)) in m.iter().enumerate() {
                match k.as_str() {
                    #(#arms)*
                    #fallback
                }
            }
        ));
    }

    if !node.required.is_empty() {
        let mut missing_test = Vec::new();
        if nbits > 0 {
            missing_test.push(quote!(seen != #all_bits));
        }
        missing_test.extend(any_missing);
        code.push(quote!(
            if #(#missing_test)||* {
                if out.is_probe() {
                    out.fail();
                } else {
                    let from = out.mark();
                    #(#missing_checks)*
                    out.move_back(start, from);
                }
            }
        ));
    }
    quote!(#(#code)*)
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
        assert_eq!(text.matches("BelowMinimum").count(), 1);
    }

    /// The whole expansion for one schema, compared with a reviewed snapshot.
    /// Regenerate with `UPDATE_SNAPSHOTS=1 cargo test -p tool-schema-macros`.
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
