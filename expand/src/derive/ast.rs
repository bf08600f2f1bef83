//! The input of `#[derive(ToolArgs)]` as the derive sees it: a struct with named
//! fields, a newtype or tuple struct, or an enum (of unit variants, with data in
//! serde's tagged representations, or `#[serde(untagged)]` with newtype
//! variants), each item with its attributes read.

use super::arg::ArgAttrs;
use super::attr::{self, Given, SerdeContainer, SerdeField, SerdeVariant};
use super::case::RenameRule;
use crate::attr::{self as tool_attr, ToolAttrs};
use crate::ctxt::Ctxt;
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Data as SynData, DeriveInput, Fields, Ident, Type};

pub(crate) struct Container<'a> {
    pub ident: &'a Ident,
    /// Doc comment and `#[tool(...)]`, read as `tool_schema!` reads them.
    pub tool: ToolAttrs,
    pub serde: SerdeContainer,
    pub data: Data<'a>,
}

pub(crate) enum Data<'a> {
    Struct(Vec<Field<'a>>),
    /// `struct S(T)`: serde reads it as `T`; the field's `#[arg(...)]`
    /// constrains it (a named constrained value: `struct Percent(#[arg(maximum
    /// = 100)] u8)`).
    Newtype(&'a Type, Box<ArgAttrs>),
    /// `struct S(A, B, ..)`: serde reads an array of exactly those items.
    Tuple(Vec<&'a Type>, Span),
    Enum(Vec<Variant<'a>>),
}

pub(crate) struct Field<'a> {
    pub ident: &'a Ident,
    pub ty: &'a Type,
    /// The first `#[arg]` of the field, if any.
    pub arg_span: Option<proc_macro2::Span>,
    pub doc: Option<Given<String>>,
    pub arg: ArgAttrs,
    pub serde: SerdeField,
}

pub(crate) struct Variant<'a> {
    pub ident: &'a Ident,
    pub fields: VariantFields<'a>,
    /// The doc comment: the description of the variant's branch.
    pub doc: Option<Given<String>>,
    pub serde: SerdeVariant,
}

/// What a variant holds; which forms are supported depends on the enum's
/// representation (see `schema`).
pub(crate) enum VariantFields<'a> {
    Unit,
    /// `V(T)`.
    Newtype(&'a Type),
    /// `V { a: A, .. }`, with the span of the fields.
    Struct(Vec<Field<'a>>, Span),
    /// `V(A, B, ..)` (several unnamed fields), with the span of the fields.
    Tuple(Vec<&'a Type>, Span),
}

/// An identifier as serde names it: without `r#`.
pub(crate) fn unraw(ident: &Ident) -> String {
    let s = ident.to_string();
    s.strip_prefix("r#").map(str::to_string).unwrap_or(s)
}

impl<'a> Container<'a> {
    /// Reads the input, reporting what the derive does not support. `None` when the
    /// input's shape is not supported at all.
    pub(crate) fn from_ast(cx: &Ctxt, input: &'a DeriveInput) -> Option<Container<'a>> {
        let tool = tool_attr::parse(cx, &input.attrs);
        if let Some(span) = tool.annotate_unknown_keywords {
            cx.error(
                span,
                "#[tool(annotate_unknown_keywords)] is for tool_schema! only: remove it here, where the schema holds only the keywords the derive writes; to keep keywords tool-schema does not know as annotations, declare the schema with tool_schema! and this attribute",
            );
        }
        if let Some(span) = tool.any_root {
            cx.error(
                span,
                "#[tool(any_root)] is for tool_schema! only: remove it here, where the schema's root is the derived type itself",
            );
        }
        attr::misplaced(
            cx,
            &input.attrs,
            "arg",
            "#[arg] goes on fields; on the type, use #[tool(name = \"...\", description = \"...\")]",
        );
        let is_enum = matches!(input.data, SynData::Enum(_));
        let serde = SerdeContainer::parse(cx, &input.attrs, is_enum);
        if let (Some(_), Some(tag)) = (
            serde.untagged,
            serde.tag.as_ref().or(serde.content.as_ref()),
        ) {
            cx.error(
                tag.key,
                "an enum is either #[serde(untagged)] or tagged (#[serde(tag = \"...\")]), not both: serde refuses the pair",
            );
        }
        super::params::check_params(cx, input, &tool);
        let data = match &input.data {
            SynData::Struct(s) => match &s.fields {
                Fields::Named(named) => {
                    Data::Struct(named.named.iter().map(|f| Field::read(cx, f)).collect())
                }
                Fields::Unnamed(u) if u.unnamed.len() == 1 => {
                    let f = &u.unnamed[0];
                    for a in ["serde", "tool"] {
                        attr::misplaced(
                            cx,
                            &f.attrs,
                            a,
                            "the field of a newtype struct takes the schema of its type, which #[arg(...)] constrains",
                        );
                    }
                    Data::Newtype(&f.ty, Box::new(ArgAttrs::parse(cx, &f.attrs)))
                }
                Fields::Unnamed(u) => {
                    for f in &u.unnamed {
                        for a in ["arg", "serde", "tool"] {
                            attr::misplaced(
                                cx,
                                &f.attrs,
                                a,
                                "the fields of a tuple struct take the schemas of their types",
                            );
                        }
                    }
                    Data::Tuple(u.unnamed.iter().map(|f| &f.ty).collect(), u.span())
                }
                Fields::Unit => {
                    cx.error(
                        input.ident.span(),
                        format!(
                            "#[derive(ToolArgs)] needs a struct with fields or an enum; for a tool \
                             without arguments write `struct {} {{}}`",
                            input.ident
                        ),
                    );
                    return None;
                }
            },
            SynData::Enum(e) => {
                Data::Enum(e.variants.iter().map(|v| Variant::read(cx, v)).collect())
            }
            SynData::Union(u) => {
                cx.error(
                    u.union_token.span(),
                    "#[derive(ToolArgs)] needs a struct with named fields or an enum of unit variants, not a union",
                );
                return None;
            }
        };
        Some(Container {
            ident: &input.ident,
            tool,
            serde,
            data,
        })
    }
}

impl<'a> Field<'a> {
    /// A named field, its attributes read.
    fn read(cx: &Ctxt, f: &'a syn::Field) -> Field<'a> {
        attr::misplaced(
            cx,
            &f.attrs,
            "tool",
            "#[tool] goes on the type; on fields, use #[arg(...)]",
        );
        Field {
            ident: f.ident.as_ref().expect("named field"),
            ty: &f.ty,
            arg_span: f
                .attrs
                .iter()
                .find(|a| a.path().is_ident("arg"))
                .map(|a| a.path().span()),
            doc: attr::doc(&f.attrs),
            arg: ArgAttrs::parse(cx, &f.attrs),
            serde: SerdeField::parse(cx, &f.attrs),
        }
    }
}

impl<'a> Variant<'a> {
    /// A variant, its attributes read.
    fn read(cx: &Ctxt, v: &'a syn::Variant) -> Variant<'a> {
        let fields = match &v.fields {
            Fields::Unit => VariantFields::Unit,
            Fields::Unnamed(u) if u.unnamed.len() == 1 => {
                let f = &u.unnamed[0];
                for a in ["arg", "tool"] {
                    attr::misplaced(
                        cx,
                        &f.attrs,
                        a,
                        "a variant's value takes the schema of its type",
                    );
                }
                VariantFields::Newtype(&f.ty)
            }
            Fields::Named(named) => VariantFields::Struct(
                named.named.iter().map(|f| Field::read(cx, f)).collect(),
                named.span(),
            ),
            Fields::Unnamed(u) => {
                for f in &u.unnamed {
                    attr::misplaced(
                        cx,
                        &f.attrs,
                        "arg",
                        "a tuple variant's items take the schemas of their types",
                    );
                }
                VariantFields::Tuple(u.unnamed.iter().map(|f| &f.ty).collect(), u.span())
            }
        };
        attr::misplaced(
            cx,
            &v.attrs,
            "arg",
            "a variant's name is set with #[serde(rename = \"...\")]",
        );
        attr::misplaced(cx, &v.attrs, "tool", "#[tool] goes on the type");
        Variant {
            ident: &v.ident,
            fields,
            doc: attr::doc(&v.attrs),
            serde: SerdeVariant::parse(cx, &v.attrs),
        }
    }
}

impl Field<'_> {
    /// The name serde reads the field as, and where that name is written.
    pub(crate) fn serde_name(&self, rename_all: Option<RenameRule>) -> (String, Span) {
        serde_name(self.ident, self.serde.rename.as_ref(), |name| {
            rename_all.map(|rule| rule.apply_to_field(name))
        })
    }
}

impl Variant<'_> {
    /// The name serde reads the variant as, and where that name is written.
    pub(crate) fn serde_name(&self, rename_all: Option<RenameRule>) -> (String, Span) {
        serde_name(self.ident, self.serde.rename.as_ref(), |name| {
            rename_all.map(|rule| rule.apply_to_variant(name))
        })
    }
}

/// The name serde reads: its `rename`, else the container's `rename_all` applied to
/// the Rust name (`renamed`), else the Rust name; with the span of the rename or
/// of the identifier.
fn serde_name(
    ident: &Ident,
    rename: Option<&syn::LitStr>,
    renamed: impl FnOnce(&str) -> Option<String>,
) -> (String, Span) {
    match rename {
        Some(lit) => (lit.value(), lit.span()),
        None => {
            let rust_name = unraw(ident);
            (renamed(&rust_name).unwrap_or(rust_name), ident.span())
        }
    }
}
