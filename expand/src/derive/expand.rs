//! `#[derive(ToolArgs)]`: the type -> a JSON Schema (with the span of every part),
//! checked by the schema model like any `tool_schema!` schema, compiled by the same
//! code generator, exported with the schemas of nested types spliced in.

use super::ast::{unraw, Container, Data};
use super::flatten;
use super::generics::{check_container, target_checks, Generic};
use super::schema::{object, string_enum, untagged_enum};
use super::splice::{exported_json, required_list_pieces, text_pieces, text_pieces_optional};
use super::targets::{external_pointers, nested_target_assertions, target_problems};
use super::ty::{Builder, DerivedSchema};
use crate::attr;
use crate::ctxt::Ctxt;
use crate::schema_check::{check_schema, check_targets, every_target, exports_const};
use crate::spans::SpanMap;
use crate::tool_impl::{tool_impl, tool_impl_with, ToolImpl};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use serde_json::Value;
use syn::spanned::Spanned;
use syn::DeriveInput;
use tool_schema_engine::Schema;

pub(crate) fn derive(input: &DeriveInput) -> TokenStream {
    let cx = Ctxt::new();
    let out = expand(&cx, input);
    let mut tokens = out.unwrap_or_default();
    tokens.extend(cx.check());
    tokens
}

fn expand(cx: &Ctxt, input: &DeriveInput) -> Option<TokenStream> {
    // A generic type whose input is refused: an implementation without its
    // parameters would only add errors.
    let generic = !input.generics.params.is_empty();
    let Some(container) = Container::from_ast(cx, input) else {
        // A shape the derive does not take (reported): the fallback implementation
        // keeps the code using the type free of follow-on errors.
        return (!generic).then(|| {
            tool_impl(ToolImpl {
                ident: &input.ident,
                name: "",
                description: "",
                schema_json: quote!(),
                schema: None,
                items: TokenStream::new(),
                generic: None,
                interpreted: false,
                interpreted_if: None,
                encode_model: false,
            })
        });
    };
    let ident = container.ident;
    let generics = Generic::new(input, &container.tool);
    let mut b = Builder {
        cx,
        spans: SpanMap::new(ident.span()),
        externals: Vec::new(),
        container: ident,
        recursive: false,
        occurrences: Vec::new(),
        params: input
            .generics
            .type_params()
            .map(|p| p.ident.clone())
            .collect(),
        optional_if: Vec::new(),
    };
    let value = match &container.data {
        Data::Struct(fields) => object(&mut b, &container, fields),
        Data::Newtype(ty, arg) => super::schema::newtype(&mut b, ty, arg),
        Data::Tuple(types, span) => b.tuple(types, *span, "").unwrap_or_default().into(),
        Data::Enum(variants) if container.serde.untagged.is_some() => {
            untagged_enum(&mut b, variants)
        }
        Data::Enum(variants) if super::tagged::is_tagged(&container, variants) => {
            super::tagged::tagged_enum(&mut b, &container, variants)
        }
        Data::Enum(variants) => string_enum(&mut b, &container, variants),
    };
    check_container(cx, &container, input, b.recursive, &b.externals);
    let flat = flatten::fields(&container);
    flatten::check(cx, &container, &flat, b.recursive, generics.is_some());
    for f in &flat {
        // Its definitions gathered, its target problems this type's.
        let ty = f.ty;
        let text = quote!(#ty).to_string();
        if !b.externals.iter().any(|(t, _)| *t == text) {
            b.externals.push((text, f.ty.clone()));
        }
        b.occurrences.push((f.ty.clone(), "/properties".into()));
    }
    let name = tool_name(cx, &container);
    let description = container
        .tool
        .description
        .clone()
        .or_else(|| container.tool.doc.clone())
        .unwrap_or_default();

    let schema = check_schema(cx, &value, &container.tool, &DerivedSchema(&b.spans));
    let schema = schema.filter(|_| !cx.has_errors());
    // The whole schema is known here only for a type neither generic nor
    // recursive that nests or flattens no other (those are joined when the crate
    // compiles, or wrapped in `$defs`): then its model and every target's
    // definition are compiled into the type, as for `tool_schema!`.
    let whole = b.externals.is_empty() && flat.is_empty() && generics.is_none() && !b.recursive;
    let mut compiled_exports = TokenStream::new();
    let checked = schema.as_ref().map(Schema::to_value);
    if let Some(value) = &checked {
        // Nested `ToolArgs` types are only known by name here: they are checked by
        // their own `#[tool(targets(...))]`.
        let mut nested = Vec::new();
        external_pointers(value, "", &mut nested);
        let declared = check_targets(
            cx,
            (&name, &description),
            value,
            &container.tool,
            &nested,
            &DerivedSchema(&b.spans),
        );
        if whole && nested.is_empty() && !cx.has_errors() {
            let targets: Vec<_> = declared.iter().map(|e| e.target).collect();
            let every = every_target((&name, &description), value, declared);
            compiled_exports.extend(exports_const(&every, &targets));
        }
    }
    if generic && schema.is_none() {
        return None;
    }
    let (schema_json, mut items, assertions) = match (&checked, &generics) {
        (Some(v), None) => generated(&container, &b, v, &flat),
        (Some(v), Some(g)) => generated_generic(&container, &b, v, g),
        (None, _) => (quote!(), TokenStream::new(), TokenStream::new()),
    };
    // The typed text path (`derive/text`), for a schema that compiled; a generic
    // type's calls are read by the exact path.
    let mut fast = match &schema {
        Some(_) if generics.is_none() => super::text::fast_items(input, &container),
        _ => TokenStream::new(),
    };
    fast.extend(custom_checks(&container));
    items.extend(compiled_exports);
    let mut out = tool_impl_with(
        ToolImpl {
            ident,
            name: &name,
            description: &description,
            schema_json,
            schema: schema.as_ref(),
            items,
            generic: generics
                .as_ref()
                .map(|g| g as &dyn crate::tool_impl::TypeParams),
            interpreted: !flat.is_empty(),
            interpreted_if: optional_params(&b),
            encode_model: whole,
        },
        fast,
    );
    out.extend(assertions);
    Some(out)
}

/// For a generic type with required members of a type parameter's type: the
/// constant saying an instantiation leaves one of them out (an `Option`
/// argument, `ToolArgs::__OPTIONAL`), where the interpreter validates on the
/// instantiation's schema, the compiled validator holding them required.
fn optional_params(b: &Builder) -> Option<TokenStream> {
    if b.optional_if.is_empty() {
        return None;
    }
    let rt = crate::paths::private();
    let optional = b.optional_if.iter().map(|(_, _, ty)| {
        quote_spanned!(ty.span()=> <#ty as ::tool_schema::__private::ToolArgs>::__OPTIONAL)
    });
    Some(quote!(#rt::any_of(&[#(#optional),*])))
}

/// `#[tool(validate = path)]`: the tool's own check, called on the typed
/// arguments (a function of another signature is rustc's error at the path).
fn custom_checks(container: &Container) -> TokenStream {
    let Some(path) = &container.tool.validate else {
        return TokenStream::new();
    };
    let rt = crate::paths::private();
    let span = path.span();
    quote_spanned! {span=>
        fn custom_checks(&self, problems: &mut #rt::custom::Problems) {
            let check: fn(&Self, &mut #rt::custom::Problems) = #path;
            check(self, problems)
        }
    }
}

/// The tool's wire name, checked: `#[tool(name = "...")]`, else the type name in
/// snake_case.
fn tool_name(cx: &Ctxt, container: &Container) -> String {
    let ident = container.ident;
    let (name, name_span) = match &container.tool.name {
        Some((n, s)) => (n.clone(), *s),
        None => (attr::snake_case(&unraw(ident)), ident.span()),
    };
    if let Err(msg) = attr::check_name(&name) {
        cx.error(name_span, msg);
    }
    name
}

/// For a schema that compiled (`value`, its checked model as JSON): the exported
/// schema text, the hidden items of the implementation (nesting, target problems,
/// reading), and the assertions after it (nested types' targets, an untagged
/// enum's variants).
fn generated(
    container: &Container,
    b: &Builder,
    value: &Value,
    flat: &[&super::ast::Field],
) -> (TokenStream, TokenStream, TokenStream) {
    let ident = container.ident;
    let recursive = b.recursive.then(|| unraw(ident));
    // A struct of named fields (without a flattened map) may be flattened into
    // another: its members, joined with those of the structs it flattens.
    let object = matches!(container.data, Data::Struct(_))
        && recursive.is_none()
        && !value
            .get("additionalProperties")
            .is_some_and(Value::is_object);
    let (root, members) = match object {
        true => {
            let (root, members) = flatten::joined_text(value, &b.externals, flat);
            let root = (!flat.is_empty()).then_some(root);
            (root, flatten::members_item(&members))
        }
        false => (None, TokenStream::new()),
    };
    let (schema_json, mut items) =
        exported_json(ident, value, recursive.as_deref(), &b.externals, root);
    items.extend(members);
    items.extend(target_problems(
        &unraw(ident),
        value,
        recursive.as_deref(),
        &b.externals,
    ));
    let mut assertions = nested_target_assertions(&container.tool, &b.occurrences);
    assertions.extend(flatten::clash_checks(ident, value, &b.externals, flat));
    let (reading, untagged_checks) = super::reading::items(container);
    items.extend(reading);
    assertions.extend(untagged_checks);
    (schema_json, items, assertions)
}

/// [`generated`] for a type with type parameters: the exported text in
/// fixed-capacity constants, the nested types' target checks evaluated with it,
/// nothing known of what serde reads (the default `__READING`).
fn generated_generic(
    container: &Container,
    b: &Builder,
    value: &Value,
    generic: &Generic,
) -> (TokenStream, TokenStream, TokenStream) {
    let ident = container.ident;
    let pieces = text_pieces_optional(value, &b.externals, &b.optional_if);
    let nested_defs: Vec<TokenStream> = b
        .externals
        .iter()
        .map(|(_, ty)| quote_spanned!(ty.span()=> <#ty as ::tool_schema::__private::ToolArgs>::__DEFS))
        .collect();
    let checks = match container.tool.targets.is_empty() {
        true => quote!(()),
        false => target_checks(&container.tool, &b.occurrences),
    };
    // A struct of named fields (without a flattened map) may be flattened.
    let object = matches!(container.data, Data::Struct(_))
        && !value
            .get("additionalProperties")
            .is_some_and(Value::is_object);
    let properties = text_pieces(&value["properties"], &b.externals);
    let required = match b.optional_if.is_empty() {
        true => {
            let text = value.get("required").map_or("[]".into(), Value::to_string);
            vec![quote!(#text)]
        }
        false => required_list_pieces(value, &b.optional_if),
    };
    let aliases = flatten::own_aliases(value);
    let members = object.then_some((properties.as_slice(), required.as_slice(), aliases));
    let (schema_json, mut items, inherent) =
        generic.exported(ident, &pieces, &nested_defs, checks, members);
    items.extend(target_problems(&unraw(ident), value, None, &b.externals));
    (schema_json, items, inherent)
}
