//! The `regex` string format: whether a string is a regular expression in
//! ECMA-262's syntax, read as with the `u` flag (no Annex B leniency: `\a` and a
//! lone `{` are errors, as JSON Schema's dialect has them).
//!
//! A syntax check only, independent of what the `pattern` keyword's engine runs:
//! lookaround and backreferences are valid here even though `pattern` refuses
//! them. One pass over the characters, with a counter of groups and no
//! allocation but the list of group names (only for `(?<name>` groups).

/// Whether `s` is an ECMA-262 regular expression.
pub fn is_regex(s: &str) -> bool {
    let mut reader = Reader {
        s,
        at: 0,
        groups: 0,
        names: Vec::new(),
        max_backref: 0,
        named_backrefs: Vec::new(),
    };
    reader.disjunction(0).is_some()
        && reader.at == s.len()
        && reader.max_backref <= reader.groups as u64
        && reader
            .named_backrefs
            .iter()
            .all(|name| reader.names.contains(name))
}

/// Nesting deeper than this is refused (a bound on the recursion).
const MAX_DEPTH: usize = 256;

struct Reader<'a> {
    s: &'a str,
    /// A byte offset, always at a character boundary.
    at: usize,
    /// Capturing groups seen.
    groups: usize,
    names: Vec<&'a str>,
    /// The largest numbered backreference, checked against `groups` at the end.
    max_backref: u64,
    named_backrefs: Vec<&'a str>,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<char> {
        self.s[self.at..].chars().next()
    }

    /// The character after the next one.
    fn peek2(&self) -> Option<char> {
        let mut rest = self.s[self.at..].chars();
        rest.next();
        rest.next()
    }

    /// Moves past the next character.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.at += c.len_utf8();
        }
        hit
    }

    /// `Alternative ( "|" Alternative )*`, up to a `)` or the end.
    fn disjunction(&mut self, depth: usize) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        loop {
            self.alternative(depth)?;
            if !self.eat('|') {
                return Some(());
            }
        }
    }

    fn alternative(&mut self, depth: usize) -> Option<()> {
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            self.term(depth)?;
        }
        Some(())
    }

    /// An assertion, or an atom with an optional quantifier.
    fn term(&mut self, depth: usize) -> Option<()> {
        let c = self.peek()?;
        match c {
            '^' | '$' => {
                self.at += 1;
                return self.no_quantifier();
            }
            '\\' if matches!(self.peek2(), Some('b' | 'B')) => {
                self.at += 2;
                return self.no_quantifier();
            }
            '(' if self.peek2() == Some('?') => {
                let rest = &self.s[self.at + 2..];
                let lookaround = if rest.starts_with(['=', '!']) {
                    Some(3)
                } else if rest.starts_with("<=") || rest.starts_with("<!") {
                    Some(4)
                } else {
                    None
                };
                if let Some(len) = lookaround {
                    self.at += len;
                    self.disjunction(depth + 1)?;
                    if !self.eat(')') {
                        return None;
                    }
                    // Under the `u` flag no lookaround is quantifiable.
                    return self.no_quantifier();
                }
            }
            _ => {}
        }
        self.atom(depth)?;
        self.quantifier()
    }

    fn no_quantifier(&self) -> Option<()> {
        match self.peek() {
            Some('*' | '+' | '?' | '{') => None,
            _ => Some(()),
        }
    }

    /// An optional quantifier (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each
    /// optionally lazy).
    fn quantifier(&mut self) -> Option<()> {
        match self.peek() {
            Some('*' | '+' | '?') => self.at += 1,
            Some('{') => {
                self.at += 1;
                let min = self.number()?;
                if self.eat(',') && self.peek() != Some('}') {
                    let max = self.number()?;
                    if max < min {
                        return None;
                    }
                }
                if !self.eat('}') {
                    return None;
                }
            }
            _ => return Some(()),
        }
        self.eat('?');
        self.no_quantifier()
    }

    /// Decimal digits (saturating); `None` when there are none.
    fn number(&mut self) -> Option<u64> {
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as u64);
            self.at += 1;
        }
        (self.at > start).then_some(n)
    }

    fn atom(&mut self, depth: usize) -> Option<()> {
        let c = self.bump()?;
        match c {
            '.' => Some(()),
            '(' => {
                if self.eat('?') {
                    if self.eat(':') {
                    } else if self.eat('<') {
                        let name = self.group_name()?;
                        if self.names.contains(&name) {
                            return None;
                        }
                        self.names.push(name);
                        self.groups += 1;
                    } else {
                        // `(?i)`, `(?P<..>`, `(?#..)`: not ECMA-262.
                        return None;
                    }
                } else {
                    self.groups += 1;
                }
                self.disjunction(depth + 1)?;
                self.eat(')').then_some(())
            }
            '[' => self.class(),
            '\\' => self.atom_escape(),
            // Syntax characters that cannot start an atom (a lone `{` or `}` is an
            // error under the `u` flag, and so is a lone `]`).
            '*' | '+' | '?' | '{' | '}' | ']' | ')' | '|' => None,
            _ => Some(()),
        }
    }

    /// `GroupName`'s identifier, through the closing `>`.
    fn group_name(&mut self) -> Option<&'a str> {
        let start = self.at;
        loop {
            let c = self.bump()?;
            let first = self.at - c.len_utf8() == start;
            match c {
                '>' if !first => return Some(&self.s[start..self.at - 1]),
                c if c == '$' || c == '_' || c.is_alphabetic() => {}
                c if !first && c.is_alphanumeric() => {}
                _ => return None,
            }
        }
    }

    /// After `\` outside a class.
    fn atom_escape(&mut self) -> Option<()> {
        let c = self.peek()?;
        if c.is_ascii_digit() && c != '0' {
            let n = self.number()?;
            self.max_backref = self.max_backref.max(n);
            return Some(());
        }
        if c == 'k' {
            self.at += 1;
            if !self.eat('<') {
                return None;
            }
            let name = self.group_name()?;
            self.named_backrefs.push(name);
            return Some(());
        }
        self.class_or_character_escape(false)
    }

    /// A character class escape (`\d`, `\p{..}`, ...) or a character escape;
    /// `in_class` allows `\b` (backspace) and `\-`.
    fn class_or_character_escape(&mut self, in_class: bool) -> Option<()> {
        match self.bump()? {
            'd' | 'D' | 's' | 'S' | 'w' | 'W' => Some(()),
            'p' | 'P' => {
                if !self.eat('{') {
                    return None;
                }
                let start = self.at;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '=')
                {
                    self.at += 1;
                }
                (self.at > start && self.eat('}')).then_some(())
            }
            'f' | 'n' | 'r' | 't' | 'v' => Some(()),
            'c' => self.bump()?.is_ascii_alphabetic().then_some(()),
            '0' => (!self.peek().is_some_and(|c| c.is_ascii_digit())).then_some(()),
            'x' => self.hex_digits(2),
            'u' => {
                if self.eat('{') {
                    let start = self.at;
                    let mut value: u32 = 0;
                    while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                        value = value.saturating_mul(16).saturating_add(d);
                        self.at += 1;
                    }
                    (self.at > start && value <= 0x10FFFF && self.eat('}')).then_some(())
                } else {
                    self.hex_digits(4)
                }
            }
            'b' | '-' if in_class => Some(()),
            // Identity escapes under the `u` flag: syntax characters and `/`.
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => Some(()),
            _ => None,
        }
    }

    fn hex_digits(&mut self, n: usize) -> Option<()> {
        for _ in 0..n {
            if !self.peek()?.is_ascii_hexdigit() {
                return None;
            }
            self.at += 1;
        }
        Some(())
    }

    /// After `[`: `^`? then class atoms and ranges up to `]` (`[]` and `[^]` are
    /// valid). A range's ends are single characters in order.
    fn class(&mut self) -> Option<()> {
        self.eat('^');
        loop {
            match self.peek()? {
                ']' => {
                    self.at += 1;
                    return Some(());
                }
                _ => {
                    let low = self.class_atom()?;
                    if self.peek() == Some('-') && self.peek2().is_some_and(|c| c != ']') {
                        self.at += 1;
                        let high = self.class_atom()?;
                        match (low, high) {
                            (Some(l), Some(h)) if l <= h => {}
                            _ => return None,
                        }
                    }
                }
            }
        }
    }

    /// One class atom: `Some(c)` for a single character `c`, `None` for a
    /// class escape (`\d`, `\p{L}`), which cannot end a range.
    fn class_atom(&mut self) -> Option<Option<char>> {
        let c = self.bump()?;
        if c != '\\' {
            return Some(Some(c));
        }
        let start = self.at;
        self.class_or_character_escape(true)?;
        let escape = &self.s[start..self.at];
        let mut chars = escape.chars();
        let value = match chars.next()? {
            'd' | 'D' | 's' | 'S' | 'w' | 'W' | 'p' | 'P' => None,
            'f' => Some('\u{c}'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\u{b}'),
            'b' => Some('\u{8}'),
            '0' => Some('\0'),
            'c' => char::from_u32(chars.next()? as u32 % 32),
            'x' | 'u' => {
                let digits = escape[1..].trim_matches(['{', '}']);
                u32::from_str_radix(digits, 16)
                    .ok()
                    .and_then(char::from_u32)
            }
            other => Some(other),
        };
        Some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ecma_syntax() {
        for ok in [
            "([abc])+\\s+$",
            "(?<name>x)",
            "(?<n>a)\\k<n>",
            "(?<=a+)b",
            "(?!x)y",
            "[]",
            "[^]",
            "\\cA",
            "a{2,3}?",
            "[a-z\\d-]",
            "\\u{1F600}",
            "\\p{L}",
            "(a)\\1",
            "",
            "a|",
        ] {
            assert!(is_regex(ok), "{ok}");
        }
        for bad in [
            "^(abc]",
            "\\a",
            "(?P<name>x)",
            "(?P<n>a)(?P=n)",
            "(?#comment)a",
            "(?i)abc",
            "(?ims)abc",
            "a{3,2}",
            "{",
            "a**",
            "(?=a)*",
            "[z-a]",
            "[\\d-z]",
            "(a)\\2",
            "\\k<x>",
            "(?<a>x)(?<a>y)",
            ")",
            "x]",
        ] {
            assert!(!is_regex(bad), "{bad}");
        }
        // Nesting is bounded, never a stack overflow.
        assert!(!is_regex(&"(".repeat(100_000)));
    }
}
