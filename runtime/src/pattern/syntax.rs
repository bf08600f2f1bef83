//! The parser of the engine's syntax (the translated patterns, which
//! `regex-lite`'s syntax describes): alternations, groups, flags and
//! repetitions here; escapes and bracketed classes in `syntax_class`. It
//! accepts what `regex-lite` accepts and refuses what it refuses, with its
//! meaning, but for the `x` flag (verbose syntax), which it refuses
//! (`pattern::translate` never emits it: ECMA-262 has no inline flags).

// With the `regex` feature only the parser and the sizes serve (see `mod.rs`).
#![cfg_attr(feature = "regex", allow(dead_code))]

use super::ast::{Kind, Look, Node, NEST_LIMIT, TOO_DEEP};
use std::collections::BTreeSet;

/// The flags in force (`(?i)`, `(?s:..)`...).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Flags {
    /// `i`: ASCII letters match either case.
    pub(super) case_insensitive: bool,
    /// `m`: `^` and `$` also match at line ends.
    pub(super) multi_line: bool,
    /// `s`: `.` matches `\n` too.
    pub(super) dot_all: bool,
    /// `R`: with `m`, `\r` ends lines too; `.` excludes `\r` as well as `\n`.
    pub(super) crlf: bool,
}

/// A pattern being parsed.
pub(super) struct Parser<'a> {
    pub(super) src: &'a str,
    pub(super) pos: usize,
    pub(super) flags: Flags,
    /// How many alternations are open (the pattern and its groups).
    depth: u32,
    names: BTreeSet<&'a str>,
    /// The ranges of every class, which [`Kind::Class`] nodes index.
    pub(super) pool: Vec<(char, char)>,
}

/// A parsed pattern: its tree and the ranges its classes index.
pub(super) struct Parsed {
    pub(super) root: Node,
    pub(super) pool: Vec<(char, char)>,
}

/// Parses `src`; the error says why it is refused.
pub(super) fn parse(src: &str) -> Result<Parsed, &'static str> {
    let mut p = Parser {
        src,
        pos: 0,
        flags: Flags::default(),
        depth: 0,
        names: BTreeSet::new(),
        pool: Vec::new(),
    };
    let root = p.alternation()?;
    Ok(Parsed { root, pool: p.pool })
}

impl<'a> Parser<'a> {
    /// The character at the parser's position.
    pub(super) fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    /// The character after the one at the parser's position.
    pub(super) fn peek2(&self) -> Option<char> {
        let mut rest = self.src[self.pos..].chars();
        rest.next();
        rest.next()
    }

    /// Moves past the current character; returns it.
    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Moves past `prefix` if the text goes on with it.
    fn eat(&mut self, prefix: &str) -> bool {
        let found = self.src[self.pos..].starts_with(prefix);
        if found {
            self.pos += prefix.len();
        }
        found
    }

    pub(super) fn is_done(&self) -> bool {
        self.pos >= self.src.len()
    }

    /// Alternatives up to the end of the pattern or the group's `)`.
    fn alternation(&mut self) -> Result<Node, &'static str> {
        if self.depth > NEST_LIMIT {
            return Err(TOO_DEEP);
        }
        let top = self.depth == 0;
        self.depth += 1;
        let mut alternatives = Vec::new();
        let mut concat = Vec::new();
        while let Some(c) = self.peek() {
            match c {
                '(' => {
                    let outer = self.flags;
                    if let Some(group) = self.group()? {
                        concat.push(group);
                        self.flags = outer;
                    }
                    if !self.eat(")") {
                        return Err("a group is not closed (missing ')')");
                    }
                }
                ')' if top => return Err("a ')' closes no group"),
                ')' => break,
                '|' => {
                    alternatives.push(Node::concat(std::mem::take(&mut concat))?);
                    self.bump();
                }
                '[' => concat.push(self.class()?),
                '?' | '*' | '+' => self.uncounted_repetition(&mut concat)?,
                '{' => self.counted_repetition(&mut concat)?,
                _ => concat.push(self.primitive()?),
            }
        }
        self.depth -= 1;
        alternatives.push(Node::concat(concat)?);
        Node::alternation(alternatives)
    }

    /// A group, or `None` for flags set until the end of the enclosing group
    /// (`(?i)`); the parser stops at the group's `)`.
    fn group(&mut self) -> Result<Option<Node>, &'static str> {
        self.bump();
        if self.eat("?=") || self.eat("?!") || self.eat("?<=") || self.eat("?<!") {
            return Err("look-around is not supported");
        }
        if self.eat("?P<") || self.eat("?<") {
            self.capture_name()?;
            return Ok(Some(Node::group(self.alternation()?)?));
        }
        if !self.eat("?") {
            return Ok(Some(Node::group(self.alternation()?)?));
        }
        let start = self.pos;
        let flags = self.flags_until_end()?;
        self.flags = flags;
        if self.peek() == Some(')') {
            if self.pos == start {
                return Err("empty flags '(?)' are not allowed");
            }
            return Ok(None);
        }
        self.bump(); // ':'
        self.alternation().map(Some)
    }

    /// A group's name, up to and past its `>`: a letter or `_`, then letters,
    /// digits, `_`, `.`, `[`, `]`; each name once.
    fn capture_name(&mut self) -> Result<(), &'static str> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c == '>' {
                break;
            }
            let ok = if self.pos == start {
                c == '_' || c.is_alphabetic()
            } else {
                c == '_' || c == '.' || c == '[' || c == ']' || c.is_alphanumeric()
            };
            if !ok {
                return Err("invalid group name");
            }
            self.bump();
        }
        if self.is_done() {
            return Err("a group name is not closed (missing '>')");
        }
        let name = &self.src[start..self.pos];
        self.bump();
        if name.is_empty() {
            return Err("empty group names are not allowed");
        }
        if !self.names.insert(name) {
            return Err("duplicate group name");
        }
        Ok(())
    }

    /// The flags of `(?flags)` or `(?flags:`, up to the `)` or `:`.
    fn flags_until_end(&mut self) -> Result<Flags, &'static str> {
        let mut flags = self.flags;
        let mut negated = false;
        let mut last_was_negation = false;
        let mut seen = [false; 128];
        loop {
            let Some(c) = self.peek() else {
                return Err("flags are not closed (missing ':' or ')')");
            };
            if c == ':' || c == ')' {
                break;
            }
            if c == '-' {
                if negated {
                    return Err("a flag negation '-' may appear once only");
                }
                negated = true;
                last_was_negation = true;
            } else {
                last_was_negation = false;
                let on = !negated;
                match c {
                    'i' => flags.case_insensitive = on,
                    'm' => flags.multi_line = on,
                    's' => flags.dot_all = on,
                    'R' => flags.crlf = on,
                    // Greed changes no answer of `is_match`; `u` is accepted
                    // and does nothing, as `regex-lite` does.
                    'U' | 'u' => {}
                    'x' if on => {
                        return Err("the x flag (verbose syntax) is not supported");
                    }
                    'x' => {}
                    _ => return Err("unrecognized flag"),
                }
                let index = c as usize;
                if seen[index] {
                    return Err("a flag may appear once only");
                }
                seen[index] = true;
            }
            self.bump();
        }
        if last_was_negation {
            return Err("a flag negation '-' must be followed by a flag");
        }
        Ok(flags)
    }

    /// `?`, `*` or `+` (and its lazy form) on the last node of `concat`.
    fn uncounted_repetition(&mut self, concat: &mut Vec<Node>) -> Result<(), &'static str> {
        let Some(sub) = concat.pop() else {
            return Err("a repetition operator has nothing to repeat");
        };
        let (min, max) = match self.bump() {
            Some('?') => (0, Some(1)),
            Some('*') => (0, None),
            _ => (1, None),
        };
        self.eat("?");
        concat.push(Node::repeat(sub, min, max)?);
        Ok(())
    }

    /// `{n}`, `{n,}`, `{n,m}` (and its lazy form) on the last node of `concat`.
    fn counted_repetition(&mut self, concat: &mut Vec<Node>) -> Result<(), &'static str> {
        const UNCLOSED: &str = "a counted repetition is not closed (missing '}')";
        let Some(sub) = concat.pop() else {
            return Err("a repetition operator has nothing to repeat");
        };
        self.bump();
        if self.is_done() {
            return Err(UNCLOSED);
        }
        let min = self.decimal()?;
        let mut max = Some(min);
        if self.peek() == Some(',') {
            self.bump();
            if self.is_done() {
                return Err(UNCLOSED);
            }
            max = if self.peek() == Some('}') {
                None
            } else {
                Some(self.decimal()?)
            };
        }
        match self.peek() {
            None => return Err(UNCLOSED),
            Some('}') => {}
            Some(_) => return Err("invalid counted repetition"),
        }
        self.bump();
        self.eat("?");
        if max.is_some_and(|max| min > max) {
            return Err("invalid counted repetition: the minimum exceeds the maximum");
        }
        concat.push(Node::repeat(sub, min, max)?);
        Ok(())
    }

    /// A decimal number (spaces around it allowed, as in `regex-lite`).
    fn decimal(&mut self) -> Result<u32, &'static str> {
        self.skip_spaces();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        let digits = &self.src[start..self.pos];
        self.skip_spaces();
        if digits.is_empty() {
            return Err("a counted repetition expects a decimal number");
        }
        digits
            .parse()
            .map_err(|_| "a counted repetition's number is too large")
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// A node without sub-nodes: a character, an escape, `.`, `^`, `$`.
    fn primitive(&mut self) -> Result<Node, &'static str> {
        match self.bump() {
            Some('\\') => self.escape(),
            Some('.') => {
                let ranges: &[(char, char)] = if self.flags.dot_all {
                    &[('\0', char::MAX)]
                } else if self.flags.crlf {
                    &[('\0', '\x09'), ('\x0B', '\x0C'), ('\x0E', char::MAX)]
                } else {
                    &[('\0', '\x09'), ('\x0B', char::MAX)]
                };
                Ok(self.class_node(ranges.to_vec()))
            }
            Some('^') => Ok(self.anchor([Look::Start, Look::StartLf, Look::StartCrlf])),
            Some('$') => Ok(self.anchor([Look::End, Look::EndLf, Look::EndCrlf])),
            Some(c) => Ok(self.char_node(c)),
            None => Ok(Node::leaf(Kind::Empty)),
        }
    }

    /// The anchor of `looks` (the text's, a line's, a line's with `\r`) the
    /// flags choose.
    fn anchor(&self, looks: [Look; 3]) -> Node {
        let look = match (self.flags.multi_line, self.flags.crlf) {
            (false, _) => looks[0],
            (true, false) => looks[1],
            (true, true) => looks[2],
        };
        Node::leaf(Kind::Look(look))
    }

    /// A literal character, both ASCII cases of a letter with the `i` flag.
    pub(super) fn char_node(&mut self, c: char) -> Node {
        if self.flags.case_insensitive && c.is_ascii_alphabetic() {
            return self.class_node(vec![(c, c)]);
        }
        Node::leaf(Kind::Char(c))
    }

    /// A class of `ranges` (folded with the `i` flag), in the pool.
    pub(super) fn class_node(&mut self, mut ranges: Vec<(char, char)>) -> Node {
        if self.flags.case_insensitive {
            super::ranges::ascii_case_fold(&mut ranges);
        } else {
            super::ranges::canonicalize(&mut ranges);
        }
        self.pooled(&ranges)
    }

    /// A class of canonical `ranges`, added to the pool as they are.
    pub(super) fn pooled(&mut self, ranges: &[(char, char)]) -> Node {
        let start = self.pool.len() as u32;
        self.pool.extend_from_slice(ranges);
        let end = self.pool.len() as u32;
        Node::leaf(Kind::Class { start, end })
    }
}
