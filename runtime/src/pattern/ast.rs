//! The tree a pattern parses to: shaped as `regex-lite`'s own (the same nodes
//! count toward the same nesting limit), each node knowing its height and the
//! size of its program, so that the limits are checked while it is built,
//! before anything is expanded.
//!
//! A node's size is what matching its program may cost per character of the
//! text, in steps: one per instruction, and one per [`WORDS_PER_STEP`] 64-bit
//! words of the registers of its counters (a set of characters repeated
//! [`COUNT_FROM`] times or more, `[a-z]{0,1000}`, is one instruction counting
//! with a bit per count, not a thousand copies).

// With the `regex` feature only the parser and the sizes serve (see `mod.rs`).
#![cfg_attr(feature = "regex", allow(dead_code))]

/// The most nested nodes (groups, repetitions, concatenations, alternations)
/// a pattern may have, as `regex-lite`'s default nesting limit.
pub(super) const NEST_LIMIT: u32 = 50;

/// Refusal of a pattern nested deeper than [`NEST_LIMIT`].
pub(super) const TOO_DEEP: &str = "pattern has too much nesting (more than 50 levels)";

/// A zero-width assertion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Look {
    /// `^` (`\A`): the start of the text.
    Start,
    /// `$` (`\z`): the end of the text.
    End,
    /// `^` with the `m` flag: the start of the text or of a line (after `\n`).
    StartLf,
    /// `$` with the `m` flag: the end of the text or of a line (before `\n`).
    EndLf,
    /// `^` with the `m` and `R` flags: lines end with `\n`, `\r` or `\r\n`.
    StartCrlf,
    /// `$` with the `m` and `R` flags.
    EndCrlf,
    /// `\b`: an ASCII word character on one side only.
    Word,
    /// `\B`: on both sides or on neither.
    NotWord,
    /// `\b{start}`, `\<`: a word character after, none before.
    WordStart,
    /// `\b{end}`, `\>`: a word character before, none after.
    WordEnd,
    /// `\b{start-half}`: no word character before.
    WordStartHalf,
    /// `\b{end-half}`: no word character after.
    WordEndHalf,
}

impl Look {
    /// Whether the assertion holds between `prev` and `next` (`None` at the
    /// ends of the text).
    #[inline]
    pub(super) fn holds(self, prev: Option<char>, next: Option<char>) -> bool {
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        match self {
            Look::Start => prev.is_none(),
            Look::End => next.is_none(),
            Look::StartLf => matches!(prev, None | Some('\n')),
            Look::EndLf => matches!(next, None | Some('\n')),
            Look::StartCrlf => {
                matches!(prev, None | Some('\n')) || (prev == Some('\r') && next != Some('\n'))
            }
            Look::EndCrlf => {
                matches!(next, None | Some('\r')) || (next == Some('\n') && prev != Some('\r'))
            }
            Look::Word => word(prev) != word(next),
            Look::NotWord => word(prev) == word(next),
            Look::WordStart => !word(prev) && word(next),
            Look::WordEnd => word(prev) && !word(next),
            Look::WordStartHalf => !word(prev),
            Look::WordEndHalf => !word(next),
        }
    }
}

/// A repetition of a set of characters (`[a-z]{16}`, `(a|b){0,50}`, `.{20,}`)
/// whose count (the maximum, or the minimum when unbounded) reaches this is one
/// counting instruction; a smaller one is expanded into copies.
pub(super) const COUNT_FROM: u32 = 16;

/// The words of a counter's register shifted in one step: a step is about the
/// time of one instruction visited (a few nanoseconds, a mispredicted branch),
/// a word takes a fraction of a nanosecond.
pub(super) const WORDS_PER_STEP: u64 = 8;

/// A node of the tree.
#[derive(Debug)]
pub(super) struct Node {
    pub(super) kind: Kind,
    /// The longest path down to a leaf (0 for a leaf).
    height: u32,
    /// The number of instructions of its program (saturating).
    pub(super) size: u64,
    /// The 64-bit words of the registers of its program's counters
    /// (saturating).
    pub(super) words: u64,
    /// The number of instructions of its program with every counted repetition
    /// expanded into copies, as an engine without counters (the `regex` crate)
    /// builds it (saturating).
    pub(super) expanded: u64,
    /// Whether it matches exactly one character, of a set (a character, a
    /// class, a group or an alternation of them): what a counter repeats.
    pub(super) single: bool,
}

/// What a node is.
#[derive(Debug)]
pub(super) enum Kind {
    /// Matches the empty string.
    Empty,
    Char(char),
    /// The characters of the ranges `start..end` of the parser's pool
    /// (canonical; empty: matches nothing).
    Class {
        start: u32,
        end: u32,
    },
    Look(Look),
    /// `sub` at least `min` times, at most `max` (unbounded if `None`).
    Repeat {
        min: u32,
        max: Option<u32>,
        sub: Box<Node>,
    },
    /// A capturing group (named or not): no meaning for a match, but a level
    /// of nesting.
    Group(Box<Node>),
    Concat(Vec<Node>),
    Alternation(Vec<Node>),
}

impl Node {
    pub(super) fn leaf(kind: Kind) -> Node {
        let size = u64::from(!matches!(kind, Kind::Empty));
        let single = matches!(kind, Kind::Char(_) | Kind::Class { .. });
        Node {
            kind,
            height: 0,
            size,
            words: 0,
            expanded: size,
            single,
        }
    }

    /// What matching the node's program may cost per character, in steps: its
    /// instructions and the words of its counters' registers.
    pub(super) fn cost(&self) -> u64 {
        self.size
            .saturating_add(self.words.div_ceil(WORDS_PER_STEP))
    }

    /// Whether `sub` repeated from `min` to `max` times is one counter (see
    /// [`COUNT_FROM`]).
    pub(super) fn counts(sub: &Node, min: u32, max: Option<u32>) -> bool {
        sub.single && max.unwrap_or(min) >= COUNT_FROM
    }

    /// The highest count a counter of `min` to `max` repetitions tells apart
    /// (`max`, or `min` when unbounded: from there on, more is the same), and
    /// its register's words (one bit per count from 0).
    pub(super) fn counter_bits(min: u32, max: Option<u32>) -> (u32, u64) {
        let top = max.unwrap_or(min);
        (top, u64::from(top) / 64 + 1)
    }

    /// `subs` one after the other (one node alone stands for itself).
    pub(super) fn concat(mut subs: Vec<Node>) -> Result<Node, &'static str> {
        match subs.len() {
            0 => Ok(Node::leaf(Kind::Empty)),
            1 => Ok(subs.pop().unwrap_or_else(|| Node::leaf(Kind::Empty))),
            _ => {
                let sum =
                    |f: fn(&Node) -> u64| subs.iter().fold(0u64, |n, s| n.saturating_add(f(s)));
                let (size, words, expanded) =
                    (sum(|s| s.size), sum(|s| s.words), sum(|s| s.expanded));
                let height = Node::height_over(&subs)?;
                Ok(Node {
                    kind: Kind::Concat(subs),
                    height,
                    size,
                    words,
                    expanded,
                    single: false,
                })
            }
        }
    }

    /// One of `subs` (one node alone stands for itself).
    pub(super) fn alternation(mut subs: Vec<Node>) -> Result<Node, &'static str> {
        if subs.len() == 1 {
            return Ok(subs.pop().unwrap_or_else(|| Node::leaf(Kind::Empty)));
        }
        // A split and a jump for each alternative but the last.
        let glue = 2 * (subs.len() as u64).saturating_sub(1);
        let sum =
            |from: u64, f: fn(&Node) -> u64| subs.iter().fold(from, |n, s| n.saturating_add(f(s)));
        let (size, words, expanded) = (
            sum(glue, |s| s.size),
            sum(0, |s| s.words),
            sum(glue, |s| s.expanded),
        );
        let single = subs.iter().all(|s| s.single);
        let height = Node::height_over(&subs)?;
        Ok(Node {
            kind: Kind::Alternation(subs),
            height,
            size,
            words,
            expanded,
            single,
        })
    }

    /// `sub` repeated (`{0}` is the empty string, `{1}` the node itself).
    pub(super) fn repeat(sub: Node, min: u32, max: Option<u32>) -> Result<Node, &'static str> {
        match (min, max) {
            (0, Some(0)) => return Ok(Node::leaf(Kind::Empty)),
            (1, Some(1)) => return Ok(sub),
            _ => {}
        }
        // The copies of `sub` and the splits and jumps around them.
        let (copies, glue) = if sub.size == 0 {
            // No instructions to copy (and `(?:){4000000000}` takes no time),
            // but a split for each optional copy.
            (0, max.map_or(2, |max| u64::from(max - min)))
        } else {
            match max {
                // A split and a jump around one copy.
                None if min == 0 => (1, 2),
                // The last copy loops back by a split.
                None => (u64::from(min), 1),
                // Each optional copy behind a split.
                Some(max) => (u64::from(max), u64::from(max - min)),
            }
        };
        let expanded = copies.saturating_mul(sub.expanded).saturating_add(glue);
        let (size, words) = if Node::counts(&sub, min, max) {
            (1, Node::counter_bits(min, max).1)
        } else {
            (
                copies.saturating_mul(sub.size).saturating_add(glue),
                copies.saturating_mul(sub.words),
            )
        };
        let height = Node::height_over(std::slice::from_ref(&sub))?;
        Ok(Node {
            kind: Kind::Repeat {
                min,
                max,
                sub: Box::new(sub),
            },
            height,
            size,
            words,
            expanded,
            single: false,
        })
    }

    /// A capturing group around `sub`.
    pub(super) fn group(sub: Node) -> Result<Node, &'static str> {
        let height = Node::height_over(std::slice::from_ref(&sub))?;
        let (size, words, expanded, single) = (sub.size, sub.words, sub.expanded, sub.single);
        Ok(Node {
            kind: Kind::Group(Box::new(sub)),
            height,
            size,
            words,
            expanded,
            single,
        })
    }

    /// The height of a node over `subs`, refused beyond [`NEST_LIMIT`].
    fn height_over(subs: &[Node]) -> Result<u32, &'static str> {
        let height = subs.iter().map(|s| s.height).max().unwrap_or(0) + 1;
        if height > NEST_LIMIT {
            return Err(TOO_DEEP);
        }
        Ok(height)
    }

    /// Whether every match starts at the start of the text (`^` or `\A` first).
    pub(super) fn is_start_anchored(&self) -> bool {
        match &self.kind {
            Kind::Look(Look::Start) => true,
            Kind::Concat(subs) => subs.first().is_some_and(Node::is_start_anchored),
            Kind::Alternation(subs) => subs.iter().all(Node::is_start_anchored),
            Kind::Repeat { min, sub, .. } => *min > 0 && sub.is_start_anchored(),
            Kind::Group(sub) => sub.is_start_anchored(),
            _ => false,
        }
    }
}
