//! The tree a pattern parses to: shaped as `regex-lite`'s own (the same nodes
//! count toward the same nesting limit), each node knowing its height and the
//! size of its program, so that the limits are checked while it is built,
//! before anything is expanded.

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

/// A node of the tree.
#[derive(Debug)]
pub(super) struct Node {
    pub(super) kind: Kind,
    /// The longest path down to a leaf (0 for a leaf).
    height: u32,
    /// The number of instructions of its program (saturating).
    pub(super) size: u64,
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
        Node {
            kind,
            height: 0,
            size,
        }
    }

    /// `subs` one after the other (one node alone stands for itself).
    pub(super) fn concat(mut subs: Vec<Node>) -> Result<Node, &'static str> {
        match subs.len() {
            0 => Ok(Node::leaf(Kind::Empty)),
            1 => Ok(subs.pop().unwrap_or_else(|| Node::leaf(Kind::Empty))),
            _ => {
                let size = subs.iter().fold(0u64, |n, s| n.saturating_add(s.size));
                let height = Node::height_over(&subs)?;
                Ok(Node {
                    kind: Kind::Concat(subs),
                    height,
                    size,
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
        let size = subs.iter().fold(glue, |n, s| n.saturating_add(s.size));
        let height = Node::height_over(&subs)?;
        Ok(Node {
            kind: Kind::Alternation(subs),
            height,
            size,
        })
    }

    /// `sub` repeated (`{0}` is the empty string, `{1}` the node itself).
    pub(super) fn repeat(sub: Node, min: u32, max: Option<u32>) -> Result<Node, &'static str> {
        match (min, max) {
            (0, Some(0)) => return Ok(Node::leaf(Kind::Empty)),
            (1, Some(1)) => return Ok(sub),
            _ => {}
        }
        let s = sub.size;
        let copies = if s == 0 { 0 } else { u64::from(min) };
        let size = match max {
            // A split and a jump around one copy.
            None if min == 0 || s == 0 => s.saturating_add(2),
            // The last copy loops back by a split.
            None => copies.saturating_mul(s).saturating_add(1),
            // Each optional copy behind a split.
            Some(max) => copies
                .saturating_mul(s)
                .saturating_add(u64::from(max - min).saturating_mul(s.saturating_add(1))),
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
        })
    }

    /// A capturing group around `sub`.
    pub(super) fn group(sub: Node) -> Result<Node, &'static str> {
        let height = Node::height_over(std::slice::from_ref(&sub))?;
        let size = sub.size;
        Ok(Node {
            kind: Kind::Group(Box::new(sub)),
            height,
            size,
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
