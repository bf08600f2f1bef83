//! "Did you mean ...?": the one known word a misspelt one is closest to.
//!
//! Two words are compared folded (lower case, `_` and `-` left out, so that
//! `startDate`, `start_date` and `Start-Date` are one word), by the edit distance
//! that counts an insertion, a deletion, a substitution or a swap of two
//! neighbouring letters as one step. A word is close to a candidate when at most
//! a third of its letters (at least one) differ.
//!
//! The work is bounded whatever the input: words longer than [`LONGEST`] folded
//! characters are never matched, and one lookup (or one [`Work`] shared by
//! several) stops computing distances after a fixed number of table cells and
//! then suggests nothing.

use crate::violation::{Kind, Suggestion};
use serde_json::Value;

/// The longest word (in folded characters) a suggestion is looked for, or made of.
pub const LONGEST: usize = 64;

/// The most work units one [`Work`] pays for: one lookup made alone, or all the
/// lookups of one validation run (shared through its violation budget). A
/// candidate costs 8 units plus its length in bytes, and a distance
/// computed one unit per table cell.
pub const WORK_CELLS: usize = 1 << 18;

/// What looking at one candidate costs in work units, besides its length.
const PER_CANDIDATE: usize = 8;

/// What lookups may still compute: shared by the lookups of one run, so that many
/// undeclared names against many declared ones, or many misses of a long `enum`,
/// cost a bounded time.
#[derive(Debug)]
pub struct Work {
    left: usize,
}

impl Work {
    /// The budget of [`WORK_CELLS`] cells.
    pub fn new() -> Work {
        Work::with(WORK_CELLS)
    }

    /// A budget of `left` cells.
    pub fn with(left: usize) -> Work {
        Work { left }
    }

    /// The cells left.
    pub fn left(&self) -> usize {
        self.left
    }

    /// Pays `cells`; false (and nothing left) when they are more than is left.
    fn pay(&mut self, cells: usize) -> bool {
        match self.left.checked_sub(cells) {
            Some(left) => {
                self.left = left;
                true
            }
            None => {
                self.left = 0;
                false
            }
        }
    }
}

impl Default for Work {
    fn default() -> Work {
        Work::new()
    }
}

/// A word folded for comparison: lower case, without `_` and `-`.
struct Folded {
    chars: [char; LONGEST],
    len: usize,
}

impl Folded {
    /// `word` folded; `None` when it has more than [`LONGEST`] folded characters.
    fn new(word: &str) -> Option<Folded> {
        let mut chars = ['\0'; LONGEST];
        let mut len = 0;
        for c in word.chars().filter(|c| !is_separator(*c)) {
            if len == LONGEST {
                return None;
            }
            chars[len] = if c.is_ascii() {
                c.to_ascii_lowercase()
            } else {
                c.to_lowercase().next().unwrap_or(c)
            };
            len += 1;
        }
        Some(Folded { chars, len })
    }

    /// How many characters `word` has folded, counted up to `LONGEST + 1`.
    fn len_of(word: &str) -> usize {
        word.chars()
            .filter(|c| !is_separator(*c))
            .take(LONGEST + 1)
            .count()
    }

    fn as_slice(&self) -> &[char] {
        &self.chars[..self.len]
    }
}

/// Whether `c` is left out of a folded word.
fn is_separator(c: char) -> bool {
    matches!(c, '_' | '-')
}

/// The most steps between a word of `len` folded characters and a word it is
/// close to.
fn limit(len: usize) -> usize {
    (len / 3).max(1)
}

/// Whether words `d` steps apart keep something in common: not every letter
/// of the longer one changed (`"b"` is not a misspelling of `"a"`).
fn shares(d: usize, a: &Folded, b: &Folded) -> bool {
    d < a.len.max(b.len)
}

/// The distance between `a` and `b` (insertions, deletions, substitutions and
/// swaps of neighbours), or `None` when it is above `max`. Both are at most
/// [`LONGEST`] long.
fn distance(a: &[char], b: &[char], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let width = b.len() + 1;
    // Three rows: two back (for swaps), one back, and the current one. Distances
    // between words of at most LONGEST characters fit a byte.
    let mut rows = [[0u8; LONGEST + 1]; 3];
    for (j, cell) in rows[0][..width].iter_mut().enumerate() {
        *cell = j as u8;
    }
    for i in 1..=a.len() {
        let (cur, prev, prev2) = (i % 3, (i + 2) % 3, (i + 1) % 3);
        rows[cur][0] = i as u8;
        let mut row_min = i as u8;
        for j in 1..width {
            let cost = u8::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[prev][j - 1] + cost)
                .min(rows[prev][j] + 1)
                .min(rows[cur][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[prev2][j - 2] + 1);
            }
            rows[cur][j] = d;
            row_min = row_min.min(d);
        }
        if usize::from(row_min) > max {
            return None;
        }
    }
    let d = usize::from(rows[a.len() % 3][b.len()]);
    (d <= max).then_some(d)
}

/// The candidate `word` most likely misspells: the closest of those close to it;
/// `None` when none is close, when two distinct candidates are equally close, or
/// when `work` runs out. A candidate equal to `word` is never suggested.
pub fn best<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    work: &mut Work,
) -> Option<&'a str> {
    let folded = Folded::new(word)?;
    let max = limit(folded.len);
    // The best distance so far, its candidate, and whether another candidate
    // ties with it.
    let mut best: Option<(usize, &'a str, bool)> = None;
    for candidate in candidates {
        if candidate == word {
            continue;
        }
        if !work.pay(PER_CANDIDATE + candidate.len().min(4 * LONGEST)) {
            return None;
        }
        if folded.len.abs_diff(Folded::len_of(candidate)) > max {
            continue;
        }
        let Some(other) = Folded::new(candidate) else {
            continue;
        };
        if !work.pay((folded.len + 1) * (other.len + 1)) {
            return None;
        }
        let Some(d) = distance(folded.as_slice(), other.as_slice(), max) else {
            continue;
        };
        if !shares(d, &folded, &other) {
            continue;
        }
        best = match best {
            Some((k, c, tie)) if k < d => Some((k, c, tie)),
            Some((k, c, tie)) if k == d => Some((k, c, tie || c != candidate)),
            _ => Some((d, candidate, false)),
        };
    }
    match best {
        Some((_, c, false)) => Some(c),
        _ => None,
    }
}

/// The candidate closest to `word`, if it is close enough to be a likely typo.
/// Ties go to the earliest candidate (for the hints of schema errors).
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let folded = Folded::new(word)?;
    let max = limit(folded.len);
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        if c == word {
            continue;
        }
        let Some(other) = Folded::new(c) else {
            continue;
        };
        if let Some(d) = distance(folded.as_slice(), other.as_slice(), max)
            .filter(|d| shares(*d, &folded, &other))
        {
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// The declared name an undeclared one (`word`) likely misspells, among those
/// the object does not give (`present` says which it does): a name already given
/// is never suggested, since writing it again would repeat it.
pub fn declared_name<'a>(
    word: &str,
    declared: impl IntoIterator<Item = &'a str>,
    present: impl Fn(&str) -> bool,
    work: &mut Work,
) -> Option<&'a str> {
    best(
        word,
        declared.into_iter().filter(|name| !present(name)),
        work,
    )
}

/// The one allowed value a received string is close to: the allowed strings only
/// (case first: `"Celsius"` for `"celsius"`).
pub fn allowed_value<'a>(
    received: &Value,
    allowed: &'a [Value],
    work: &mut Work,
) -> Option<&'a Value> {
    let word = received.as_str()?;
    let strings = allowed.iter().filter_map(Value::as_str);
    let chosen = best(word, strings, work)?;
    allowed.iter().find(|a| a.as_str() == Some(chosen))
}

/// The suggestion the facts of `kind` alone give: an allowed value for an `enum`
/// or `const` miss, a known tool for an unknown one. (An undeclared member's
/// suggestion needs the object around it: see
/// [`keywords::object::suggest_names`](crate::keywords::object::suggest_names).)
pub(crate) fn of_kind(kind: &Kind, work: &mut Work) -> Option<Suggestion> {
    match kind {
        Kind::Enum { allowed, received } => {
            allowed_value(received, allowed, work).map(|v| Suggestion::Value(v.clone()))
        }
        Kind::Const { expected, received } => {
            allowed_value(received, std::slice::from_ref(expected), work)
                .map(|v| Suggestion::Value(v.clone()))
        }
        Kind::UnknownTool { name, known } => best(name, known.iter().map(String::as_str), work)
            .map(|k| Suggestion::Name(k.to_string())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one<'a>(word: &str, names: &[&'a str]) -> Option<&'a str> {
        best(word, names.iter().copied(), &mut Work::new())
    }

    #[test]
    fn finds_typos_only() {
        let kws = ["required", "properties", "type", "enum"];
        assert_eq!(closest("requird", kws), Some("required"));
        assert_eq!(closest("propertes", kws), Some("properties"));
        assert_eq!(closest("Type", kws), Some("type"));
        assert_eq!(closest("bogus", kws), None);
        assert_eq!(closest("strin", ["string", "number"]), Some("string"));
        assert_eq!(closest("", kws), None);
    }

    #[test]
    fn distances_count_each_kind_of_slip_once() {
        let d = |a: &str, b: &str| {
            let (a, b) = (Folded::new(a).unwrap(), Folded::new(b).unwrap());
            distance(a.as_slice(), b.as_slice(), LONGEST)
        };
        assert_eq!(d("citty", "city"), Some(1));
        assert_eq!(d("cty", "city"), Some(1));
        assert_eq!(d("fromat", "format"), Some(1));
        assert_eq!(d("start_date", "startDate"), Some(0));
        assert_eq!(d("kitten", "sitting"), Some(3));
        assert_eq!(d("", "ab"), Some(2));
        assert_eq!(d("ab", ""), Some(2));
        assert_eq!(d("a", "a"), Some(0));
    }

    #[test]
    fn names_by_case_separators_and_small_edits() {
        let names = ["city", "format", "startDate", "days"];
        assert_eq!(one("citty", &names), Some("city"));
        assert_eq!(one("CITY", &names), Some("city"));
        assert_eq!(one("fromat", &names), Some("format"));
        assert_eq!(one("start_date", &names), Some("startDate"));
        assert_eq!(one("dayss", &names), Some("days"));
        assert_eq!(one("weather", &names), None);
        assert_eq!(one("b", &["a"]), None, "nothing in common");
        assert_eq!(one("x", &["xx"]), Some("xx"));
    }

    #[test]
    fn equally_close_names_give_nothing() {
        assert_eq!(one("cat", &["bat", "car"]), None);
        assert_eq!(one("Mode", &["mode", "MODE"]), None);
    }

    #[test]
    fn only_names_not_given_are_suggested() {
        let mut work = Work::new();
        let present = |n: &str| n == "unit";
        // "units" is one step from "unit" (given) and from "unity" (not given).
        assert_eq!(
            declared_name("units", ["unit", "unity"], present, &mut work),
            Some("unity")
        );
        assert_eq!(declared_name("units", ["unit"], present, &mut work), None);
    }

    #[test]
    fn values_case_first() {
        let allowed = [
            Value::from("celsius"),
            Value::from("fahrenheit"),
            Value::from(3),
        ];
        let mut work = Work::new();
        assert_eq!(
            allowed_value(&Value::from("Celsius"), &allowed, &mut work),
            Some(&allowed[0])
        );
        assert_eq!(allowed_value(&Value::from(3.5), &allowed, &mut work), None);
        assert_eq!(
            allowed_value(&Value::from("kelvin"), &allowed, &mut work),
            None
        );
    }

    #[test]
    fn long_words_and_spent_work_give_nothing() {
        let long = "a".repeat(LONGEST + 1);
        assert_eq!(one(&long, &[&long[1..]]), None);
        let mut work = Work { left: 10 };
        assert_eq!(
            best("citty", ["city"], &mut work),
            None,
            "a lookup past its work suggests nothing"
        );
    }
}
