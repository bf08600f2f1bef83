//! `pattern`: JSON Schema patterns are ECMA-262 regular expressions. They run on the
//! `regex` crate (linear time, no catastrophic backtracking on a model's input) after
//! a translation of the ECMA-262 forms whose meaning differs there: `\d`, `\w` and
//! their negations are ASCII in ECMA-262 but Unicode in `regex`. What `regex` cannot
//! run (lookaround, backreferences) is refused with a message, never ignored.
//!
//! The engine is behind the default `regex` feature; without it a schema with a
//! `pattern` is refused.

/// A `pattern`, as written and as the regular expression that runs it.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// The pattern as written in the schema (ECMA-262 syntax).
    pub source: std::sync::Arc<str>,
    /// The same pattern in the `regex` crate's syntax.
    pub translated: String,
    #[cfg(feature = "regex")]
    pub(crate) regex: regex::Regex,
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Pattern) -> bool {
        self.source == other.source
    }
}

impl Pattern {
    /// Whether `s` matches (anywhere, as JSON Schema's `pattern` is unanchored).
    #[cfg(feature = "regex")]
    pub fn is_match(&self, s: &str) -> bool {
        self.regex.is_match(s)
    }

    /// Without the `regex` feature no pattern is ever built (the parser refuses
    /// them).
    #[cfg(not(feature = "regex"))]
    pub fn is_match(&self, _s: &str) -> bool {
        false
    }
}

/// The patterns of a `patternProperties`, matched together: a name no pattern
/// matches is read once whatever their number.
#[derive(Clone, Debug)]
pub struct PatternSet {
    #[cfg(feature = "regex")]
    set: regex::RegexSet,
    /// Each pattern on its own, to say which match without allocating (sets of
    /// up to 64 patterns).
    #[cfg(feature = "regex")]
    each: Vec<regex::Regex>,
}

impl PartialEq for PatternSet {
    /// A set follows from its patterns, which equality compares already.
    fn eq(&self, _: &PatternSet) -> bool {
        true
    }
}

/// Up to this many patterns, the ones matching a name (once the set says some
/// do) are found one by one, without allocating; beyond, by the set in one pass
/// (which allocates its answer).
pub const ONE_BY_ONE: usize = 64;

impl PatternSet {
    /// The set of `translated` patterns (in the `regex` crate's syntax, as
    /// [`Pattern::translated`] holds them). For generated code and the parser.
    #[doc(hidden)]
    pub fn from_translated(translated: &[&str]) -> Result<PatternSet, String> {
        #[cfg(feature = "regex")]
        {
            let fail = |e: regex::Error| {
                let detail = e.to_string();
                let last = detail.lines().last().unwrap_or("").trim().to_string();
                format!("the patterns cannot be matched together: {last}")
            };
            let set = regex::RegexSet::new(translated).map_err(fail)?;
            let each = if translated.len() <= ONE_BY_ONE {
                translated
                    .iter()
                    .map(|t| regex::Regex::new(t))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(fail)?
            } else {
                Vec::new()
            };
            Ok(PatternSet { set, each })
        }
        #[cfg(not(feature = "regex"))]
        {
            let _ = translated;
            Err("patternProperties needs tool-schema's `regex` feature (on by default)".into())
        }
    }

    /// Calls `each(i)` for every pattern `i` that matches `name` (anywhere), in
    /// order, until it returns `false`; returns whether it never did. A name no
    /// pattern matches costs one pass of the set; sets of up to 64
    /// patterns allocate nothing.
    #[cfg(feature = "regex")]
    pub fn each_match(&self, name: &str, mut each: impl FnMut(usize) -> bool) -> bool {
        if !self.set.is_match(name) {
            return true;
        }
        if self.each.len() == self.set.len() {
            return self
                .each
                .iter()
                .enumerate()
                .filter(|(_, re)| re.is_match(name))
                .all(|(i, _)| each(i));
        }
        self.set.matches(name).into_iter().all(each)
    }

    /// Without the `regex` feature no set is ever built.
    #[cfg(not(feature = "regex"))]
    pub fn each_match(&self, _name: &str, _each: impl FnMut(usize) -> bool) -> bool {
        true
    }
}

/// Rewrites an ECMA-262 pattern into the `regex` crate's syntax.
pub fn translate(src: &str) -> Result<String, String> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len() + 8);
    let mut in_class = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => {
                let Some(&e) = chars.get(i + 1) else {
                    return Err("invalid pattern: it ends with a lone backslash".into());
                };
                i += 2;
                match e {
                    'd' => out.push_str(if in_class { "0-9" } else { "[0-9]" }),
                    'w' => out.push_str(if in_class {
                        "0-9A-Za-z_"
                    } else {
                        "[0-9A-Za-z_]"
                    }),
                    'D' if !in_class => out.push_str("[^0-9]"),
                    'W' if !in_class => out.push_str("[^0-9A-Za-z_]"),
                    '1'..='9' if !in_class => {
                        return Err(format!(
                        "pattern uses the backreference \\{e}, which the regex engine cannot run"
                    ))
                    }
                    // ECMA-262 escapes any character; `regex` only punctuation.
                    '/' | '-' | '"' | '\'' | ' ' | ':' | '<' | '>' | '=' | '!' | ',' | '@'
                    | '%' | '&' | '`' | ';' => out.push(e),
                    'c' => {
                        let Some(&l) = chars.get(i).filter(|l| l.is_ascii_alphabetic()) else {
                            return Err("invalid pattern: \\c must be followed by a letter".into());
                        };
                        i += 1;
                        out.push_str(&format!("\\x{:02X}", (l as u8) % 32));
                    }
                    other => {
                        out.push('\\');
                        out.push(other);
                    }
                }
                continue;
            }
            '[' if !in_class => {
                in_class = true;
                out.push('[');
                // A leading `]` or `^]` is literal in ECMA-262 only as `[]` / `[^]`.
                if chars.get(i + 1) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                if chars.get(i + 1) == Some(&']') {
                    // `[]` matches nothing and `[^]` anything in ECMA-262.
                    let negated = out.ends_with('^');
                    out.truncate(out.len() - if negated { 2 } else { 1 });
                    out.push_str(if negated {
                        "(?s:.)"
                    } else {
                        "[^\\x00-\\x{10FFFF}]"
                    });
                    in_class = false;
                    i += 2;
                    continue;
                }
            }
            '[' => out.push_str("\\["),
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            '(' if !in_class && chars.get(i + 1) == Some(&'?') => {
                let rest: String = chars[i + 2..].iter().take(2).collect();
                if rest.starts_with('=') || rest.starts_with('!') || rest == "<=" || rest == "<!" {
                    return Err(
                        "pattern uses lookaround ((?=, (?!, (?<=, (?<!), which the regex engine cannot run"
                            .into(),
                    );
                }
                out.push('(');
            }
            c => out.push(c),
        }
        i += 1;
    }
    Ok(out)
}

/// Checks and compiles a pattern.
pub(crate) fn compile(src: &str) -> Result<Pattern, String> {
    let translated = translate(src)?;
    #[cfg(feature = "regex")]
    {
        let regex = regex::Regex::new(&translated).map_err(|e| {
            let detail = e.to_string();
            let last = detail.lines().last().unwrap_or("").trim();
            format!("invalid pattern {src:?}: {last}")
        })?;
        Ok(Pattern {
            source: src.into(),
            translated,
            regex,
        })
    }
    #[cfg(not(feature = "regex"))]
    {
        let _ = translated;
        Err("the pattern keyword needs tool-schema's `regex` feature (on by default)".into())
    }
}

#[cfg(all(test, feature = "regex"))]
mod tests {
    use super::*;

    fn matches(p: &str, s: &str) -> bool {
        compile(p).unwrap().is_match(s)
    }

    #[test]
    fn ecma_classes_are_ascii() {
        assert!(matches("^\\d+$", "123"));
        assert!(!matches("^\\d+$", "١٢٣"));
        assert!(matches("^[\\w-]+$", "a_b-9"));
        assert!(!matches("^\\w+$", "é"));
        assert!(matches("^\\D$", "é"));
        assert!(matches("^a\\/b$", "a/b"));
    }

    #[test]
    fn unanchored_and_refusals() {
        assert!(matches("es", "test"));
        assert!(compile("(?=a)").unwrap_err().contains("lookaround"));
        assert!(compile("(a)\\1").unwrap_err().contains("backreference"));
        assert!(compile("(").unwrap_err().starts_with("invalid pattern"));
        assert!(matches("^[^]$", "x"));
        assert!(!matches("[]", "x"));
    }
}
