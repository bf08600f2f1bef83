//! Prefix liveness against brute force: on random patterns of the
//! differential tests' grammar (anchored or not) and on chosen ones, a prefix
//! said dead has no completion (of up to three characters of a small
//! alphabet) that matches, and on the chosen patterns, whose assertions sit
//! only where the text's characters around them are known, a prefix said live
//! has one; feeding in pieces answers as feeding at once; the work per
//! character is bounded by the program's size.

use super::engine::Engine;
use crate::test_rng::Rng;

const ALPHABET: &[char] = &['a', 'b', '_', ' ', 'é'];

/// Whether some completion of `prefix` of up to `depth` characters of
/// [`ALPHABET`] matches.
fn completes(engine: &Engine, prefix: &mut String, depth: usize) -> bool {
    if engine.is_match(prefix) {
        return true;
    }
    if depth == 0 {
        return false;
    }
    ALPHABET.iter().any(|&c| {
        prefix.push(c);
        let found = completes(engine, prefix, depth - 1);
        prefix.pop();
        found
    })
}

/// The liveness of every prefix of `text`, fed one character at a time (all
/// live for a pattern that cannot die).
fn each_prefix(engine: &Engine, text: &str) -> Vec<bool> {
    let Some(mut prefix) = engine.prefix() else {
        return vec![true; text.chars().count() + 1];
    };
    let mut live = vec![prefix.is_live()];
    let mut buf = [0u8; 4];
    for c in text.chars() {
        live.push(prefix.feed(c.encode_utf8(&mut buf)));
    }
    live
}

/// Random texts over [`ALPHABET`].
fn text(rng: &mut Rng, longest: usize) -> String {
    (0..rng.below(longest + 1))
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

#[test]
fn a_dead_prefix_has_no_matching_completion() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (mut patterns, mut dead) = (0, 0);
    for i in 0..1500 {
        let mut p = String::from(if i % 3 == 0 { "" } else { "^" });
        super::differential_tests::pattern(&mut rng, 0, &mut p);
        let Ok(engine) = Engine::new(&p, super::DEFAULT_MAX_PATTERN_SIZE) else {
            continue;
        };
        patterns += 1;
        for _ in 0..4 {
            let t = text(&mut rng, 5);
            let live = each_prefix(&engine, &t);
            for (end, &live) in live.iter().enumerate() {
                let mut prefix: String = t.chars().take(end).collect();
                if !live {
                    dead += 1;
                    assert!(
                        !completes(&engine, &mut prefix, 3),
                        "{p:?}: {prefix:?} said dead, a completion matches"
                    );
                }
            }
            // Once dead, dead for good.
            assert!(live.windows(2).all(|w| w[0] || !w[1]), "{p:?} on {t:?}");
        }
    }
    assert!(
        patterns > 800 && dead > 500,
        "{patterns} patterns, {dead} dead"
    );
}

#[test]
fn a_live_prefix_of_a_plain_pattern_has_a_matching_completion() {
    let chosen = [
        "^ab",
        "^ab+_$",
        "^(ab|a_|b)a$",
        "^[ab]{2,3}$",
        "^a?b*$",
        "^(?:a|é)_",
        "^[^_]b",
        "^a{3}$",
        "^(?:ab){0,2}_$",
        "^[a_]{16,18}$",
        "^[a-z]{17}",
        "(?:^a|^b)_",
        "^(?s:.)a",
        "^é+$",
        "^[]",
        "^$",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut seen = [0usize; 2];
    for p in chosen {
        let translated = super::translate(p).unwrap();
        let engine = Engine::new(&translated, super::DEFAULT_MAX_PATTERN_SIZE).unwrap();
        // Long enough completions for the counted ones.
        let depth = if p.contains("16") || p.contains("17") {
            0
        } else {
            4
        };
        for _ in 0..40 {
            let t = text(&mut rng, 6);
            for (end, &live) in each_prefix(&engine, &t).iter().enumerate() {
                let mut prefix: String = t.chars().take(end).collect();
                seen[live as usize] += 1;
                if depth > 0 {
                    let completes = completes(&engine, &mut prefix, depth);
                    assert_eq!(live, completes, "{p:?} on {prefix:?}");
                }
            }
        }
    }
    assert!(seen[0] > 200 && seen[1] > 200, "{seen:?}");
}

#[test]
fn counted_sets_die_at_the_character_past_their_bound() {
    let engine = Engine::new("^[a_]{16,18}$", super::DEFAULT_MAX_PATTERN_SIZE).unwrap();
    let live = each_prefix(&engine, &"a".repeat(20));
    // 18 characters may still match, the 19th cannot.
    assert!(live[..=18].iter().all(|&l| l));
    assert!(!live[19]);
    let live = each_prefix(&engine, &format!("{}b", "a".repeat(5)));
    assert!(live[5] && !live[6]);
    // Past the minimum of an unbounded count, live for good.
    let engine = Engine::new("^a{20,}", super::DEFAULT_MAX_PATTERN_SIZE).unwrap();
    assert!(each_prefix(&engine, &"a".repeat(80)).iter().all(|&l| l));
    // A wide register: 200 counts.
    let engine = Engine::new("^a{0,200}$", super::DEFAULT_MAX_PATTERN_SIZE).unwrap();
    let live = each_prefix(&engine, &"a".repeat(202));
    assert!(live[200] && !live[201]);
}

#[test]
fn pieces_answer_as_the_whole() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    for i in 0..600 {
        let mut p = String::from(if i % 4 == 0 { "" } else { "^" });
        super::differential_tests::pattern(&mut rng, 0, &mut p);
        let Ok(engine) = Engine::new(&p, super::DEFAULT_MAX_PATTERN_SIZE) else {
            continue;
        };
        let Some(mut whole) = engine.prefix() else {
            continue;
        };
        let t = text(&mut rng, 8);
        let by_char = each_prefix(&engine, &t);
        assert_eq!(whole.feed(&t), by_char[by_char.len() - 1], "{p:?} {t:?}");
        // Split at one place, after a reset.
        whole.reset();
        let cut = t
            .char_indices()
            .nth(t.chars().count() / 2)
            .map_or(0, |c| c.0);
        whole.feed(&t[..cut]);
        assert_eq!(
            whole.feed(&t[cut..]),
            by_char[by_char.len() - 1],
            "{p:?} {t:?}"
        );
    }
}

#[test]
fn unanchored_patterns_never_die_and_cost_nothing() {
    for p in ["ab", "a$", "\\bx", "(?m)^a"] {
        let engine = Engine::new(p, super::DEFAULT_MAX_PATTERN_SIZE).unwrap();
        assert!(engine.prefix().is_none(), "{p}");
    }
    // Unless anchored, even a pattern that matches nothing (the close decides).
    let nothing = "[^\\x00-\\x{10FFFF}]";
    let engine = Engine::new(nothing, super::DEFAULT_MAX_PATTERN_SIZE).unwrap();
    assert!(engine.prefix().is_none());
    let anchored = format!("^{nothing}");
    let engine = Engine::new(&anchored, super::DEFAULT_MAX_PATTERN_SIZE).unwrap();
    assert!(!engine.prefix().unwrap().is_live());
}

#[test]
fn the_work_per_character_is_bounded_by_the_program() {
    let engine = Engine::new("^(?:a|b|ab|ba){0,50}$", super::DEFAULT_MAX_PATTERN_SIZE).unwrap();
    let mut prefix = engine.prefix().unwrap();
    let text = "ab".repeat(25);
    super::vm::STEPS.with(|s| s.set(0));
    assert!(prefix.feed(&text));
    let steps = super::vm::STEPS.with(|s| s.get());
    let size = super::syntax::parse("^(?:a|b|ab|ba){0,50}$")
        .unwrap()
        .root
        .cost()
        + 1;
    assert!(
        steps <= 4 * size * text.len() as u64,
        "{steps} steps, size {size}"
    );
    assert!(!prefix.feed("c"));
}
