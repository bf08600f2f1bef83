//! The tokens of a literal as the reader walks them: a cursor over one group
//! (invisible groups spliced in), and how tokens are told apart and named.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};

/// How an error message names a token.
pub(super) fn describe(tt: &TokenTree) -> String {
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

pub(super) fn is_punct(tt: Option<&TokenTree>, ch: char) -> bool {
    matches!(tt, Some(TokenTree::Punct(p)) if p.as_char() == ch)
}

pub(super) fn is_group(tt: Option<&TokenTree>, delimiter: Delimiter) -> bool {
    matches!(tt, Some(TokenTree::Group(g)) if g.delimiter() == delimiter)
}

/// Whether `tt` may begin a JSON value (used to resume after a missing comma).
pub(super) fn starts_value(tt: &TokenTree) -> bool {
    match tt {
        TokenTree::Group(g) => matches!(g.delimiter(), Delimiter::Brace | Delimiter::Bracket),
        TokenTree::Literal(_) | TokenTree::Ident(_) => true,
        TokenTree::Punct(p) => p.as_char() == '-',
    }
}

/// The tokens of one group (or of the whole input), with `None`-delimited groups
/// spliced in.
pub(super) struct Cursor {
    tokens: Vec<TokenTree>,
    pub(super) pos: usize,
    /// Where an error about the end of these tokens points, and what it calls it.
    pub(super) end: Span,
    pub(super) end_name: &'static str,
}

impl Cursor {
    pub(super) fn new(stream: TokenStream, end: Span, end_name: &'static str) -> Cursor {
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

    pub(super) fn peek(&self) -> Option<&TokenTree> {
        self.tokens.get(self.pos)
    }

    pub(super) fn peek_nth(&self, n: usize) -> Option<&TokenTree> {
        self.tokens.get(self.pos + n)
    }

    pub(super) fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    pub(super) fn bump(&mut self) -> Option<TokenTree> {
        let tt = self.tokens.get(self.pos).cloned();
        if tt.is_some() {
            self.pos += 1;
        }
        tt
    }

    /// Consumes the punctuation `ch` if it comes next; its span.
    pub(super) fn eat_punct(&mut self, ch: char) -> Option<Span> {
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
    pub(super) fn skip_past_comma(&mut self) -> Option<Span> {
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
    pub(super) fn at_member(&self) -> bool {
        matches!(
            self.peek(),
            Some(TokenTree::Literal(_) | TokenTree::Ident(_))
        ) && is_punct(self.peek_nth(1), ':')
    }
}
