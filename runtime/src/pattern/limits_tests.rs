//! Hostile patterns and texts: the limits on nesting and on the program's size
//! refuse, without expanding anything and without overflowing the stack, and
//! long texts against nested repetitions get their answer: the work per
//! character (counted in steps) is bounded by a constant times the program's
//! size, which the limit bounds, for every family of issue #28 (counted
//! repetitions of sets, of alternations of characters, of `.`, nested in
//! alternations and repeated again) and for the patterns without counters that
//! reach the limit.

use super::engine::Engine;

/// The engine of `p` under the default limit.
fn engine(p: &str) -> Result<Engine, String> {
    Engine::new(p, super::DEFAULT_MAX_PATTERN_SIZE)
}

fn refusal(pattern: &str) -> String {
    match engine(pattern) {
        Ok(_) => panic!("{:?} compiles", &pattern[..pattern.len().min(40)]),
        Err(e) => e,
    }
}

#[test]
fn counted_repetitions_beyond_the_size_limit_are_refused() {
    for p in [
        "(a{1000}){1000}",
        "((a{100}){100}){100}",
        "a{4294967295}{4294967295}{4294967295}",
        "(?:a{0,65535}){0,65535}",
        "[a-z]{3000000}",
        "(?:){0,4294967295}",
    ] {
        let e = refusal(p);
        assert!(e.contains("too large"), "{p}: {e}");
        assert!(regex_lite::Regex::new(p).is_err(), "{p}");
    }
    // regex-lite counts bytes, not states: a long run of assertions passes its
    // limit, not ours.
    assert!(refusal("\\b{300000}").contains("too large"));
    // Within the limit, and sub-patterns without instructions at any count.
    let big = engine("^a{100000}$").unwrap();
    assert!(big.is_match(&"a".repeat(100_000)));
    assert!(!big.is_match(&"a".repeat(99_999)));
    assert!(engine("(?:){4294967295}x").unwrap().is_match("x"));
    assert!(engine("(?:(?:){4294967295}){4294967295}")
        .unwrap()
        .is_match(""));
}

#[test]
fn deep_nesting_is_refused_without_overflowing() {
    let deep = [
        "(".repeat(100_000),
        "(?:".repeat(100_000),
        "(".repeat(100_000) + &")".repeat(100_000),
        format!("a{}", "*".repeat(100_000)),
        format!("a{}", "{2}".repeat(100_000)),
        "(a|".repeat(100_000),
    ];
    for p in &deep {
        let e = refusal(p);
        assert!(e.contains("nesting"), "{e}");
        assert!(regex_lite::Regex::new(p).is_err());
    }
    // The limit is regex-lite's: 50 levels pass, 51 do not.
    let nested = |n: usize| format!("{}a{}", "(".repeat(n), ")".repeat(n));
    assert!(engine(&nested(50)).is_ok() && regex_lite::Regex::new(&nested(50)).is_ok());
    assert!(engine(&nested(51)).is_err() && regex_lite::Regex::new(&nested(51)).is_err());
}

#[test]
fn broken_syntax_is_refused() {
    for p in [
        "{",
        "a{",
        "a{1",
        "a{1,",
        "a{,1}",
        "*",
        "a|*",
        "(",
        ")",
        "[",
        "[^",
        "[a",
        "\\",
        "\\x",
        "\\x{",
        "\\x{110000}",
        "\\ud800",
        "(?",
        "(?i",
        "(?<",
        "(?<a",
        "(?<>a)",
        "[z-a]",
        "a{2,1}",
        "a{99999999999}",
        "\\b{",
        "\\b{x}",
        "\\q",
    ] {
        assert!(!refusal(p).is_empty());
        assert!(regex_lite::Regex::new(p).is_err(), "{p}");
    }
    // Repeated repetitions and a lone `}` are accepted, as by regex-lite.
    for p in ["a**", "a+?*", "^*", "\\b+", "}", "a{2}{3}"] {
        assert!(engine(p).is_ok(), "{p}");
        assert!(regex_lite::Regex::new(p).is_ok(), "{p}");
    }
}

#[test]
fn long_texts_against_nested_repetitions_are_answered() {
    let a = "a".repeat(100_000);
    let ab = format!("{a}b");
    let words = "word ".repeat(20_000) + "!";
    for (pattern, text, expected) in [
        ("^(a*)*b$", &a, false),
        ("^(a*)*b$", &ab, true),
        ("^(a|aa)+$", &a, true),
        ("^(a|a?)+c", &a, false),
        ("(.*a){5}", &a, true),
        ("^(.*a){5}b", &a, false),
        ("^(\\w+\\s?)*$", &words, false),
        ("^((a{1,3}){1,3})*$", &a, true),
        ("((a?){5}){5}b", &a, false),
    ] {
        let ours = engine(pattern).unwrap();
        assert_eq!(ours.is_match(text), expected, "{pattern}");
    }
}

/// The size of `p`'s program (what the limit is compared with).
fn size(p: &str) -> u64 {
    super::syntax::parse(p).unwrap().root.cost() + 1
}

/// The steps the program of `engine` takes on `text` (see `vm::STEPS`).
fn steps(engine: &Engine, text: &str) -> u64 {
    super::vm::STEPS.with(|s| s.set(0));
    std::hint::black_box(engine.program_matches(text));
    super::vm::STEPS.with(|s| s.get())
}

/// The most steps the program may take per character of the text (and one),
/// per unit of its size.
const STEPS_PER_UNIT: u64 = 6;

/// A family member: a pattern (ECMA-262, translated) and the text of `n`
/// characters that keeps the most threads alive in it.
type Member = (String, Box<dyn Fn(usize) -> String>);

fn member(pattern: String, text: impl Fn(usize) -> String + 'static) -> Member {
    let translated = crate::pattern::translate(&pattern).unwrap();
    (translated, Box::new(text))
}

/// `unit` repeated to `n` characters.
fn cycle(unit: &str, n: usize) -> String {
    unit.chars().cycle().take(n).collect()
}

/// The alternation of `n` five-character words.
fn words(n: usize) -> String {
    (0..n)
        .map(|i| format!("w{i:04}"))
        .collect::<Vec<_>>()
        .join("|")
}

/// The families of issue #28 (item 2) at sizes up to the default limit, and
/// the patterns without counters that reach it, on the texts that keep their
/// threads alive.
fn families() -> Vec<Member> {
    let mut all = Vec::new();
    for k in [16, 100, 1000, 65_535, 500_000] {
        // Runs of k - 1 `a`s: every thread but the last completes.
        let run = format!("{}b", "a".repeat(k - 1));
        all.push(member(format!("a{{{k}}}"), move |n| cycle(&run, n)));
        all.push(member(format!("^[ab]{{{k},}}c"), |n| "a".repeat(n)));
    }
    for k in [16, 1000, 50_000, 500_000] {
        all.push(member(format!("(a|b){{0,{k}}}c"), |n| "a".repeat(n)));
        all.push(member(format!("(?:a|[bc]|\\d){{{k},}}x"), |n| {
            cycle("ab1", n)
        }));
    }
    for k in [16, 1000, 100_000] {
        all.push(member(format!("[\\s\\S]{{0,{k}}}x"), |n| "a".repeat(n)));
        all.push(member(format!("(?:.{{2,{k}}}y){{3}}"), |n| {
            cycle("aaay", n)
        }));
    }
    for k in [16, 1000, 65_535] {
        all.push(member(format!("^(?:.{{0,{k}}}|é){{2}}x$"), |n| {
            "a".repeat(n)
        }));
        all.push(member(format!("^(?:.{{0,{k}}}|é){{2}}x$"), |n| {
            "é".repeat(n)
        }));
        all.push(member(format!("(?:[aé]{{0,{k}}}é){{0,6}}x"), |n| {
            cycle("aé", n)
        }));
    }
    // No counter: every instruction a step.
    for k in [1, 10, 146] {
        all.push(member(format!("(?:ab|ba){{0,{k}}}c"), |n| cycle("ab", n)));
    }
    for k in [10, 100, 511] {
        all.push(member(format!("(?:a?){{{k}}}b"), |n| "a".repeat(n)));
    }
    for k in [10, 340] {
        all.push(member(format!("(?:a*){{{k}}}b"), |n| "a".repeat(n)));
    }
    for k in [10, 1000] {
        all.push(member(format!("\\b{{{k}}}x"), |n| cycle("ab ", n)));
    }
    for k in [10, 140] {
        let text = (0..k).map(|i| format!("w{i:04}")).collect::<String>();
        all.push(member(format!("(?:{})+x", words(k)), move |n| {
            cycle(&text, n)
        }));
    }
    all
}

#[test]
fn the_work_per_character_is_bounded_by_the_size() {
    let limit = super::DEFAULT_MAX_PATTERN_SIZE;
    let mut worst: f64 = 0.0;
    for (pattern, text) in families() {
        let size = size(&pattern);
        assert!(size <= limit, "{pattern}: {size}");
        let ours = engine(&pattern).unwrap();
        // regex-lite's answer too, where its copies are few enough to be quick.
        let expanded = super::syntax::parse(&pattern).unwrap().root.expanded;
        let reference = (expanded < 5000).then(|| regex_lite::Regex::new(&pattern).unwrap());
        let mut per_char = Vec::new();
        for n in [256, 1024] {
            let text = text(n);
            let taken = steps(&ours, &text);
            let bound = STEPS_PER_UNIT * size * (n as u64 + 1);
            assert!(
                taken <= bound,
                "{pattern} on {n} characters: {taken} steps, size {size}"
            );
            worst = worst.max(taken as f64 / (size * (n as u64 + 1)) as f64);
            per_char.push(taken as f64 / n as f64);
            if let Some(reference) = &reference {
                assert_eq!(ours.is_match(&text), reference.is_match(&text), "{pattern}");
            }
        }
        // Linear: four times the text, at most four times the work (and the
        // warm-up of the first characters).
        assert!(
            per_char[1] <= per_char[0] * 1.2 + 2.0 * size as f64,
            "{pattern}: {per_char:?} steps a character"
        );
    }
    eprintln!("at most {worst:.2} steps per character per unit of size");
}

#[test]
fn patterns_beyond_the_limit_are_refused_before_anything_is_expanded() {
    let limit = super::DEFAULT_MAX_PATTERN_SIZE;
    let over = [
        "(?:ab|ba){0,147}c".to_string(),
        "(?:ab|ba){0,50000}c".to_string(),
        "(?:ab|ba){0,4294967295}".to_string(),
        "(?:a?){512}b".to_string(),
        "(?:a*){341}b".to_string(),
        "\\b{1023}x".to_string(),
        format!("(?:{})+x", words(147)),
        "(a{1000}){1000}".to_string(),
        "[a-z]{600000}".to_string(),
        "^(?:.{0,4000000}|é){2}x$".to_string(),
        "(?:a{20}){0,600}".to_string(),
    ];
    for p in &over {
        let p = crate::pattern::translate(p).unwrap();
        let e = refusal(&p);
        assert!(
            e.contains("too large") && e.contains(&format!("the limit is {limit}")),
            "{p}: {e}"
        );
        // Within a raised limit when the engine's highest takes it.
        let size = super::syntax::parse(&p)
            .unwrap()
            .root
            .cost()
            .saturating_add(1);
        let raised = Engine::new(&p, size);
        assert_eq!(raised.is_ok(), size <= super::MAX_PATTERN_SIZE, "{p}");
        assert!(Engine::new(&p, size - 1).is_err());
    }
    // No limit asked for goes past the highest.
    let e = Engine::new("(?:ab){0,100000}", u64::MAX).unwrap_err();
    assert!(
        e.contains(&format!("the limit is {}", super::MAX_PATTERN_SIZE)),
        "{e}"
    );
}
