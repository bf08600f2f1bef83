//! What both macros check of a schema: the schema model's errors and lints, and
//! each declared export target's problems, as spanned compile errors; and the
//! constants holding each declared target's tool definition.

use crate::attr;
use crate::ctxt::Ctxt;
use crate::spans::Locate;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use serde_json::Value;
use tool_schema_engine::export::{
    self, ChangeKind, ExportError, ExportOptions, Exported, Target, ToolSpec,
};
use tool_schema_engine::json::pointer;
use tool_schema_engine::Schema;

/// Runs `value` through the schema model (unknown keywords as annotations when
/// `attrs` say `annotate_unknown_keywords`). Every error and every lint not in
/// `attrs.allow` is reported at its place; the schema is returned only when there
/// are none.
pub(crate) fn check_schema(
    cx: &Ctxt,
    value: &Value,
    attrs: &attr::ToolAttrs,
    at: &dyn Locate,
) -> Option<Schema> {
    let allow = &attrs.allow;
    let parsed = Schema::builder()
        .annotate_unknown_keywords(attrs.annotate_unknown_keywords.is_some())
        .parse(value);
    let (schema, lints) = match parsed {
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
    /// The target it names.
    pub target: Target,
    /// The export (`None` when the target refuses it).
    pub exported: Option<Exported>,
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
    let skipped = |pointer: &str| skip.iter().any(|s| pointer::at_or_under(pointer, s));
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
                    target: *target,
                    exported: None,
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
                    target: *target,
                    exported: Some(exported),
                });
            }
        }
    }
    out
}

/// Every target's export of the checked schema `value`, or its refusal, in
/// [`Target::ALL`]'s order: a declared target's from `declared` (checked by
/// [`check_targets`]; a declared target that refuses is a compile error, and
/// left out), any other exported here.
pub(crate) fn every_target(
    tool: (&str, &str),
    value: &Value,
    declared: Vec<TargetExport>,
) -> Vec<(Target, Result<Exported, ExportError>)> {
    let (name, description) = tool;
    let spec = ToolSpec {
        name,
        title: value.get("title").and_then(Value::as_str),
        description,
        schema: value,
    };
    let mut declared: Vec<_> = declared
        .into_iter()
        .map(|e| (e.target, e.exported))
        .collect();
    let mut out = Vec::with_capacity(Target::ALL.len());
    for target in Target::ALL {
        let exported = match declared.iter_mut().find(|(t, _)| *t == target) {
            Some((_, e)) => e.take().map(Ok),
            None => Some(export::export(target, &spec, &ExportOptions::default())),
        };
        if let Some(e) = exported {
            out.push((target, e));
        }
    }
    out
}

/// `ToolArgs::__EXPORTS`: each target's export (see [`every_target`]): the
/// definition as JSON text, the changes and the nullable optional properties,
/// or the target's problems, which the `ToolExport` methods and the `Toolbox`
/// answer with. Written through the runtime's `exports!`, which keeps the
/// targets in `declared` alone where the program has the run-time export (the
/// `engines` feature) and every target where it has not.
pub(crate) fn exports_const(
    exports: &[(Target, Result<Exported, ExportError>)],
    declared: &[Target],
) -> TokenStream {
    let rt = crate::paths::private();
    let ex = quote!(#rt::export);
    // Targets often export the same text, changes or problems: each distinct
    // part is written once, as a constant of the initialiser's block, and the
    // entries name it (the code stays one copy of the schema's size, not nine).
    // The declared targets come first: the parts the others add go with the
    // others' entries, which a build with `engines` drops.
    let mut parts = Parts::default();
    let is_declared = |(target, _): &&(Target, _)| declared.contains(target);
    let mine = exports.iter().filter(is_declared).count();
    let mut shared = 0;
    let entries: Vec<TokenStream> = exports
        .iter()
        .filter(is_declared)
        .chain(exports.iter().filter(|e| !is_declared(e)))
        .enumerate()
        .map(|(i, (target, result))| {
            let variant = Ident::new(&format!("{target:?}"), Span::call_site());
            let (definition, changes, nullable, refusal) = match result {
                Ok(e) => {
                    let changes = e.report.changes().iter().map(|c| {
                        let kind = Ident::new(&format!("{:?}", c.kind), Span::call_site());
                        let (pointer, what, why) = (&c.pointer, &c.what, &c.why);
                        quote!(#ex::CompiledChange {
                            pointer: #pointer,
                            kind: #ex::ChangeKind::#kind,
                            what: #what,
                            why: #why,
                        })
                    });
                    let nullable = e.nullable_optional.iter().map(|n| {
                        let (object_pointer, property, pointer, already) = (
                            &n.object_pointer,
                            &n.property,
                            &n.pointer,
                            n.already_nullable,
                        );
                        quote!(#ex::CompiledNullable {
                            object_pointer: #object_pointer,
                            property: #property,
                            pointer: #pointer,
                            already_nullable: #already,
                        })
                    });
                    let definition = e.value.to_string();
                    (
                        parts.name(quote!(&'static str), quote!(#definition)),
                        parts.name(quote!(&[#ex::CompiledChange]), quote!(&[#(#changes),*])),
                        parts.name(quote!(&[#ex::CompiledNullable]), quote!(&[#(#nullable),*])),
                        quote!(&[]),
                    )
                }
                Err(refusal) => {
                    let problems = refusal.problems.iter().map(|p| {
                        let (pointer, message, rule) = (&p.pointer, &p.message, &p.rule);
                        quote!(#ex::CompiledProblem {
                            pointer: #pointer,
                            message: #message,
                            rule: #rule,
                        })
                    });
                    (
                        quote!(""),
                        quote!(&[]),
                        quote!(&[]),
                        parts.name(quote!(&[#ex::CompiledProblem]), quote!(&[#(#problems),*])),
                    )
                }
            };
            if i < mine {
                shared = parts.consts.len();
            }
            quote!(#ex::CompiledExport {
                target: #ex::Target::#variant,
                definition: #definition,
                changes: #changes,
                nullable: #nullable,
                refusal: #refusal,
            })
        })
        .collect();
    let (consts, other_consts) = parts.consts.split_at(shared);
    let (entries, other) = entries.split_at(mine);
    quote!(
        const __EXPORTS: &'static [#ex::CompiledExport] = {
            #(#consts)*
            #rt::exports!([#(#entries,)*] [#(#other_consts)*] [#(#other,)*])
        };
    )
}

/// The distinct parts of the exports, each a constant (see [`exports_const`]).
#[derive(Default)]
struct Parts {
    /// Each part's type and code as text, and the constant's name.
    seen: std::collections::HashMap<String, Ident>,
    consts: Vec<TokenStream>,
}

impl Parts {
    /// The name of the constant of type `ty` holding `value`, declared when new.
    fn name(&mut self, ty: TokenStream, value: TokenStream) -> TokenStream {
        // An empty list of changes and one of nullables are written alike.
        let key = format!("{ty}={value}");
        let next = self.seen.len();
        let name = self
            .seen
            .entry(key)
            .or_insert_with(|| {
                let name = format_ident!("__TS_PART_{}", next);
                self.consts.push(quote!(const #name: #ty = #value;));
                name
            })
            .clone();
        quote!(#name)
    }
}

/// `ToolArgs::__MODEL`: the checked model, encoded, which the generated
/// `compiled_schema` decodes instead of parsing the schema again at run time.
/// Only for a schema the macro sees whole (the condition of [`exports_const`]).
pub(crate) fn model_const(schema: &Schema) -> TokenStream {
    let bytes = proc_macro2::Literal::byte_string(&schema.__encode());
    quote!(
        const __MODEL: &'static [u8] = #bytes;
    )
}

/// An inherent constant per declared target: `OPENAI_STRICT_JSON` (the tool
/// definition as JSON text, exactly what the run-time export gives).
pub(crate) fn target_consts(ident: &Ident, exports: &[TargetExport]) -> TokenStream {
    if exports.iter().all(|e| e.exported.is_none()) {
        return TokenStream::new();
    }
    let consts = exports.iter().filter_map(|e| {
        let json = e.exported.as_ref()?.value.to_string();
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
