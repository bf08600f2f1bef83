//! The tree of a pattern as a program for the matcher (a Thompson NFA: each
//! instruction consumes a character, asserts, branches or accepts; a counter
//! consumes the characters of a set repeated many times), refused when its size
//! (see `ast`) exceeds the limit, before any of it is built.

use super::ast::{Kind, Look, Node};
use super::syntax::Parsed;

/// The largest size of a program, whatever the limit asked for (see
/// [`super::MAX_PATTERN_SIZE`]).
pub(super) const MAX_SIZE: u64 = super::MAX_PATTERN_SIZE;

/// One instruction; each but [`Inst::Split`] and [`Inst::Jump`] goes on to the
/// next one.
#[derive(Clone, Copy, Debug)]
pub(super) enum Inst {
    /// Consumes this character.
    Char(char),
    /// Consumes a character of the ranges `start..end` of [`Program::ranges`].
    Class {
        start: u32,
        end: u32,
    },
    /// Consumes characters of a set, counted by the [`Counter`] of this index
    /// of [`Program::counters`]; goes on once their number is in its bounds.
    Count(u32),
    /// Goes on if the assertion holds here.
    Look(Look),
    /// Goes on at both instructions.
    Split(u32, u32),
    Jump(u32),
    /// The text matches.
    Match,
}

/// A set of characters repeated from `min` to `max` times (or more), as a
/// register of one bit per count: bit `k` says that a thread has read `k` of
/// them. A character of the set shifts the bits up, any other clears them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Counter {
    /// The set: the ranges `start..end` of [`Program::ranges`].
    pub(super) start: u32,
    pub(super) end: u32,
    /// The fewest characters before going on.
    pub(super) min: u32,
    /// The highest count kept: the maximum, or (`saturates`) the minimum of an
    /// unbounded repetition, which a further character keeps.
    pub(super) top: u32,
    pub(super) saturates: bool,
    /// Its register: a header (the words in use) at `offset` in the
    /// registers, then `words` 64-bit words.
    pub(super) offset: u32,
    pub(super) words: u32,
}

/// A compiled pattern.
#[derive(Clone, Debug)]
pub(super) struct Program {
    pub(super) insts: Box<[Inst]>,
    pub(super) ranges: Box<[(char, char)]>,
    pub(super) counters: Box<[Counter]>,
    /// The words of every counter's register, headers included.
    pub(super) words: usize,
    /// Whether every match starts at the start of the text.
    pub(super) anchored: bool,
    /// The characters a match can start with, when the start needs one (no
    /// assertion or empty match before the first character): the matcher skips
    /// the others while no match is under way.
    pub(super) first: Option<First>,
}

/// A set of characters a match can start with.
#[derive(Clone, Debug)]
pub(super) struct First {
    /// The ASCII ones, one bit each.
    ascii: u128,
    /// All of them (canonical ranges).
    ranges: Box<[(char, char)]>,
}

impl First {
    #[inline]
    pub(super) fn contains(&self, c: char) -> bool {
        if c.is_ascii() {
            self.ascii >> (c as u32) & 1 == 1
        } else {
            super::ranges::contains(&self.ranges, c)
        }
    }
}

/// The program of a parsed pattern, or why it is refused (larger than `limit`,
/// or than [`MAX_SIZE`]).
pub(super) fn compile(parsed: Parsed, limit: u64) -> Result<Program, String> {
    let limit = limit.min(MAX_SIZE);
    let size = parsed.root.cost().saturating_add(1);
    if size > limit {
        return Err(super::too_large(size, limit));
    }
    let mut out = Emitter {
        insts: Vec::with_capacity(parsed.root.size as usize + 1),
        pool: parsed.pool,
        counters: Vec::new(),
        words: 0,
    };
    out.emit(&parsed.root);
    out.insts.push(Inst::Match);
    debug_assert_eq!(out.insts.len() as u64, parsed.root.size + 1);
    debug_assert_eq!(
        out.words as u64,
        parsed.root.words + out.counters.len() as u64
    );
    let first = first(&out.insts, &out.pool, &out.counters);
    Ok(Program {
        insts: out.insts.into(),
        ranges: out.pool.into(),
        counters: out.counters.into(),
        words: out.words,
        anchored: parsed.root.is_start_anchored(),
        first,
    })
}

/// The characters the instructions reachable from the start without consuming
/// one can consume, if none of those is an assertion or the match.
fn first(insts: &[Inst], pool: &[(char, char)], counters: &[Counter]) -> Option<First> {
    let mut seen = vec![false; insts.len()];
    let mut stack = vec![0u32];
    let mut ranges = Vec::new();
    while let Some(at) = stack.pop() {
        if std::mem::replace(&mut seen[at as usize], true) {
            continue;
        }
        match insts[at as usize] {
            Inst::Char(c) => ranges.push((c, c)),
            Inst::Class { start, end } => {
                ranges.extend_from_slice(&pool[start as usize..end as usize]);
            }
            Inst::Count(k) => {
                let k = counters[k as usize];
                ranges.extend_from_slice(&pool[k.start as usize..k.end as usize]);
                if k.min == 0 {
                    stack.push(at + 1);
                }
            }
            Inst::Split(a, b) => stack.extend([b, a]),
            Inst::Jump(a) => stack.push(a),
            Inst::Look(_) | Inst::Match => return None,
        }
    }
    super::ranges::canonicalize(&mut ranges);
    let mut ascii = 0u128;
    for &(lo, hi) in &ranges {
        for c in u32::from(lo)..=u32::from(hi).min(127) {
            ascii |= 1 << c;
        }
    }
    Some(First {
        ascii,
        ranges: ranges.into(),
    })
}

/// The program being built.
struct Emitter {
    insts: Vec<Inst>,
    /// The parser's ranges, and the sets of the counters.
    pool: Vec<(char, char)>,
    counters: Vec<Counter>,
    /// The registers' words so far.
    words: usize,
}

impl Emitter {
    /// The index the next instruction will have.
    fn here(&self) -> u32 {
        self.insts.len() as u32
    }

    /// Appends the instructions of `node` (exactly `node.size` of them).
    fn emit(&mut self, node: &Node) {
        match &node.kind {
            Kind::Empty => {}
            Kind::Char(c) => self.insts.push(Inst::Char(*c)),
            &Kind::Class { start, end } => self.insts.push(Inst::Class { start, end }),
            Kind::Look(look) => self.insts.push(Inst::Look(*look)),
            Kind::Group(sub) => self.emit(sub),
            Kind::Concat(subs) => subs.iter().for_each(|sub| self.emit(sub)),
            Kind::Alternation(subs) => {
                let mut jumps = Vec::with_capacity(subs.len());
                for (i, sub) in subs.iter().enumerate() {
                    if i + 1 == subs.len() {
                        self.emit(sub);
                        break;
                    }
                    let split = self.insts.len();
                    self.insts.push(Inst::Split(self.here() + 1, 0));
                    self.emit(sub);
                    jumps.push(self.insts.len());
                    self.insts.push(Inst::Jump(0));
                    self.insts[split] = Inst::Split(split as u32 + 1, self.here());
                }
                let end = self.here();
                for jump in jumps {
                    self.insts[jump] = Inst::Jump(end);
                }
            }
            Kind::Repeat { min, max, sub } if Node::counts(sub, *min, *max) => {
                self.counter(sub, *min, *max)
            }
            Kind::Repeat { min, max, sub } => self.repeat(sub, *min, *max),
        }
    }

    /// Appends a counter of `sub` (a set of characters) from `min` to `max`
    /// times.
    fn counter(&mut self, sub: &Node, min: u32, max: Option<u32>) {
        let mut set = Vec::new();
        self.set_of(sub, &mut set);
        super::ranges::canonicalize(&mut set);
        let start = self.pool.len() as u32;
        self.pool.extend_from_slice(&set);
        let (top, words) = Node::counter_bits(min, max);
        self.counters.push(Counter {
            start,
            end: self.pool.len() as u32,
            min,
            top,
            saturates: max.is_none(),
            offset: self.words as u32,
            words: words as u32,
        });
        self.words += 1 + words as usize;
        self.insts.push(Inst::Count(self.counters.len() as u32 - 1));
    }

    /// Adds the characters of `node` (one of a set: see `Node::single`) to
    /// `set`.
    fn set_of(&self, node: &Node, set: &mut Vec<(char, char)>) {
        match &node.kind {
            Kind::Char(c) => set.push((*c, *c)),
            &Kind::Class { start, end } => {
                set.extend_from_slice(&self.pool[start as usize..end as usize])
            }
            Kind::Group(sub) => self.set_of(sub, set),
            Kind::Alternation(subs) => subs.iter().for_each(|sub| self.set_of(sub, set)),
            // Not single (see `Node::single`).
            _ => {}
        }
    }

    /// Appends `sub` repeated from `min` to `max` times, in copies.
    fn repeat(&mut self, sub: &Node, min: u32, max: Option<u32>) {
        // A sub-pattern without instructions needs no copies (and
        // `(?:){4000000000}` takes no time).
        let copies = if sub.size == 0 { 0 } else { min };
        let mut last = self.here();
        for _ in 0..copies {
            last = self.here();
            self.emit(sub);
        }
        match max {
            None if copies == 0 => {
                let split = self.insts.len();
                self.insts.push(Inst::Split(0, 0));
                self.emit(sub);
                self.insts.push(Inst::Jump(split as u32));
                self.insts[split] = Inst::Split(split as u32 + 1, self.here());
            }
            None => self.insts.push(Inst::Split(last, self.here() + 1)),
            Some(max) => {
                let mut splits = Vec::new();
                for _ in min..max {
                    splits.push(self.insts.len());
                    self.insts.push(Inst::Split(self.here() + 1, 0));
                    self.emit(sub);
                }
                let end = self.here();
                for split in splits {
                    self.insts[split] = Inst::Split(split as u32 + 1, end);
                }
            }
        }
    }
}
