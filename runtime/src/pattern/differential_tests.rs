//! The default engine against `regex-lite` on random patterns of a small
//! grammar (classes, ranges, groups, flags, alternation, every quantifier,
//! anchors, word boundaries, escapes, and some broken syntax) and random texts
//! (non-ASCII letters, line ends): the same refusals and the same answers. The
//! one deliberate difference: the `x` flag (verbose syntax), which ours refuses
//! (`pattern::translate` never emits it).

use super::engine::Engine;

/// The engine of `p` under the default limit.
fn engine(p: &str) -> Result<Engine, String> {
    Engine::new(p, super::DEFAULT_MAX_PATTERN_SIZE)
}
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

pub(super) fn pattern(rng: &mut Rng, depth: usize, out: &mut String) {
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
        let ours = engine(&p);
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
    let err = engine("(?x)a b").unwrap_err();
    assert!(err.contains("x flag"), "{err}");
    assert!(engine("(?-x)a b").is_ok());
}

/// Sets of characters (what a counter repeats), and pieces around them.
const SETS: &[&str] = &[
    "a",
    "b",
    "é",
    ".",
    "[ab]",
    "[^a]",
    "(a|b)",
    "(?:a|[bé])",
    "(?i:a)",
    "(?s:.)",
    "\\w",
    "[^\\x00-\\x{10FFFF}]",
    "((a))",
];
const COUNTS: &[&str] = &[
    "{16}", "{17}", "{16,}", "{20,}", "{0,16}", "{0,20}", "{15,17}", "{16,18}", "{1,40}", "{16,}?",
    "{64}", "{63,65}", "{0,70}",
];
/// Counts of several words of register (threads far apart in one counter).
const LARGE_COUNTS: &[&str] = &[
    "{130,200}",
    "{0,150}",
    "{140,}",
    "{64,300}",
    "{128}",
    "{191,193}",
    "{2,260}",
];
const AROUND: &[&str] = &[
    "^", "$", "a", "b", "x", "é", "\\b", "a*", "(?:ab)?", "|", "b+", "(?m)$", "[bx]",
];

/// A text of a few runs of one character each (counters count runs), the
/// longest up to `longest` characters.
fn runs(rng: &mut Rng, longest: usize) -> String {
    const CHARS: &[char] = &['a', 'b', 'x', 'é', 'A', '\n'];
    let mut t = String::new();
    for _ in 0..rng.below(5) {
        let c = CHARS[rng.below(CHARS.len())];
        let longest = if rng.below(3) == 0 {
            longest
        } else {
            longest / 4
        };
        let n = rng.below(longest);
        t.extend(std::iter::repeat_n(c, n));
    }
    t
}

/// Counted repetitions of a set, the engine's counters, answer as
/// `regex-lite`'s copies do: alone, in sequence, nested in groups and
/// alternations, repeated again, anchored or not, on runs of every length
/// around their bounds.
#[test]
fn counters_answer_as_regex_lite() {
    counters_against_regex_lite(COUNTS, 80, 1500, 0x2545_F491_4F6C_DD1D);
    counters_against_regex_lite(LARGE_COUNTS, 400, 150, 0x9E37_79B9_7F4A_7C15);
}

/// A counter entered again while its threads have read 128 or more (its
/// register's low words out of use, holding what earlier threads left there),
/// the entry before or after the shift:
/// `b`, a run of `i` letters, `b`, a run of `j`, then `x`, where only the
/// first thread could have read enough and it has read too many.
#[test]
fn counters_entered_beside_far_threads_answer_as_regex_lite() {
    let patterns = [
        "(?:b[ab]{130,200})+x",
        "(?:b[ab]{130,})+x",
        "^(?:b[ab]{130,200}){2}x",
        "(?:[ab]{130,200}b)+x",
        "(?:b(?:a|b){70,140})+x",
        "(?:b[ab]{0,200}b?)+x",
        // The entering `b` before the counter in the matcher's list: the
        // thread at count 0 added first, the far ones shifted beside it.
        "^[ab]*b[ab]{130,200}x",
        "[ab]*b[ab]{130,}x",
        "^(?:a|b)*b(?:a|b){70,140}x",
    ];
    for p in patterns {
        let ours = engine(p).unwrap();
        let theirs = regex_lite::Regex::new(p).unwrap();
        for i in (50..280).step_by(11) {
            for j in (0..280).step_by(13) {
                let t = format!("b{}b{}x", "a".repeat(i), "a".repeat(j));
                let expected = theirs.is_match(&t);
                assert_eq!(
                    ours.program_matches(&t),
                    expected,
                    "{p:?} on b a^{i} b a^{j} x"
                );
            }
        }
    }
}

/// `patterns` random patterns of counted sets (`counts`) against `regex-lite`,
/// each on texts of runs up to `longest` characters.
fn counters_against_regex_lite(counts: &[&str], longest: usize, patterns: usize, seed: u64) {
    let mut rng = Rng(seed);
    let mut counted = 0;
    for _ in 0..patterns {
        let mut p = String::new();
        for _ in 0..1 + rng.below(4) {
            match rng.below(6) {
                0 => p.push_str(rng.pick(AROUND)),
                1 => {
                    p.push_str("(?:");
                    p.push_str(rng.pick(SETS));
                    p.push_str(rng.pick(counts));
                    p.push_str(rng.pick(AROUND));
                    p.push(')');
                    p.push_str(rng.pick(&["", "*", "?", "{2}", "+"]));
                }
                _ => {
                    p.push_str(rng.pick(SETS));
                    p.push_str(rng.pick(counts));
                }
            }
        }
        let (Ok(ours), Ok(theirs)) = (engine(&p), regex_lite::Regex::new(&p)) else {
            panic!("{p:?} should compile in both");
        };
        counted += 1;
        for _ in 0..40 {
            let t = runs(&mut rng, longest);
            let expected = theirs.is_match(&t);
            assert_eq!(ours.is_match(&t), expected, "pattern {p:?} on {t:?}");
            // The program's counters, also where the small matcher answers.
            assert_eq!(
                ours.program_matches(&t),
                expected,
                "program of {p:?} on {t:?}"
            );
        }
    }
    assert_eq!(counted, patterns);
}
