//! The JSON text of a `.json` file: read by `serde_json`, then scanned for what
//! `serde_json` lets through and the token syntax does not.

use std::collections::HashSet;

use proc_macro2::Span;
use serde_json::{Number, Value};

use super::quoted;
use crate::spans::SpanMap;
use tool_schema_engine::json::pointer;

/// Parses JSON text (the content of a `.json` file) into a value and its [`SpanMap`],
/// where every span is `span` (the file path literal) but every pointer is present.
///
/// Beyond `serde_json`'s own checks, the rules of the token syntax hold here too: a
/// duplicate key in an object, or an integer that does not fit in 64 bits, is an
/// error. An error is one `syn::Error` at `span`, whose message starts with
/// `invalid JSON: ` and gives the line and column. A leading byte order mark is
/// ignored.
pub(crate) fn parse_text(text: &str, span: Span) -> Result<(Value, SpanMap), syn::Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = serde_json::from_str(text)
        .map_err(|e| syn::Error::new(span, format!("invalid JSON: {e}")))?;
    // `text` is valid JSON now; look for what serde_json lets through.
    let mut scan = TextScan { text, pos: 0 };
    if let Err(message) = scan.value() {
        return Err(syn::Error::new(span, format!("invalid JSON: {message}")));
    }
    let mut spans = SpanMap::new(span);
    record_all(&mut spans, &value, &mut String::new(), span, false);
    Ok((value, spans))
}

/// Records `span` for `value` at `pointer` and for everything inside it.
fn record_all(spans: &mut SpanMap, value: &Value, pointer: &mut String, span: Span, member: bool) {
    spans.value_token(pointer, span, || value.to_string());
    if member {
        spans.key_token(pointer, span, String::new);
    }
    let len = pointer.len();
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                pointer.push('/');
                pointer.push_str(&pointer::escape_token(key));
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
/// A walk over JSON text already accepted by `serde_json`, for what `serde_json`
/// lets through: duplicate keys, and integers too large for 64 bits (which it reads
/// as floats). Never panics and always ends, even on text that is not JSON.
pub(super) struct TextScan<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
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

    pub(super) fn value(&mut self) -> Result<(), String> {
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
