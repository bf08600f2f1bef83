//! JSON values written as Rust tokens (the body of `tool_schema!`) or read from a
//! `.json` file, together with the span of every value and object key, addressed by
//! RFC 6901 JSON pointer, so that a problem found later at `/properties/days/minimum`
//! is reported at that very token.
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

use std::collections::{HashMap, HashSet};
use std::fmt::Display;

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use serde_json::{Map, Number, Value};
use syn::Lit;

/// The deepest nesting of objects and arrays accepted: `serde_json`'s own limit, so a
/// schema written inline and the same schema in a file are accepted alike.
const MAX_DEPTH: usize = 127;

/// The spans of one value, and of its key when it is an object member.
#[derive(Clone, Debug)]
struct Entry {
    value: Span,
    key: Option<Span>,
    /// The source text of the value and key tokens. Outside a real macro expansion
    /// (in unit tests) every span is the same placeholder, so tests tell the recorded
    /// tokens apart by their text.
    #[cfg(test)]
    value_text: String,
    #[cfg(test)]
    key_text: Option<String>,
}

/// The span of every value (and object key) of one parsed JSON value, by JSON pointer.
#[derive(Clone, Debug)]
pub(crate) struct Spans {
    entries: HashMap<String, Entry>,
    fallback: Span,
}

impl Spans {
    fn new(fallback: Span) -> Spans {
        Spans {
            entries: HashMap::new(),
            fallback,
        }
    }

    /// Span of the value at `pointer` (for an object/array: its brace/bracket group
    /// span). `None` when no value is at `pointer`.
    pub(crate) fn value(&self, pointer: &str) -> Option<Span> {
        self.entries.get(pointer).map(|e| e.value)
    }

    /// Span of the key token of the member at `pointer` (`None` for the root, for
    /// array elements and for pointers that name no value).
    pub(crate) fn key(&self, pointer: &str) -> Option<Span> {
        self.entries.get(pointer).and_then(|e| e.key)
    }

    /// The best span for an error at `pointer`: the value's span or, when `pointer`
    /// names no value (say, a property that does not exist), the span of its nearest
    /// ancestor that does; the fallback span when there is none.
    pub(crate) fn best(&self, pointer: &str) -> Span {
        self.nearest(pointer)
            .and_then(|p| self.value(p))
            .unwrap_or(self.fallback)
    }

    /// `pointer` itself or its nearest ancestor that names a value.
    fn nearest<'p>(&self, pointer: &'p str) -> Option<&'p str> {
        let mut p = pointer;
        loop {
            if self.value(p).is_some() {
                return Some(p);
            }
            if p.is_empty() {
                return None;
            }
            p = p.rfind('/').map_or("", |i| &p[..i]);
        }
    }

    fn record(&mut self, pointer: &str, span: Span, text: impl FnOnce() -> String) {
        #[cfg(not(test))]
        let _ = text;
        self.entries.insert(
            pointer.to_owned(),
            Entry {
                value: span,
                key: None,
                #[cfg(test)]
                value_text: text(),
                #[cfg(test)]
                key_text: None,
            },
        );
    }

    fn record_key(&mut self, pointer: &str, span: Span, text: impl FnOnce() -> String) {
        #[cfg(not(test))]
        let _ = text;
        if let Some(entry) = self.entries.get_mut(pointer) {
            entry.key = Some(span);
            #[cfg(test)]
            {
                entry.key_text = Some(text());
            }
        }
    }
}

/// Parses exactly one JSON value from `tokens` (all tokens must be consumed).
///
/// `fallback` is where errors about missing input point (an empty `tokens`) and what
/// [`Spans::best`] answers when nothing better is known. `None`-delimited groups (the
/// invisible groups `macro_rules!` wraps around `$x:expr` and the like) are
/// transparent.
///
/// On failure, every error found is returned, combined into one `syn::Error`
/// (iterate it to see them one by one), each at the span of the offending token.
pub(crate) fn parse_value(
    tokens: TokenStream,
    fallback: Span,
) -> Result<(Value, Spans), syn::Error> {
    let mut parser = Parser {
        spans: Spans::new(fallback),
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

/// Parses JSON text (the content of a `.json` file) into a value and its [`Spans`],
/// where every span is `span` (the file path literal) but every pointer is present.
///
/// Beyond `serde_json`'s own checks, the rules of the token syntax hold here too: a
/// duplicate key in an object, or an integer that does not fit in 64 bits, is an
/// error. An error is one `syn::Error` at `span`, whose message starts with
/// `invalid JSON: ` and gives the line and column. A leading byte order mark is
/// ignored.
pub(crate) fn parse_text(text: &str, span: Span) -> Result<(Value, Spans), syn::Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = serde_json::from_str(text)
        .map_err(|e| syn::Error::new(span, format!("invalid JSON: {e}")))?;
    // `text` is valid JSON now; look for what serde_json lets through.
    let mut scan = TextScan { text, pos: 0 };
    if let Err(message) = scan.value() {
        return Err(syn::Error::new(span, format!("invalid JSON: {message}")));
    }
    let mut spans = Spans::new(span);
    record_all(&mut spans, &value, &mut String::new(), span, false);
    Ok((value, spans))
}

/// Records `span` for `value` at `pointer` and for everything inside it.
fn record_all(spans: &mut Spans, value: &Value, pointer: &mut String, span: Span, member: bool) {
    spans.record(pointer, span, || value.to_string());
    if member {
        spans.record_key(pointer, span, String::new);
    }
    let len = pointer.len();
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                pointer.push('/');
                pointer.push_str(&escape(key));
                record_all(spans, child, pointer, span, true);
                pointer.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                pointer.push('/');
                pointer.push_str(&i.to_string());
                record_all(spans, child, pointer, span, false);
                pointer.truncate(len);
            }
        }
        _ => {}
    }
}

/// One JSON pointer reference token: `~` as `~0`, `/` as `~1` (RFC 6901).
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// `s` as a JSON (and Rust) string literal.
fn quoted(s: &str) -> String {
    Value::String(s.to_owned()).to_string()
}

/// How an error message names a token.
fn describe(tt: &TokenTree) -> String {
    match tt {
        TokenTree::Group(g) => match g.delimiter() {
            Delimiter::Brace => "`{ ... }`".to_owned(),
            Delimiter::Bracket => "`[ ... ]`".to_owned(),
            Delimiter::Parenthesis => "`( ... )`".to_owned(),
            Delimiter::None => format!("`{}`", g.stream()),
        },
        other => format!("`{other}`"),
    }
}

fn is_punct(tt: Option<&TokenTree>, ch: char) -> bool {
    matches!(tt, Some(TokenTree::Punct(p)) if p.as_char() == ch)
}

fn is_group(tt: Option<&TokenTree>, delimiter: Delimiter) -> bool {
    matches!(tt, Some(TokenTree::Group(g)) if g.delimiter() == delimiter)
}

/// Whether `tt` may begin a JSON value (used to resume after a missing comma).
fn starts_value(tt: &TokenTree) -> bool {
    match tt {
        TokenTree::Group(g) => matches!(g.delimiter(), Delimiter::Brace | Delimiter::Bracket),
        TokenTree::Literal(_) | TokenTree::Ident(_) => true,
        TokenTree::Punct(p) => p.as_char() == '-',
    }
}

/// The tokens of one group (or of the whole input), with `None`-delimited groups
/// spliced in.
struct Cursor {
    tokens: Vec<TokenTree>,
    pos: usize,
    /// Where an error about the end of these tokens points, and what it calls it.
    end: Span,
    end_name: &'static str,
}

impl Cursor {
    fn new(stream: TokenStream, end: Span, end_name: &'static str) -> Cursor {
        fn flatten(stream: TokenStream, out: &mut Vec<TokenTree>) {
            for tt in stream {
                match tt {
                    TokenTree::Group(g) if g.delimiter() == Delimiter::None => {
                        flatten(g.stream(), out)
                    }
                    tt => out.push(tt),
                }
            }
        }
        let mut tokens = Vec::new();
        flatten(stream, &mut tokens);
        Cursor {
            tokens,
            pos: 0,
            end,
            end_name,
        }
    }

    fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    fn peek_nth(&self, n: usize) -> Option<&TokenTree> {
        self.tokens.get(self.pos + n)
    }

    fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    fn bump(&mut self) -> Option<TokenTree> {
        let tt = self.tokens.get(self.pos).cloned();
        if tt.is_some() {
            self.pos += 1;
        }
        tt
    }

    /// Consumes the punctuation `ch` if it comes next; its span.
    fn eat_punct(&mut self, ch: char) -> Option<Span> {
        match self.peek() {
            Some(TokenTree::Punct(p)) if p.as_char() == ch => {
                let span = p.span();
                self.pos += 1;
                Some(span)
            }
            _ => None,
        }
    }

    /// Consumes every token up to and including the next comma; the comma's span.
    fn skip_past_comma(&mut self) -> Option<Span> {
        while let Some(tt) = self.bump() {
            if let TokenTree::Punct(p) = &tt {
                if p.as_char() == ',' {
                    return Some(p.span());
                }
            }
        }
        None
    }

    /// Whether a `"key": ...` member (or a mistaken `key: ...` one) comes next.
    fn at_member(&self) -> bool {
        matches!(
            self.peek(),
            Some(TokenTree::Literal(_) | TokenTree::Ident(_))
        ) && is_punct(self.peek_nth(1), ':')
    }
}

/// What a comma separates, for the messages about commas.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seq {
    Object,
    Array,
}

struct Parser {
    spans: Spans,
    errors: Option<syn::Error>,
}

impl Parser {
    fn error(&mut self, span: Span, message: impl Display) {
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
                self.spans.record(pointer, lit.span(), || lit.to_string());
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
        self.spans.record(pointer, g.span(), || g.to_string());
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
        let child = format!("{pointer}/{}", escape(&key));
        let Some(value) = self.value(cur, &child, depth) else {
            return false;
        };
        self.spans.record_key(&child, key_span, || tt.to_string());
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
        self.spans.record(pointer, ident.span(), || name.clone());
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
                self.spans.record(pointer, span, || format!("-{lit}"));
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

    /// The value of a literal token, `minus` being the span of a `-` before it. Errors
    /// are reported and give a `null` placeholder.
    fn literal(&mut self, lit: &Literal, minus: Option<Span>) -> Value {
        let text = lit.to_string();
        match Lit::new(lit.clone()) {
            Lit::Int(_) | Lit::Float(_) => match self.number(lit, &text, minus) {
                Some(n) => Value::Number(n),
                None => Value::Null,
            },
            parsed => {
                if let Some(minus) = minus {
                    self.error(minus, "`-` can only come before a number");
                }
                match parsed {
                    Lit::Str(s) => {
                        if !s.suffix().is_empty() {
                            self.error(
                                lit.span(),
                                format!("unexpected suffix `{}` on a JSON string", s.suffix()),
                            );
                        }
                        return Value::String(s.value());
                    }
                    Lit::Char(c) => self.error(
                        lit.span(),
                        format!(
                            "character literals are not JSON: write the string {}",
                            quoted(&c.value().to_string())
                        ),
                    ),
                    Lit::ByteStr(b) => {
                        let hint = match String::from_utf8(b.value()) {
                            Ok(s) => format!(": write {}", quoted(&s)),
                            Err(_) => String::new(),
                        };
                        self.error(
                            lit.span(),
                            format!("byte strings are not JSON strings{hint}"),
                        );
                    }
                    Lit::CStr(_) => self.error(
                        lit.span(),
                        "C strings are not JSON strings: write a plain string literal",
                    ),
                    Lit::Byte(_) => self.error(
                        lit.span(),
                        "byte literals are not JSON: write a number or a string",
                    ),
                    _ => self.error(
                        lit.span(),
                        format!("expected a JSON value, found the literal `{text}`"),
                    ),
                }
                Value::Null
            }
        }
    }

    /// The JSON number of the integer or float literal `lit` (text `text`), negated
    /// when `minus` is the span of a `-` before it. Anything JSON would not accept
    /// (suffix, `_`, radix prefix, leading zero, `1.`, out of range) is reported.
    fn number(&mut self, lit: &Literal, text: &str, minus: Option<Span>) -> Option<Number> {
        let parsed = Lit::new(lit.clone());
        let (suffix, digits, is_int) = match &parsed {
            Lit::Int(i) => (i.suffix(), i.base10_digits(), true),
            Lit::Float(f) => (f.suffix(), f.base10_digits(), false),
            _ => ("", "", false),
        };
        let sign = if minus.is_some() { "-" } else { "" };
        let shown = format!("{sign}{text}");
        let body = text
            .get(..text.len().saturating_sub(suffix.len()))
            .unwrap_or(text);
        let unsigned = body.strip_prefix('-').unwrap_or(body);

        let mut problems = Vec::new();
        if !suffix.is_empty() {
            problems.push(format!("the type suffix `{suffix}` is not allowed"));
        }
        let radix = unsigned.get(..2).and_then(|prefix| match prefix {
            "0x" | "0X" => Some("hexadecimal"),
            "0o" | "0O" => Some("octal"),
            "0b" | "0B" => Some("binary"),
            _ => None,
        });
        if let Some(radix) = radix {
            problems.push(format!("{radix} notation is not allowed"));
        }
        if body.contains('_') {
            problems.push("digit separators `_` are not allowed".to_owned());
        }
        if problems.is_empty() {
            let full = format!("{sign}{body}");
            match serde_json::from_str::<Number>(&full) {
                // Integers beyond 64 bits would silently become floats.
                Ok(n) if is_int && n.as_f64().is_some_and(|f| f != 0.0) && n.is_f64() => {
                    problems.push(
                        "integers must fit in 64 bits (-9223372036854775808 to \
                         18446744073709551615)"
                            .to_owned(),
                    );
                }
                Ok(n) => return Some(n),
                Err(e) => {
                    let int_part = unsigned.split(['.', 'e', 'E']).next().unwrap_or("");
                    if int_part.len() > 1 && int_part.starts_with('0') {
                        problems.push("leading zeros are not allowed".to_owned());
                    } else if unsigned.ends_with('.') || unsigned.contains(".e") {
                        problems.push("a decimal point must be followed by digits".to_owned());
                    } else {
                        let reason = e.to_string();
                        let reason = reason.split(" at line ").next().unwrap_or("").to_owned();
                        problems.push(reason);
                    }
                }
            }
        }
        let fixed = format!("{sign}{}", clean_digits(digits, is_int));
        let hint = if fixed != shown && serde_json::from_str::<Number>(&fixed).is_ok() {
            format!("; write `{fixed}`")
        } else {
            String::new()
        };
        self.error(
            lit.span(),
            format!(
                "`{shown}` is not a JSON number: {}{hint}",
                problems.join(", ")
            ),
        );
        None
    }
}

/// Decimal digits as `syn` gives them (no `_`, no suffix, integers in base 10) made
/// JSON: no leading zeros, digits after a decimal point.
fn clean_digits(digits: &str, is_int: bool) -> String {
    let (negative, digits) = match digits.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", digits),
    };
    if is_int {
        let trimmed = digits.trim_start_matches('0');
        let trimmed = if trimmed.is_empty() { "0" } else { trimmed };
        return format!("{negative}{trimmed}");
    }
    let (mantissa, exponent) = match digits.find(['e', 'E']) {
        Some(i) => digits.split_at(i),
        None => (digits, ""),
    };
    let (int_part, frac) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], Some(&mantissa[i + 1..])),
        None => (mantissa, None),
    };
    let int_part = int_part.trim_start_matches('0');
    let int_part = if int_part.is_empty() { "0" } else { int_part };
    let frac = match frac {
        Some("") => ".0".to_owned(),
        Some(f) => format!(".{f}"),
        None => String::new(),
    };
    format!("{negative}{int_part}{frac}{exponent}")
}

/// A walk over JSON text already accepted by `serde_json`, for what `serde_json`
/// lets through: duplicate keys, and integers too large for 64 bits (which it reads
/// as floats). Never panics and always ends, even on text that is not JSON.
struct TextScan<'a> {
    text: &'a str,
    pos: usize,
}

impl TextScan<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// `line L column C` of the byte offset `at`.
    fn position(&self, at: usize) -> String {
        let before = self.text.get(..at).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        format!("line {line} column {column}")
    }

    fn value(&mut self) -> Result<(), String> {
        self.skip_whitespace();
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => {
                self.string();
                Ok(())
            }
            Some(_) => self.scalar(),
            None => Ok(()),
        }
    }

    /// Skips a string literal; its text, quotes included.
    fn string(&mut self) -> &str {
        let start = self.pos;
        self.pos += 1;
        while let Some(b) = self.peek() {
            self.pos += 1;
            match b {
                b'\\' => self.pos += 1,
                b'"' => break,
                _ => {}
            }
        }
        self.text.get(start..self.pos).unwrap_or("")
    }

    fn scalar(&mut self) -> Result<(), String> {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if matches!(b, b',' | b']' | b'}' | b':' | b' ' | b'\t' | b'\n' | b'\r') {
                break;
            }
            self.pos += 1;
        }
        if self.pos == start {
            self.pos += 1;
        }
        let token = self.text.get(start..self.pos).unwrap_or("");
        let integer = token.starts_with(|c: char| c == '-' || c.is_ascii_digit())
            && !token.contains(['.', 'e', 'E']);
        if integer {
            if let Ok(n) = serde_json::from_str::<Number>(token) {
                if n.is_f64() && n.as_f64().is_some_and(|f| f != 0.0) {
                    return Err(format!(
                        "integer {token} does not fit in 64 bits at {}",
                        self.position(start)
                    ));
                }
            }
        }
        Ok(())
    }

    fn object(&mut self) -> Result<(), String> {
        self.pos += 1;
        let mut seen = HashSet::new();
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b'"') => {}
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return Ok(()),
            }
            let at = self.pos;
            let raw = self.string();
            let key = serde_json::from_str::<String>(raw).unwrap_or_else(|_| raw.to_owned());
            if !seen.insert(key.clone()) {
                return Err(format!(
                    "duplicate key {} at {}",
                    quoted(&key),
                    self.position(at)
                ));
            }
            self.skip_whitespace();
            if self.peek() != Some(b':') {
                return Ok(());
            }
            self.pos += 1;
            self.value()?;
            self.skip_whitespace();
            if self.peek() == Some(b',') {
                self.pos += 1;
            }
        }
    }

    fn array(&mut self) -> Result<(), String> {
        self.pos += 1;
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b']') => {
                    self.pos += 1;
                    return Ok(());
                }
                None => return Ok(()),
                Some(_) => {}
            }
            let before = self.pos;
            self.value()?;
            if self.pos == before {
                return Ok(());
            }
            self.skip_whitespace();
            if self.peek() == Some(b',') {
                self.pos += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Delimiter;
    use quote::quote;

    fn tokens(src: &str) -> TokenStream {
        src.parse()
            .unwrap_or_else(|e| panic!("not Rust tokens: {src}: {e}"))
    }

    fn parse(src: &str) -> Result<(Value, Spans), syn::Error> {
        parse_value(tokens(src), Span::call_site())
    }

    fn ok(src: &str) -> (Value, Spans) {
        match parse(src) {
            Ok(parsed) => parsed,
            Err(e) => panic!("{src}: unexpected errors: {:?}", messages(e)),
        }
    }

    fn value(src: &str) -> Value {
        ok(src).0
    }

    fn messages(error: syn::Error) -> Vec<String> {
        error.into_iter().map(|e| e.to_string()).collect()
    }

    fn errors(src: &str) -> Vec<String> {
        match parse(src) {
            Ok((v, _)) => panic!("{src}: expected errors, parsed {v}"),
            Err(e) => messages(e),
        }
    }

    /// The single error of `src`.
    fn error(src: &str) -> String {
        let all = errors(src);
        assert_eq!(all.len(), 1, "{src}: expected one error, got {all:?}");
        all.into_iter().next().unwrap_or_default()
    }

    /// The same text read by serde_json.
    fn json(text: &str) -> Value {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn value_text(spans: &Spans, pointer: &str) -> Option<String> {
        spans.entries.get(pointer).map(|e| e.value_text.clone())
    }

    fn key_text(spans: &Spans, pointer: &str) -> Option<String> {
        spans.entries.get(pointer).and_then(|e| e.key_text.clone())
    }

    const WEATHER: &str = r#"{
        "type": "object",
        "properties": {
            "city": { "type": "string", "description": "City name" },
            "days": { "type": "integer", "minimum": -1, "maximum": 1.5e3 },
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit", null, true] }
        },
        "required": ["city"]
    }"#;

    // ---- values ----

    #[test]
    fn scalars() {
        assert_eq!(value("true"), Value::Bool(true));
        assert_eq!(value("false"), Value::Bool(false));
        assert_eq!(value("null"), Value::Null);
        assert_eq!(value(r#""plain""#), json(r#""plain""#));
        assert_eq!(
            value(r#""tab\tquote\"nl\nuni\u{e9}""#),
            Value::String("tab\tquote\"nl\nuni\u{e9}".into())
        );
        assert_eq!(value(r#"r"raw \n""#), Value::String("raw \\n".into()));
        assert_eq!(
            value(r##"r#"say "hi""#"##),
            Value::String("say \"hi\"".into())
        );
        assert_eq!(value(r#""größe 名前""#), Value::String("größe 名前".into()));
        assert_eq!(value(r#""""#), Value::String(String::new()));
    }

    #[test]
    fn numbers_keep_integer_or_float() {
        for text in [
            "0",
            "3",
            "-7",
            "3.0",
            "-0",
            "-0.0",
            "1e3",
            "1E3",
            "1e+3",
            "1.5e-3",
            "-1.5e3",
            "2.5",
            "-7.25",
            "18446744073709551615",
            "-9223372036854775808",
            "1e-2",
            "0.5",
        ] {
            let v = value(text);
            let expected = json(text);
            assert_eq!(v, expected, "{text}");
            let (Value::Number(got), Value::Number(want)) = (&v, &expected) else {
                panic!("{text}: not a number: {v}");
            };
            assert_eq!(got.is_f64(), want.is_f64(), "{text}");
            assert_eq!(got.to_string(), want.to_string(), "{text}");
        }
        assert!(value("3").as_u64() == Some(3));
        assert!(value("3.0").is_f64());
        assert_eq!(value("-7").as_i64(), Some(-7));
        assert!(value("1e3").is_f64());
        assert_eq!(value("1e3").as_f64(), Some(1000.0));
        // serde_json reads `-0` as the float -0.0; so do we.
        assert!(value("-0").is_f64());
        // `- 1` is two tokens whichever way it is spaced.
        assert_eq!(value("- 1"), json("-1"));
    }

    #[test]
    fn weather_example() {
        let (v, _) = ok(WEATHER);
        assert_eq!(v, json(WEATHER));
        assert!(v["properties"]["days"]["minimum"].is_i64());
        assert!(v["properties"]["days"]["maximum"].is_f64());
    }

    #[test]
    fn nesting_and_empty_groups() {
        assert_eq!(value("{}"), json("{}"));
        assert_eq!(value("[]"), json("[]"));
        let text = r#"[[], {}, [[1, [2, {"a": [{}]}]]], {"b": {"c": {"d": []}}}]"#;
        assert_eq!(value(text), json(text));
    }

    #[test]
    fn key_order_is_preserved() {
        let v = value(r#"{"zeta": 1, "alpha": 2, "mid": 3, "": 4}"#);
        let keys: Vec<&str> = v
            .as_object()
            .map(|m| m.keys().map(String::as_str).collect())
            .unwrap_or_default();
        assert_eq!(keys, ["zeta", "alpha", "mid", ""]);
    }

    #[test]
    fn quote_input() {
        let input = quote!({ "a": [1, 2.5, null, -3], "b": { "c": "d" } });
        let (v, _) = parse_value(input, Span::call_site()).expect("valid");
        assert_eq!(v, json(r#"{"a": [1, 2.5, null, -3], "b": {"c": "d"}}"#));
    }

    #[test]
    fn invisible_groups_are_transparent() {
        // What macro_rules! makes of `$x:expr` / `$k:literal`: `None`-delimited groups.
        let none = |ts: TokenStream| TokenTree::Group(Group::new(Delimiter::None, ts));
        let key = none(quote!("k"));
        let minus_one = none(quote!(-1));
        let nested = none(TokenStream::from(none(quote!([true]))));
        let input = quote!({ #key: #minus_one, "n": #nested });
        let (v, spans) = parse_value(input, Span::call_site()).expect("valid");
        assert_eq!(v, json(r#"{"k": -1, "n": [true]}"#));
        assert_eq!(value_text(&spans, "/k").as_deref(), Some("-1"));
        // The whole input in an invisible group.
        let whole = TokenStream::from(none(quote!({ "a": 1 })));
        let (v, _) = parse_value(whole, Span::call_site()).expect("valid");
        assert_eq!(v, json(r#"{"a": 1}"#));
    }

    #[test]
    fn negative_literal_tokens() {
        // Literals built by other macros may carry their sign: a single `-5` token.
        // (Streams outside a real macro split it into `-` and `5`, so call the
        // literal reader directly.)
        let mut parser = Parser {
            spans: Spans::new(Span::call_site()),
            errors: None,
        };
        let lit = Literal::i32_unsuffixed(-5);
        assert_eq!(lit.to_string(), "-5");
        assert_eq!(parser.literal(&lit, None), json("-5"));
        let lit = Literal::f64_unsuffixed(-2.5);
        assert_eq!(parser.literal(&lit, None), json("-2.5"));
        assert!(parser.errors.is_none());
        // With a `-` token before it as well, it is not a JSON number.
        let lit = Literal::i32_unsuffixed(-5);
        assert_eq!(parser.literal(&lit, Some(Span::call_site())), Value::Null);
        let e = parser.errors.take().map(messages).unwrap_or_default();
        assert_eq!(e, ["`--5` is not a JSON number: invalid number"]);
        // Through a stream.
        let lit = Literal::i32_unsuffixed(-5);
        let (v, _) = parse_value(quote!([#lit]), Span::call_site()).expect("valid");
        assert_eq!(v, json("[-5]"));
        let e = parse_value(quote!([-#lit]), Span::call_site()).expect_err("error");
        assert_eq!(e.into_iter().count(), 1);
    }

    // ---- spans ----

    #[test]
    fn spans_of_values_and_keys() {
        let (_, spans) = ok(WEATHER);
        assert!(value_text(&spans, "").is_some_and(|t| t.starts_with('{')));
        assert_eq!(value_text(&spans, "/type").as_deref(), Some("\"object\""));
        assert_eq!(key_text(&spans, "/type").as_deref(), Some("\"type\""));
        assert_eq!(
            value_text(&spans, "/properties/days/minimum").as_deref(),
            Some("-1")
        );
        assert_eq!(
            key_text(&spans, "/properties/days/minimum").as_deref(),
            Some("\"minimum\"")
        );
        assert_eq!(
            value_text(&spans, "/properties/days/maximum").as_deref(),
            Some("1.5e3")
        );
        assert_eq!(
            value_text(&spans, "/properties/unit/enum/2").as_deref(),
            Some("null")
        );
        assert_eq!(
            value_text(&spans, "/properties/unit/enum/3").as_deref(),
            Some("true")
        );
        assert_eq!(
            value_text(&spans, "/required/0").as_deref(),
            Some("\"city\"")
        );
        assert!(value_text(&spans, "/required").is_some_and(|t| t.starts_with('[')));
        assert!(value_text(&spans, "/properties/city").is_some_and(|t| t.starts_with('{')));

        // Every value has a span; keys only for object members.
        for pointer in [
            "",
            "/type",
            "/properties",
            "/properties/city",
            "/properties/city/type",
            "/properties/city/description",
            "/properties/days",
            "/properties/days/type",
            "/properties/days/minimum",
            "/properties/days/maximum",
            "/properties/unit",
            "/properties/unit/type",
            "/properties/unit/enum",
            "/properties/unit/enum/0",
            "/properties/unit/enum/1",
            "/properties/unit/enum/2",
            "/properties/unit/enum/3",
            "/required",
            "/required/0",
        ] {
            assert!(spans.value(pointer).is_some(), "{pointer}");
            let is_member = !pointer.is_empty() && !pointer.ends_with(|c: char| c.is_ascii_digit());
            assert_eq!(spans.key(pointer).is_some(), is_member, "{pointer}");
        }
        assert_eq!(spans.entries.len(), 19);
        assert!(spans.value("/properties/nope").is_none());
        assert!(spans.key("").is_none());
        assert!(spans.key("/required/0").is_none());
        assert!(spans.key("/properties/nope").is_none());
    }

    #[test]
    fn best_falls_back_to_the_nearest_ancestor() {
        let (_, spans) = ok(WEATHER);
        let nearest = |p: &str| spans.nearest(p).map(str::to_owned);
        assert_eq!(
            nearest("/properties/days/minimum").as_deref(),
            Some("/properties/days/minimum")
        );
        assert_eq!(nearest("/properties/nope").as_deref(), Some("/properties"));
        assert_eq!(
            nearest("/properties/nope/type/0").as_deref(),
            Some("/properties")
        );
        assert_eq!(
            nearest("/properties/city/pattern").as_deref(),
            Some("/properties/city")
        );
        assert_eq!(nearest("/required/5").as_deref(), Some("/required"));
        assert_eq!(nearest("/additionalProperties").as_deref(), Some(""));
        assert_eq!(nearest("").as_deref(), Some(""));
        assert_eq!(nearest("garbage").as_deref(), Some(""));
        // `best` answers the span nearest() found, and never panics.
        for p in ["", "/", "//", "/properties/nope", "~", "/~2/x"] {
            let _ = spans.best(p);
        }
        let empty = Spans::new(Span::call_site());
        assert!(empty.nearest("/a/b").is_none());
        let _ = empty.best("/a/b");
    }

    #[test]
    fn pointers_are_escaped() {
        let (v, spans) = ok(r#"{"a/b": {"c~d": 1, "": [true]}, "~1": 2}"#);
        assert_eq!(v["a/b"]["c~d"], json("1"));
        assert_eq!(value_text(&spans, "/a~1b/c~0d").as_deref(), Some("1"));
        assert_eq!(key_text(&spans, "/a~1b/c~0d").as_deref(), Some("\"c~d\""));
        assert_eq!(
            value_text(&spans, "/a~1b/").map(|t| t.starts_with('[')),
            Some(true)
        );
        assert_eq!(value_text(&spans, "/a~1b//0").as_deref(), Some("true"));
        assert_eq!(value_text(&spans, "/~01").as_deref(), Some("2"));
        assert!(spans.value("/a/b").is_none());
    }

    // ---- errors ----

    #[test]
    fn identifier_keys() {
        assert_eq!(
            error(r#"{type: "object"}"#),
            r#"JSON object keys must be string literals: write "type""#
        );
        assert_eq!(
            error(r#"{r#type: "object"}"#),
            r#"JSON object keys must be string literals: write "type""#
        );
        assert_eq!(
            error("{1: true}"),
            r#"JSON object keys must be string literals: write "1""#
        );
        assert_eq!(
            error("{'a': true}"),
            r#"JSON object keys must be double-quoted strings: write "a""#
        );
        assert!(
            error("{[1]: true}").starts_with("expected a `\"key\": value` member, found `[ ... ]`")
        );
        // A mistaken key does not hide errors in its value.
        assert_eq!(errors("{type: True}").len(), 2);
    }

    #[test]
    fn misspelled_literals() {
        assert_eq!(
            error("True"),
            "`True` is not a JSON value: did you mean `true`?"
        );
        assert_eq!(
            error("FALSE"),
            "`FALSE` is not a JSON value: did you mean `false`?"
        );
        assert_eq!(
            error("None"),
            "`None` is not a JSON value: did you mean `null`?"
        );
        assert_eq!(
            error("[nil]"),
            "`nil` is not a JSON value: did you mean `null`?"
        );
        assert_eq!(
            error("[Null]"),
            "`Null` is not a JSON value: did you mean `null`?"
        );
        assert_eq!(
            error(r#"{"a": celsius}"#),
            r#"expected a JSON value, found `celsius`: strings must be quoted, write "celsius""#
        );
        assert_eq!(
            error("[vec![1]]"),
            "expected a JSON value, found the macro call `vec!`: write the JSON value itself"
        );
        // A path is one error, not one per token.
        assert_eq!(errors(r#"{"a": Unit::Celsius, "b": 1}"#).len(), 1);
    }

    #[test]
    fn bad_numbers() {
        assert_eq!(
            error("3u8"),
            "`3u8` is not a JSON number: the type suffix `u8` is not allowed; write `3`"
        );
        assert_eq!(
            error("1.0f64"),
            "`1.0f64` is not a JSON number: the type suffix `f64` is not allowed; write `1.0`"
        );
        assert_eq!(
            error("1_000"),
            "`1_000` is not a JSON number: digit separators `_` are not allowed; write `1000`"
        );
        assert_eq!(
            error("0xFF"),
            "`0xFF` is not a JSON number: hexadecimal notation is not allowed; write `255`"
        );
        assert_eq!(
            error("-0o17"),
            "`-0o17` is not a JSON number: octal notation is not allowed; write `-15`"
        );
        assert_eq!(
            error("0b101"),
            "`0b101` is not a JSON number: binary notation is not allowed; write `5`"
        );
        assert_eq!(
            error("0x1_0u16"),
            "`0x1_0u16` is not a JSON number: the type suffix `u16` is not allowed, \
             hexadecimal notation is not allowed, digit separators `_` are not allowed; write `16`"
        );
        assert_eq!(
            error("007"),
            "`007` is not a JSON number: leading zeros are not allowed; write `7`"
        );
        assert_eq!(
            error("[1.]"),
            "`1.` is not a JSON number: a decimal point must be followed by digits; write `1.0`"
        );
        assert_eq!(
            error("1e400"),
            "`1e400` is not a JSON number: number out of range"
        );
        assert_eq!(
            error("18446744073709551616"),
            "`18446744073709551616` is not a JSON number: integers must fit in 64 bits \
             (-9223372036854775808 to 18446744073709551615)"
        );
        assert!(error("-9223372036854775809").contains("integers must fit in 64 bits"));
        assert_eq!(
            error("+1"),
            "a JSON number cannot start with `+`: write `1`"
        );
        assert_eq!(error(r#"-"a""#), "`-` can only come before a number");
        assert_eq!(error("-true"), "expected a number after `-`, found `true`");
        assert_eq!(error("[-]"), "expected a number after `-`, found `]`");
        assert_eq!(
            error("-"),
            "expected a number after `-`, found end of input"
        );
    }

    #[test]
    fn other_tokens() {
        assert_eq!(
            error("'x'"),
            r#"character literals are not JSON: write the string "x""#
        );
        assert_eq!(
            error(r#"b"abc""#),
            r#"byte strings are not JSON strings: write "abc""#
        );
        assert_eq!(
            error("b'a'"),
            "byte literals are not JSON: write a number or a string"
        );
        assert_eq!(
            error("(1)"),
            "parentheses are not JSON: write an array `[...]` or an object `{...}`"
        );
        assert_eq!(error("[#]"), "expected a JSON value, found `#`");
        assert_eq!(error("[;]"), "expected a JSON value, found `;`");
        assert_eq!(error("[1, &]"), "expected a JSON value, found `&`");
        assert_eq!(error(r#""a"x"#), "unexpected suffix `x` on a JSON string");
        assert_eq!(
            error(r#"{"a"x: 1}"#),
            "unexpected suffix `x` on a JSON string"
        );
        assert_eq!(error(""), "expected a JSON value, found end of input");
        assert_eq!(error("{} {}"), "unexpected `{ ... }` after the JSON value");
        assert_eq!(error("1 2"), "unexpected `2` after the JSON value");
    }

    #[test]
    fn doc_comments_inside() {
        let src = "{\n/// The city.\n\"city\": 1, \"b\": [\n//! inner\n2] }";
        let all = errors(src);
        assert_eq!(all.len(), 2, "{all:?}");
        assert!(all
            .iter()
            .all(|m| m.starts_with("doc comments and attributes are not allowed")));
    }

    #[test]
    fn duplicate_keys() {
        assert_eq!(
            error(r#"{"city": 1, "city": 2}"#),
            r#"duplicate key "city""#
        );
        // Once per repetition, and nested objects have their own keys.
        let all = errors(r#"{"a": {"a": 1}, "a": 2, "a": {"x": 1, "x": 2}}"#);
        assert_eq!(
            all,
            [
                r#"duplicate key "a""#,
                r#"duplicate key "a""#,
                r#"duplicate key "x""#
            ]
        );
        // `"a"` and `r"a"` are the same key.
        assert_eq!(error(r#"{"a": 1, r"a": 2}"#), r#"duplicate key "a""#);
    }

    #[test]
    fn missing_colon() {
        assert_eq!(
            error(r#"{"a" 1}"#),
            r#"expected `:` after key "a", found `1`"#
        );
        assert_eq!(
            error(r#"{"a"}"#),
            r#"expected `:` and a value after key "a""#
        );
        assert_eq!(
            error(r#"{"a" = 1}"#),
            r#"expected `:` after key "a", found `=`"#
        );
        assert_eq!(
            error(r#"{"a" => 1}"#),
            r#"expected `:` after key "a", found `=>`"#
        );
        assert_eq!(error(r#"{"a" :: 1}"#), "expected a JSON value, found `:`");
        // Parsing goes on with the next member.
        assert_eq!(errors(r#"{"a" 1, "b": True}"#).len(), 2);
    }

    #[test]
    fn missing_value() {
        assert_eq!(error(r#"{"a": }"#), "expected a JSON value, found `}`");
        assert_eq!(
            error(r#"{"a": , "b": 1}"#),
            "expected a JSON value, found `,`"
        );
        assert_eq!(error("[,1]"), "expected a JSON value, found `,`");
        assert_eq!(error("[1,,2]"), "expected a JSON value, found `,`");
        assert_eq!(
            error(r#"{, "a": 1}"#),
            "expected a `\"key\": value` member, found `,`"
        );
    }

    #[test]
    fn missing_comma() {
        assert_eq!(error(r#"{"a": 1 "b": 2}"#), r#"missing `,` before `"b"`"#);
        assert_eq!(
            error("[1 2]"),
            "missing `,` between array elements, before `2`"
        );
        assert_eq!(error(r#"{"a": 1 foo}"#), "expected `,` or `}`, found `foo`");
        assert_eq!(error("[1 :]"), "expected `,` or `]`, found `:`");
        // Both values after a missing comma are still read and checked.
        let all = errors(r#"{"a": 1 "b": True "c": 3u8}"#);
        assert_eq!(all.len(), 4, "{all:?}");
        let all = errors("[1 True {} 3u8]");
        assert_eq!(all.len(), 5, "{all:?}");
    }

    #[test]
    fn trailing_commas() {
        assert_eq!(error("[1, 2,]"), "trailing comma is not allowed in JSON");
        assert_eq!(
            error(r#"{"a": 1,}"#),
            "trailing comma is not allowed in JSON"
        );
        assert_eq!(errors(r#"{"a": [{},],}"#).len(), 2);
    }

    #[test]
    fn many_errors_together() {
        let src = r#"{
            type: "object",
            "a": True,
            "b": 1 "c": 2,
            "d": [1, 2,],
            "e": 3u8,
            "a": null,
            "f" 5,
            "g": {"h": None, "i": 0x10,},
        }"#;
        let all = errors(src);
        assert_eq!(
            all,
            [
                r#"JSON object keys must be string literals: write "type""#,
                "`True` is not a JSON value: did you mean `true`?",
                r#"missing `,` before `"c"`"#,
                "trailing comma is not allowed in JSON",
                "`3u8` is not a JSON number: the type suffix `u8` is not allowed; write `3`",
                r#"duplicate key "a""#,
                r#"expected `:` after key "f", found `5`"#,
                "`None` is not a JSON value: did you mean `null`?",
                "`0x10` is not a JSON number: hexadecimal notation is not allowed; write `16`",
                "trailing comma is not allowed in JSON",
                "trailing comma is not allowed in JSON",
            ]
        );
        let error = parse(src).expect_err("errors");
        assert_eq!(error.into_iter().count(), 11);
    }

    #[test]
    fn too_deep() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert!(error(&deep).starts_with("JSON nesting is too deep"));
        let fine = format!("{}{}", "[".repeat(127), "]".repeat(127));
        assert_eq!(value(&fine), json(&fine));
        // serde_json has the same limit.
        let over = format!("{}{}", "[".repeat(128), "]".repeat(128));
        assert!(serde_json::from_str::<Value>(&over).is_err());
        assert!(parse(&over).is_err());
    }

    /// Random token soup, with brackets balanced by construction: never a panic, and
    /// the token parser agrees with `parse_text` (serde_json plus its duplicate-key and
    /// 64-bit checks) on the same text, value for value.
    #[test]
    fn agrees_with_serde_json_on_random_input() {
        const ATOMS: [&str; 14] = [
            "\"a\"", "\"b\"", "1", "0", "-", "2.5", "1e3", "true", "null", "x", ",", ":", ",", ":",
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % n
        };
        fn build(next: &mut dyn FnMut(u64) -> u64, depth: u32, out: &mut String) {
            for _ in 0..next(5) {
                match next(10) {
                    0 | 1 if depth < 3 => {
                        out.push('{');
                        build(next, depth + 1, out);
                        out.push('}');
                    }
                    2 if depth < 3 => {
                        out.push('[');
                        build(next, depth + 1, out);
                        out.push(']');
                    }
                    _ => out.push_str(ATOMS[next(ATOMS.len() as u64) as usize]),
                }
            }
        }
        let mut accepted = 0;
        for _ in 0..30_000 {
            let mut text = String::new();
            build(&mut next, 0, &mut text);
            let Ok(stream) = text.parse::<TokenStream>() else {
                continue;
            };
            let from_tokens = parse_value(stream, Span::call_site());
            let from_text = parse_text(&text, Span::call_site());
            match (from_tokens, from_text) {
                (Ok((a, _)), Ok((b, _))) => {
                    assert_eq!(a, b, "{text}");
                    accepted += 1;
                }
                (Err(_), Err(_)) => {}
                (Ok((a, _)), Err(e)) => panic!("{text}: tokens gave {a}, text: {e}"),
                (Err(e), Ok((b, _))) => {
                    panic!("{text}: text gave {b}, tokens: {:?}", messages(e))
                }
            }
        }
        assert!(accepted > 500, "only {accepted} valid samples");
    }

    // ---- parse_text ----

    #[test]
    fn text_success() {
        let (v, spans) = parse_text(WEATHER, Span::call_site()).expect("valid");
        assert_eq!(v, json(WEATHER));
        let (_, from_tokens) = ok(WEATHER);
        let mut pointers: Vec<&String> = spans.entries.keys().collect();
        let mut token_pointers: Vec<&String> = from_tokens.entries.keys().collect();
        pointers.sort();
        token_pointers.sort();
        assert_eq!(pointers, token_pointers);
        for pointer in pointers {
            assert!(spans.value(pointer).is_some());
            assert_eq!(
                spans.key(pointer).is_some(),
                from_tokens.key(pointer).is_some(),
                "{pointer}"
            );
        }
        assert_eq!(spans.nearest("/properties/nope"), Some("/properties"));

        let (v, spans) =
            parse_text("\u{feff}{\"a/b\": [1.0, -0, 7]}\n", Span::call_site()).expect("valid");
        assert_eq!(v, json("{\"a/b\": [1.0, -0, 7]}"));
        assert!(v["a/b"][0].is_f64() && v["a/b"][2].is_u64());
        assert!(spans.value("/a~1b/2").is_some());
        assert!(spans.key("/a~1b").is_some());
        assert!(spans.key("/a~1b/0").is_none());
        assert!(spans.key("").is_none());
    }

    #[test]
    fn text_errors() {
        let message = |text: &str| {
            parse_text(text, Span::call_site())
                .err()
                .map(messages)
                .unwrap_or_else(|| panic!("{text}: expected an error"))
        };
        assert_eq!(
            message("{\"a\": 1,}"),
            ["invalid JSON: trailing comma at line 1 column 9"]
        );
        assert_eq!(
            message("{\"a\": tru}"),
            ["invalid JSON: expected ident at line 1 column 10"]
        );
        assert_eq!(
            message(""),
            ["invalid JSON: EOF while parsing a value at line 1 column 0"]
        );
        assert_eq!(
            message("{\n  \"a\": 1,\n  \"a\": 2\n}"),
            ["invalid JSON: duplicate key \"a\" at line 3 column 3"]
        );
        assert_eq!(
            message("[{\"x\": {}, \"\\u0078\": 1}]"),
            ["invalid JSON: duplicate key \"x\" at line 1 column 12"]
        );
        assert_eq!(
            message("{\"n\": [18446744073709551616]}"),
            ["invalid JSON: integer 18446744073709551616 does not fit in 64 bits at line 1 column 8"]
        );
        // Same key in different objects, and big floats, are fine.
        assert!(parse_text(r#"{"a": {"a": 1e300}, "b": {"a": 2}}"#, Span::call_site()).is_ok());
    }

    #[test]
    fn text_scan_never_panics_or_hangs() {
        // The scan only ever sees valid JSON, but it must not misbehave on anything.
        for text in [
            "", "{", "[", "\"", "\"\\", "{\"a\"", "{\"a\":", "[1,", "}", "]", ":", "{1}", "[}",
            "é", "{\"é\\",
        ] {
            let _ = TextScan { text, pos: 0 }.value();
        }
    }
}
