//! Generated `enum` and `const`: the value compared with each literal in place
//! (JSON equality, as the runtime's `json_eq` decides), no run-time copy of the
//! schema needed until a violation names it.

use super::{any_test, number::number_expr, report, rt};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;
use tool_schema_engine::json::SCANNED;
use tool_schema_engine::schema::Node;

/// An expression evaluating to a `&'static Value` equal to `v`, parsed once.
pub(super) fn static_value(v: &Value) -> TokenStream {
    let rt = rt();
    let text = v.to_string();
    quote!({
        static VALUE: ::std::sync::OnceLock<#rt::serde_json::Value> = ::std::sync::OnceLock::new();
        VALUE.get_or_init(|| #rt::serde_json::from_str(#text).expect("literal checked at compile time"))
    })
}

/// Literals of more values than this (counting every nested one) are compared
/// with a parsed copy instead of in place.
const IN_PLACE: usize = 16;

/// A boolean expression: does `v` (a `&Value`) equal the literal `lit` (JSON
/// equality)? Small arrays and objects are compared member by member in
/// generated code, so the check allocates nothing and needs no run-time copy of
/// the literal; a larger literal is parsed once and compared with `json_eq`, so
/// the code stays small and shallow whatever the literal's size.
fn equals(lit: &Value) -> TokenStream {
    let rt = rt();
    let val = quote!(#rt::serde_json::Value);
    if values_in(lit, IN_PLACE + 1) > IN_PLACE {
        let stat = static_value(lit);
        return quote!(#rt::json::json_eq(#stat, v));
    }
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

/// How many values `lit` holds, itself and every nested one, counting up to
/// `stop` at most.
fn values_in(lit: &Value, stop: usize) -> usize {
    let mut count = 1;
    let children: Box<dyn Iterator<Item = &Value>> = match lit {
        Value::Array(items) => Box::new(items.iter()),
        Value::Object(map) => Box::new(map.values()),
        _ => return 1,
    };
    for child in children {
        if count >= stop {
            break;
        }
        count += values_in(child, stop - count);
    }
    count
}

/// The yes/no checks of `v`, as `return false`.
pub(super) fn ok_code(node: &Node) -> TokenStream {
    let mut checks = Vec::new();
    if let Some(allowed) = &node.enum_values {
        let test = in_enum(allowed);
        checks.push(quote!(if !(#test) { return false; }));
    }
    if let Some(c) = &node.const_value {
        let test = equals(c);
        checks.push(quote!(if !(#test) { return false; }));
    }
    quote!(#(#checks)*)
}

/// Whether `v` is one of `allowed`: a short list compared in place, one test
/// after the other; a long one looked up in a [`ValueSet`] built once from the
/// list's JSON text, so the code (and rustc's time and memory) stays the same
/// size whatever the list's length.
///
/// [`ValueSet`]: tool_schema_engine::json::ValueSet
fn in_enum(allowed: &[Value]) -> TokenStream {
    if allowed.len() > SCANNED {
        let set = value_set(allowed);
        return quote!(#set.contains(v));
    }
    let tests: Vec<TokenStream> = allowed.iter().map(equals).collect();
    any_test(&tests)
}

/// An expression evaluating to the `&'static ValueSet` of `allowed`.
fn value_set(allowed: &[Value]) -> TokenStream {
    let rt = rt();
    let text = Value::Array(allowed.to_vec()).to_string();
    quote!({
        static SET: ::std::sync::OnceLock<#rt::json::ValueSet> = ::std::sync::OnceLock::new();
        SET.get_or_init(|| #rt::json::ValueSet::from_json(#text).expect("literal checked at compile time"))
    })
}

/// The reporting checks of `v`.
pub(super) fn code(node: &Node) -> TokenStream {
    let rt = rt();
    let mut body = Vec::new();
    if let Some(allowed) = &node.enum_values {
        // The list is built once and shared by every violation that names it.
        let enum_kind = |all: TokenStream| {
            let kind = quote!(#rt::Kind::Enum {
                allowed: ::std::sync::Arc::clone(#all),
                received: #rt::received_value(v),
            });
            report(kind, quote!(t), quote!(p))
        };
        if allowed.len() > SCANNED {
            // One set answers the lookup and lends the violation its list.
            let set = value_set(allowed);
            let push = enum_kind(quote!(__set.values()));
            body.push(quote!({
                let __set = #set;
                if !__set.contains(v) { #push }
            }));
        } else {
            let all_text = Value::Array(allowed.to_vec()).to_string();
            let push = enum_kind(quote!({
                static ALLOWED: ::std::sync::OnceLock<::std::sync::Arc<[#rt::serde_json::Value]>> = ::std::sync::OnceLock::new();
                ALLOWED.get_or_init(|| {
                    let v: ::std::vec::Vec<#rt::serde_json::Value> = #rt::serde_json::from_str(#all_text).expect("literal checked at compile time");
                    v.into()
                })
            }));
            let test = in_enum(allowed);
            body.push(quote!(if !(#test) { #push }));
        }
    }
    if let Some(c) = &node.const_value {
        let stat = static_value(c);
        let test = equals(c);
        let kind = quote!(#rt::Kind::Const { expected: (#stat).clone(), received: #rt::received_value(v) });
        let push = report(kind, quote!(t), quote!(p));
        body.push(quote!(if !(#test) { #push }));
    }
    quote!(#(#body)*)
}
