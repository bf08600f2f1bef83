//! Hostile patterns and texts: the limits on nesting and on the program's size
//! refuse, without expanding anything and without overflowing the stack, and
//! long texts against nested repetitions get their answer (the work is bounded
//! by the program's size times the text's length).

use super::engine::Engine;

fn refusal(pattern: &str) -> String {
    match Engine::new(pattern) {
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
        "[a-z]{300000}",
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
    let big = Engine::new("^a{100000}$").unwrap();
    assert!(big.is_match(&"a".repeat(100_000)));
    assert!(!big.is_match(&"a".repeat(99_999)));
    assert!(Engine::new("(?:){4294967295}x").unwrap().is_match("x"));
    assert!(Engine::new("(?:(?:){4294967295}){4294967295}")
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
    assert!(Engine::new(&nested(50)).is_ok() && regex_lite::Regex::new(&nested(50)).is_ok());
    assert!(Engine::new(&nested(51)).is_err() && regex_lite::Regex::new(&nested(51)).is_err());
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
        assert!(Engine::new(p).is_ok(), "{p}");
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
        let ours = Engine::new(pattern).unwrap();
        assert_eq!(ours.is_match(text), expected, "{pattern}");
    }
}
