//! A derived type's export targets: `__TARGET_PROBLEMS` (the problems each target
//! has with the type's schema as a part of another tool's), and the assertions by
//! which a type declaring targets refuses nested types a target refuses.

use super::splice::rereferenced;
use super::ty::{self};
use crate::attr::{self, ToolAttrs};
use crate::codegen::EXTERNAL_TYPE;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_json::Value;
use syn::spanned::Spanned;
use tool_schema_engine::export::{self, ChangeKind, ExportOptions, Target, ToolSpec};
use tool_schema_engine::json::pointer;

/// `__TARGET_PROBLEMS`: for every export target, the first problem it has with this
/// type's schema as a part of another tool's schema (the schema as the one property
/// of a wrapper object, so that what a target asks only of a tool's root does not
/// count), then the nested types' own (see `constcat::first_problems`).
pub(super) fn target_problems(
    type_name: &str,
    value: &Value,
    recursive: Option<&str>,
    externals: &[(String, syn::Type)],
) -> TokenStream {
    let mut wrapper = serde_json::json!({
        "type": "object",
        "properties": {},
        "required": ["value"],
        "additionalProperties": false
    });
    let part = match recursive {
        Some(name) => {
            let def = rereferenced(value, &ty::def_pointer(name));
            wrapper["$defs"] = serde_json::json!({ name: def.clone() });
            def
        }
        None => value.clone(),
    };
    wrapper["properties"]["value"] = part;
    let mut nested = Vec::new();
    external_pointers(&wrapper, "", &mut nested);
    let under = |pointer: &str| nested.iter().any(|s| pointer::at_or_under(pointer, s));
    // A pointer as the type's own: `/properties/value/x` -> `/x`.
    let place = |pointer: &str| {
        let own = match pointer.strip_prefix("/properties/value") {
            Some(rest) => rest,
            None => pointer,
        };
        if own.is_empty() {
            format!("`{type_name}`")
        } else {
            format!("`{type_name}` at {own}")
        }
    };
    let own = Target::ALL.iter().map(|target| {
        let spec = ToolSpec {
            name: "nested",
            title: None,
            description: "",
            schema: &wrapper,
        };
        let (refusal, lossy) = match export::export(*target, &spec, &ExportOptions::default()) {
            Err(e) => {
                let first = e.problems.iter().find(|p| !under(&p.pointer));
                let refusal = first.map(|p| {
                    format!(
                        "refuses {}: {}; rule: {}",
                        place(&p.pointer),
                        p.message,
                        p.rule
                    )
                });
                (refusal.unwrap_or_default(), String::new())
            }
            Ok(exported) => {
                let first = exported.report.changes().iter().find(|c| {
                    matches!(c.kind, ChangeKind::Described | ChangeKind::NotEnforced)
                        && !under(&c.pointer)
                });
                let lossy = first.map(|c| {
                    format!(
                        "would not enforce {}: {}; rule: {}; if the validator's check is enough, add #[tool(allow({}))] to the type declaring the target",
                        place(&c.pointer),
                        c.what,
                        c.why,
                        attr::LOSSY_EXPORT
                    )
                });
                (String::new(), lossy.unwrap_or_default())
            }
        };
        quote!((#refusal, #lossy))
    });
    let rt = crate::paths::private();
    let n = Target::ALL.len();
    let nested_lists = externals.iter().map(
        |(_, ty)| quote_spanned!(ty.span()=> <#ty as ::tool_schema::__private::ToolArgs>::__TARGET_PROBLEMS),
    );
    quote!(
        #[doc(hidden)]
        // One expression (no inner constants): a generic type's names its parameters.
        const __TARGET_PROBLEMS: #rt::TargetProblems =
            &#rt::first_problems::<#n>(&[#(#own),*], &[#(#nested_lists),*]);
    )
}

/// For each declared target and each nested type: a constant that stops the build,
/// at the field's type, when the nested type's `__TARGET_PROBLEMS` has a problem for
/// the target (its lossy changes too, unless `#[tool(allow(lossy_export))]`).
pub(super) fn nested_target_assertions(
    tool: &ToolAttrs,
    occurrences: &[(syn::Type, String)],
) -> TokenStream {
    let rt = crate::paths::private();
    let allow_lossy = tool.allow_lossy;
    let mut out = TokenStream::new();
    for (ty, index, prefix) in nested_checks(tool, occurrences) {
        out.extend(quote_spanned!(ty.span()=>
            const _: () = {
                const PROBLEM: &str = #rt::target_problem(
                    <#ty as ::tool_schema::__private::ToolArgs>::__TARGET_PROBLEMS,
                    #index,
                    #allow_lossy,
                );
                const PIECES: &[&str] = &[#prefix, PROBLEM];
                const BYTES: [u8; #rt::concat_len(PIECES)] = #rt::concat_bytes(PIECES);
                if !PROBLEM.is_empty() {
                    ::core::panic!("{}", #rt::concat_str(&BYTES));
                }
            };
        ));
    }
    out
}

/// Each check of a nested type against a declared target: the type, the target's
/// index in `Target::ALL`, and the words before the problem.
pub(super) fn nested_checks<'a>(
    tool: &ToolAttrs,
    occurrences: &'a [(syn::Type, String)],
) -> Vec<(&'a syn::Type, usize, String)> {
    let mut out = Vec::new();
    for (id, target, _) in &tool.targets {
        let Some(index) = Target::ALL.iter().position(|t| t == target) else {
            continue;
        };
        for (ty, pointer) in occurrences {
            let prefix = format!(
                "declared target `{id}` ({target}), for the nested type `{}` at {pointer} in the derived schema: ",
                ty::type_text(ty)
            );
            out.push((ty, index, prefix));
        }
    }
    out
}

/// The pointers of the nodes validated by another `ToolArgs` type.
pub(super) fn external_pointers(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if m.contains_key(EXTERNAL_TYPE) {
                out.push(at.to_string());
            }
            for (k, item) in m {
                external_pointers(item, &pointer::join(at, k), out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                external_pointers(item, &pointer::join(at, &i.to_string()), out);
            }
        }
        _ => {}
    }
}
