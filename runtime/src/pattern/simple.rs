//! A small matcher for the common patterns (`^[a-z_]+$`, `^[0-9]{4}-[0-9]{2}$`,
//! `^[A-Z]{3}`): a sequence of character sets, each repeated a bounded or unbounded
//! number of times, optionally anchored at either end, and nothing else (no
//! alternation, no assertion but `^` first and `$` last). Such a pattern is a
//! Glushkov automaton of at most 64 positions, simulated with one 64-bit set of
//! positions per character, and over ASCII a table of its states (one lookup a
//! byte; at most 256 states, else the simulation alone): linear time, no
//! allocation, and about as fast as the `regex` crate on short strings, where
//! the engine's program is ten times slower or more.
//!
//! It is built from the engine's own tree of the pattern (`syntax`), so it reads
//! every character, class and repetition as the engine does; a tree outside the
//! subset is left to the engine ([`Simple::of`] returns `None`).

use super::ast::{Kind, Look, Node};

/// The most positions (character sets after expanding counted repetitions).
const MAX_POSITIONS: usize = 64;

/// A set of characters: sorted, disjoint, inclusive ranges (a class of the
/// engine's pool), looked up by binary search: a class of 26,000 ranges costs
/// 15 comparisons a character, not 26,000.
#[derive(Clone, Debug)]
struct Set {
    ranges: Box<[(char, char)]>,
}

impl Set {
    #[inline]
    fn contains(&self, c: char) -> bool {
        super::ranges::contains(&self.ranges, c)
    }
}

/// A simple pattern, ready to match.
#[derive(Clone, Debug)]
pub struct Simple {
    /// For each ASCII character, the positions whose set holds it.
    ascii: Box<[u64; 128]>,
    /// Each item's set and its positions (for the characters beyond ASCII: one
    /// lookup an item, not a position).
    sets: Vec<(Set, u64)>,
    /// The positions that may come first.
    first: u64,
    /// For each position, the positions that may follow it.
    follow: Vec<u64>,
    /// The positions after which the rest may be absent.
    last: u64,
    /// Whether the empty string matches the whole sequence.
    nullable: bool,
    anchored_start: bool,
    anchored_end: bool,
    /// The moves on ASCII, when they fit in [`MAX_STATES`] states.
    table: Option<Table>,
}

/// One item of the sequence: a set and how many times it repeats.
struct Item {
    set: Set,
    min: usize,
    max: Option<usize>,
}

impl Simple {
    /// The matcher of the pattern parsed as `root` (its classes in `pool`), if it
    /// is in the subset.
    pub(super) fn of(root: &Node, pool: &[(char, char)]) -> Option<Simple> {
        let mut nodes = Vec::new();
        sequence(root, &mut nodes);
        let anchored_start = matches!(nodes.first(), Some(Kind::Look(Look::Start)));
        if anchored_start {
            nodes.remove(0);
        }
        let anchored_end = matches!(nodes.last(), Some(Kind::Look(Look::End)));
        if anchored_end {
            nodes.pop();
        }
        let items = nodes
            .into_iter()
            .map(|kind| item(kind, pool))
            .collect::<Option<Vec<Item>>>()?;
        Simple::build(items, anchored_start, anchored_end)
    }

    /// The automaton of `items`: each repetition expanded into positions.
    fn build(items: Vec<Item>, anchored_start: bool, anchored_end: bool) -> Option<Simple> {
        // (set index, mandatory, loops on itself)
        let mut positions: Vec<(usize, bool, bool)> = Vec::new();
        for (k, item) in items.iter().enumerate() {
            for _ in 0..item.min {
                positions.push((k, true, false));
            }
            match item.max {
                None if item.min > 0 => positions.last_mut()?.2 = true,
                None => positions.push((k, false, true)),
                Some(max) => {
                    for _ in item.min..max {
                        positions.push((k, false, false));
                        if positions.len() > MAX_POSITIONS {
                            return None;
                        }
                    }
                }
            }
            if positions.len() > MAX_POSITIONS {
                return None;
            }
        }
        let n = positions.len();
        // The positions from `from` up to the first mandatory one, inclusive.
        let reach = |from: usize| -> u64 {
            let mut bits = 0u64;
            for (p, &(_, mandatory, _)) in positions.iter().enumerate().skip(from) {
                bits |= 1 << p;
                if mandatory {
                    break;
                }
            }
            bits
        };
        let mut follow: Vec<u64> = Vec::with_capacity(n);
        for (p, &(_, _, loops)) in positions.iter().enumerate() {
            follow.push(reach(p + 1) | if loops { 1 << p } else { 0 });
        }
        let mut last = 0u64;
        for p in (0..n).rev() {
            last |= 1 << p;
            if positions[p].1 {
                break;
            }
        }
        let nullable = positions.iter().all(|&(_, mandatory, _)| !mandatory);
        let mut masks = vec![0u64; items.len()];
        for (p, &(k, ..)) in positions.iter().enumerate() {
            masks[k] |= 1 << p;
        }
        let sets: Vec<(Set, u64)> = items
            .into_iter()
            .zip(masks)
            .filter(|&(_, mask)| mask != 0)
            .map(|(item, mask)| (item.set, mask))
            .collect();
        let mut ascii = Box::new([0u64; 128]);
        for (c, bits) in ascii.iter_mut().enumerate() {
            for (set, mask) in &sets {
                if set.contains(char::from(c as u8)) {
                    *bits |= mask;
                }
            }
        }
        let mut simple = Simple {
            ascii,
            sets,
            first: reach(0),
            follow,
            last,
            nullable,
            anchored_start,
            anchored_end,
            table: None,
        };
        simple.table = simple.table();
        Some(simple)
    }

    /// The positions whose set holds `c`.
    #[inline]
    fn mask(&self, c: char) -> u64 {
        if c.is_ascii() {
            return self.ascii[c as usize];
        }
        let mut bits = 0;
        for (set, mask) in &self.sets {
            if set.contains(c) {
                bits |= mask;
            }
        }
        bits
    }

    /// The positions active after `c`, from those active before (`at`), when a
    /// character was read before (`started`).
    #[inline]
    fn step(&self, at: u64, started: bool, c: char) -> u64 {
        let mut next = 0u64;
        let mut bits = at;
        while bits != 0 {
            next |= self.follow[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        if !self.anchored_start || !started {
            next |= self.first;
        }
        next & self.mask(c)
    }

    /// The automaton over ASCII as a table of at most [`MAX_STATES`] states
    /// (state 0: nothing read yet), if it has no more.
    fn table(&self) -> Option<Table> {
        let mut bits = vec![0u64];
        // The states after the first character, by their positions.
        let mut ids: std::collections::HashMap<u64, u16> = std::collections::HashMap::new();
        let mut next = Vec::new();
        let mut k = 0;
        while k < bits.len() {
            for b in 0..128u8 {
                let to = self.step(bits[k], k != 0, char::from(b));
                let id = match ids.get(&to) {
                    Some(&id) => id,
                    None if bits.len() < MAX_STATES => {
                        bits.push(to);
                        let id = (bits.len() - 1) as u16;
                        ids.insert(to, id);
                        id
                    }
                    None => return None,
                };
                next.push(id);
            }
            k += 1;
        }
        Some(Table { next, bits })
    }

    /// Whether `s` matches (anywhere, unless anchored).
    pub fn is_match(&self, s: &str) -> bool {
        if self.nullable && (!self.anchored_end || !self.anchored_start || s.is_empty()) {
            // An empty match: at the start, or at the end unless both ends anchor.
            return true;
        }
        let mut at = 0u64;
        let mut started = false;
        let mut rest = s;
        if let Some(table) = &self.table {
            // ASCII through the table, one lookup a byte.
            let mut state = 0usize;
            let bytes = s.as_bytes();
            let mut i = 0;
            while i < bytes.len() && bytes[i] < 128 {
                state = usize::from(table.next[state * 128 + usize::from(bytes[i])]);
                i += 1;
                let now = table.bits[state];
                if !self.anchored_end && now & self.last != 0 {
                    return true;
                }
                if now == 0 && self.anchored_start {
                    return false;
                }
            }
            at = table.bits[state];
            started = i > 0;
            rest = &s[i..];
        }
        for c in rest.chars() {
            at = self.step(at, started, c);
            started = true;
            if !self.anchored_end && at & self.last != 0 {
                return true;
            }
            if at == 0 && self.anchored_start {
                return false;
            }
        }
        at & self.last != 0
    }
}

/// The most states of the table over ASCII.
const MAX_STATES: usize = 256;

/// The automaton's moves on ASCII characters.
#[derive(Clone, Debug)]
struct Table {
    /// `next[state * 128 + byte]`: the state after `byte`.
    next: Vec<u16>,
    /// Each state's active positions.
    bits: Vec<u64>,
}

/// The nodes of `node` one after the other: concatenations and groups opened
/// (neither changes what matches), empty nodes left out.
fn sequence<'n>(node: &'n Node, out: &mut Vec<&'n Kind>) {
    match &node.kind {
        Kind::Concat(subs) => subs.iter().for_each(|s| sequence(s, out)),
        Kind::Group(sub) => sequence(sub, out),
        Kind::Empty => {}
        kind => out.push(kind),
    }
}

/// One item of the sequence: a character or class, repeated or not.
fn item(kind: &Kind, pool: &[(char, char)]) -> Option<Item> {
    let (set, min, max) = match kind {
        Kind::Repeat { min, max, sub } => (set(&sub.kind, pool)?, *min, *max),
        kind => (set(kind, pool)?, 1, Some(1)),
    };
    let bound = MAX_POSITIONS as u32;
    if min > bound || max.is_some_and(|max| max > bound) {
        return None;
    }
    Some(Item {
        set,
        min: min as usize,
        max: max.map(|max| max as usize),
    })
}

/// The characters a character or class node matches.
fn set(kind: &Kind, pool: &[(char, char)]) -> Option<Set> {
    let ranges = match *kind {
        Kind::Char(c) => Box::new([(c, c)]) as Box<[(char, char)]>,
        Kind::Class { start, end } => pool.get(start as usize..end as usize)?.into(),
        _ => return None,
    };
    Some(Set { ranges })
}

#[cfg(test)]
mod tests {
    use super::Simple;

    /// The small matcher of `translated`, if it is in the subset.
    fn small(translated: &str) -> Option<Simple> {
        let parsed = super::super::syntax::parse(translated).ok()?;
        Simple::of(&parsed.root, &parsed.pool)
    }

    /// Patterns in and out of the subset, each checked against the engine on
    /// every string of up to four characters over a small alphabet.
    #[test]
    fn agrees_with_the_engine() {
        let simple = [
            "^[a-z_]+$",
            "^[0-9]{4}-[0-9]{2}$",
            "^[A-Z]{3}$",
            "^[^@]+@[^@]+\\.[a-z]+$",
            "es",
            "^a",
            "b$",
            "^ab?c*$",
            "a{2,3}",
            "^a{2,}b$",
            "^a{0,2}$",
            "^$",
            "",
            "a*$",
            "^.a.$",
            "^[\\x{E9}-\\x{EA}]b",
            "[^ab]",
            "^[]a]$",
            "^[a-]+$",
            "^\\.\\+$",
            "^x?$",
            "(a)",
            "(?:ab)c",
            "a*?",
            "[[:alpha:]]",
            "(?i)^abc$",
        ];
        for p in simple {
            assert!(small(p).is_some(), "{p:?} should be simple");
        }
        for p in [
            "a|b", "\\bx", "^a^", "x{70}", "x{2,70}", "(?m)^a$", "(ab)+", "a{2}{3}",
        ] {
            assert!(small(p).is_none(), "{p:?} should be left to the engine");
        }
        // ECMA-262 patterns as `translate` writes them: the classes written out.
        let ecma: Vec<String> = [
            "^\\s$",
            "^\\S+$",
            "^[\\D]$",
            "^[\\W_]*$",
            "^\\w{2}",
            "\\d$",
            "^[^\\s]$",
        ]
        .iter()
        .map(|p| crate::pattern::translate(p).unwrap())
        .collect();
        let base = [
            'a', 'b', 'c', 'e', 's', '_', '-', '.', '@', '0', 'A', '\n', 'é',
        ];
        let spaces = ['\t', ' ', '\u{a0}', '\u{feff}', '\u{85}', '\u{661}'];
        let mut strings = words(&base, 4);
        strings.extend(words(&[base.as_slice(), &spaces].concat(), 3));
        for p in simple
            .iter()
            .copied()
            .chain(ecma.iter().map(String::as_str))
        {
            let ours = small(p).unwrap_or_else(|| panic!("{p:?} should be simple"));
            let engine = crate::pattern::engine_for_tests(p);
            for s in &strings {
                assert_eq!(ours.is_match(s), engine(s), "{p:?} on {s:?}");
            }
        }
    }

    /// Classes of many ranges (issue #28, item 3: every other code point from
    /// U+0100, up to 26,368 ranges) in every shape of the subset: each
    /// character beyond ASCII costs a binary search per item of the pattern,
    /// not a comparison per range (and per position), and the answers are the
    /// program's.
    #[test]
    fn large_classes_are_looked_up_in_logarithmic_time() {
        use super::super::ranges::PROBES;
        for ranges in [1u32, 9, 100, 1000, 26_368] {
            let class: String = (0..ranges)
                .map(|i| char::from_u32(0x100 + 2 * i).unwrap())
                .collect();
            let last = char::from_u32(0x100 + 2 * (ranges - 1)).unwrap();
            let shapes = [
                format!("^[{class}]+$"),
                format!("[{class}]{{3}}x"),
                format!("^a[{class}]*b$"),
                format!("[^{class}]{{2,5}}"),
                format!("^[{class}]{{64}}$"),
                format!("^[{class}x]*[{class}]$"),
            ];
            let per_set = u64::from(ranges.next_power_of_two().trailing_zeros() + 2).max(8);
            for p in &shapes {
                let ours = small(p).unwrap_or_else(|| panic!("{ranges} ranges: should be simple"));
                let engine = crate::pattern::engine_for_tests(p);
                let items = ours.sets.len() as u64;
                let last = last.to_string();
                for unit in ["\u{100}", "\u{100}\u{101}", "\u{101}", "xa\u{100}", &last] {
                    for n in [64, 4096] {
                        let text: String = unit.chars().cycle().take(n).collect();
                        PROBES.with(|c| c.set(0));
                        let answer = ours.is_match(&text);
                        let probes = PROBES.with(|c| c.get());
                        assert!(
                            probes <= n as u64 * items * per_set,
                            "{ranges} ranges, {n} characters: {probes} comparisons"
                        );
                        if n == 64 {
                            assert_eq!(answer, engine(&text), "{ranges} ranges on {text:?}");
                        }
                    }
                }
            }
        }
    }

    /// Every string of up to `len` characters of `alphabet`.
    fn words(alphabet: &[char], len: usize) -> Vec<String> {
        let mut all = vec![String::new()];
        let mut frontier = vec![String::new()];
        for _ in 0..len {
            let next: Vec<String> = frontier
                .iter()
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            all.extend(next.iter().cloned());
            frontier = next;
        }
        all
    }
}
