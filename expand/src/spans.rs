//! Where each part of a schema came from in the macro's input: the span of every
//! value (and object key) by JSON pointer, for both macros (a `tool_schema!`
//! literal or file, a derived type's fields and attributes); and [`Locate`], how a
//! problem at a pointer is reported.

use std::collections::HashMap;

use proc_macro2::Span;

/// Where a problem of the schema is in the macro's input.
pub(crate) trait Locate {
    /// The span for a problem at `pointer` (on the member's key when `on_key`).
    fn span(&self, pointer: &str, on_key: bool) -> Span;
    /// Where `pointer` is, in words, appended to the message: ` (at /properties/x)`.
    fn place(&self, pointer: &str) -> String;
}

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

/// The span of every value (and object key) of one schema, by JSON pointer.
#[derive(Clone, Debug)]
pub(crate) struct SpanMap {
    entries: HashMap<String, Entry>,
    fallback: Span,
}

impl SpanMap {
    /// An empty map; `fallback` is the span of a pointer nothing is known of.
    pub(crate) fn new(fallback: Span) -> SpanMap {
        SpanMap {
            entries: HashMap::new(),
            fallback,
        }
    }

    /// Records where the value at `pointer` came from (a key already recorded
    /// there is kept).
    pub(crate) fn value(&mut self, pointer: &str, span: Span) {
        self.value_token(pointer, span, String::new);
    }

    /// Records the spans of `other` (a schema's own) under `at`: `other`'s
    /// pointer `/p` becomes `at/p`.
    pub(crate) fn graft(&mut self, at: &str, other: &SpanMap) {
        for (pointer, entry) in &other.entries {
            self.entries.insert(format!("{at}{pointer}"), entry.clone());
        }
    }

    /// Records where the key of the member at `pointer` came from; only where its
    /// value is recorded.
    pub(crate) fn key(&mut self, pointer: &str, span: Span) {
        self.key_token(pointer, span, String::new);
    }

    /// [`SpanMap::value`] for a token, with its text (kept in unit tests).
    pub(crate) fn value_token(&mut self, pointer: &str, span: Span, text: impl FnOnce() -> String) {
        #[cfg(not(test))]
        let _ = text;
        match self.entries.get_mut(pointer) {
            Some(entry) => {
                entry.value = span;
                #[cfg(test)]
                {
                    entry.value_text = text();
                }
            }
            None => {
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
        }
    }

    /// [`SpanMap::key`] for a token, with its text (kept in unit tests).
    pub(crate) fn key_token(&mut self, pointer: &str, span: Span, text: impl FnOnce() -> String) {
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

    /// Span of the value at `pointer` (for an object/array: its brace/bracket group
    /// span). `None` when nothing is recorded at `pointer`.
    pub(crate) fn value_span(&self, pointer: &str) -> Option<Span> {
        self.entries.get(pointer).map(|e| e.value)
    }

    /// Span of the key token of the member at `pointer` (`None` for the root, for
    /// array elements and for pointers that name no value).
    pub(crate) fn key_span(&self, pointer: &str) -> Option<Span> {
        self.entries.get(pointer).and_then(|e| e.key)
    }

    /// The best span for an error at `pointer`: the value's span or, when `pointer`
    /// names no value (say, a property that does not exist), the span of its nearest
    /// ancestor that does; the fallback span when there is none.
    pub(crate) fn best(&self, pointer: &str) -> Span {
        self.nearest(pointer)
            .and_then(|p| self.value_span(p))
            .unwrap_or(self.fallback)
    }

    /// The span for a problem at `pointer`: the key's (when `on_key` and it has
    /// one), else [`SpanMap::best`].
    pub(crate) fn span(&self, pointer: &str, on_key: bool) -> Span {
        match self.key_span(pointer).filter(|_| on_key) {
            Some(s) => s,
            None => self.best(pointer),
        }
    }

    /// `pointer` itself or its nearest ancestor that names a value.
    pub(crate) fn nearest<'p>(&self, pointer: &'p str) -> Option<&'p str> {
        let mut p = pointer;
        loop {
            if self.value_span(p).is_some() {
                return Some(p);
            }
            if p.is_empty() {
                return None;
            }
            p = p.rfind('/').map_or("", |i| &p[..i]);
        }
    }
}

#[cfg(test)]
impl SpanMap {
    /// Every pointer recorded.
    pub(crate) fn pointers(&self) -> Vec<&String> {
        self.entries.keys().collect()
    }

    /// The text of the value token recorded at `pointer`.
    pub(crate) fn value_text(&self, pointer: &str) -> Option<String> {
        self.entries.get(pointer).map(|e| e.value_text.clone())
    }

    /// The text of the key token recorded at `pointer`.
    pub(crate) fn key_text(&self, pointer: &str) -> Option<String> {
        self.entries.get(pointer).and_then(|e| e.key_text.clone())
    }
}
