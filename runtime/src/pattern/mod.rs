//! `pattern`: JSON Schema patterns are ECMA-262 regular expressions. They run on
//! tool-schema's own engine (the default `pattern` feature: `engine` and the
//! modules it names) or on the `regex` crate (the `regex` feature: Unicode
//! property classes, faster matching, a longer build), both linear time, no
//! catastrophic backtracking on a model's input, after a translation of the
//! ECMA-262 forms whose meaning differs there. [`translate`] is the one place of
//! that meaning: `\d`, `\w` and their negations are ASCII, `\s` is ECMA-262's
//! white space and line terminators, each written out as a class so that both
//! engines read it alike. What the engine cannot run (lookaround,
//! backreferences, `\p{..}` without the `regex` feature) is refused with a
//! message, never ignored.
//!
//! The translated syntax is `regex-lite`'s, and the default engine answers as
//! `regex-lite` does on it (a property test compares them), without its build
//! cost. It refuses a pattern nested more than 50 levels deep (as `regex-lite`
//! does), one whose program's size exceeds the limit ([`DEFAULT_MAX_PATTERN_SIZE`]
//! unless the schema's builder sets another, at most [`MAX_PATTERN_SIZE`]), both
//! before anything is expanded, and the `x` flag (verbose syntax), which
//! `translate` never emits. The size is what matching may cost per character of
//! the text, in steps: one per instruction, counted repetitions expanded, but
//! for a set of characters repeated 16 times or more (`[a-z]{1,1000}`,
//! `(a|b){0,50000}`), which is one instruction counting with a register of one
//! bit per count (a step per 512 bits, which shift in the time of one
//! instruction). Matching takes time linear in the text, at most a few steps
//! per unit of the size per character, and no allocation once the thread's
//! scratch space has grown to the program.
//!
//! With the `regex` feature the same limit applies to the size of the program
//! without counters (every repetition expanded, as that crate builds it), as
//! this engine's parser counts it; a pattern it cannot read (`\p{..}`) is
//! counted with its property classes as one set.
//!
//! With the default engine, a simple pattern (a sequence of character sets,
//! each repeated, anchored or not: `^[a-z_]+$`, `^[0-9]{4}-[0-9]{2}$`) is
//! answered by a small matcher built from the engine's tree of it (`simple`),
//! checked against the engine's program on every short string of a test
//! alphabet; the program answers the others.
//!
//! Without the `pattern` feature a schema with a `pattern` is refused.

// The parser (and its tree's sizes) serves both engines: with `regex`, to
// count a pattern's size against the limit.
#[cfg(feature = "pattern")]
mod ast;
#[cfg(all(feature = "pattern", not(feature = "regex")))]
mod compile;
#[cfg(all(test, feature = "pattern", not(feature = "regex")))]
mod differential_tests;
#[cfg(all(feature = "pattern", not(feature = "regex")))]
mod engine;
#[cfg(all(test, feature = "pattern", not(feature = "regex")))]
mod limits_tests;
#[cfg(all(feature = "pattern", not(feature = "regex")))]
mod live;
#[cfg(all(test, feature = "pattern", not(feature = "regex")))]
mod live_tests;
#[cfg(feature = "pattern")]
mod ranges;
#[cfg(all(feature = "pattern", not(feature = "regex")))]
mod simple;
#[cfg(feature = "pattern")]
mod syntax;
#[cfg(feature = "pattern")]
mod syntax_class;
#[cfg(all(feature = "pattern", not(feature = "regex")))]
mod vm;

/// The default limit on the size of a pattern's program (see the module's
/// documentation): matching costs at most a few times this many steps per
/// character of the text (about 6 microseconds a character at the limit, in
/// the worst case, on a loaded 2-core machine: 100 KB in 0.6 s). It admits
/// any set of characters counted up to 500,000 times (`a{65535}`,
/// `[\s\S]{0,100000}`), an alternation of 140 five-letter words, the long
/// IPv6 address pattern (802), and refuses `(ab|cd){0,150}` or
/// `(a{1000}){1000}`. `Schema::builder().max_pattern_size(n)` sets another.
pub const DEFAULT_MAX_PATTERN_SIZE: u64 = 1024;

/// The highest limit on the size of a pattern's program: a larger one asked
/// for is this one (the matcher's memory is a few words a unit of size).
pub const MAX_PATTERN_SIZE: u64 = 1 << 18;

/// Why a pattern whose program would have size `size` is refused under
/// `limit`.
#[cfg(feature = "pattern")]
fn too_large(size: u64, limit: u64) -> String {
    format!(
        "the pattern is too large: matching it would cost {}{size} steps per character, the limit is {limit} (counted repetitions multiply; see `SchemaBuilder::max_pattern_size`)",
        if size == u64::MAX { "more than " } else { "" },
    )
}

#[cfg(all(feature = "pattern", not(feature = "regex")))]
use engine::Engine;
#[cfg(feature = "regex")]
use regex::Regex as Engine;

/// A compiled regular expression of the engine the features chose (our own, or
/// `regex` with that feature). For generated code and the model.
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct Regex {
    #[cfg(feature = "pattern")]
    engine: Engine,
    /// The literal text every match starts the string with (a pattern
    /// `^literal...`), compared before the engine runs.
    prefix: Option<Box<str>>,
    /// Whether the pattern is `^` and [`Regex::prefix`] alone: the comparison is
    /// the answer.
    literal: bool,
}

impl Regex {
    /// Compiles `translated` (a pattern in the engine's syntax, as
    /// [`Pattern::translated`] holds it) under the highest limit
    /// ([`MAX_PATTERN_SIZE`]: the schema it comes from was checked against its
    /// own); the error says why it is refused.
    pub fn new(translated: &str) -> Result<Regex, String> {
        Regex::with_limit(translated, MAX_PATTERN_SIZE)
    }

    /// Compiles `translated`, refused if its program's size exceeds `limit`.
    fn with_limit(translated: &str, limit: u64) -> Result<Regex, String> {
        #[cfg(feature = "pattern")]
        {
            let engine = new_engine(translated, limit)?;
            let (prefix, literal) = anchored_prefix(translated);
            Ok(Regex {
                engine,
                prefix,
                literal,
            })
        }
        #[cfg(not(feature = "pattern"))]
        {
            let _ = (translated, limit);
            Err(NEEDS_FEATURE.into())
        }
    }

    /// Whether `s` matches (anywhere).
    #[inline]
    pub fn is_match(&self, s: &str) -> bool {
        if let Some(prefix) = &self.prefix {
            if !s.starts_with(&**prefix) {
                return false;
            }
            if self.literal {
                return true;
            }
        }
        #[cfg(feature = "pattern")]
        {
            self.engine.is_match(s)
        }
        #[cfg(not(feature = "pattern"))]
        {
            let _ = s;
            false
        }
    }
}

/// Whether some continuation of the characters of a string read so far can
/// still make a pattern match (anywhere, as `pattern` matches): fed the string
/// in pieces, in memory bounded by the pattern's program and in the matcher's
/// time per character. Assertions at the end of what was read (`\b`, `$`) are
/// taken to hold. Only a pattern whose matches start at the start of the text
/// (`^...`) can die on a prefix ([`Regex::prefix_match`] gives none for the
/// others). With the `regex` feature the `regex` crate runs patterns, whose
/// meaning ours follows but for corners (Unicode case folding and word
/// boundaries): no prefix is ruled out there, and the string's close decides.
#[derive(Debug)]
pub struct PrefixMatch<'r> {
    #[cfg(all(feature = "pattern", not(feature = "regex")))]
    state: live::Prefix<'r>,
    #[cfg(not(all(feature = "pattern", not(feature = "regex"))))]
    never: std::convert::Infallible,
    #[cfg(not(all(feature = "pattern", not(feature = "regex"))))]
    _regex: std::marker::PhantomData<&'r Regex>,
}

impl PrefixMatch<'_> {
    /// Reads `text` on from the string so far; whether some continuation can
    /// still match.
    pub fn feed(&mut self, text: &str) -> bool {
        #[cfg(all(feature = "pattern", not(feature = "regex")))]
        {
            self.state.feed(text)
        }
        #[cfg(not(all(feature = "pattern", not(feature = "regex"))))]
        {
            let _ = text;
            match self.never {}
        }
    }

    /// Whether some continuation of the string so far can still match.
    pub fn is_live(&self) -> bool {
        #[cfg(all(feature = "pattern", not(feature = "regex")))]
        {
            self.state.is_live()
        }
        #[cfg(not(all(feature = "pattern", not(feature = "regex"))))]
        {
            match self.never {}
        }
    }

    /// Back to the empty string (its memory kept).
    pub fn reset(&mut self) {
        #[cfg(all(feature = "pattern", not(feature = "regex")))]
        self.state.reset();
        #[cfg(not(all(feature = "pattern", not(feature = "regex"))))]
        match self.never {}
    }
}

impl Regex {
    /// The liveness of a string to be read in pieces against this pattern
    /// (see [`PrefixMatch`]), or none when no prefix can rule a match out
    /// (the pattern is not anchored at the start, or the `regex` feature runs
    /// it): nothing to compute then.
    pub fn prefix_match(&self) -> Option<PrefixMatch<'_>> {
        #[cfg(all(feature = "pattern", not(feature = "regex")))]
        {
            self.engine.prefix().map(|state| PrefixMatch { state })
        }
        #[cfg(not(all(feature = "pattern", not(feature = "regex"))))]
        {
            None
        }
    }
}

/// The literal text a `translated` pattern anchored with `^` requires at the
/// start (`^k7_` and `^ab+` require `k7_` and `ab`), and whether it is the whole
/// pattern. Patterns with an alternation (`|`) anywhere have none.
#[cfg(feature = "pattern")]
fn anchored_prefix(translated: &str) -> (Option<Box<str>>, bool) {
    let Some(rest) = translated.strip_prefix('^') else {
        return (None, false);
    };
    if translated.contains('|') {
        return (None, false);
    }
    let end = rest
        .find(|c| "\\.+*?()|[]{}^$".contains(c))
        .unwrap_or(rest.len());
    let mut prefix = &rest[..end];
    let literal = end == rest.len();
    if rest[end..].starts_with(['?', '*', '{']) {
        // The last character may be absent.
        prefix = prefix
            .char_indices()
            .last()
            .map_or("", |(i, _)| &prefix[..i]);
    }
    let prefix = (!prefix.is_empty()).then(|| prefix.into());
    (prefix, literal)
}

/// The refusal of a pattern when no engine is built.
#[cfg(not(feature = "pattern"))]
const NEEDS_FEATURE: &str =
    "the pattern keyword needs tool-schema's `pattern` feature (on by default)";

/// The engine of `translated`, or why it is refused.
#[cfg(all(feature = "pattern", not(feature = "regex")))]
fn new_engine(translated: &str, limit: u64) -> Result<Engine, String> {
    Engine::new(translated, limit)
}

/// The engine of `translated`, or why it is refused (its program's size
/// without counters, as this engine's parser counts it, above `limit`).
#[cfg(feature = "regex")]
fn new_engine(translated: &str, limit: u64) -> Result<Engine, String> {
    if let Ok(parsed) = syntax::parse(translated) {
        let limit = limit.min(MAX_PATTERN_SIZE);
        let size = parsed.root.expanded.saturating_add(1);
        if size > limit {
            return Err(too_large(size, limit));
        }
    }
    Engine::new(translated).map_err(|e| last_line(&e.to_string()))
}

/// The last line of the `regex` crate's error (the others repeat the pattern),
/// without an `error: `.
#[cfg(feature = "regex")]
fn last_line(detail: &str) -> String {
    let last = detail.lines().last().unwrap_or("").trim();
    last.strip_prefix("error: ").unwrap_or(last).to_string()
}

/// A `pattern`, as written and as the regular expression that runs it.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// The pattern as written in the schema (ECMA-262 syntax).
    pub source: std::sync::Arc<str>,
    /// The same pattern in the engines' syntax (the same for ours and
    /// `regex`).
    pub translated: String,
    pub regex: Regex,
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Pattern) -> bool {
        self.source == other.source
    }
}

impl Pattern {
    /// Whether `s` matches (anywhere, as JSON Schema's `pattern` is unanchored).
    #[inline]
    pub fn is_match(&self, s: &str) -> bool {
        self.regex.is_match(s)
    }

    /// The liveness of a string to be read in pieces ([`Regex::prefix_match`]).
    pub fn prefix_match(&self) -> Option<PrefixMatch<'_>> {
        self.regex.prefix_match()
    }
}

/// The patterns of a `patternProperties`, matched together: a name no pattern
/// matches is read once whatever their number.
#[derive(Clone, Debug)]
pub struct PatternSet {
    /// With `regex`: the set, one pass for any number of patterns.
    #[cfg(feature = "regex")]
    set: regex::RegexSet,
    /// Each pattern on its own, to say which match without allocating (with
    /// `regex`, sets of up to 64 patterns; with the default engine, which has no
    /// sets, every set: the patterns run one by one, after their anchored
    /// prefixes).
    each: Vec<Regex>,
}

impl PartialEq for PatternSet {
    /// A set follows from its patterns, which equality compares already.
    fn eq(&self, _: &PatternSet) -> bool {
        true
    }
}

/// Up to this many patterns (with the `regex` feature), the ones matching a name
/// (once the set says some do) are found one by one, without allocating; beyond,
/// by the set in one pass (which allocates its answer).
#[cfg(feature = "regex")]
const ONE_BY_ONE: usize = 64;

impl PatternSet {
    /// The set of `translated` patterns (in the engine's syntax, as
    /// [`Pattern::translated`] holds them). For generated code and the parser.
    #[doc(hidden)]
    pub fn from_translated(translated: &[&str]) -> Result<PatternSet, String> {
        let fail = |e: String| format!("the patterns cannot be matched together: {e}");
        #[cfg(feature = "regex")]
        {
            let set =
                regex::RegexSet::new(translated).map_err(|e| fail(last_line(&e.to_string())))?;
            let each = if translated.len() <= ONE_BY_ONE {
                translated
                    .iter()
                    .map(|t| Regex::new(t))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(fail)?
            } else {
                Vec::new()
            };
            Ok(PatternSet { set, each })
        }
        #[cfg(all(feature = "pattern", not(feature = "regex")))]
        {
            let each = translated
                .iter()
                .map(|t| Regex::new(t))
                .collect::<Result<Vec<_>, _>>()
                .map_err(fail)?;
            Ok(PatternSet { each })
        }
        #[cfg(not(feature = "pattern"))]
        {
            let _ = (translated, fail);
            Err("patternProperties needs tool-schema's `pattern` feature (on by default)".into())
        }
    }

    /// Calls `each(i)` for every pattern `i` that matches `name` (anywhere), in
    /// order, until it returns `false`; returns whether it never did. With the
    /// `regex` feature a name no pattern matches costs one pass of the set, and
    /// sets of up to 64 patterns allocate nothing; with the default engine each pattern
    /// is asked (a pattern `^literal...` compares its literal first), and
    /// nothing allocates.
    pub fn each_match(&self, name: &str, mut each: impl FnMut(usize) -> bool) -> bool {
        #[cfg(feature = "regex")]
        {
            if !self.set.is_match(name) {
                return true;
            }
            if self.each.len() != self.set.len() {
                return self.set.matches(name).into_iter().all(each);
            }
        }
        self.each
            .iter()
            .enumerate()
            .filter(|(_, re)| re.is_match(name))
            .all(|(i, _)| each(i))
    }
}

/// ECMA-262's `\s`: WhiteSpace (tab, vertical tab, form feed, space, U+00A0,
/// U+FEFF and the Zs category) and LineTerminator (LF, CR, U+2028, U+2029), as the
/// members of a class.
const SPACE: &str = r"\t\n\x0B\x0C\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";

/// Everything but [`SPACE`], as the members of a class (for `\S` inside a class:
/// neither engine nests classes the same way).
const NOT_SPACE: &str = r"\x00-\x08\x0E-\x1F\x21-\x{9F}\x{A1}-\x{167F}\x{1681}-\x{1FFF}\x{200B}-\x{2027}\x{202A}-\x{202E}\x{2030}-\x{205E}\x{2060}-\x{2FFF}\x{3001}-\x{FEFE}\x{FF00}-\x{10FFFF}";

/// Everything but an ASCII digit, as the members of a class (`\D` inside a class).
const NOT_DIGIT: &str = r"\x00-\x2F\x3A-\x{10FFFF}";

/// Everything but an ASCII word character, as the members of a class (`\W`
/// inside a class).
const NOT_WORD: &str = r"\x00-\x2F\x3A-\x40\x5B-\x5E\x60\x7B-\x{10FFFF}";

/// One ECMA-262 class escape (`\d`, `\D`, `\w`, `\W`, `\s`, `\S`) in the engines'
/// syntax, inside a class or on its own.
fn class_escape(e: char, in_class: bool) -> Option<String> {
    let (members, negated) = match e {
        'd' => ("0-9", false),
        'w' => ("0-9A-Za-z_", false),
        's' => (SPACE, false),
        'D' => ("0-9", true),
        'W' => ("0-9A-Za-z_", true),
        'S' => (SPACE, true),
        _ => return None,
    };
    Some(match (in_class, negated) {
        (false, false) => format!("[{members}]"),
        (false, true) => format!("[^{members}]"),
        (true, false) => members.to_string(),
        (true, true) => match e {
            'D' => NOT_DIGIT,
            'W' => NOT_WORD,
            _ => NOT_SPACE,
        }
        .to_string(),
    })
}

/// Rewrites an ECMA-262 pattern into the engines' syntax (`regex-lite`'s, which
/// ours and `regex` read alike, but for `\p{..}`, which only `regex` runs).
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
                if let Some(class) = class_escape(e, in_class) {
                    out.push_str(&class);
                    continue;
                }
                match e {
                    'p' | 'P' if !cfg!(feature = "regex") => {
                        return Err(format!(
                            "pattern uses the Unicode property class \\{e}{{..}}, which needs tool-schema's `regex` feature (the default engine has no Unicode tables)"
                        ))
                    }
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

/// Checks and compiles a pattern, refused if its program's size exceeds
/// `limit`.
pub fn compile(src: &str, limit: u64) -> Result<Pattern, String> {
    let translated = translate(src)?;
    #[cfg(not(feature = "pattern"))]
    {
        let _ = (translated, limit);
        Err(NEEDS_FEATURE.into())
    }
    #[cfg(feature = "pattern")]
    {
        let regex = Regex::with_limit(&translated, limit)
            .map_err(|e| format!("invalid pattern {}: {e}", quoted(src)))?;
        Ok(Pattern {
            source: src.into(),
            translated,
            regex,
        })
    }
}

/// `src` quoted for a message, its first 60 characters when longer (the reason
/// after it stays in sight).
#[cfg(feature = "pattern")]
fn quoted(src: &str) -> String {
    match src.char_indices().nth(60) {
        Some((end, _)) => format!("{:?}", format!("{}…", &src[..end])),
        None => format!("{src:?}"),
    }
}

/// The engine's program alone on a translated pattern (no prefix, no small
/// matcher).
#[cfg(all(test, feature = "pattern", not(feature = "regex")))]
pub fn engine_for_tests(translated: &str) -> impl Fn(&str) -> bool {
    let engine = Engine::new(translated, MAX_PATTERN_SIZE).unwrap();
    move |s| engine.program_matches(s)
}

#[cfg(all(test, feature = "pattern"))]
mod tests {
    use super::*;

    fn matches(p: &str, s: &str) -> bool {
        compile(p).unwrap().is_match(s)
    }

    fn compile(p: &str) -> Result<Pattern, String> {
        super::compile(p, DEFAULT_MAX_PATTERN_SIZE)
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

    #[test]
    fn ecma_white_space_in_both_engines() {
        // ECMA-262: U+FEFF is white space, U+0085 is not (Unicode says the reverse).
        assert!(matches("^\\s$", "\u{feff}"));
        assert!(matches("^\\s$", "\u{2029}"));
        assert!(!matches("^\\s$", "\u{85}"));
        assert!(matches("^\\S$", "\u{85}"));
        assert!(!matches("^\\S$", "\u{3000}"));
        assert!(matches("^[\\sa]+$", "a \u{a0}a"));
        assert!(matches("^[\\S]+$", "ab\u{85}"));
        assert!(!matches("^[\\S]$", "\t"));
    }

    #[test]
    fn negated_classes_inside_a_class_are_ascii() {
        assert!(matches("^[\\D]$", "\u{661}")); // ARABIC-INDIC DIGIT ONE is not \d
        assert!(!matches("^[\\D]$", "7"));
        assert!(matches("^[\\W]$", "é"));
        assert!(!matches("^[\\W]$", "_"));
        assert!(matches("^[\\W\\d]+$", "é7-"));
    }

    #[test]
    fn property_classes_need_the_regex_feature() {
        let got = compile("^\\p{Letter}+$");
        if cfg!(feature = "regex") {
            assert!(got.unwrap().is_match("école"));
        } else {
            let err = got.unwrap_err();
            assert!(err.contains("`regex` feature"), "{err}");
        }
    }

    /// The limit on a pattern's size holds whichever engine runs it: ours
    /// counts a counter's register, `regex` (no counters) every copy.
    #[test]
    fn the_size_limit_holds_for_both_engines() {
        let limited = |p: &str, limit: u64| super::compile(p, limit).map(|_| ());
        for p in ["(?:ab|ba){0,147}c", "(?:a?){600}b", "(a{1000}){1000}"] {
            let e = compile(p).unwrap_err();
            assert!(
                e.contains("too large") && e.contains("limit is 1024"),
                "{p}: {e}"
            );
            assert!(
                limited(p, MAX_PATTERN_SIZE).is_ok() || p.contains("{1000}"),
                "{p}"
            );
        }
        // Sets counted many times: a counter here, copies with `regex`.
        for p in [
            "a{65535}",
            "(a|b){0,50000}c",
            "[\\s\\S]{0,1000}x",
            "^(?:.{0,65535}|é){2}x$",
        ] {
            assert_eq!(compile(p).is_ok(), !cfg!(feature = "regex"), "{p}");
        }
        if !cfg!(feature = "regex") {
            assert!(!matches("[\\s\\S]{0,1000}x", &"a".repeat(5000)));
            assert!(matches(
                "[\\s\\S]{0,1000}x",
                &format!("{}x", "a".repeat(5000))
            ));
        }
        if cfg!(feature = "regex") {
            assert!(compile("^\\p{Letter}{10}$").is_ok());
            let e = compile("^\\p{Letter}{2000}$").unwrap_err();
            assert!(e.contains("too large"), "{e}");
            // Past ours, the regex crate's own limit (10 MiB of its program).
            let e = limited("^\\p{Letter}{2000}$", 4000).unwrap_err();
            assert!(!e.contains("too large"), "{e}");
        }
    }

    #[test]
    fn anchored_prefixes() {
        assert_eq!(anchored_prefix("^k7_"), (Some("k7_".into()), true));
        assert_eq!(anchored_prefix("^ab+c"), (Some("ab".into()), false));
        assert_eq!(anchored_prefix("^abc?"), (Some("ab".into()), false));
        assert_eq!(anchored_prefix("^é{2}"), (None, false));
        assert_eq!(anchored_prefix("^aé*"), (Some("a".into()), false));
        assert_eq!(anchored_prefix("^ab|cd"), (None, false));
        assert_eq!(anchored_prefix("ab"), (None, false));
        assert_eq!(anchored_prefix("^[0-9]"), (None, false));
        assert!(matches("^k7_", "k7_x"));
        assert!(!matches("^k7_", "k7"));
        assert!(matches("^ab?$", "a"));
        assert!(!matches("^ab+c", "abbd"));
    }

    #[test]
    fn pattern_sets_say_which_match() {
        let set = PatternSet::from_translated(&["^a", "b$", "^x+$"]).unwrap();
        let mut seen = Vec::new();
        assert!(set.each_match("ab", |i| {
            seen.push(i);
            true
        }));
        assert_eq!(seen, [0, 1]);
        assert!(set.each_match("zzz", |_| false));
        assert!(!set.each_match("xx", |_| false));
        assert!(PatternSet::from_translated(&["("]).is_err());
    }
}
