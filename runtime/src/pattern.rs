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
