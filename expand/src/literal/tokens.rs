//! A JSON value written as Rust tokens (the body of `tool_schema!`), read token
//! by token, recording the span of every value and key.

use std::collections::HashSet;
use std::fmt::Display;

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use serde_json::{Map, Value};
use syn::Lit;

use super::cursor::{describe, is_group, is_punct, starts_value, Cursor};
use super::quoted;
use crate::spans::SpanMap;
use tool_schema_engine::json::pointer;

/// The deepest nesting of objects and arrays accepted: `serde_json`'s own limit, so a
/// schema written inline and the same schema in a file are accepted alike.
const MAX_DEPTH: usize = 127;

/// Parses exactly one JSON value from `tokens` (all tokens must be consumed).
///
/// `fallback` is where errors about missing input point (an empty `tokens`) and what
/// [`SpanMap::best`] answers when nothing better is known. `None`-delimited groups (the
/// invisible groups `macro_rules!` wraps around `$x:expr` and the like) are
/// transparent.
///
/// On failure, every error found is returned, combined into one `syn::Error`
/// (iterate it to see them one by one), each at the span of the offending token.
pub(crate) fn parse_value(
    tokens: TokenStream,
    fallback: Span,
) -> Result<(Value, SpanMap), syn::Error> {
    let mut parser = Parser {
        spans: SpanMap::new(fallback),
        errors: None,
    };
    let mut cur = Cursor::new(tokens, fallback, "end of input");
    let value = parser.value(&mut cur, "", 0);
    if value.is_some() {
        if let Some(tt) = cur.peek() {
            let message = format!("unexpected {} after the JSON value", describe(tt));
            parser.error(tt.span(), message);
        }
    }
    match (parser.errors, value) {
        (Some(errors), _) => Err(errors),
        (None, Some(value)) => Ok((value, parser.spans)),
        (None, None) => Err(syn::Error::new(fallback, "expected a JSON value")),
    }
}

/// What a comma separates, for the messages about commas.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seq {
    Object,
    Array,
}

pub(super) struct Parser {
    pub(super) spans: SpanMap,
    pub(super) errors: Option<syn::Error>,
}

impl Parser {
    pub(super) fn error(&mut self, span: Span, message: impl Display) {
        let error = syn::Error::new(span, message);
        match &mut self.errors {
            Some(errors) => errors.combine(error),
            None => self.errors = Some(error),
        }
    }

    /// Parses one value at `pointer`, recording its span.
    ///
    /// `Some` means the cursor is just past a whole value, though that value may have
    /// had errors of its own (then its content is a placeholder): the next token is
    /// meaningful. `None` means no value could be read; an error has been reported and
    /// the caller should skip to the next comma.
    fn value(&mut self, cur: &mut Cursor, pointer: &str, depth: usize) -> Option<Value> {
        self.skip_attributes(cur);
        let Some(tt) = cur.peek() else {
            let message = format!("expected a JSON value, found {}", cur.end_name);
            self.error(cur.end, message);
            return None;
        };
        if is_punct(Some(tt), ',') {
            let span = tt.span();
            self.error(span, "expected a JSON value, found `,`");
            return None;
        }
        match cur.bump()? {
            TokenTree::Group(g) => self.group(&g, pointer, depth),
            TokenTree::Literal(lit) => {
                let value = self.literal(&lit, None);
                self.spans
                    .value_token(pointer, lit.span(), || lit.to_string());
                Some(value)
            }
            TokenTree::Ident(ident) => self.ident(cur, &ident, pointer),
            TokenTree::Punct(punct) => self.punct(cur, &punct, pointer),
        }
    }

    /// Reports and skips `#[...]` attributes: doc comments written inside the JSON.
    fn skip_attributes(&mut self, cur: &mut Cursor) {
        loop {
            if !is_punct(cur.peek(), '#') {
                return;
            }
            let len = if is_group(cur.peek_nth(1), Delimiter::Bracket) {
                2
            } else if is_punct(cur.peek_nth(1), '!')
                && is_group(cur.peek_nth(2), Delimiter::Bracket)
            {
                3
            } else {
                return;
            };
            let span = cur.peek().map_or(cur.end, TokenTree::span);
            cur.pos += len;
            self.error(
                span,
                "doc comments and attributes are not allowed inside JSON: \
                 document a schema with its \"description\" keyword",
            );
        }
    }

    fn group(&mut self, g: &Group, pointer: &str, depth: usize) -> Option<Value> {
        let value = match g.delimiter() {
            Delimiter::Brace | Delimiter::Bracket if depth >= MAX_DEPTH => {
                self.error(
                    g.span(),
                    format!("JSON nesting is too deep (more than {MAX_DEPTH} levels)"),
                );
                Value::Null
            }
            Delimiter::Brace => self.object(g, pointer, depth + 1),
            Delimiter::Bracket => self.array(g, pointer, depth + 1),
            Delimiter::Parenthesis => {
                self.error(
                    g.span(),
                    "parentheses are not JSON: write an array `[...]` or an object `{...}`",
                );
                return None;
            }
            Delimiter::None => {
                // `Cursor` splices these in; kept for completeness.
                let mut inner = Cursor::new(g.stream(), g.span(), "end of input");
                let value = self.value(&mut inner, pointer, depth)?;
                if let Some(tt) = inner.peek() {
                    let message = format!("unexpected {} after the JSON value", describe(tt));
                    self.error(tt.span(), message);
                }
                return Some(value);
            }
        };
        self.spans.value_token(pointer, g.span(), || g.to_string());
        Some(value)
    }

    fn object(&mut self, g: &Group, pointer: &str, depth: usize) -> Value {
        let mut cur = Cursor::new(g.stream(), g.span_close(), "`}`");
        let mut map = Map::new();
        let mut seen = HashSet::new();
        while !cur.at_end() {
            if let Some(comma) = cur.eat_punct(',') {
                self.error(comma, "expected a `\"key\": value` member, found `,`");
                continue;
            }
            let synced = self.member(&mut cur, pointer, depth, &mut map, &mut seen);
            self.separator(&mut cur, synced, Seq::Object);
        }
        Value::Object(map)
    }

    /// Parses one `"key": value` member into `map`; whether the cursor is just past a
    /// whole member (see [`Parser::value`]).
    fn member(
        &mut self,
        cur: &mut Cursor,
        pointer: &str,
        depth: usize,
        map: &mut Map<String, Value>,
        seen: &mut HashSet<String>,
    ) -> bool {
        self.skip_attributes(cur);
        let Some(tt) = cur.bump() else {
            return true;
        };
        let Some((key, key_ok)) = self.key(&tt) else {
            return false;
        };
        let key_span = tt.span();

        match cur.peek() {
            Some(TokenTree::Punct(p)) if p.as_char() == ':' => {
                cur.pos += 1;
            }
            Some(TokenTree::Punct(p)) if p.as_char() == '=' => {
                let (span, joint) = (p.span(), p.spacing() == Spacing::Joint);
                cur.pos += 1;
                let arrow = joint && cur.eat_punct('>').is_some();
                if key_ok {
                    let found = if arrow { "=>" } else { "=" };
                    self.error(
                        span,
                        format!("expected `:` after key {}, found `{found}`", quoted(&key)),
                    );
                }
            }
            next => {
                if key_ok {
                    let (span, message) = match next {
                        Some(tt) => (
                            tt.span(),
                            format!(
                                "expected `:` after key {}, found {}",
                                quoted(&key),
                                describe(tt)
                            ),
                        ),
                        None => (
                            key_span,
                            format!("expected `:` and a value after key {}", quoted(&key)),
                        ),
                    };
                    self.error(span, message);
                }
                return false;
            }
        }

        if key_ok && !seen.insert(key.clone()) {
            self.error(key_span, format!("duplicate key {}", quoted(&key)));
        }
        let child = pointer::join(pointer, &key);
        let Some(value) = self.value(cur, &child, depth) else {
            return false;
        };
        self.spans.key_token(&child, key_span, || tt.to_string());
        map.insert(key, value);
        true
    }

    /// Reads an object key from `tt`: the key and whether it was a proper string
    /// literal. A bare word or a number is reported but still gives a key, so the
    /// rest of the member is checked too; `None` when there is no key at all.
    fn key(&mut self, tt: &TokenTree) -> Option<(String, bool)> {
        match tt {
            TokenTree::Literal(lit) => {
                let text = lit.to_string();
                match Lit::new(lit.clone()) {
                    Lit::Str(s) => {
                        if s.suffix().is_empty() {
                            Some((s.value(), true))
                        } else {
                            self.error(
                                lit.span(),
                                format!("unexpected suffix `{}` on a JSON string", s.suffix()),
                            );
                            Some((s.value(), false))
                        }
                    }
                    Lit::Char(c) => {
                        let key = c.value().to_string();
                        self.error(
                            lit.span(),
                            format!(
                                "JSON object keys must be double-quoted strings: write {}",
                                quoted(&key)
                            ),
                        );
                        Some((key, false))
                    }
                    Lit::Int(_) | Lit::Float(_) => {
                        self.error(
                            lit.span(),
                            format!(
                                "JSON object keys must be string literals: write {}",
                                quoted(&text)
                            ),
                        );
                        Some((text, false))
                    }
                    _ => {
                        self.error(
                            lit.span(),
                            format!("JSON object keys must be string literals, found `{text}`"),
                        );
                        Some((text, false))
                    }
                }
            }
            TokenTree::Ident(ident) => {
                let name = ident.to_string();
                let bare = name.strip_prefix("r#").unwrap_or(&name).to_owned();
                self.error(
                    ident.span(),
                    format!(
                        "JSON object keys must be string literals: write {}",
                        quoted(&bare)
                    ),
                );
                Some((bare, false))
            }
            TokenTree::Group(_) | TokenTree::Punct(_) => {
                self.error(
                    tt.span(),
                    format!("expected a `\"key\": value` member, found {}", describe(tt)),
                );
                None
            }
        }
    }

    fn array(&mut self, g: &Group, pointer: &str, depth: usize) -> Value {
        let mut cur = Cursor::new(g.stream(), g.span_close(), "`]`");
        let mut items = Vec::new();
        while !cur.at_end() {
            if let Some(comma) = cur.eat_punct(',') {
                self.error(comma, "expected a JSON value, found `,`");
                continue;
            }
            let child = format!("{pointer}/{}", items.len());
            let value = self.value(&mut cur, &child, depth);
            let synced = value.is_some();
            items.push(value.unwrap_or(Value::Null));
            self.separator(&mut cur, synced, Seq::Array);
        }
        Value::Array(items)
    }

    /// After an object member or array element: expects a comma or the end. A
    /// missing comma is reported and, when the next element can be read, parsing
    /// resumes there; otherwise the cursor skips past the next comma. `synced` is
    /// false after an element that could not be read (already reported): then what
    /// follows up to the next comma is skipped silently.
    fn separator(&mut self, cur: &mut Cursor, synced: bool, seq: Seq) {
        if cur.at_end() {
            return;
        }
        if let Some(comma) = cur.eat_punct(',') {
            if cur.at_end() {
                self.error(comma, "trailing comma is not allowed in JSON");
            }
            return;
        }
        if let (true, Some(tt)) = (synced, cur.peek()) {
            let span = tt.span();
            let resume = match seq {
                Seq::Object => cur.at_member(),
                Seq::Array => starts_value(tt),
            };
            let message = match (resume, seq) {
                (true, Seq::Object) => format!("missing `,` before {}", describe(tt)),
                (true, Seq::Array) => {
                    format!(
                        "missing `,` between array elements, before {}",
                        describe(tt)
                    )
                }
                (false, Seq::Object) => format!("expected `,` or `}}`, found {}", describe(tt)),
                (false, Seq::Array) => format!("expected `,` or `]`, found {}", describe(tt)),
            };
            self.error(span, message);
            if resume {
                return;
            }
        }
        if let Some(comma) = cur.skip_past_comma() {
            if cur.at_end() {
                self.error(comma, "trailing comma is not allowed in JSON");
            }
        }
    }

    fn ident(&mut self, cur: &mut Cursor, ident: &Ident, pointer: &str) -> Option<Value> {
        let name = ident.to_string();
        let value = match name.as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "null" => Value::Null,
            _ => {
                let bare = name.strip_prefix("r#").unwrap_or(&name);
                let fix = match bare.to_ascii_lowercase().as_str() {
                    "true" => Some("true"),
                    "false" => Some("false"),
                    "null" | "none" | "nil" | "undefined" => Some("null"),
                    _ => None,
                };
                if let Some(fix) = fix {
                    self.error(
                        ident.span(),
                        format!("`{name}` is not a JSON value: did you mean `{fix}`?"),
                    );
                    return Some(Value::Null);
                }
                let message = if is_punct(cur.peek(), '!') {
                    format!(
                        "expected a JSON value, found the macro call `{name}!`: \
                         write the JSON value itself"
                    )
                } else {
                    format!(
                        "expected a JSON value, found `{name}`: strings must be quoted, write {}",
                        quoted(bare)
                    )
                };
                self.error(ident.span(), message);
                return None;
            }
        };
        self.spans
            .value_token(pointer, ident.span(), || name.clone());
        Some(value)
    }

    fn punct(&mut self, cur: &mut Cursor, punct: &Punct, pointer: &str) -> Option<Value> {
        match punct.as_char() {
            '-' => {
                let Some(TokenTree::Literal(lit)) = cur.peek().cloned() else {
                    let found = cur.peek().map_or_else(|| cur.end_name.to_owned(), describe);
                    self.error(
                        punct.span(),
                        format!("expected a number after `-`, found {found}"),
                    );
                    return None;
                };
                cur.pos += 1;
                let value = self.literal(&lit, Some(punct.span()));
                let span = punct.span().join(lit.span()).unwrap_or_else(|| lit.span());
                self.spans.value_token(pointer, span, || format!("-{lit}"));
                Some(value)
            }
            '+' if matches!(cur.peek(), Some(TokenTree::Literal(_))) => {
                let lit = cur.bump().map(|tt| tt.to_string()).unwrap_or_default();
                self.error(
                    punct.span(),
                    format!("a JSON number cannot start with `+`: write `{lit}`"),
                );
                Some(Value::Null)
            }
            '\'' => {
                self.error(
                    punct.span(),
                    "expected a JSON value, found `'`: JSON strings use double quotes",
                );
                None
            }
            ch => {
                self.error(punct.span(), format!("expected a JSON value, found `{ch}`"));
                None
            }
        }
    }
}
