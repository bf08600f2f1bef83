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

/// How far a word may reach before folding it stops, since it cannot be close
/// to the word looked for: more than `cap` characters (at most [`LONGEST`]), or
/// more than `lacking` of them not in `mask` (the looked-for word's
/// [`mask_of`]: each such letter costs a step, see [`distance`]).
#[derive(Clone, Copy)]
struct Reach {
    cap: usize,
    mask: u64,
    lacking: usize,
}

impl Reach {
    /// Up to `cap` characters, whatever they are.
    fn any(cap: usize) -> Reach {
        Reach {
            cap,
            mask: u64::MAX,
            lacking: 0,
        }
    }

    /// What can be close to `word` (of [`mask_of`] `mask`), `max` steps away.
    fn near(word: &Folded, mask: u64, max: usize) -> Reach {
        Reach {
            cap: word.len + max,
            mask,
            lacking: max,
        }
    }
}

impl Folded {
    /// No word yet: a buffer for [`Folded::fold`].
    fn empty() -> Folded {
        Folded {
            chars: ['\0'; LONGEST],
            len: 0,
        }
    }

    /// `word` folded; `None` when it has more than [`LONGEST`] folded characters.
    #[cfg(test)]
    fn new(word: &str) -> Option<Folded> {
        let mut folded = Folded::empty();
        folded.fold(word, Reach::any(LONGEST)).then_some(folded)
    }

    /// Folds `word` in place of what was held; false (and the word cut) when it
    /// reaches past `reach`, so that a candidate too long or too unlike the word
    /// looked for is left after a few characters.
    ///
    /// Inlined where candidates are looked at: most are ASCII and left after a
    /// few bytes, so that a call would cost more than the folding.
    #[inline(always)]
    fn fold(&mut self, word: &str, reach: Reach) -> bool {
        // The mask is not read: the compiler leaves it out.
        self.fold_masked(word, reach, &mut 0)
    }

    /// The word looked for folded ([`Folded::fold`] with no reach but
    /// [`LONGEST`]), and the [`mask_of`] its characters, made in the same
    /// loop; `None` when it is longer.
    #[inline(always)]
    fn fold_word(&mut self, word: &str) -> Option<u64> {
        let mut mask = 0;
        self.fold_masked(word, Reach::any(LONGEST), &mut mask)
            .then_some(mask)
    }

    /// [`Folded::fold`], setting `mask` to the [`mask_of`] what it folded.
    #[inline(always)]
    fn fold_masked(&mut self, word: &str, reach: Reach, mask: &mut u64) -> bool {
        // One loop, made twice: over bytes while they are ASCII (most names and
        // values), over characters from the start again (out of line) at the
        // first that is not.
        let ascii = word
            .bytes()
            .map(|b| match ASCII_FOLDED.get(usize::from(b)) {
                Some(&SEPARATOR) => Some(None),
                Some(&c) => Some(Some(char::from(c))),
                None => None,
            });
        match self.fold_chars(ascii, reach, mask) {
            Some(fits) => fits,
            None => self.fold_unicode(word, reach, mask),
        }
    }

    /// [`Folded::fold_masked`] of a word that is not all ASCII.
    #[inline(never)]
    fn fold_unicode(&mut self, word: &str, reach: Reach, mask: &mut u64) -> bool {
        let chars = word.chars().map(|c| Some(fold_char(c)));
        self.fold_chars(chars, reach, mask) == Some(true)
    }

    /// [`Folded::fold_masked`] of a word's characters already folded (`None`
    /// for one left out); `None` at the first item that is `None`.
    #[inline(always)]
    fn fold_chars(
        &mut self,
        folded: impl Iterator<Item = Option<Option<char>>>,
        reach: Reach,
        mask: &mut u64,
    ) -> Option<bool> {
        let cap = reach.cap.min(LONGEST);
        let (mut len, mut lacking) = (0, 0);
        *mask = 0;
        for c in folded {
            let Some(c) = c? else {
                continue;
            };
            if len >= cap {
                return Some(false);
            }
            self.chars[len] = c;
            len += 1;
            *mask |= bit(c);
            if reach.mask & bit(c) == 0 {
                lacking += 1;
                if lacking > reach.lacking {
                    return Some(false);
                }
            }
        }
        self.len = len;
        Some(true)
    }

    fn as_slice(&self) -> &[char] {
        &self.chars[..self.len]
    }
}

/// What an ASCII byte folds to: its lower case, or [`SEPARATOR`] for `_` and `-`.
static ASCII_FOLDED: [u8; 128] = {
    let mut table = [0; 128];
    let mut b = 0;
    while b < 128 {
        table[b as usize] = match b {
            b'_' | b'-' => SEPARATOR,
            _ => b.to_ascii_lowercase(),
        };
        b += 1;
    }
    table
};

/// In [`ASCII_FOLDED`], a byte left out (no ASCII byte has this value).
const SEPARATOR: u8 = 0xff;

/// The bit of `c` in a [`mask_of`].
fn bit(c: char) -> u64 {
    1 << (u32::from(c) % 64)
}

/// Which characters `word` has, each as bit `c % 64` (so two characters may
/// share a bit).
fn mask_of(word: &[char]) -> u64 {
    word.iter().fold(0, |mask, &c| mask | bit(c))
}

/// How many characters of `word` surely are not in a word of `mask`.
fn lacking(word: &[char], mask: u64) -> usize {
    word.iter().filter(|&&c| mask & bit(c) == 0).count()
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
/// swaps of neighbours), or `None` when it is above `max`.
///
/// What the two words begin and end with in common costs nothing and is left
/// out first (this distance, like the plain edit distance, is the distance of
/// what remains); a typo's remains are a few letters, most often none, one on
/// each side or two swapped, whose distance is known. Cheap bounds come next:
/// the letters of one the other lacks (each is deleted, inserted or
/// substituted: one step apiece, while a swap moves two letters both words
/// have). The table is computed only within `max` of its diagonal (a cell
/// further off is more than `max`), and abandoned at the first row whose cells
/// are all more than `max`.
fn distance(a: &Folded, b: &Folded, max: usize) -> Option<usize> {
    if a.len.abs_diff(b.len) > max {
        return None;
    }
    let (a, b) = without_common_ends(a.as_slice(), b.as_slice());
    // What the commonest slips leave: nothing on one side (letters left out or
    // added), a letter for another, two letters swapped.
    let d = match (a, b) {
        ([], _) | (_, []) => Some(a.len().max(b.len())),
        ([_], [_]) => Some(1),
        ([x, y], [z, w]) if x == w && y == z => Some(1),
        _ => None,
    };
    if let Some(d) = d {
        return (d <= max).then_some(d);
    }
    if lacking(a, mask_of(b)) > max || lacking(b, mask_of(a)) > max {
        return None;
    }
    banded(a, b, max)
}

/// `a` and `b` without the letters they begin with and end with in common.
fn without_common_ends<'w>(a: &'w [char], b: &'w [char]) -> (&'w [char], &'w [char]) {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[head..], &b[head..]);
    let tail = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    (&a[..a.len() - tail], &b[..b.len() - tail])
}

/// [`distance`] by the table, for non-empty `a` and `b` at most [`LONGEST`]
/// long and at most `max` apart in length: only the cells within `max` of the
/// diagonal are computed, the others read as `max + 1` (their true value is at
/// least the difference of their row and column, so above `max`; reading
/// `max + 1` for it leaves every cell up to `max` exact and every other above
/// `max`).
fn banded(a: &[char], b: &[char], max: usize) -> Option<usize> {
    let max = max.min(LONGEST);
    // Distances between words of at most LONGEST characters fit a byte, and
    // `far` (the value read off the band) is at most LONGEST + 1.
    let far = (max + 1) as u8;
    // Three rows: two back (for swaps), one back, and the current one. A cell
    // right of a row's band is never written before it is read (the band moves
    // right one column a row), so it reads `far` from the start.
    let (mut back2, mut back1, mut row) =
        ([far; LONGEST + 1], [far; LONGEST + 1], [far; LONGEST + 1]);
    let (mut prev2, mut prev, mut cur) = (&mut back2, &mut back1, &mut row);
    for (j, cell) in prev[..=b.len().min(max)].iter_mut().enumerate() {
        *cell = j as u8;
    }
    for i in 1..=a.len() {
        let lo = i.saturating_sub(max).max(1);
        let hi = (i + max).min(b.len());
        // Left of the band: the first column, or a cell off the band (which
        // may hold a row three back).
        cur[lo - 1] = if lo == 1 { i as u8 } else { far };
        let mut row_min = cur[lo - 1];
        let x = a[i - 1];
        for j in lo..=hi {
            let y = b[j - 1];
            let mut d = (prev[j - 1] + u8::from(x != y))
                .min(prev[j] + 1)
                .min(cur[j - 1] + 1);
            if i > 1 && j > 1 && x == b[j - 2] && a[i - 2] == y {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
            row_min = row_min.min(d);
        }
        if row_min >= far {
            return None;
        }
        (prev2, prev, cur) = (prev, cur, prev2);
    }
    // The last row computed is now `prev`.
    let d = usize::from(prev[b.len()]);
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
    best_but(word, candidates, |_| false, work)
}

/// A declared name with its folded form made once, when the code that looks it
/// up is generated (see [`Known::of`]): a lookup then leaves most such names
/// after a test of their masks, without folding them. Not a stable API.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct Known {
    /// The name, as declared (what is suggested).
    pub name: &'static str,
    /// The name folded (lower case, without `_` and `-`).
    pub folded: &'static str,
    /// How many characters `folded` has.
    pub len: usize,
    /// Which characters `folded` has (bit `c % 64` of each).
    pub mask: u64,
}

impl Known {
    /// What a [`Known`] holds besides the name: `name` folded, its length in
    /// characters, and their mask (for the macros, which write them as literals).
    pub fn of(name: &str) -> (String, usize, u64) {
        let chars: Vec<char> = fold_all(name).collect();
        let folded: String = chars.iter().collect();
        (folded, chars.len(), mask_of(&chars))
    }
}

/// `word`'s folded characters, every one (what [`Folded::fold`] holds, uncut).
fn fold_all(word: &str) -> impl Iterator<Item = char> + '_ {
    word.chars().filter_map(fold_char)
}

/// What `c` folds to: its lower case (the first character of it), or `None`
/// for a separator, which is left out.
fn fold_char(c: char) -> Option<char> {
    (!is_separator(c)).then(|| match c.is_ascii() {
        true => c.to_ascii_lowercase(),
        false => c.to_lowercase().next().unwrap_or(c),
    })
}

/// A candidate of a lookup: the name suggested, and how it is folded for the
/// comparison (the decision, [`best_but`], is the same for every kind).
trait Candidate<'a>: Copy {
    /// The candidate as given: what is suggested, and what its work is paid on.
    fn text(self) -> &'a str;

    /// The candidate folded into `into`, as [`Folded::fold`] would with `near`:
    /// false (and `into` left in any state) when it reaches past it.
    fn fold_near(self, into: &mut Folded, near: Reach) -> bool;
}

impl<'a> Candidate<'a> for &'a str {
    fn text(self) -> &'a str {
        self
    }

    #[inline(always)]
    fn fold_near(self, into: &mut Folded, near: Reach) -> bool {
        into.fold(self, near)
    }
}

impl<'a> Candidate<'a> for &'a Known {
    fn text(self) -> &'a str {
        self.name
    }

    /// The same answer as folding the name: false when it has more characters
    /// than `near` reaches, or more than it allows that the word looked for
    /// lacks. The mask tells most of those apart at once: each of its bits the
    /// word's mask lacks stands for at least one such character.
    /// A name too short to be close (which [`best_but`] would leave after
    /// folding it) is left at once too.
    #[inline(always)]
    fn fold_near(self, into: &mut Folded, near: Reach) -> bool {
        let shape = Shape {
            len: self.len,
            mask: self.mask,
        };
        fold_prepared(self.folded, shape, into, near)
    }
}

/// [`Candidate::fold_near`] of a name folded beforehand (`folded`, of shape
/// `shape`): the same answer as folding the name, from the shape alone for most
/// names (see [`Known::fold_near`]).
#[inline(always)]
fn fold_prepared(folded: &str, shape: Shape, into: &mut Folded, near: Reach) -> bool {
    if !shape.may_reach(near) {
        return false;
    }
    let mut lacking = 0;
    let mut put = |slot: &mut char, c: char| {
        *slot = c;
        lacking += usize::from(near.mask & bit(c) == 0);
    };
    if folded.len() == shape.len {
        // As many bytes as characters: ASCII.
        for (slot, b) in into.chars.iter_mut().zip(folded.bytes()) {
            put(slot, char::from(b));
        }
    } else {
        for (slot, c) in into.chars.iter_mut().zip(folded.chars()) {
            put(slot, c);
        }
    }
    into.len = shape.len;
    lacking <= near.lacking
}

/// How a declared name folds, made once where the name is declared (the
/// interpreter keeps one per declared property): how many folded characters
/// it has and which ([`mask_of`]). A lookup leaves most names after a test of
/// these, and folds only those that pass it. Not a stable API.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// How many characters the name has folded.
    pub len: usize,
    /// Which characters it has folded (bit `c % 64` of each).
    pub mask: u64,
}

impl Shape {
    /// The shape of `name`, and `name` folded (what [`Known::of`] makes).
    pub fn folding(name: &str) -> (Shape, String) {
        let chars: Vec<char> = fold_all(name).collect();
        let shape = Shape {
            len: chars.len(),
            mask: mask_of(&chars),
        };
        (shape, chars.into_iter().collect())
    }

    /// Whether a name of this shape may fold within `near` (what
    /// [`Folded::fold`] would answer) and be close to the word looked for: it
    /// may not when it has more characters than `near` reaches or too few to be
    /// close, or more characters the word lacks than `near` allows (each bit of
    /// the mask the word's lacks stands for at least one).
    #[inline(always)]
    fn may_reach(self, near: Reach) -> bool {
        let word_len = near.cap - near.lacking;
        self.len <= near.cap.min(LONGEST)
            && self.len + near.lacking >= word_len
            && (self.mask & !near.mask).count_ones() as usize <= near.lacking
    }
}

impl<'a> Candidate<'a> for (&'a str, &'a str, Shape) {
    fn text(self) -> &'a str {
        self.0
    }

    /// As [`Known`]'s: `self.1` is the name folded, of shape `self.2`.
    #[inline(always)]
    fn fold_near(self, into: &mut Folded, near: Reach) -> bool {
        fold_prepared(self.1, self.2, into, near)
    }
}

/// [`declared_name`] among names given with their folded forms and
/// [`Shape`]s (made once with the schema, see [`Shape::folding`]): the same
/// answer, for the same work.
pub fn declared_folded<'a>(
    word: &str,
    declared: impl IntoIterator<Item = (&'a str, &'a str, Shape)>,
    present: impl Fn(&str) -> bool,
    work: &mut Work,
) -> Option<&'a str> {
    best_but(word, declared, present, work)
}

/// [`declared_name`] among names whose folded forms were made beforehand
/// ([`Known`]): the same answer, for the same work.
pub fn declared_known<'a>(
    word: &str,
    declared: &'a [Known],
    present: impl Fn(&str) -> bool,
    work: &mut Work,
) -> Option<&'a str> {
    best_but(word, declared, present, work)
}

/// [`best`] among the candidates `left_out` does not leave out. `left_out` is
/// asked only of a candidate close to `word`, since it may cost more than the
/// distance (a look-up in the object): a candidate left out costs its work
/// like any other.
fn best_but<'a, C: Candidate<'a>>(
    word: &str,
    candidates: impl IntoIterator<Item = C>,
    left_out: impl Fn(&str) -> bool,
    work: &mut Work,
) -> Option<&'a str> {
    let mut folded = Folded::empty();
    let mask = folded.fold_word(word)?;
    let max = limit(folded.len);
    let near = Reach::near(&folded, mask, max);
    // The best distance so far, its candidate, and whether another candidate
    // ties with it.
    let mut best: Option<(usize, &'a str, bool)> = None;
    let mut other = Folded::empty();
    for candidate in candidates {
        let (known, candidate) = (candidate, candidate.text());
        if candidate == word {
            continue;
        }
        if !work.pay(PER_CANDIDATE + candidate.len().min(4 * LONGEST)) {
            return None;
        }
        // A word has at most as many folded characters as bytes: one too
        // short is not folded; folding stops as soon as it cannot be close.
        if candidate.len() + max < folded.len
            || !known.fold_near(&mut other, near)
            || folded.len.abs_diff(other.len) > max
        {
            continue;
        }
        if !work.pay((folded.len + 1) * (other.len + 1)) {
            return None;
        }
        let Some(d) = distance(&folded, &other, max) else {
            continue;
        };
        if !shares(d, &folded, &other) || left_out(candidate) {
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
    let mut folded = Folded::empty();
    let mask = folded.fold_word(word)?;
    let max = limit(folded.len);
    let near = Reach::near(&folded, mask, max);
    let mut best: Option<(usize, &'a str)> = None;
    let mut other = Folded::empty();
    for c in candidates {
        if c == word || !other.fold(c, near) {
            continue;
        }
        if let Some(d) = distance(&folded, &other, max).filter(|d| shares(*d, &folded, &other)) {
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
    best_but(word, declared, present, work)
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
///
/// Inlined where violations are recorded: most kinds give none, known without a
/// call.
#[inline]
pub fn of_kind(kind: &Kind, work: &mut Work) -> Option<Suggestion> {
    match kind {
        Kind::Enum { .. } | Kind::Const { .. } | Kind::UnknownTool { .. } => {
            of_kind_facts(kind, work)
        }
        _ => None,
    }
}

/// [`of_kind`] for the kinds whose facts may give a suggestion.
#[inline(never)]
fn of_kind_facts(kind: &Kind, work: &mut Work) -> Option<Suggestion> {
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
mod properties;

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
            distance(&a, &b, LONGEST)
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

    #[test]
    fn hostile_lookups_stop_within_the_work() {
        use std::cell::Cell;
        let word = "a".repeat(LONGEST);
        // Endless candidates, each as long as the word and close to it (every
        // one costs a whole table), or each far too long (costing its length).
        let near: Vec<String> = (0..LONGEST)
            .map(|i| format!("{}b{}", &word[..i], &word[i + 1..]))
            .collect();
        let far = "a".repeat(1 << 16);
        for (name, each) in [("near", near.len()), ("far", 1)] {
            let pulled = Cell::new(0usize);
            let candidates = std::iter::repeat_with(|| {
                pulled.set(pulled.get() + 1);
                match name {
                    "near" => near[pulled.get() % each].as_str(),
                    _ => far.as_str(),
                }
            });
            let mut work = Work::new();
            assert_eq!(best(&word, candidates, &mut work), None, "{name}");
            assert_eq!(work.left(), 0, "{name}: the work is spent");
            let cheapest = match name {
                "near" => PER_CANDIDATE + LONGEST + (LONGEST + 1) * (LONGEST + 1),
                _ => PER_CANDIDATE + 4 * LONGEST,
            };
            assert!(
                pulled.get() <= WORK_CELLS / cheapest + 1,
                "{name}: {} candidates looked at",
                pulled.get()
            );
        }
    }
}
