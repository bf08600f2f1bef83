//! The compiled back end: one Rust function per schema node, specialised to the
//! keywords that node uses. Property names become `match` arms, required
//! properties a bit set; nothing walks the schema at run time.
//!
//! The functions produce exactly the violations the interpreter
//! (`tool_schema_runtime::Schema::validate_with`) produces, in the same order.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use serde_json::{Number, Value};
use tool_schema_runtime::schema::{Additional, Node, NodeId, Schema};
use tool_schema_runtime::{JsonType, TypeSet};

/// The runtime items generated code names, by absolute path.
fn rt() -> TokenStream {
    quote!(::tool_schema::__private)
}

fn fn_name(id: NodeId) -> Ident {
    format_ident!("__ts_node_{}", id.0)
}

/// The validator functions of every node, and the call of the root's.
pub(crate) fn validator(schema: &Schema) -> (TokenStream, Ident) {
    let fns = (0..schema.nodes().len()).map(|i| node_fn(schema, NodeId(i as u32)));
    (quote!(#(#fns)*), fn_name(schema.root_id()))
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

/// A boolean expression: is `v`'s type one of `types`?
fn type_matches(types: TypeSet) -> TokenStream {
    let rt = rt();
    let v = quote!(#rt::serde_json::Value);
    let mut arms = Vec::new();
    for t in types.iter() {
        arms.push(match t {
            JsonType::Null => quote!(#v::Null => true,),
            JsonType::Boolean => quote!(#v::Bool(_) => true,),
            JsonType::String => quote!(#v::String(_) => true,),
            JsonType::Array => quote!(#v::Array(_) => true,),
            JsonType::Object => quote!(#v::Object(_) => true,),
            JsonType::Number => quote!(#v::Number(_) => true,),
            JsonType::Integer if types.declares(JsonType::Number) => quote!(),
            JsonType::Integer => quote!(#v::Number(n) => !n.is_f64(),),
        });
    }
    quote!(match v { #(#arms)* _ => false })
}

fn push(kind: TokenStream, trail: TokenStream, pos: TokenStream) -> TokenStream {
    let rt = rt();
    quote!(out.push(#rt::Violation { kind: #kind, path: #trail.to_path(), position: #pos });)
}

fn node_fn(schema: &Schema, id: NodeId) -> TokenStream {
    let rt = rt();
    let node = schema.node(id);
    let name = fn_name(id);
    let mut body = Vec::new();

    // A node standing for another tool type (`#[derive(ToolArgs)]` nesting): that
    // type's own compiled validator checks the value.
    if let Some(ty) = external_type(node) {
        return quote! {
            #[allow(unused_variables, clippy::all)]
            #[inline]
            fn #name(
                v: &#rt::serde_json::Value,
                t: &#rt::Trail<'_>,
                p: #rt::Position,
                o: &#rt::Options,
                out: &mut ::std::vec::Vec<#rt::Violation>,
            ) {
                <#ty as ::tool_schema::ToolArgs>::__validate_at(v, t, p, o, out)
            }
        };
    }

    if let Some(types) = node.types {
        let test = type_matches(types);
        let bits = types.bits();
        let kind = quote!(#rt::Kind::Type {
            expected: #rt::TypeSet::from_bits(#bits),
            received: #rt::JsonType::of(v),
        });
        let push = push(kind, quote!(t), quote!(p));
        body.push(quote!(if !(#test) { #push return; }));
    }

    if let Some(allowed) = &node.enum_values {
        let all = static_value(&Value::Array(allowed.clone()));
        let tests: Vec<TokenStream> = allowed.iter().map(equals).collect();
        let test = if tests.is_empty() {
            quote!(false)
        } else {
            quote!(#(#tests)||*)
        };
        let kind = quote!(#rt::Kind::Enum {
            allowed: match #all { #rt::serde_json::Value::Array(a) => a.clone(), _ => ::std::vec::Vec::new() },
            received: v.clone(),
        });
        let push = push(kind, quote!(t), quote!(p));
        body.push(quote!(if !(#test) { #push }));
    }

    if let Some(c) = &node.const_value {
        let stat = static_value(c);
        let test = equals(c);
        let kind = quote!(#rt::Kind::Const { expected: (#stat).clone(), received: v.clone() });
        let push = push(kind, quote!(t), quote!(p));
        body.push(quote!(if !(#test) { #push }));
    }

    let bounds = [
        (&node.minimum, quote!(Less), quote!(BelowMinimum)),
        (&node.maximum, quote!(Greater), quote!(AboveMaximum)),
    ];
    let mut checks = Vec::new();
    for (limit, ord, kind) in bounds {
        if let Some(limit) = limit {
            let num = number_expr(limit);
            let push = push(
                quote!(#rt::Kind::#kind { limit: #num, received: n.clone() }),
                quote!(t),
                quote!(p),
            );
            checks.push(quote!(
                if #rt::json::cmp_numbers(n, &#num) == ::core::option::Option::Some(::core::cmp::Ordering::#ord) { #push }
            ));
        }
    }
    if !checks.is_empty() {
        body.push(quote!(if let #rt::serde_json::Value::Number(n) = v { #(#checks)* }));
    }

    body.push(object_code(node, id == schema.root_id()));

    if let Some(item) = node.items {
        let child = fn_name(item);
        body.push(quote!(
            if let #rt::serde_json::Value::Array(items) = v {
                for (i, e) in items.iter().enumerate() {
                    let t = t.index(i);
                    #child(e, &t, p, o, out);
                }
            }
        ));
    }

    quote! {
        #[allow(unused_variables, clippy::all)]
        #[inline]
        fn #name(
            v: &#rt::serde_json::Value,
            t: &#rt::Trail<'_>,
            p: #rt::Position,
            o: &#rt::Options,
            out: &mut ::std::vec::Vec<#rt::Violation>,
        ) {
            #(#body)*
        }
    }
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

fn additional_expr(a: Additional) -> TokenStream {
    let rt = rt();
    match a {
        Additional::Allowed => quote!(#rt::schema::Additional::Allowed),
        Additional::Forbidden => quote!(#rt::schema::Additional::Forbidden),
        _ => quote!(#rt::schema::Additional::Unspecified),
    }
}

/// The object checks: one pass over the members, a `match` on the name, a bit set
/// of the required properties seen; missing ones are put first afterwards.
///
/// `root` says the node is the schema's root, which is the arguments object when
/// validated from `validate_with` but a nested value when another tool's validator
/// calls it: positions and closedness then depend on `t.is_root()` at run time.
fn object_code(node: &Node, root: bool) -> TokenStream {
    let rt = rt();
    let props = node.properties.as_deref().unwrap_or(&[]);
    let closed = root || node.properties.is_some();
    let closed_expr = if node.properties.is_some() {
        quote!(true)
    } else if root {
        quote!(at_root)
    } else {
        quote!(false)
    };
    let additional = additional_expr(node.additional);
    // A closed object (or `additionalProperties: false`) may reject undeclared
    // names; an open one ignores them, unless false.
    let may_reject = closed || node.additional == Additional::Forbidden;
    if props.is_empty() && node.required.is_empty() && !may_reject {
        return quote!();
    }

    // Required properties that are declared get a bit; the others are looked up.
    let mut bit_of: Vec<Option<usize>> = vec![None; props.len()];
    let mut missing_checks = Vec::new();
    let mut nbits = 0usize;
    for name in &node.required {
        let declared = node.property(name).map(|(i, _)| i);
        let pos = if root {
            let d = match declared {
                Some(i) => quote!(::core::option::Option::Some(#i)),
                None => quote!(::core::option::Option::None),
            };
            quote!(if at_root { #rt::Position { argument: ::core::option::Option::None, declared: #d } } else { p })
        } else {
            quote!(p)
        };
        let push = push(quote!(#rt::Kind::Missing), quote!(t.key(#name)), pos);
        match declared {
            Some(i) if nbits < 64 => {
                bit_of[i] = Some(nbits);
                let mask = 1u64 << nbits;
                nbits += 1;
                missing_checks.push(quote!(if seen & #mask == 0 { let out = &mut missing; #push }));
            }
            _ => missing_checks
                .push(quote!(if !m.contains_key(#name) { let out = &mut missing; #push })),
        }
    }
    let all_bits: u64 = if nbits == 64 {
        u64::MAX
    } else {
        (1u64 << nbits) - 1
    };

    let arms = props.iter().enumerate().map(|(i, prop)| {
        let pname = &prop.name;
        let child = fn_name(prop.node);
        let mark = match bit_of[i] {
            Some(b) => {
                let mask = 1u64 << b;
                quote!(seen |= #mask;)
            }
            None => quote!(),
        };
        let pos = if root {
            quote!(if at_root { #rt::Position { argument: ::core::option::Option::Some(i), declared: ::core::option::Option::Some(#i) } } else { p })
        } else {
            quote!(p)
        };
        quote!(#pname => { #mark let t = t.key(k); #child(val, &t, #pos, o, out); })
    });
    let undeclared_pos = if root {
        quote!(if at_root { #rt::Position { argument: ::core::option::Option::Some(i), declared: ::core::option::Option::None } } else { p })
    } else {
        quote!(p)
    };
    let unexpected = push(
        quote!(#rt::Kind::Unexpected),
        quote!(t.key(k)),
        undeclared_pos,
    );
    let fallback = if may_reject {
        quote!(_ => if reject { #unexpected })
    } else {
        quote!(_ => {})
    };
    let reject = if may_reject {
        quote!(let reject = o.rejects_undeclared(#closed_expr, #additional);)
    } else {
        quote!()
    };
    let missing = if node.required.is_empty() {
        quote!()
    } else {
        let fast = if nbits == node.required.len() {
            quote!(seen != #all_bits)
        } else {
            quote!(true)
        };
        quote!(
            if #fast {
                let mut missing: ::std::vec::Vec<#rt::Violation> = ::std::vec::Vec::new();
                #(#missing_checks)*
                if !missing.is_empty() {
                    let rest = out.split_off(start);
                    out.extend(missing);
                    out.extend(rest);
                }
            }
        )
    };
    let seen = if nbits > 0 {
        quote!(let mut seen: u64 = 0;)
    } else {
        quote!(let seen: u64 = 0;)
    };
    let loop_ = if props.is_empty() && !may_reject {
        quote!()
    } else {
        quote!(
            #reject
            for (i, (k, val)) in m.iter().enumerate() {
                match k.as_str() {
                    #(#arms)*
                    #fallback
                }
            }
        )
    };
    let at_root = if root {
        quote!(let at_root = t.is_root();)
    } else {
        quote!()
    };
    quote!(
        if let #rt::serde_json::Value::Object(m) = v {
            #at_root
            let start = out.len();
            #seen
            #loop_
            #missing
        }
    )
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
        assert_eq!(root.to_string(), "__ts_node_0");
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
        // Each keyword only where used: no object code for leaf nodes.
        assert_eq!(text.matches("Value :: Object (m)").count(), 1);
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
