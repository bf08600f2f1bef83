//! `tool_schema!`: each declaration -> a unit struct implementing `ToolArgs` with
//! a compiled validator; every problem of the invocation reported together.

use crate::attr::{self, ToolAttrs};
use crate::ctxt::Ctxt;
use crate::input::{Input, ToolDecl};
use crate::json::push_token;
use crate::literal::{self, Source};
use crate::spans::Locate;
use crate::tool_impl::{check_schema, check_targets, target_consts, tool_impl, ToolImpl};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use serde_json::Value;
use tool_schema_runtime::dialect::bfcl_tool_name;
use tool_schema_runtime::{Dialect, Schema};

pub(crate) fn expand(input: Input) -> TokenStream {
    let cx = Ctxt::new();
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
    out.extend(cx.check());
    out
}

/// Problems of a translated schema's export, at one span (the translation's
/// pointers are not the source's).
struct Whole(Span);

impl Locate for Whole {
    fn span(&self, _: &str, _: bool) -> Span {
        self.0
    }

    fn place(&self, pointer: &str) -> String {
        let ptr = if pointer.is_empty() {
            "the root"
        } else {
            pointer
        };
        format!(" (at {ptr} of the translated schema)")
    }
}

/// A schema written in another dialect, translated into JSON Schema.
struct Translated {
    /// The JSON Schema it means.
    value: Value,
    /// The BFCL function's name (the source is a whole function definition) and
    /// the span of its value.
    name: Option<(String, Span)>,
    /// The BFCL function's description.
    description: Option<String>,
}

/// The keys of a whole BFCL function definition (`response`, the return value's
/// schema, is an annotation).
const BFCL_FUNCTION_KEYS: [&str; 4] = ["name", "description", "parameters", "response"];

/// Problems of the translated schema, located in the source: `base` is the pointer
/// of the translated node in the source (`/parameters` for a whole function).
struct InDialect<'a> {
    src: &'a Source,
    dialect: Dialect,
    base: &'a str,
}

impl InDialect<'_> {
    fn source_pointer(&self, pointer: &str) -> String {
        let node = self.src.value.pointer(self.base).unwrap_or(&Value::Null);
        format!(
            "{}{}",
            self.base,
            self.dialect.source_pointer(node, pointer)
        )
    }
}

impl Locate for InDialect<'_> {
    fn span(&self, pointer: &str, on_key: bool) -> Span {
        self.src.span(&self.source_pointer(pointer), on_key)
    }

    fn place(&self, pointer: &str) -> String {
        self.src.place(&self.source_pointer(pointer))
    }
}

/// Translates a BFCL definition (a whole function `{"name", "description",
/// "parameters"}`, or its `parameters` node) into JSON Schema and checks it; every
/// problem is reported at its token in the source.
fn check_bfcl(cx: &Ctxt, src: &Source, attrs: &ToolAttrs) -> (Option<Schema>, Translated) {
    let mut out = Translated {
        value: Value::Null,
        name: None,
        description: None,
    };
    let mut ok = true;
    if let Some(span) = attrs.any_root {
        ok = false;
        cx.error(
            span,
            "`any_root` does not apply to the BFCL dialect: a BFCL function's parameters are always a \"dict\"",
        );
    }
    // A whole function has a name or parameters; a parameters node has a type.
    let whole = src.value.as_object().filter(|o| {
        (o.contains_key("parameters") || o.contains_key("name")) && !o.contains_key("type")
    });
    let base = if whole.is_some() { "/parameters" } else { "" };
    if let Some(function) = whole.filter(|f| !f.contains_key("parameters")) {
        let keys: Vec<&str> = function.keys().map(String::as_str).collect();
        cx.error(
            src.spans.best(""),
            format!(
                "a BFCL function definition needs \"parameters\" (it has {}){}",
                keys.iter()
                    .map(|k| format!("\"{k}\""))
                    .collect::<Vec<_>>()
                    .join(", "),
                src.place("")
            ),
        );
        ok = false;
    }
    if let Some(function) = whole {
        for (key, value) in function {
            let at = push_token("", key);
            match (key.as_str(), value) {
                ("name", Value::String(s)) => out.name = Some((s.clone(), src.spans.best(&at))),
                ("description", Value::String(s)) => out.description = Some(s.clone()),
                ("name" | "description", _) => {
                    ok = false;
                    cx.error(
                        src.spans.best(&at),
                        format!(
                            "the {key} of a BFCL function must be a string{}",
                            src.place(&at)
                        ),
                    );
                }
                ("parameters" | "response", _) => {}
                _ => {
                    ok = false;
                    let hint = match tool_schema_runtime::suggest::closest(key, BFCL_FUNCTION_KEYS)
                    {
                        Some(k) => format!("did you mean \"{k}\"?"),
                        None => {
                            "expected \"name\", \"description\", \"parameters\" or \"response\""
                                .into()
                        }
                    };
                    cx.error(
                        src.span(&at, true),
                        format!(
                            "unknown key \"{key}\" in a BFCL function definition; {hint}{}",
                            src.place(&at)
                        ),
                    );
                }
            }
        }
    }
    let Some(parameters) = src.value.pointer(base) else {
        return (None, out);
    };
    match Dialect::Bfcl.to_json_schema(parameters) {
        Ok(value) => out.value = value,
        Err(e) => {
            // The translation's pointers are the source's.
            for p in &e.problems {
                let at = format!("{base}{}", p.pointer);
                cx.error(
                    src.span(&at, p.on_key),
                    format!("not in the BFCL dialect: {}{}", p.message, src.place(&at)),
                );
            }
            return (None, out);
        }
    }
    let at = InDialect {
        src,
        dialect: Dialect::Bfcl,
        base,
    };
    let schema = check_schema(cx, &out.value, &attrs.allow, &at);
    (schema.filter(|_| ok), out)
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
                src.place("")
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
                src.place("/type")
            ),
        );
        return None;
    }
    schema
}

/// The tool's wire name, checked: `#[tool(name = "...")]`, else a BFCL function's
/// name with `.` turned into `_` (`math.factorial` -> `math_factorial`), else the
/// type name in snake_case.
fn tool_name(
    cx: &Ctxt,
    attrs: &ToolAttrs,
    ident: &syn::Ident,
    bfcl: Option<(String, Span)>,
    names: &mut Vec<String>,
) -> String {
    let (name, name_span, hint) = match (&attrs.name, bfcl) {
        (Some((n, s)), _) => (n.clone(), *s, ""),
        (None, Some((n, s))) => (
            bfcl_tool_name(&n),
            s,
            " (the BFCL function's name with `.` as `_`); set another with #[tool(name = \"...\")]",
        ),
        (None, None) => (attr::snake_case(&ident.to_string()), ident.span(), ""),
    };
    if let Err(msg) = attr::check_name(&name) {
        cx.error(name_span, format!("{msg}{hint}"));
    }
    if names.contains(&name) {
        cx.error(
            name_span,
            format!("a tool named \"{name}\" is already declared in this invocation{hint}"),
        );
    }
    names.push(name.clone());
    name
}

fn tool(cx: &Ctxt, decl: &ToolDecl, names: &mut Vec<String>) -> TokenStream {
    let local = Ctxt::new();
    let attrs = attr::parse(&local, &decl.attrs);
    if let Some(span) = attrs.custom_deserialize {
        local.error(
            span,
            "#[tool(custom_deserialize)] is for #[derive(ToolArgs)]: a tool_schema! type is not deserialised",
        );
    }
    let ident = &decl.ident;
    // `None`: an unknown dialect, already reported.
    let dialect = attrs.dialect.map_or(Some(Dialect::JsonSchema), |(d, _)| d);
    // A BFCL function's own name is only known once its JSON is read.
    let mut name = None;
    if attrs.name.is_some() || dialect != Some(Dialect::Bfcl) {
        name = Some(tool_name(&local, &attrs, ident, None, names));
    }

    let src = literal::load(&local, &decl.body);
    let (schema, translated) = match (dialect, &src) {
        (Some(Dialect::Bfcl), Some(s)) => {
            let (schema, translated) = check_bfcl(&local, s, &attrs);
            (schema, Some(translated))
        }
        (Some(_), s) => (s.as_ref().and_then(|s| check(&local, s, &attrs)), None),
        (None, _) => (None, None),
    };
    let name = match name {
        Some(n) => n,
        None => {
            let from_bfcl = translated.as_ref().and_then(|t| t.name.clone());
            tool_name(&local, &attrs, ident, from_bfcl, names)
        }
    };
    // The schema's JSON: the translation when the source is in another dialect.
    let json = match &translated {
        Some(t) => Some(&t.value),
        None => src.as_ref().map(|s| &s.value),
    };
    let description = attrs
        .description
        .clone()
        .or_else(|| attrs.doc.clone())
        .or_else(|| translated.as_ref().and_then(|t| t.description.clone()))
        .or_else(|| json.and_then(|v| v.get("description")?.as_str().map(str::to_string)))
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
    let consts = match schema {
        Some(s) if !attrs.targets.is_empty() => {
            let value = s.to_value();
            let translated_at = Whole(decl.ident.span());
            let at: &dyn Locate = match (&translated, &src) {
                (None, Some(src)) => src,
                _ => &translated_at,
            };
            let exports = check_targets(&local, (&name, &description), &value, &attrs, &[], at);
            target_consts(ident, &exports)
        }
        _ => quote!(),
    };
    let imp = tool_impl(ToolImpl {
        ident,
        name: &name,
        description: &description,
        schema_json: quote!(#text),
        schema,
        items: TokenStream::new(),
    });
    cx.absorb(local);

    quote! {
        #(#passthrough)*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #vis struct #ident;

        #imp

        #consts

        #track
    }
}
