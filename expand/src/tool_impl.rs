//! The `ToolArgs` implementation both macros generate around the validator
//! `codegen` compiles (or, for a schema with errors, a fallback that lets the rest
//! of the crate type-check).

use crate::codegen;
use proc_macro2::{Ident, TokenStream};
use quote::quote;
use tool_schema_engine::Schema;

/// The type parameters of a generic type's implementation (a derived
/// `struct Pair<T>`), as the implementation writes them.
pub(crate) trait TypeParams {
    /// `<T: Bound, ...>` after `impl`.
    fn impl_generics(&self) -> &TokenStream;
    /// `<T, ...>` after the type's name.
    fn ty_generics(&self) -> &TokenStream;
    /// The where clause.
    fn where_clause(&self) -> &TokenStream;
    /// The validator's functions `fns`, each made generic over the parameters.
    fn functions(&self, fns: TokenStream) -> TokenStream;
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
    /// A derived type's type parameters (`None` for any other type).
    pub generic: Option<&'a dyn TypeParams>,
    /// The schema `schema_json` gives is only whole once constants are evaluated
    /// (a derived struct flattening others): validated by the interpreter on it,
    /// `schema` being the checked part the macro sees.
    pub interpreted: bool,
    /// A constant `bool` expression: where it is true, the interpreter on the
    /// instantiation's schema validates instead of the compiled validator (a
    /// generic type whose required members depend on its arguments).
    pub interpreted_if: Option<TokenStream>,
    /// The macro sees the schema whole: its checked model is encoded into the
    /// implementation (`ToolArgs::__MODEL`), and the engine's `compiled_schema`
    /// decodes it into the tool's own slot (`ToolArgs::__model_slot`).
    pub encode_model: bool,
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
        mut items,
        generic,
        interpreted,
        interpreted_if,
        encode_model,
    } = parts;
    let model = schema.filter(|_| encode_model);
    items.extend(model.map(crate::schema_check::model_const));

    let Bodies {
        validate: validate_body,
        is_valid: is_valid_body,
        at: at_body,
    } = match schema {
        Some(_) if interpreted => interpreted_bodies(),
        Some(schema) => match interpreted_if {
            Some(condition) => either_bodies(&condition, compiled_bodies(schema)),
            None => compiled_bodies(schema),
        },
        None => fallback_bodies(),
    };
    let at_body = match generic {
        Some(g) => g.functions(at_body),
        None => at_body,
    };
    let schema_json = match schema {
        Some(_) => schema_json,
        None => quote!("{}"),
    };
    // `schemars::JsonSchema` with this schema when the user's `tool-schema` has
    // the feature `schemars` (the facade's macro decides; nothing otherwise).
    let json_schema = match (schema, generic) {
        (Some(_), None) => quote!(#rt::json_schema_impl!(#ident);),
        (Some(_), Some(g)) => {
            let (i, t, w) = (g.impl_generics(), g.ty_generics(), g.where_clause());
            quote!(#rt::json_schema_impl!(@generic [#i] [#ident #t] [#w] #ident);)
        }
        (None, _) => TokenStream::new(),
    };
    // The run-time model of the schema (the text path walks it) in a static of
    // its own, found again at the cost of one load, decoded from `__MODEL`. A
    // type without a model keeps the default, which parses its schema (and,
    // without the runtime's `engines` feature, is a compile error where it is
    // used: the default asks `Compiled`, which only a type with a model has); so does a
    // generic type, one model per instantiation (a `static` here would be
    // shared by all).
    // Without the `engines` feature, the tools with a model are the ones whose
    // model may be used (`Compiled`: the facade's macro decides).
    let compiled = match (generic, model) {
        (None, Some(_)) => quote!(#rt::compiled!(#ident);),
        _ => TokenStream::new(),
    };
    let model_slot_fn = match (generic, model) {
        (None, Some(_)) => quote!(
            fn __model_slot() -> ::std::option::Option<&'static #rt::ModelSlot> {
                static SLOT: #rt::ModelSlot = #rt::ModelSlot::new();
                ::std::option::Option::Some(&SLOT)
            }
        ),
        _ => TokenStream::new(),
    };
    let (header, schema_fn) = match generic {
        Some(g) => {
            let (i, t, w) = (g.impl_generics(), g.ty_generics(), g.where_clause());
            // A `static` here would be one for every instantiation.
            (
                quote!(impl #i ::tool_schema::__private::ToolArgs for #ident #t #w),
                quote!(#rt::instance_schema(<Self as ::tool_schema::__private::ToolArgs>::SCHEMA_JSON)),
            )
        }
        None => (
            quote!(impl ::tool_schema::__private::ToolArgs for #ident),
            quote!(
                static SCHEMA: ::std::sync::OnceLock<#rt::serde_json::Value> = ::std::sync::OnceLock::new();
                SCHEMA.get_or_init(|| {
                    #rt::serde_json::from_str(<Self as ::tool_schema::__private::ToolArgs>::SCHEMA_JSON)
                        .expect("schema JSON written by the tool-schema macros")
                })
            ),
        ),
    };

    quote! {
        #header {
            const NAME: &'static str = #name;
            const DESCRIPTION: &'static str = #description;
            const SCHEMA_JSON: &'static str = #schema_json;
            #items

            fn schema() -> &'static #rt::serde_json::Value {
                #schema_fn
            }

            #model_slot_fn

            // Always inlined into `validate`: a valid call's whole cost is the
            // boolean walk and an empty report.
            #[inline(always)]
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

        #json_schema
        #compiled
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
    // Whether a call the boolean walk accepts is within `options.max_depth`
    // anyway (the schema bounds the depth of what it accepts).
    let within = match codegen::depth_bound(schema) {
        Some(levels) => quote!(#levels <= options.max_depth),
        None => quote!(false),
    };
    let root_ok = quote!(#has_type || !options.object_root || args.is_object());
    // The boolean walk alone (a probe) decides, see `codegen::validator`.
    let probe = quote!({
        let mut probe = #rt::Sink::probe();
        <Self as ::tool_schema::__private::ToolArgs>::__validate_at(
            args, &#rt::Trail::ROOT, #rt::Position::default(), options, &mut probe,
        );
        !probe.failed()
    });
    // A valid call builds no report; any other gets the whole walk, out of line
    // (past the nesting limit, one violation and no walk, as the interpreter
    // does: `Options::max_depth`), told when the call's depth was measured here
    // and found within the limit, so that it is not measured again.
    let validate = quote!(
        let root_ok = #root_ok;
        let measured = root_ok && !(#within);
        let exceeds = measured && #rt::depth_exceeds(args, options.max_depth);
        if root_ok && !exceeds && #probe {
            return #rt::Report::valid_for(options);
        }
        #rt::collect_report(
            args, options, #has_type, measured && !exceeds, #declared,
            <Self as ::tool_schema::__private::ToolArgs>::__validate_at,
        )
    );
    let is_valid = quote!(
        (#root_ok) && (#within || !#rt::depth_exceeds(args, options.max_depth)) && #probe
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

/// The interpreter's bodies, on the schema model of `SCHEMA_JSON`
/// (`ToolArgsExt::compiled_schema`: parsed once, kept in a table by type).
fn interpreted_bodies() -> Bodies {
    let model = quote!(<Self as ::tool_schema::__private::ToolArgsExt>::compiled_schema());
    Bodies {
        validate: quote!(#model.validate_with(args, options)),
        is_valid: quote!(#model.is_valid_with(args, options)),
        at: quote!(#model.__validate_at(args, trail, position, options, out)),
    }
}

/// `compiled`, except where `condition` (a constant) holds: then the
/// interpreter on the model of the instantiation's `SCHEMA_JSON`.
fn either_bodies(condition: &TokenStream, compiled: Bodies) -> Bodies {
    let rt = crate::paths::private();
    let this = quote!(<Self as ::tool_schema::__private::ToolArgs>);
    let model = quote!(#rt::instance_model(#this::SCHEMA_JSON, #this::NAME));
    let Bodies {
        validate,
        is_valid,
        at,
    } = compiled;
    Bodies {
        validate: quote!(
            if #condition {
                return #model.validate_with(args, options);
            }
            #validate
        ),
        is_valid: quote!(
            if #condition {
                return #model.is_valid_with(args, options);
            }
            #is_valid
        ),
        at: quote!(
            if #condition {
                return #model.__validate_at(args, trail, position, options, out);
            }
            #at
        ),
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
