//! `tool_schema!`: each declaration -> a unit struct implementing `ToolArgs` with
//! a compiled validator; every problem of the invocation reported together.

use crate::attr::{self, ToolAttrs};
use crate::codegen;
use crate::ctxt::Ctxt;
use crate::input::{Body, Input, ToolDecl};
use crate::json::{self, Spans};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use serde_json::Value;
use tool_schema_runtime::Schema;

pub(crate) fn expand(input: Input) -> TokenStream {
    let cx = Ctxt::default();
    let mut out = TokenStream::new();
    let mut names: Vec<String> = Vec::new();
    let mut idents: Vec<String> = Vec::new();
    for decl in &input.tools {
        let ident = decl.ident.to_string();
        if idents.contains(&ident) {
            // A second type of the same name would only add follow-on errors.
            cx.error(
                decl.ident.span(),
                format!("the type `{ident}` is already declared in this invocation"),
            );
            continue;
        }
        idents.push(ident);
        out.extend(tool(&cx, decl, &mut names));
    }
    out.extend(cx.into_compile_errors());
    out
}

/// The schema's JSON and its spans, from the literal or the file.
struct Source {
    value: Value,
    spans: Spans,
    /// For a file: its path as written and its absolute path.
    file: Option<(String, String)>,
}

fn load(cx: &Ctxt, body: &Body) -> Option<Source> {
    match body {
        Body::Literal(tokens, span) => match json::parse_value(tokens.clone(), *span) {
            Ok((value, spans)) => Some(Source {
                value,
                spans,
                file: None,
            }),
            Err(e) => {
                cx.push(e);
                None
            }
        },
        Body::File(lit) => {
            let rel = lit.value();
            let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
            let abs = std::path::Path::new(&dir).join(&rel);
            let text = match std::fs::read_to_string(&abs) {
                Ok(t) => t,
                Err(e) => {
                    cx.error(
                        lit.span(),
                        format!("cannot read the schema file {}: {e}", abs.display()),
                    );
                    return None;
                }
            };
            match json::parse_text(&text, lit.span()) {
                Ok((value, spans)) => Some(Source {
                    value,
                    spans,
                    file: Some((rel, abs.to_string_lossy().into_owned())),
                }),
                Err(e) => {
                    cx.error(lit.span(), format!("{rel}: {e}"));
                    None
                }
            }
        }
    }
}

/// Where a problem at `pointer` is, in words: ` (at /properties/x)` or ` (in file.json at ...)`.
fn place(src: &Source, pointer: &str) -> String {
    let ptr = if pointer.is_empty() {
        "the root"
    } else {
        pointer
    };
    match &src.file {
        Some((rel, _)) => format!(" (in {rel} at {ptr})"),
        None => format!(" (at {ptr})"),
    }
}

fn span_at(src: &Source, pointer: &str, on_key: bool) -> Span {
    if on_key {
        if let Some(s) = src.spans.key(pointer) {
            return s;
        }
    }
    src.spans.best(pointer)
}

fn check(cx: &Ctxt, src: &Source, attrs: &ToolAttrs) -> Option<Schema> {
    let (schema, lints) = match Schema::parse(&src.value) {
        Ok(s) => {
            let lints = s.lints().to_vec();
            (Some(s), lints)
        }
        Err(e) => {
            for p in &e.problems {
                let span = span_at(src, &p.pointer, p.on_key);
                cx.error(span, format!("{}{}", p.message, place(src, &p.pointer)));
            }
            (None, e.lints)
        }
    };
    let mut ok = schema.is_some();
    for lint in &lints {
        if attrs.allow.contains(&lint.kind) {
            continue;
        }
        ok = false;
        let d = &lint.diagnostic;
        cx.error(
            span_at(src, &d.pointer, d.on_key),
            format!(
                "{}{}; if this is intended, add #[tool(allow({}))]",
                d.message,
                place(src, &d.pointer),
                attr::lint_name(lint.kind)
            ),
        );
    }
    // Read from the JSON itself, so it is reported beside any other error.
    let declares_object = match src.value.get("type") {
        Some(serde_json::Value::String(t)) => Some(t == "object"),
        Some(serde_json::Value::Array(ts)) => Some(ts.iter().any(|t| t == "object")),
        _ => None,
    };
    if declares_object == Some(false) {
        ok = false;
        cx.error(
            src.spans.best("/type"),
            format!(
                "a tool's arguments are an object, so the root schema's type must include \"object\"{}",
                place(src, "/type")
            ),
        );
    }
    if ok {
        schema
    } else {
        None
    }
}

fn tool(cx: &Ctxt, decl: &ToolDecl, names: &mut Vec<String>) -> TokenStream {
    let local = Ctxt::default();
    let attrs = attr::parse(&local, &decl.attrs);
    let ident = &decl.ident;
    let (name, name_span) = match &attrs.name {
        Some((n, s)) => (n.clone(), *s),
        None => (attr::snake_case(&ident.to_string()), ident.span()),
    };
    if let Err(msg) = attr::check_name(&name) {
        local.error(name_span, msg);
    }
    if names.contains(&name) {
        local.error(
            name_span,
            format!("a tool named \"{name}\" is already declared in this invocation"),
        );
    }
    names.push(name.clone());

    let src = load(&local, &decl.body);
    let schema = src.as_ref().and_then(|s| check(&local, s, &attrs));
    let description = attrs
        .description
        .clone()
        .or_else(|| attrs.doc.clone())
        .or_else(|| {
            src.as_ref()
                .and_then(|s| s.value.get("description")?.as_str().map(str::to_string))
        })
        .unwrap_or_default();

    let vis = &decl.vis;
    let passthrough = &attrs.passthrough;
    let rt = quote!(::tool_schema::__private);
    let track = match src.as_ref().and_then(|s| s.file.as_ref()) {
        Some((_, abs)) => quote!(
            const _: &[u8] = ::core::include_bytes!(#abs);
        ),
        None => quote!(),
    };

    let (schema_json, validate_body, at_body) = match (&schema, local.has_errors()) {
        (Some(schema), false) => {
            let text = schema.to_value().to_string();
            let (fns, root) = codegen::validator(schema);
            let has_type = schema.root().types.is_some();
            let validate = quote!(
                let mut out = ::std::vec::Vec::new();
                if !#rt::root_not_object(#has_type, args, options, &mut out) {
                    <Self as ::tool_schema::ToolArgs>::__validate_at(
                        args, &#rt::Trail::ROOT, #rt::Position::default(), options, &mut out,
                    );
                }
                #rt::Report { violations: out }
            );
            let at = quote!(
                #fns
                #root(args, trail, position, options, out)
            );
            (text, validate, at)
        }
        // Fallback: the type and its trait exist so the rest of the crate
        // type-checks; the compile errors stop the build.
        _ => (
            "{}".to_string(),
            quote!(
                let _ = (args, options);
                ::core::unreachable!("this tool's schema did not compile")
            ),
            quote!(
                let _ = (args, trail, position, options, out);
                ::core::unreachable!("this tool's schema did not compile")
            ),
        ),
    };
    cx.absorb(local);

    quote! {
        #(#passthrough)*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #vis struct #ident;

        impl ::tool_schema::ToolArgs for #ident {
            const NAME: &'static str = #name;
            const DESCRIPTION: &'static str = #description;
            const SCHEMA_JSON: &'static str = #schema_json;

            fn schema() -> &'static #rt::serde_json::Value {
                static SCHEMA: ::std::sync::OnceLock<#rt::serde_json::Value> = ::std::sync::OnceLock::new();
                SCHEMA.get_or_init(|| {
                    #rt::serde_json::from_str(<Self as ::tool_schema::ToolArgs>::SCHEMA_JSON)
                        .expect("schema JSON written by tool_schema!")
                })
            }

            fn validate_with(
                args: &#rt::serde_json::Value,
                options: &#rt::Options,
            ) -> #rt::Report {
                #validate_body
            }

            fn __validate_at(
                args: &#rt::serde_json::Value,
                trail: &#rt::Trail<'_>,
                position: #rt::Position,
                options: &#rt::Options,
                out: &mut ::std::vec::Vec<#rt::Violation>,
            ) {
                #at_body
            }
        }

        #track
    }
}
