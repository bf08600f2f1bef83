//! The default engine against `regex-lite` on random patterns of a small
//! grammar (classes, ranges, groups, flags, alternation, every quantifier,
//! anchors, word boundaries, escapes, and some broken syntax) and random texts
//! (non-ASCII letters, line ends): the same refusals and the same answers. The
//! one deliberate difference: the `x` flag (verbose syntax), which ours refuses
//! (`pattern::translate` never emits it).

use super::engine::Engine;
use crate::test_rng::Rng;

const ATOMS: &[&str] = &[
    "a",
    "b",
    "é",
    "_",
    "1",
    " ",
    "A",
    ".",
    "\\n",
    "\\t",
    "\\r",
    "\\x61",
    "\\x{e9}",
    "\\u0062",
    "\\.",
    "\\-",
    "\\ ",
    "[ab]",
    "[^a]",
    "[a-c]",
    "[^\\n]",
    "[é-ë]",
    "[\\d_]",
    "[-a]",
    "[a-]",
    "[]a]",
    "[^]a]",
    "[\\W]",
    "[^\\s]",
    "[A-b]",
    "[Y-b]",
    "[\\x41-\\x{62}]",
    "\\d",
    "\\w",
    "\\s",
    "\\D",
    "\\W",
    "\\S",
    "\\b",
    "\\B",
    "^",
    "$",
    "\\A",
    "\\z",
    "\\b{start}",
    "\\b{end}",
    "\\b{start-half}",
    "\\b{end-half}",
    "\\<",
    "\\>",
    "(?s:.)",
    "[^\\x00-\\x{10FFFF}]",
];

/// Pieces that break the syntax (or nearly do).
const JUNK: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\\",
    "|",
    "*",
    "\\1",
    "\\e",
    "(?)",
    "(?-x)",
    "(?z)",
    "(?-)",
    "{2}",
    "[a&&b]",
    "[a--b]",
    "[z-a]",
    "\\x{}",
    "\\xZ",
    "\\b{foo}",
    "(?i-i)",
    "(?P<n>a)",
    "(?<1>a)",
    "(?=a)",
    "\\p{L}",
    "[[:alpha:]]",
    "{,2}",
    "\\x{110000}",
    "\\ud800",
    "{ 2 , 3 }",
    "{2, }",
    "\\b{5}",
    "\\b{",
    "[\\x61-z]",
    "[\\d-z]",
    "[a-\\d]",
    "[\\b]",
    "[[:^digit:]x]",
    "[[:foo:]]",
    "[[:alpha]",
    "(?i",
    "(?",
    "\\x{41}{2}",
    "a{4294967296}",
    "\\U0001F600",
    "\\u{1F600}",
    "[\\]]",
    "[\\-]",
    "[a-\\-]",
    "[a-]]",
    "[^-]",
    "}",
    "(?P=n)",
    "(?<n>",
    "(?i:[^k])",
    "[\\x4B]",
    "~",
    "#",
    "&",
];

const QUANTIFIERS: &[&str] = &[
    "*", "+", "?", "*?", "+?", "??", "{2}", "{0}", "{1}", "{1,}", "{0,2}", "{2,3}", "{3,2}",
    "{ 2 }", "{2,}?", "{1,2}?", "{0,0}", "{1,1}",
];

const FLAGS: &[&str] = &[
    "(?i)", "(?m)", "(?s)", "(?R)", "(?mR)", "(?U)", "(?u)", "(?-i)", "(?is)",
];
const FLAG_GROUPS: &[&str] = &["(?i:", "(?m:", "(?s:", "(?mR:", "(?-s:", "(?U:"];

fn pattern(rng: &mut Rng, depth: usize, out: &mut String) {
    let pieces = 1 + rng.below(4);
    for _ in 0..pieces {
        match rng.below(20) {
            0 if depth < 3 => {
                out.push('(');
                pattern(rng, depth + 1, out);
                out.push(')');
            }
            1 if depth < 3 => {
                out.push_str(rng.pick(&["(?:", "(?<x>", "(?P<y>"]));
                pattern(rng, depth + 1, out);
                out.push(')');
            }
            2 if depth < 3 => {
                out.push_str(rng.pick(FLAG_GROUPS));
                pattern(rng, depth + 1, out);
                out.push(')');
            }
            3 => out.push_str(rng.pick(FLAGS)),
            4 => out.push('|'),
            5 if rng.below(3) == 0 => out.push_str(rng.pick(JUNK)),
            _ => out.push_str(rng.pick(ATOMS)),
        }
        if rng.below(3) == 0 {
            out.push_str(rng.pick(QUANTIFIERS));
        }
    }
}

fn text(rng: &mut Rng) -> String {
    const CHARS: &[char] = &[
        'a', 'b', 'c', 'A', 'B', 'é', 'ë', '_', '1', ' ', '\n', '\r', '-',
    ];
    (0..rng.below(9))
        .map(|_| CHARS[rng.below(CHARS.len())])
        .collect()
}

#[test]
fn answers_and_refuses_as_regex_lite() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut compiled, mut refused) = (0, 0);
    for _ in 0..4000 {
        let mut p = String::new();
        pattern(&mut rng, 0, &mut p);
        let ours = Engine::new(&p);
        let theirs = regex_lite::Regex::new(&p);
        match (&ours, &theirs) {
            (Ok(_), Ok(_)) => compiled += 1,
            (Err(_), Err(_)) => refused += 1,
            (Ok(_), Err(e)) => panic!("{p:?}: ours compiles, regex-lite refuses: {e}"),
            (Err(e), Ok(_)) => panic!("{p:?}: ours refuses ({e}), regex-lite compiles"),
        }
        let (Ok(ours), Ok(theirs)) = (ours, theirs) else {
            continue;
        };
        for _ in 0..24 {
            let t = text(&mut rng);
            assert_eq!(
                ours.is_match(&t),
                theirs.is_match(&t),
                "pattern {p:?} on {t:?}"
            );
        }
    }
    // The grammar reaches both sides.
    assert!(
        compiled > 2000 && refused > 200,
        "{compiled} compiled, {refused} refused"
    );
}

#[test]
fn the_verbose_flag_is_refused() {
    assert!(regex_lite::Regex::new("(?x)a b").is_ok());
    let err = Engine::new("(?x)a b").unwrap_err();
    assert!(err.contains("x flag"), "{err}");
    assert!(Engine::new("(?-x)a b").is_ok());
}
