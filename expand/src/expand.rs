//! `tool_schema!`: each declaration -> a unit struct implementing `ToolArgs` with
//! a compiled validator; every problem of the invocation reported together.
//! `impl_tool_args!`: the same implementation for a type declared elsewhere.

use crate::attr::{self, ToolAttrs};
use crate::bfcl::check_bfcl;
use crate::ctxt::Ctxt;
use crate::input::{Input, ToolDecl};
use crate::literal::{self, Source};
use crate::schema_check::{
    check_schema, check_targets, every_target, exports_const, target_consts,
};
use crate::spans::Locate;
use crate::tool_impl::{tool_impl, ToolImpl};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use serde_json::Value;
use tool_schema_engine::dialect::bfcl_tool_name;
use tool_schema_engine::{Dialect, Schema};

pub(crate) fn expand(input: Input) -> TokenStream {
    expand_as(input, Declare::Type)
}

/// `impl_tool_args!`: each declaration implements `ToolArgs` for a type of the
/// caller's, declared elsewhere.
pub(crate) fn expand_impl(input: Input) -> TokenStream {
    expand_as(input, Declare::ImplOnly)
}

/// Whether a declaration declares its type.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Declare {
    /// `tool_schema!`: a unit struct and its implementation.
    Type,
    /// `impl_tool_args!`: the implementation for an existing type, whose value
    /// need not be an object (`any_root`).
    ImplOnly,
}

fn expand_as(input: Input, declare: Declare) -> TokenStream {
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
        out.extend(tool(&cx, decl, &mut names, declare));
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

fn check(cx: &Ctxt, src: &Source, attrs: &ToolAttrs) -> Option<Schema> {
    let schema = check_schema(cx, &src.value, attrs, src);
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

fn tool(cx: &Ctxt, decl: &ToolDecl, names: &mut Vec<String>, declare: Declare) -> TokenStream {
    let local = Ctxt::new();
    let mut attrs = attr::parse(&local, &decl.attrs);
    if decl.typed.is_none() {
        attrs.passthrough = crate::typed::refuse_untyped(&local, &attrs.passthrough);
    }
    if declare == Declare::ImplOnly {
        if !matches!(decl.vis, syn::Visibility::Inherited) {
            local.push(syn::Error::new_spanned(
                &decl.vis,
                "impl_tool_args! implements ToolArgs for a type declared elsewhere: write its name without a visibility",
            ));
        }
        // A type's value (a field's, nested in a derived type) need not be an
        // object.
        attrs.any_root.get_or_insert(decl.ident.span());
    }
    if let Some(span) = attrs.custom_deserialize {
        local.error(
            span,
            "#[tool(custom_deserialize)] is for #[derive(ToolArgs)]: a tool_schema! type is read by the serde derives of the typed form (`struct Name = ...`), or not at all",
        );
    }
    if let Some(path) = &attrs.validate {
        local.push(syn::Error::new_spanned(
            path,
            "#[tool(validate = ...)] is for #[derive(ToolArgs)]: a tool_schema! tool is checked by its schema alone, its typed form (`struct Name = ...`) included",
        ));
    }
    if let Some((_, span)) = &attrs.bound {
        local.error(
            *span,
            "#[tool(bound = \"...\")] is for a generic #[derive(ToolArgs)] type: a tool_schema! type has no type parameters",
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
    let value = schema.map(Schema::to_value);
    let text = value.as_ref().map(Value::to_string).unwrap_or_default();
    let translated_at = Whole(decl.ident.span());
    let at: &dyn Locate = match (&translated, &src) {
        (None, Some(src)) => src,
        _ => &translated_at,
    };
    // The typed form's types, planned before the implementation so that a root
    // it cannot map is reported with the schema's other errors.
    let typed = decl
        .typed
        .map(|span| typed_decl(&local, decl, &attrs, span, declare, schema, at));
    let schema = schema.filter(|_| !local.has_errors());
    let (consts, exports) = match &value {
        Some(value) if schema.is_some() => {
            let declared = check_targets(&local, (&name, &description), value, &attrs, &[], at);
            let consts = target_consts(ident, &declared);
            let targets: Vec<_> = declared.iter().map(|e| e.target).collect();
            let every = every_target((&name, &description), value, declared);
            (consts, exports_const(&every, &targets))
        }
        _ => (quote!(), quote!()),
    };
    let imp = tool_impl(ToolImpl {
        ident,
        name: &name,
        description: &description,
        schema_json: quote!(#text),
        schema,
        items: exports,
        generic: None,
        interpreted: false,
        interpreted_if: None,
        encode_model: true,
    });
    cx.absorb(local);

    let declared = match (declare, typed) {
        (_, Some(types)) => types,
        (Declare::Type, None) => quote! {
            #(#passthrough)*
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
            #vis struct #ident;
        },
        (Declare::ImplOnly, None) => quote!(),
    };
    quote! {
        #declared

        #imp

        #consts

        #track
    }
}

/// The typed form's declaration (`struct` at `span`): the arguments' types, or a
/// fallback struct beside the errors (`impl_tool_args!`, `any_root`, a root the
/// typed form cannot map).
fn typed_decl(
    cx: &Ctxt,
    decl: &ToolDecl,
    attrs: &ToolAttrs,
    span: Span,
    declare: Declare,
    schema: Option<&Schema>,
    at: &dyn Locate,
) -> TokenStream {
    if declare == Declare::ImplOnly {
        cx.error(
            span,
            "impl_tool_args! implements ToolArgs for a type declared elsewhere: write the name without `struct`",
        );
        return quote!();
    }
    let schema = match attrs.any_root {
        Some(root_span) => {
            cx.error(
                root_span,
                "#[tool(any_root)] is for the untyped form: the typed form (`struct`) reads the arguments into a struct, so its root is an object schema",
            );
            None
        }
        None => schema,
    };
    crate::typed::declare(cx, schema, &decl.ident, &decl.vis, &attrs.passthrough, at)
}
