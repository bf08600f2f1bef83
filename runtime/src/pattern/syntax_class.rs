//! The parser's escapes (`\n`, `\x{..}`, `\d`, `\b`...) and bracketed classes
//! (`[a-z_]`, `[^\d]`), as `regex-lite` reads them.

// With the `regex` feature only the parser and the sizes serve (see `mod.rs`).
#![cfg_attr(feature = "regex", allow(dead_code))]

use super::ast::{Kind, Look, Node};
use super::syntax::Parser;

/// The ASCII digits, `\d`.
const DIGIT: &[(char, char)] = &[('0', '9')];
/// The ASCII white space, `\s`.
const SPACE: &[(char, char)] = &[('\t', '\r'), (' ', ' ')];
/// The ASCII word characters, `\w`.
const WORD: &[(char, char)] = &[('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')];

/// Characters that mean something in the syntax, escaped to stand for
/// themselves.
fn is_meta(c: char) -> bool {
    "\\.+*?()|[]{}^$#&-~".contains(c)
}

/// Characters an escape may stand for: the meta characters and any ASCII
/// character but letters, digits, `<` and `>`.
fn is_escapable(c: char) -> bool {
    is_meta(c) || (c.is_ascii() && !c.is_ascii_alphanumeric() && c != '<' && c != '>')
}

impl Parser<'_> {
    /// The escape after a `\` (the parser is past the `\`).
    pub(super) fn escape(&mut self) -> Result<Node, &'static str> {
        let Some(c) = self.peek() else {
            return Err("the pattern ends with an incomplete escape");
        };
        match c {
            '0'..='9' => return Err("backreferences are not supported"),
            // With the `regex` feature, which runs them, counted as one set
            // (only the size of the pattern is asked for).
            'p' | 'P' if cfg!(feature = "regex") => return self.property(),
            'p' | 'P' => return Err("Unicode classes (\\p{..}) are not supported"),
            'x' | 'u' | 'U' => return self.hex(),
            'd' | 's' | 'w' | 'D' | 'S' | 'W' => {
                self.bump();
                let ranges = match c.to_ascii_lowercase() {
                    'd' => DIGIT,
                    's' => SPACE,
                    _ => WORD,
                };
                return Ok(if c.is_ascii_uppercase() {
                    self.pooled(&super::ranges::negate(ranges))
                } else {
                    self.pooled(ranges)
                });
            }
            _ => {}
        }
        self.bump();
        if is_escapable(c) {
            return Ok(self.char_node(c));
        }
        let look = match c {
            'a' => return Ok(self.char_node('\x07')),
            'f' => return Ok(self.char_node('\x0C')),
            't' => return Ok(self.char_node('\t')),
            'n' => return Ok(self.char_node('\n')),
            'r' => return Ok(self.char_node('\r')),
            'v' => return Ok(self.char_node('\x0B')),
            'A' => Look::Start,
            'z' => Look::End,
            'b' => self.word_boundary()?,
            'B' => Look::NotWord,
            '<' => Look::WordStart,
            '>' => Look::WordEnd,
            _ => return Err("unrecognized escape sequence"),
        };
        Ok(Node::leaf(Kind::Look(look)))
    }

    /// A Unicode property class, `\pL` or `\p{..}` (the parser is at the `p`),
    /// as a set (any character: the `regex` crate, which runs it, knows which).
    fn property(&mut self) -> Result<Node, &'static str> {
        self.bump();
        if self.bump() == Some('{') {
            while self
                .bump()
                .ok_or("a Unicode class is not closed (missing '}')")?
                != '}'
            {}
        }
        Ok(self.pooled(&[('\0', char::MAX)]))
    }

    /// `\b`, or `\b{start}`, `\b{end}`, `\b{start-half}`, `\b{end-half}` (a
    /// `{` followed by anything but a letter or `-` is a counted repetition of
    /// `\b`).
    fn word_boundary(&mut self) -> Result<Look, &'static str> {
        if self.peek() != Some('{') {
            return Ok(Look::Word);
        }
        let start = self.pos;
        self.bump();
        let named = |c: char| c.is_ascii_alphabetic() || c == '-';
        match self.peek() {
            None => return Err("the pattern ends after '\\b{'"),
            Some(c) if !named(c) => {
                self.pos = start;
                return Ok(Look::Word);
            }
            Some(_) => {}
        }
        let name_start = self.pos;
        while self.peek().is_some_and(named) {
            self.bump();
        }
        let name = &self.src[name_start..self.pos];
        if self.peek() != Some('}') {
            return Err("a special word boundary is not closed (missing '}')");
        }
        self.bump();
        match name {
            "start" => Ok(Look::WordStart),
            "end" => Ok(Look::WordEnd),
            "start-half" => Ok(Look::WordStartHalf),
            "end-half" => Ok(Look::WordEndHalf),
            _ => Err("unrecognized special word boundary"),
        }
    }

    /// `\xHH`, `\uHHHH`, `\UHHHHHHHH` or any of them as `\x{H..}` (the parser
    /// is at the `x`, `u` or `U`).
    fn hex(&mut self) -> Result<Node, &'static str> {
        const INVALID: &str = "invalid hexadecimal escape (not a Unicode scalar value)";
        let digits = match self.bump() {
            Some('x') => 2,
            Some('u') => 4,
            _ => 8,
        };
        let value = if self.peek() == Some('{') {
            self.bump();
            let start = self.pos;
            loop {
                match self.bump() {
                    None => return Err("a hexadecimal escape is not closed (missing '}')"),
                    Some('}') => break,
                    Some(c) if c.is_ascii_hexdigit() => {}
                    Some(_) => return Err("invalid hexadecimal digit"),
                }
            }
            let hex = &self.src[start..self.pos - 1];
            if hex.is_empty() {
                return Err("empty hexadecimal escape '{}'");
            }
            u32::from_str_radix(hex, 16).map_err(|_| INVALID)?
        } else {
            let start = self.pos;
            for _ in 0..digits {
                match self.bump() {
                    None => return Err("the pattern ends inside a hexadecimal escape"),
                    Some(c) if c.is_ascii_hexdigit() => {}
                    Some(_) => return Err("invalid hexadecimal digit"),
                }
            }
            u32::from_str_radix(&self.src[start..self.pos], 16).map_err(|_| INVALID)?
        };
        let c = char::from_u32(value).ok_or(INVALID)?;
        Ok(self.char_node(c))
    }

    /// A bracketed class (the parser is at the `[`).
    pub(super) fn class(&mut self) -> Result<Node, &'static str> {
        const UNCLOSED: &str = "a character class is not closed (missing ']')";
        self.bump();
        let negated = self.peek() == Some('^');
        if negated {
            self.bump();
        }
        let mut ranges = Vec::new();
        // Leading `-` are literal, and so is a `]` first.
        while self.peek() == Some('-') {
            ranges.push(('-', '-'));
            self.bump();
        }
        if ranges.is_empty() && self.peek() == Some(']') {
            ranges.push((']', ']'));
            self.bump();
        }
        loop {
            let Some(c) = self.peek() else {
                return Err(UNCLOSED);
            };
            let twice = self.peek2() == Some(c);
            match c {
                '[' => match self.posix_class() {
                    Some(posix) => ranges.extend_from_slice(&posix),
                    None => return Err("nested classes are not supported"),
                },
                ']' => {
                    self.bump();
                    break;
                }
                '&' if twice => return Err("class intersection (&&) is not supported"),
                '-' if twice => return Err("class difference (--) is not supported"),
                '~' if twice => return Err("class symmetric difference (~~) is not supported"),
                _ => self.class_item(&mut ranges)?,
            }
        }
        // Folded before negated, as in `regex-lite`: `(?i)[^x]` excludes `X`.
        if self.flags.case_insensitive {
            super::ranges::ascii_case_fold(&mut ranges);
        } else {
            super::ranges::canonicalize(&mut ranges);
        }
        if negated {
            ranges = super::ranges::negate(&ranges);
        }
        Ok(self.pooled(&ranges))
    }

    /// A POSIX class (`[:alpha:]`, `[:^digit:]`) inside a class, if the parser
    /// is at one (else it stays at its `[`).
    fn posix_class(&mut self) -> Option<Vec<(char, char)>> {
        let start = self.pos;
        let found = self.posix_class_at();
        if found.is_none() {
            self.pos = start;
        }
        found
    }

    fn posix_class_at(&mut self) -> Option<Vec<(char, char)>> {
        self.bump();
        if self.bump() != Some(':') || self.is_done() {
            return None;
        }
        let negated = self.peek() == Some('^');
        if negated {
            self.bump();
        }
        let name_start = self.pos;
        let name_end = name_start + self.src[name_start..].find(':')?;
        self.pos = name_end;
        if !self.src[name_end..].starts_with(":]") {
            return None;
        }
        self.pos += 2;
        let ranges: &[(char, char)] = match &self.src[name_start..name_end] {
            "alnum" => &[('0', '9'), ('A', 'Z'), ('a', 'z')],
            "alpha" => &[('A', 'Z'), ('a', 'z')],
            "ascii" => &[('\0', '\x7F')],
            "blank" => &[('\t', '\t'), (' ', ' ')],
            "cntrl" => &[('\0', '\x1F'), ('\x7F', '\x7F')],
            "digit" => DIGIT,
            "graph" => &[('!', '~')],
            "lower" => &[('a', 'z')],
            "print" => &[(' ', '~')],
            "punct" => &[('!', '/'), (':', '@'), ('[', '`'), ('{', '~')],
            "space" => SPACE,
            "upper" => &[('A', 'Z')],
            "word" => WORD,
            "xdigit" => &[('0', '9'), ('A', 'F'), ('a', 'f')],
            _ => return None,
        };
        Some(if negated {
            super::ranges::negate(ranges)
        } else {
            ranges.to_vec()
        })
    }

    /// One item of a class: a character, an escape or a range `a-z`, added to
    /// `ranges`.
    fn class_item(&mut self, ranges: &mut Vec<(char, char)>) -> Result<(), &'static str> {
        const UNCLOSED: &str = "a character class is not closed (missing ']')";
        let first = self.class_atom()?;
        let Some(next) = self.peek() else {
            return Err(UNCLOSED);
        };
        if next != '-' || matches!(self.peek2(), Some(']' | '-')) {
            match first.kind {
                Kind::Char(c) => ranges.push((c, c)),
                Kind::Class { start, end } => {
                    ranges.extend_from_slice(&self.pool[start as usize..end as usize])
                }
                _ => return Err("invalid item in a character class"),
            }
            return Ok(());
        }
        self.bump();
        if self.is_done() {
            return Err(UNCLOSED);
        }
        let last = self.class_atom()?;
        let (Kind::Char(lo), Kind::Char(hi)) = (first.kind, last.kind) else {
            return Err("a class range's ends must be single characters");
        };
        if lo > hi {
            return Err("invalid class range (its start is after its end)");
        }
        ranges.push((lo, hi));
        Ok(())
    }

    /// A character or an escape inside a class.
    fn class_atom(&mut self) -> Result<Node, &'static str> {
        match self.bump() {
            Some('\\') => self.escape(),
            Some(c) => Ok(Node::leaf(Kind::Char(c))),
            None => Err("a character class is not closed (missing ']')"),
        }
    }
}
