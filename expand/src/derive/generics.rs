//! A derived type with type parameters (`struct Pair<T> { left: T, right: T }`).
//!
//! Each parameter is a nested `ToolArgs` type known only by name, as a field's
//! type deriving `ToolArgs` is: the schema's own parts are checked when the crate
//! compiles, the parameter's parts are validated by `<T as ToolArgs>` (so the
//! compiled validator and the interpreter on an instantiation's schema agree as for
//! any nesting). What changes:
//!
//! - the implementation is `impl<T: ToolArgs> ToolArgs for Pair<T>` (serde's way:
//!   a bound inferred per type parameter, replaced by `#[tool(bound = "...")]`);
//! - the validator's functions, items inside a generic method, take the type's
//!   parameters themselves (an inner item cannot use its parent's);
//! - the exported text is written into a buffer of a fixed capacity
//!   ([`TIERS`](tool_schema_engine::__private::TIERS)), since an array's length
//!   cannot depend on a type parameter; the parsed schema is kept per
//!   instantiation (a `static` in a generic function is one for all of them);
//! - a field whose type is a parameter (or a `Box` of one) is required only
//!   where the argument is not an `Option` (`ToolArgs::__OPTIONAL`): the
//!   `required` list is written in constants (`splice::text_pieces_optional`),
//!   and such an instantiation is validated by the interpreter on its schema,
//!   any other by the compiled validator, which holds the field required;
//! - what needs a parameter's constants in a free item (the checks that a nested
//!   type suits a declared export target) is checked in a constant of the
//!   instantiation, evaluated where its schema text is used.
//!
//! Lifetimes and const parameters are refused; so are a generic type that holds
//! itself (its `$defs` name would be one for every instantiation) and a generic
//! `#[serde(untagged)]` enum (serde's choice of variant is checked against the
//! variants' schemas at compile time, which a parameter's are not).

use super::ast::Container;
use crate::attr::ToolAttrs;
use crate::ctxt::Ctxt;
use crate::tool_impl::TypeParams;
use proc_macro2::{Delimiter, Group, Ident, Spacing, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use std::collections::HashSet;
use syn::spanned::Spanned;
use syn::DeriveInput;

/// Reports what a generic type cannot be, once its schema is built.
pub(super) fn check_container(
    cx: &Ctxt,
    c: &Container,
    input: &DeriveInput,
    recursive: bool,
    externals: &[(String, syn::Type)],
) {
    if input.generics.type_params().next().is_none() {
        return;
    }
    // `Tree<T>` in its own fields (an instantiation of itself, known by name).
    let named = |tokens: TokenStream| {
        fn has(tokens: TokenStream, own: &Ident) -> bool {
            tokens.into_iter().any(|tt| match tt {
                TokenTree::Ident(i) => i == *own,
                TokenTree::Group(g) => has(g.stream(), own),
                _ => false,
            })
        }
        has(tokens, c.ident)
    };
    let recursive = recursive || externals.iter().any(|(_, ty)| named(quote!(#ty)));
    if let Some(span) = c.serde.untagged {
        cx.error(
            span,
            "#[derive(ToolArgs)] does not take a generic #[serde(untagged)] enum: which variant \
             serde reads is checked against the variants' schemas when the crate compiles, and a \
             type parameter's schema is only known where it is instantiated; use a tagged enum \
             (#[serde(tag = \"...\")])",
        );
    }
    if recursive {
        cx.error(
            c.ident.span(),
            "#[derive(ToolArgs)] does not take a generic type that contains itself: its \
             definition in `$defs` would have one name for every instantiation; write the \
             recursive type without parameters",
        );
    }
}

/// The generic parts of a derived type's implementation.
pub(super) struct Generic {
    /// `<T: Bound, ...>` after `impl` (and after each validator function's name).
    pub impl_generics: TokenStream,
    /// `<T, ...>` after the type's name.
    pub ty_generics: TokenStream,
    /// The where clause, with the inferred (or given) bounds.
    pub where_clause: TokenStream,
    /// The type parameters in order, for the turbofish of the validator's calls.
    params: Vec<Ident>,
}

impl Generic {
    /// `None` for a type without type parameters.
    pub(super) fn new(input: &DeriveInput, tool: &ToolAttrs) -> Option<Generic> {
        let params: Vec<Ident> = input
            .generics
            .type_params()
            .map(|p| p.ident.clone())
            .collect();
        if params.is_empty() {
            return None;
        }
        let mut generics = input.generics.clone();
        let predicates = &mut generics.make_where_clause().predicates;
        match &tool.bound {
            Some((given, _)) => predicates.extend(given.iter().cloned()),
            None => {
                for p in &params {
                    predicates
                        .push(syn::parse_quote_spanned!(p.span()=> #p: ::tool_schema::__private::ToolArgs));
                }
            }
        }
        let (i, t, w) = generics.split_for_impl();
        Some(Generic {
            impl_generics: quote!(#i),
            ty_generics: quote!(#t),
            where_clause: quote!(#w),
            params,
        })
    }

    /// `fns` (the validator's functions and the call of its entry) with every
    /// function generic over the type's parameters and every use of one naming
    /// them: `fn __ts_node_1<T: ToolArgs>(..) {..}`, `__ts_node_1::<T>(..)`.
    fn with_params(&self, fns: TokenStream) -> TokenStream {
        let mut defined = HashSet::new();
        defined_fns(fns.clone(), &mut defined);
        self.rewrite(fns, &defined)
    }

    fn rewrite(&self, tokens: TokenStream, defined: &HashSet<String>) -> TokenStream {
        let params = &self.params;
        let (impl_generics, where_clause) = (&self.impl_generics, &self.where_clause);
        let mut out = Vec::new();
        // The last tokens seen: a definition follows `fn`; a path's later segment
        // (`rt::x`) or a method (`.x`) is not one of the functions.
        let mut after_fn = false;
        let mut after_path = false;
        let mut signature = false;
        for tt in tokens {
            match tt {
                TokenTree::Ident(ident) => {
                    let name = ident.to_string();
                    let ours = defined.contains(&name);
                    out.push(TokenTree::Ident(ident.clone()));
                    if ours && after_fn {
                        out.extend(impl_generics.clone());
                        signature = true;
                    } else if ours && !after_path {
                        out.extend(quote!(::<#(#params),*>));
                    }
                    after_fn = name == "fn";
                    after_path = false;
                }
                TokenTree::Group(g) => {
                    if signature && g.delimiter() == Delimiter::Brace {
                        out.extend(where_clause.clone());
                        signature = false;
                    }
                    let inner = self.rewrite(g.stream(), defined);
                    let mut group = Group::new(g.delimiter(), inner);
                    group.set_span(g.span());
                    out.push(TokenTree::Group(group));
                    after_fn = false;
                    after_path = false;
                }
                TokenTree::Punct(p) => {
                    after_path = p.as_char() == '.'
                        || (p.as_char() == ':'
                            && p.spacing() == Spacing::Alone
                            && {
                                // The second colon of `::`.
                                matches!(out.last(), Some(TokenTree::Punct(q)) if q.as_char() == ':' && q.spacing() == Spacing::Joint)
                            });
                    out.push(TokenTree::Punct(p));
                    after_fn = false;
                }
                TokenTree::Literal(l) => {
                    out.push(TokenTree::Literal(l));
                    after_fn = false;
                    after_path = false;
                }
            }
        }
        out.into_iter().collect()
    }

    /// The exported text: `(SCHEMA_JSON's expression, the ToolArgs items
    /// __USE_JSON and __DEFS, the inherent items holding their tiers)`. This
    /// type's text is `pieces` concatenated, its definitions the nested types'
    /// (`nested_defs`) each name once; `check` (the targets' checks, a constant
    /// expression of type `()`) is evaluated with the schema text. With `members`
    /// (a struct of named fields: the pieces of its `properties` text, its
    /// `required` text and its aliases' text), `__MEMBERS` too, so another type
    /// may flatten it.
    pub(super) fn exported(
        &self,
        ident: &Ident,
        pieces: &[TokenStream],
        nested_defs: &[TokenStream],
        check: TokenStream,
        members: Option<(&[TokenStream], &[TokenStream], String)>,
    ) -> (TokenStream, TokenStream, TokenStream) {
        let rt = crate::paths::private();
        let this = quote!(<Self as ::tool_schema::__private::ToolArgs>);
        let text = |what: &'static str| Tiered {
            ident,
            what,
            tiers: quote!(#rt::TIERS),
            count: tool_schema_engine::__private::TIERS.len(),
            item: quote!(u8),
            read: quote!(#rt::fixed_str),
        };
        let (mut inherent, use_json) = text("schema text").items(
            "USE",
            quote!(#rt::fixed_concat(&[#(#pieces),*])),
            quote!(#rt::concat_len(&[#(#pieces),*])),
        );
        let defs_tiers = Tiered {
            ident,
            what: "list of definitions",
            tiers: quote!(#rt::DEFS_TIERS),
            count: tool_schema_engine::__private::DEFS_TIERS.len(),
            item: quote!((&'static str, &'static str)),
            read: quote!(#rt::fixed_list),
        };
        let (defs_items, defs) = defs_tiers.items(
            "DEFS",
            quote!(#rt::fixed_defs(&[#(#nested_defs),*])),
            quote!(#rt::defs_count(&[#(#nested_defs),*])),
        );
        inherent.extend(defs_items);
        let (schema_items, schema) = text("whole schema text").items(
            "SCHEMA",
            quote!(#rt::fixed_schema(#this::__USE_JSON, #this::__DEFS)),
            quote!(#rt::fixed_schema_len(#this::__USE_JSON, #this::__DEFS)),
        );
        inherent.extend(schema_items);
        let mut items = TokenStream::new();
        if let Some((properties, required, aliases)) = members {
            let (props_items, props) = text("text of the properties").items(
                "PROPERTIES",
                quote!(#rt::fixed_concat(&[#(#properties),*])),
                quote!(#rt::concat_len(&[#(#properties),*])),
            );
            inherent.extend(props_items);
            let required = match required {
                [single] => single.clone(),
                pieces => {
                    let (required_items, required) = text("text of the required list").items(
                        "REQUIRED",
                        quote!(#rt::fixed_concat(&[#(#pieces),*])),
                        quote!(#rt::concat_len(&[#(#pieces),*])),
                    );
                    inherent.extend(required_items);
                    required
                }
            };
            items.extend(quote!(
                #[doc(hidden)]
                const __MEMBERS: #rt::Members =
                    ::core::option::Option::Some((#props, #required, #aliases));
            ));
        }
        let (impl_generics, ty_generics, where_clause) =
            (&self.impl_generics, &self.ty_generics, &self.where_clause);
        let inherent = quote!(
            impl #impl_generics #ident #ty_generics #where_clause {
                #inherent
                #[doc(hidden)]
                const __TOOL_ARGS_CHECKS: () = #check;
            }
        );
        items.extend(quote!(
            #[doc(hidden)]
            const __USE_JSON: &'static str = #use_json;
            #[doc(hidden)]
            const __DEFS: #rt::Defs = #defs;
        ));
        let schema_json = quote!({
            let () = Self::__TOOL_ARGS_CHECKS;
            #schema
        });
        (schema_json, items, inherent)
    }
}

impl TypeParams for Generic {
    fn impl_generics(&self) -> &TokenStream {
        &self.impl_generics
    }
    fn ty_generics(&self) -> &TokenStream {
        &self.ty_generics
    }
    fn where_clause(&self) -> &TokenStream {
        &self.where_clause
    }
    fn functions(&self, fns: TokenStream) -> TokenStream {
        self.with_params(fns)
    }
}

/// A list built in a constant of each capacity of `tiers` (a runtime array of
/// `count`), the first it fits in taken.
struct Tiered<'a> {
    ident: &'a Ident,
    /// What the list is, for the error past the last tier.
    what: &'static str,
    tiers: TokenStream,
    count: usize,
    /// The type of the list's items.
    item: TokenStream,
    /// The function reading a tier's constant as a slice or text.
    read: TokenStream,
}

impl Tiered<'_> {
    /// The inherent constants `__TOOL_ARGS_{name}_{i}`, each `fill`, and the
    /// expression reading the first whose capacity is at least `len`.
    fn items(&self, name: &str, fill: TokenStream, len: TokenStream) -> (TokenStream, TokenStream) {
        let rt = crate::paths::private();
        let Tiered {
            tiers, item, read, ..
        } = self;
        let mut consts = TokenStream::new();
        let mut arms = TokenStream::new();
        for i in 0..self.count {
            let name = quote::format_ident!("__TOOL_ARGS_{}_{}", name, i);
            consts.extend(quote!(
                #[doc(hidden)]
                const #name: #rt::Fixed<#item, { #tiers[#i] }> = #fill;
            ));
            arms.extend(quote!(if #len <= #tiers[#i] { #read(&Self::#name) } else));
        }
        let msg = format!(
            "#[derive(ToolArgs)]: the {} of this instantiation of `{}` is longer than a generic type's limit",
            self.what, self.ident
        );
        (consts, quote!(#arms { ::core::panic!(#msg) }))
    }
}

/// The names of the functions `tokens` defines, at any depth.
fn defined_fns(tokens: TokenStream, out: &mut HashSet<String>) {
    let mut after_fn = false;
    for tt in tokens {
        match tt {
            TokenTree::Ident(i) => {
                let name = i.to_string();
                if after_fn {
                    out.insert(name.clone());
                }
                after_fn = name == "fn";
            }
            TokenTree::Group(g) => {
                defined_fns(g.stream(), out);
                after_fn = false;
            }
            _ => after_fn = false,
        }
    }
}

/// For a generic type declaring export targets: the checks that each nested type
/// suits them, as one constant expression of type `()` (a panic naming the first
/// problem), evaluated for each instantiation.
pub(super) fn target_checks(tool: &ToolAttrs, occurrences: &[(syn::Type, String)]) -> TokenStream {
    let rt = crate::paths::private();
    let allow_lossy = tool.allow_lossy;
    let checks = super::targets::nested_checks(tool, occurrences)
        .into_iter()
        .map(|(ty, index, prefix)| {
            quote_spanned!(ty.span()=> {
                let problem = #rt::target_problem(
                    <#ty as ::tool_schema::__private::ToolArgs>::__TARGET_PROBLEMS,
                    #index,
                    #allow_lossy,
                );
                if !problem.is_empty() {
                    let text = #rt::fixed_concat::<{ #rt::TIERS[1] }>(&[#prefix, problem]);
                    ::core::panic!("{}", #rt::fixed_str(&text));
                }
            })
        });
    quote!({ #(#checks)* })
}
