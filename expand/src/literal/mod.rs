//! The literal front end of `tool_schema!`: a tool's schema as JSON, written as
//! Rust tokens (the body of `tool_schema!`) or read from a `.json` file, together
//! with the span of every value and object key, addressed by RFC 6901 JSON pointer,
//! so that a problem found later at `/properties/days/minimum` is reported at that
//! very token.
//!
//! The token syntax is JSON's: objects are brace groups of `"key": value` members,
//! arrays are bracket groups, values are string literals (Rust escapes and raw strings
//! are fine), unsuffixed decimal number literals (a leading `-` is its own token),
//! `true`, `false` and `null`. Commas separate, and a trailing comma is an error, as in
//! JSON. Numbers are built from their literal text by `serde_json`, so `3` stays an
//! integer and `3.0` or `1e3` a float, exactly as the same text read from a file.
//!
//! Parsing does not stop at the first mistake: every error found is reported, each
//! at its token, combined into one [`syn::Error`].
//!
//! - this module: [`Source`], a declaration's schema loaded, and where its
//!   problems are;
//! - `tokens`: the JSON of a literal written in the macro, read token by token
//!   (`cursor`: the walk over the tokens; `scalar`: string and number literals);
//! - `file`: the JSON text of an `include!`d file.

mod cursor;
mod file;
mod scalar;
#[cfg(test)]
mod tests;
mod tokens;

pub(crate) use file::parse_text;
pub(crate) use tokens::parse_value;

use proc_macro2::Span;
use serde_json::Value;

use crate::ctxt::Ctxt;
use crate::input::Body;
use crate::spans::{Locate, SpanMap};

/// `s` as a JSON (and Rust) string literal.
fn quoted(s: &str) -> String {
    Value::String(s.to_owned()).to_string()
}

/// The schema's JSON and its spans, from the literal or the file.
pub(crate) struct Source {
    pub(crate) value: Value,
    pub(crate) spans: SpanMap,
    /// For a file: its path as written and its absolute path.
    pub(crate) file: Option<(String, String)>,
}

pub(crate) fn load(cx: &Ctxt, body: &Body) -> Option<Source> {
    match body {
        Body::Literal(tokens, span) => match parse_value(tokens.clone(), *span) {
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
            match parse_text(&text, lit.span()) {
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

impl Locate for Source {
    fn span(&self, pointer: &str, on_key: bool) -> Span {
        self.spans.span(pointer, on_key)
    }

    /// Where a problem at `pointer` is, in words: ` (at /properties/x)` or ` (in
    /// file.json at ...)`.
    fn place(&self, pointer: &str) -> String {
        let ptr = if pointer.is_empty() {
            "the root"
        } else {
            pointer
        };
        match &self.file {
            Some((rel, _)) => format!(" (in {rel} at {ptr})"),
            None => format!(" (at {ptr})"),
        }
    }
}
