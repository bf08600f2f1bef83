//! `tool_schema!`: each declaration -> a unit struct implementing `ToolArgs` with
//! a compiled validator; every problem of the invocation reported together.

use crate::attr::{self, ToolAttrs};
use crate::ctxt::Ctxt;
use crate::input::{Body, Input, ToolDecl};
use crate::json::{self, Spans};
use crate::tool_impl::{check_schema, tool_impl, Locate, ToolImpl};
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

impl Locate for Source {
    fn span(&self, pointer: &str, on_key: bool) -> Span {
        span_at(self, pointer, on_key)
    }

    fn place(&self, pointer: &str) -> String {
        place(self, pointer)
    }
}

fn check(cx: &Ctxt, src: &Source, attrs: &ToolAttrs) -> Option<Schema> {
    let schema = check_schema(cx, &src.value, &attrs.allow, src);
    if attrs.any_root.is_some() {
        return schema;
    }
    if let serde_json::Value::Bool(b) = src.value {
        cx.error(
            src.spans.best(""),
            format!(
                "a tool's arguments are an object, so the root schema must be an object schema, not `{b}`; add #[tool(any_root)] to validate any value{}",
                place(src, "")
            ),
        );
        return None;
    }
    // Read from the JSON itself, so it is reported beside any other error.
    let declares_object = match src.value.get("type") {
        Some(serde_json::Value::String(t)) => Some(t == "object"),
        Some(serde_json::Value::Array(ts)) => Some(ts.iter().any(|t| t == "object")),
        _ => None,
    };
    if declares_object == Some(false) {
        cx.error(
            src.spans.best("/type"),
            format!(
                "a tool's arguments are an object, so the root schema's type must include \"object\"{}",
                place(src, "/type")
            ),
        );
        return None;
    }
    schema
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
    let track = match src.as_ref().and_then(|s| s.file.as_ref()) {
        Some((_, abs)) => quote!(
            const _: &[u8] = ::core::include_bytes!(#abs);
        ),
        None => quote!(),
    };
    let schema = schema.as_ref().filter(|_| !local.has_errors());
    let text = schema.map(|s| s.to_value().to_string()).unwrap_or_default();
    let imp = tool_impl(ToolImpl {
        ident,
        name: &name,
        description: &description,
        schema_json: quote!(#text),
        schema,
    });
    cx.absorb(local);

    quote! {
        #(#passthrough)*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #vis struct #ident;

        #imp

        #track
    }
}
