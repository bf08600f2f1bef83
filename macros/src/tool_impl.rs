//! What `tool_schema!` and `#[derive(ToolArgs)]` share: checking a schema with the
//! schema model (errors and lints as spanned compile errors) and the `ToolArgs`
//! implementation around the validator `codegen` generates.

use crate::attr;
use crate::codegen;
use crate::ctxt::Ctxt;
use crate::json::at_or_under;
use crate::spans::Locate;
use proc_macro2::{Ident, TokenStream};
use quote::quote;
use serde_json::Value;
use tool_schema_runtime::export::{self, ChangeKind, ExportOptions, ToolSpec};
use tool_schema_runtime::{LintKind, Schema};

/// Runs `value` through the schema model. Every error and every lint not in
/// `allow` is reported at its place; the schema is returned only when there are
/// none.
pub(crate) fn check_schema(
    cx: &Ctxt,
    value: &Value,
    allow: &[LintKind],
    at: &dyn Locate,
) -> Option<Schema> {
    let (schema, lints) = match Schema::parse(value) {
        Ok(s) => {
            let lints = s.lints().to_vec();
            (Some(s), lints)
        }
        Err(e) => {
            for p in &e.problems {
                let span = at.span(&p.pointer, p.on_key);
                cx.error(span, format!("{}{}", p.message, at.place(&p.pointer)));
            }
            (None, e.lints)
        }
    };
    let mut ok = schema.is_some();
    for lint in &lints {
        if allow.contains(&lint.kind) {
            continue;
        }
        ok = false;
        let d = &lint.diagnostic;
        cx.error(
            at.span(&d.pointer, d.on_key),
            format!(
                "{}{}; if this is intended, add #[tool(allow({}))]",
                d.message,
                at.place(&d.pointer),
                attr::lint_name(lint.kind)
            ),
        );
    }
    if ok {
        schema
    } else {
        None
    }
}

/// One declared target, exported at expansion.
pub(crate) struct TargetExport {
    /// The name as written in `targets(...)`.
    pub id: String,
    /// The tool definition as compact JSON (`None` when the target refuses it).
    pub json: Option<String>,
}

/// Runs the run-time export of the checked schema `value` for each target declared
/// with `#[tool(targets(...))]`. Every problem a target refuses is a compile error at
/// the offending schema token, with the provider's rule; every constraint a target
/// moves into the description or keeps without enforcing it (`Described`,
/// `NotEnforced` in the export report) is an error too, unless allowed with
/// `#[tool(allow(lossy_export))]`. Problems and changes at or under a pointer of
/// `skip` (nested types of a derive, checked by their own declaration) are left out.
pub(crate) fn check_targets(
    cx: &Ctxt,
    tool: (&str, &str),
    value: &Value,
    attrs: &attr::ToolAttrs,
    skip: &[String],
    at: &dyn Locate,
) -> Vec<TargetExport> {
    let (name, description) = tool;
    let skipped = |pointer: &str| skip.iter().any(|s| at_or_under(pointer, s));
    let mut out = Vec::new();
    for (id, target, target_span) in &attrs.targets {
        let spec = ToolSpec {
            name,
            title: value.get("title").and_then(Value::as_str),
            description,
            schema: value,
        };
        let prefix = format!("declared target `{id}` ({target})");
        match export::export(*target, &spec, &ExportOptions::default()) {
            Err(e) => {
                for p in e.problems.iter().filter(|p| !skipped(&p.pointer)) {
                    // The tool's name is not in the schema: point at the target.
                    let span = if p.pointer.is_empty() && p.message.contains("tool name") {
                        *target_span
                    } else {
                        at.span(&p.pointer, false)
                    };
                    cx.error(
                        span,
                        format!(
                            "{prefix} refuses this: {}; rule: {}{}",
                            p.message,
                            p.rule,
                            at.place(&p.pointer)
                        ),
                    );
                }
                out.push(TargetExport {
                    id: id.clone(),
                    json: None,
                });
            }
            Ok(exported) => {
                if !attrs.allow_lossy {
                    let lossy = exported.report.changes().iter().filter(|c| {
                        matches!(c.kind, ChangeKind::Described | ChangeKind::NotEnforced)
                    });
                    for c in lossy.filter(|c| !skipped(&c.pointer)) {
                        cx.error(
                            at.span(&c.pointer, false),
                            format!(
                                "{prefix} would not enforce this: {}; rule: {}{}; if the validator's check is enough, add #[tool(allow({}))]",
                                c.what,
                                c.why,
                                at.place(&c.pointer),
                                attr::LOSSY_EXPORT
                            ),
                        );
                    }
                }
                out.push(TargetExport {
                    id: id.clone(),
                    json: Some(exported.value.to_string()),
                });
            }
        }
    }
    out
}

/// An inherent constant per declared target: `OPENAI_STRICT_JSON` (the tool
/// definition as JSON text, exactly what the run-time export gives).
pub(crate) fn target_consts(ident: &Ident, exports: &[TargetExport]) -> TokenStream {
    if exports.iter().all(|e| e.json.is_none()) {
        return TokenStream::new();
    }
    let consts = exports.iter().filter_map(|e| {
        let json = e.json.as_ref()?;
        let name = Ident::new(
            &format!("{}_JSON", e.id.to_ascii_uppercase()),
            ident.span(),
        );
        let doc = format!(
            "The tool definition for the declared target `{}`, as JSON text (what the run-time export gives).",
            e.id
        );
        Some(quote!(
            #[doc = #doc]
            pub const #name: &'static str = #json;
        ))
    });
    quote!(
        #[allow(dead_code)]
        impl #ident {
            #(#consts)*
        }
    )
}

/// The parts of one `ToolArgs` implementation.
pub(crate) struct ToolImpl<'a> {
    pub ident: &'a Ident,
    pub name: &'a str,
    pub description: &'a str,
    /// An expression of type `&'static str`: the schema's JSON text (a literal, or
    /// a constant expression when other types' schemas are spliced in).
    pub schema_json: TokenStream,
    /// The checked schema; `None` when it has errors, and then the implementation
    /// is a fallback that lets the rest of the crate type-check.
    pub schema: Option<&'a Schema>,
    /// More items of the implementation (the derive's hidden nesting constants).
    pub items: TokenStream,
}

/// `impl ToolArgs for Ident`, with the validator compiled from the schema.
pub(crate) fn tool_impl(parts: ToolImpl<'_>) -> TokenStream {
    tool_impl_with(parts, TokenStream::new())
}

/// [`tool_impl`] with `extra` items in the implementation (a derived type's
/// generated text path).
pub(crate) fn tool_impl_with(parts: ToolImpl<'_>, extra: TokenStream) -> TokenStream {
    let rt = crate::paths::private();
    let ToolImpl {
        ident,
        name,
        description,
        schema_json,
        schema,
        items,
    } = parts;

    let Bodies {
        validate: validate_body,
        is_valid: is_valid_body,
        at: at_body,
    } = match schema {
        Some(schema) => compiled_bodies(schema),
        None => fallback_bodies(),
    };
    let schema_json = match schema {
        Some(_) => schema_json,
        None => quote!("{}"),
    };

    quote! {
        impl ::tool_schema::ToolArgs for #ident {
            const NAME: &'static str = #name;
            const DESCRIPTION: &'static str = #description;
            const SCHEMA_JSON: &'static str = #schema_json;
            #items

            fn schema() -> &'static #rt::serde_json::Value {
                static SCHEMA: ::std::sync::OnceLock<#rt::serde_json::Value> = ::std::sync::OnceLock::new();
                SCHEMA.get_or_init(|| {
                    #rt::serde_json::from_str(<Self as ::tool_schema::ToolArgs>::SCHEMA_JSON)
                        .expect("schema JSON written by the tool-schema macros")
                })
            }

            #[inline]
            fn validate_with(
                args: &#rt::serde_json::Value,
                options: &#rt::Options,
            ) -> #rt::Report {
                #validate_body
            }

            #[inline]
            fn is_valid_with(
                args: &#rt::serde_json::Value,
                options: &#rt::Options,
            ) -> bool {
                #is_valid_body
            }

            #[inline]
            fn __validate_at(
                args: &#rt::serde_json::Value,
                trail: &#rt::Trail<'_>,
                position: #rt::Position,
                options: &#rt::Options,
                out: &mut #rt::Sink<'_>,
            ) {
                #at_body
            }

            #extra
        }
    }
}

/// The bodies of the validating methods of a `ToolArgs` implementation.
struct Bodies {
    /// `validate_with`.
    validate: TokenStream,
    /// `is_valid_with`.
    is_valid: TokenStream,
    /// `__validate_at`: the compiled validator.
    at: TokenStream,
}

/// The bodies over the validator compiled from `schema`.
fn compiled_bodies(schema: &Schema) -> Bodies {
    let rt = crate::paths::private();
    let (fns, root) = codegen::validator(schema);
    let has_type = schema.root().types.is_some();
    let declared = codegen::root_declared(schema);
    // Past the nesting limit, one violation and no walk, as the
    // interpreter does (`Options::max_depth`).
    let validate = quote!(
        let mut out = ::std::vec::Vec::new();
        let budget = #rt::Budget::new(options.max_violations);
        if !#rt::root_not_object(#has_type, args, options, &mut out) {
            if let ::core::option::Option::Some(deep) = #rt::check_depth(args, options, #declared) {
                out.push(deep);
            } else {
                <Self as ::tool_schema::ToolArgs>::__validate_at(
                    args, &#rt::Trail::ROOT, #rt::Position::default(), options,
                    &mut #rt::Sink::collect_within(&mut out, &budget),
                );
            }
        }
        #rt::Report::collected(out, &budget, options)
    );
    // A probe: the boolean walk alone decides (see `codegen::validator`).
    let is_valid = quote!(
        if !#has_type && options.object_root && !args.is_object() {
            return false;
        }
        if #rt::depth_exceeds(args, options.max_depth) {
            return false;
        }
        let mut probe = #rt::Sink::probe();
        <Self as ::tool_schema::ToolArgs>::__validate_at(
            args, &#rt::Trail::ROOT, #rt::Position::default(), options, &mut probe,
        );
        !probe.failed()
    );
    let at = quote!(
        #fns
        #root(args, trail, position, options, out)
    );
    Bodies {
        validate,
        is_valid,
        at,
    }
}

/// Fallback bodies: the type and its trait exist so the rest of the crate
/// type-checks; the compile errors stop the build.
fn fallback_bodies() -> Bodies {
    Bodies {
        validate: quote!(
            let _ = (args, options);
            ::core::unreachable!("this tool's schema did not compile")
        ),
        is_valid: quote!(
            let _ = (args, options);
            ::core::unreachable!("this tool's schema did not compile")
        ),
        at: quote!(
            let _ = (args, trail, position, options, out);
            ::core::unreachable!("this tool's schema did not compile")
        ),
    }
}
