//! The suggestion search against a plain statement of its rules, on random words:
//! the whole edit table of the folded words (no shortcut), every candidate
//! looked at. The fast search must give the same distance and the same answer
//! (which suggestion, or none) on every one.

use super::*;

use crate::test_rng::Rng;

/// Letters few enough that words share some: ASCII in both cases, the
/// separators, and non-ASCII ones (some folding to ASCII, `İ` folding to two
/// characters of which the first counts, one with no case).
const LETTERS: &[char] = &[
    'a', 'b', 'c', 'd', 'A', 'B', 'x', '_', '-', 'é', 'É', 'ß', 'İ', 'Ω', 'ω', '日',
];

fn word(rng: &mut Rng, len: usize) -> String {
    (0..len)
        .map(|_| LETTERS[rng.below(LETTERS.len())])
        .collect()
}

/// `w` after `edits` random slips: insertions, deletions, substitutions and
/// swaps of neighbours.
fn misspelt(rng: &mut Rng, w: &str, edits: usize) -> String {
    let mut chars: Vec<char> = w.chars().collect();
    for _ in 0..edits {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 => chars.insert(at, LETTERS[rng.below(LETTERS.len())]),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => chars[at] = LETTERS[rng.below(LETTERS.len())],
            _ if at + 1 < chars.len() => chars.swap(at, at + 1),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A word near `base` (a few slips, sometimes many) or unrelated to it, of a
/// length up to 70.
fn candidate(rng: &mut Rng, base: &str) -> String {
    match rng.below(4) {
        0 => {
            let len = rng.below(71);
            word(rng, len)
        }
        1 => {
            let edits = rng.below(25);
            misspelt(rng, base, edits)
        }
        _ => {
            let edits = rng.below(4);
            misspelt(rng, base, edits)
        }
    }
}

fn fold_plain(w: &str) -> Vec<char> {
    w.chars()
        .filter(|c| !matches!(c, '_' | '-'))
        .map(|c| c.to_lowercase().next().unwrap_or(c))
        .collect()
}

/// The distance by its definition: the whole table.
fn distance_plain(a: &[char], b: &[char]) -> usize {
    let mut t = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in t.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in t[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (t[i - 1][j - 1] + cost)
                .min(t[i - 1][j] + 1)
                .min(t[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(t[i - 2][j - 2] + 1);
            }
            t[i][j] = d;
        }
    }
    t[a.len()][b.len()]
}

/// The distance of each candidate close to `word` (with the candidate), in
/// order, by the rules of the module documentation; `None` when `word` is too
/// long to be matched.
fn close_plain<'a>(word: &str, candidates: &[&'a str]) -> Option<Vec<(usize, &'a str)>> {
    let w = fold_plain(word);
    if w.len() > LONGEST {
        return None;
    }
    let max = (w.len() / 3).max(1);
    let close = candidates.iter().filter_map(|&c| {
        let f = fold_plain(c);
        if c == word || f.len() > LONGEST {
            return None;
        }
        let d = distance_plain(&w, &f);
        (d <= max && d < w.len().max(f.len())).then_some((d, c))
    });
    Some(close.collect())
}

fn best_plain<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let close = close_plain(word, candidates)?;
    let min = close.iter().map(|(d, _)| *d).min()?;
    let mut at_min = close.iter().filter(|(d, _)| *d == min).map(|(_, c)| *c);
    let first = at_min.next()?;
    at_min.all(|c| c == first).then_some(first)
}

fn closest_plain<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let close = close_plain(word, candidates)?;
    let min = close.iter().map(|(d, _)| *d).min()?;
    close.iter().find(|(d, _)| *d == min).map(|(_, c)| *c)
}

#[test]
fn distances_are_those_of_the_whole_table() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..4000 {
        let len = rng.below(LONGEST + 1);
        let a = word(&mut rng, len);
        let b = candidate(&mut rng, &a);
        let (Some(fa), Some(fb)) = (Folded::new(&a), Folded::new(&b)) else {
            continue;
        };
        let plain = distance_plain(fa.as_slice(), fb.as_slice());
        for max in [0, 1, 2, limit(fa.len), limit(fb.len), 7, 21, LONGEST] {
            assert_eq!(
                distance(&fa, &fb, max),
                (plain <= max).then_some(plain),
                "{a:?} {b:?} within {max}"
            );
        }
    }
}

#[test]
fn answers_are_those_of_the_plain_rules() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..1500 {
        let len = rng.below(71);
        let base = word(&mut rng, len);
        let n = rng.below(8);
        let owned: Vec<String> = (0..n)
            .map(|_| match rng.below(8) {
                0 => base.clone(),
                _ => candidate(&mut rng, &base),
            })
            .collect();
        let mut names: Vec<&str> = owned.iter().map(String::as_str).collect();
        if n > 1 && rng.below(4) == 0 {
            // The same candidate twice is one candidate, not a tie.
            names.push(names[0]);
        }
        let word = match rng.below(3) {
            0 => base.clone(),
            _ => misspelt(&mut rng, &base, 2),
        };
        assert_eq!(
            best(&word, names.iter().copied(), &mut Work::new()),
            best_plain(&word, &names),
            "best: {word:?} among {names:?}"
        );
        assert_eq!(
            closest(&word, names.iter().copied()),
            closest_plain(&word, &names),
            "closest: {word:?} among {names:?}"
        );
    }
}

/// Names folded beforehand ([`Known`]) give the same answer as names folded in
/// the lookup, and cost the same work, also when the work runs out midway.
#[test]
fn known_names_answer_as_names_do() {
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    for _ in 0..3000 {
        let len = rng.below(71);
        let base = word(&mut rng, len);
        let n = rng.below(9);
        let owned: Vec<String> = (0..n).map(|_| candidate(&mut rng, &base)).collect();
        let names: Vec<&'static str> = owned
            .iter()
            .map(|s| &*Box::leak(s.clone().into_boxed_str()))
            .collect();
        let known: Vec<Known> = names
            .iter()
            .map(|&name| {
                let (folded, len, mask) = Known::of(name);
                Known {
                    name,
                    folded: Box::leak(folded.into_boxed_str()),
                    len,
                    mask,
                }
            })
            .collect();
        let word = match rng.below(3) {
            0 => base.clone(),
            _ => misspelt(&mut rng, &base, 2),
        };
        let present = |name: &str| name.len() % 5 == 0;
        let left = match rng.below(3) {
            0 => rng.below(2000),
            _ => WORK_CELLS,
        };
        let (mut by_name, mut by_known) = (Work::with(left), Work::with(left));
        assert_eq!(
            declared_name(&word, names.iter().copied(), present, &mut by_name),
            declared_known(&word, &known, present, &mut by_known),
            "{word:?} among {names:?}"
        );
        assert_eq!(by_name.left(), by_known.left(), "{word:?} among {names:?}");
    }
}
