//! The syntax of a `tool_schema!` invocation: one or more tool declarations.
//!
//! ```text
//! /// doc comment: the tool's description
//! #[tool(name = "get_weather", allow(duplicate_enum))]
//! pub GetWeather = { ...JSON Schema... }
//! pub Other = include!("schemas/other.json");
//! /// The typed form: the arguments' Rust types are declared too.
//! pub struct Typed = { ...JSON Schema... }
//! #[tool(any_root)]
//! pub Anything = true
//! ```

use proc_macro2::{Span, TokenStream};
use syn::parse::{Parse, ParseStream};
use syn::{Attribute, Ident, LitStr, Token, Visibility};

/// Where a tool's schema comes from.
pub(crate) enum Body {
    /// A JSON literal written in the macro: the brace group's tokens.
    Literal(TokenStream, Span),
    /// `include!("path.json")`, relative to `CARGO_MANIFEST_DIR`.
    File(LitStr),
}

/// One `Vis Name = Body` declaration.
pub(crate) struct ToolDecl {
    pub attrs: Vec<Attribute>,
    pub vis: Visibility,
    /// `struct` before the name: the typed form (the span of `struct`).
    pub typed: Option<Span>,
    pub ident: Ident,
    pub body: Body,
}

/// The whole invocation.
pub(crate) struct Input {
    pub tools: Vec<ToolDecl>,
}

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Input> {
        let mut tools = Vec::new();
        while !input.is_empty() {
            tools.push(input.parse()?);
            while input.peek(Token![;]) {
                input.parse::<Token![;]>()?;
            }
        }
        if tools.is_empty() {
            return Err(input
                .error("expected at least one tool: `pub Name = { \"type\": \"object\", ... }`"));
        }
        Ok(Input { tools })
    }
}

impl Parse for ToolDecl {
    fn parse(input: ParseStream) -> syn::Result<ToolDecl> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis: Visibility = input.parse()?;
        let typed = input.parse::<Option<Token![struct]>>()?.map(|kw| kw.span);
        let ident: Ident = input.parse().map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected the tool's type name, e.g. `pub GetWeather = { ... }`",
            )
        })?;
        input.parse::<Token![=]>()?;
        let body = if input.peek(syn::token::Brace) {
            let tt: proc_macro2::TokenTree = input.parse()?;
            let span = tt.span();
            Body::Literal(TokenStream::from(tt), span)
        } else if input.peek(syn::LitBool) {
            // A boolean schema (`true` / `false`), accepted with #[tool(any_root)].
            let tt: proc_macro2::TokenTree = input.parse()?;
            let span = tt.span();
            Body::Literal(TokenStream::from(tt), span)
        } else if input.peek(Ident) && input.peek2(Token![!]) {
            let kw: Ident = input.parse()?;
            if kw != "include" {
                return Err(syn::Error::new(
                    kw.span(),
                    "expected a JSON object `{ ... }` or `include!(\"schema.json\")`",
                ));
            }
            input.parse::<Token![!]>()?;
            let content;
            syn::parenthesized!(content in input);
            let path: LitStr = content.parse()?;
            if !content.is_empty() {
                return Err(content.error("expected only the path of a .json file"));
            }
            Body::File(path)
        } else {
            return Err(input.error(
                "expected the tool's schema: a JSON object `{ ... }` or `include!(\"schema.json\")`",
            ));
        };
        Ok(ToolDecl {
            attrs,
            vis,
            typed,
            ident,
            body,
        })
    }
}
