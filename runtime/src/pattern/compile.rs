//! The tree of a pattern as a program for the matcher (a Thompson NFA: each
//! instruction consumes a character, asserts, branches or accepts), refused
//! beyond [`MAX_INSTRUCTIONS`] before any of it is built.

use super::ast::{Kind, Look, Node};
use super::syntax::Parsed;

/// The most instructions a program may have (`2^18`). The matcher's work is at
/// most this many steps per character of the text, its memory six words an
/// instruction. `a{200000}` and `.{0,100000}` fit, `(a{1000}){1000}` does not.
/// (`regex-lite`'s limit, 10 MiB of its own program, is of the same order: it
/// takes `a{327676}`, `[a-z]{262141}`, `\w{163838}`; ours `a{262143}` and any
/// class as often.)
pub(super) const MAX_INSTRUCTIONS: u64 = 1 << 18;

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
    /// Goes on if the assertion holds here.
    Look(Look),
    /// Goes on at both instructions.
    Split(u32, u32),
    Jump(u32),
    /// The text matches.
    Match,
}

/// A compiled pattern.
#[derive(Clone, Debug)]
pub(super) struct Program {
    pub(super) insts: Box<[Inst]>,
    pub(super) ranges: Box<[(char, char)]>,
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

/// The program of a parsed pattern, or why it is refused (too large).
pub(super) fn compile(parsed: Parsed) -> Result<Program, String> {
    let size = parsed.root.size.saturating_add(1);
    if size > MAX_INSTRUCTIONS {
        return Err(format!(
            "the pattern is too large: its program would have {}{} instructions, the limit is {MAX_INSTRUCTIONS} (counted repetitions multiply)",
            if size == u64::MAX { "more than " } else { "" },
            size
        ));
    }
    let mut insts = Vec::with_capacity(size as usize);
    emit(&mut insts, &parsed.root);
    insts.push(Inst::Match);
    debug_assert_eq!(insts.len() as u64, size);
    let first = first(&insts, &parsed.pool);
    Ok(Program {
        insts: insts.into(),
        ranges: parsed.pool.into(),
        anchored: parsed.root.is_start_anchored(),
        first,
    })
}

/// The characters the instructions reachable from the start without consuming
/// one can consume, if none of those is an assertion or the match.
fn first(insts: &[Inst], pool: &[(char, char)]) -> Option<First> {
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

/// The index the next instruction will have.
fn here(insts: &[Inst]) -> u32 {
    insts.len() as u32
}

/// Appends the instructions of `node` (exactly `node.size` of them).
fn emit(insts: &mut Vec<Inst>, node: &Node) {
    match &node.kind {
        Kind::Empty => {}
        Kind::Char(c) => insts.push(Inst::Char(*c)),
        &Kind::Class { start, end } => insts.push(Inst::Class { start, end }),
        Kind::Look(look) => insts.push(Inst::Look(*look)),
        Kind::Group(sub) => emit(insts, sub),
        Kind::Concat(subs) => subs.iter().for_each(|sub| emit(insts, sub)),
        Kind::Alternation(subs) => {
            let mut jumps = Vec::with_capacity(subs.len());
            for (i, sub) in subs.iter().enumerate() {
                if i + 1 == subs.len() {
                    emit(insts, sub);
                    break;
                }
                let split = insts.len();
                insts.push(Inst::Split(here(insts) + 1, 0));
                emit(insts, sub);
                jumps.push(insts.len());
                insts.push(Inst::Jump(0));
                insts[split] = Inst::Split(split as u32 + 1, here(insts));
            }
            let end = here(insts);
            for jump in jumps {
                insts[jump] = Inst::Jump(end);
            }
        }
        Kind::Repeat { min, max, sub } => repeat(insts, sub, *min, *max),
    }
}

/// Appends `sub` repeated from `min` to `max` times.
fn repeat(insts: &mut Vec<Inst>, sub: &Node, min: u32, max: Option<u32>) {
    // A sub-pattern without instructions needs no copies (and `(?:){4000000000}`
    // takes no time).
    let copies = if sub.size == 0 { 0 } else { min };
    let mut last = here(insts);
    for _ in 0..copies {
        last = here(insts);
        emit(insts, sub);
    }
    match max {
        None if copies == 0 => {
            let split = insts.len();
            insts.push(Inst::Split(0, 0));
            emit(insts, sub);
            insts.push(Inst::Jump(split as u32));
            insts[split] = Inst::Split(split as u32 + 1, here(insts));
        }
        None => insts.push(Inst::Split(last, here(insts) + 1)),
        Some(max) => {
            let mut splits = Vec::new();
            for _ in min..max {
                splits.push(insts.len());
                insts.push(Inst::Split(here(insts) + 1, 0));
                emit(insts, sub);
            }
            let end = here(insts);
            for split in splits {
                insts[split] = Inst::Split(split as u32 + 1, end);
            }
        }
    }
}
