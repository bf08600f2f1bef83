//! Prefix liveness: whether some continuation of the characters of a string
//! read so far could still make a pattern match (anywhere, as `pattern`
//! matches), fed in pieces, in memory bounded by the program (not by the
//! string) and in the matcher's time per character.
//!
//! Only a pattern whose every match starts at the start of the text
//! (`^...`, [`Program::anchored`]) can die on a prefix: any other may still
//! match in the characters to come (one that matches nothing at all is left
//! to the string's close too). For an anchored one, the state is the matcher's own (the threads of the match
//! started at the start, advanced by [`super::vm::advance`]), one character
//! behind: a thread's closure needs the character after it, for the
//! assertions. A prefix is live while some thread can take the last
//! character and go on to the match by a path of the program in which every
//! assertion is taken to hold ([`reaches`], computed once per pattern): an
//! assertion between characters fed is decided exactly, one at the end of the
//! prefix is assumed to hold. Once a match is reached with its next character
//! known, the string matches whatever follows.

use super::compile::{Counter, Inst, Program};
use super::vm::{advance, extent, At, Set};

/// Per instruction of `program`: whether a path of the program (assertions
/// taken to hold, a counter left once it has read enough) leads from it to
/// the match.
pub(super) fn reaches(program: &Program) -> Box<[bool]> {
    let n = program.insts.len();
    // The edges reversed, as lists: `into[first[i]..first[i + 1]]` lead to `i`.
    let mut edges = Vec::with_capacity(2 * n);
    for (at, inst) in program.insts.iter().enumerate() {
        let at = at as u32;
        match *inst {
            Inst::Char(_) | Inst::Look(_) => edges.push((at + 1, at)),
            Inst::Class { start, end } if start < end => edges.push((at + 1, at)),
            Inst::Count(k) => {
                let counter = &program.counters[k as usize];
                if counter.min == 0 || counter.start < counter.end {
                    edges.push((at + 1, at));
                }
            }
            Inst::Split(a, b) => edges.extend([(a, at), (b, at)]),
            Inst::Jump(a) => edges.push((a, at)),
            Inst::Class { .. } | Inst::Match => {}
        }
    }
    edges.sort_unstable();
    let mut reach = vec![false; n];
    let mut stack: Vec<u32> = (0..n as u32)
        .filter(|&i| matches!(program.insts[i as usize], Inst::Match))
        .collect();
    while let Some(to) = stack.pop() {
        if std::mem::replace(&mut reach[to as usize], true) {
            continue;
        }
        let from = edges.partition_point(|&(t, _)| t < to);
        for &(_, pred) in edges[from..].iter().take_while(|&&(t, _)| t == to) {
            if !reach[pred as usize] {
                stack.push(pred);
            }
        }
    }
    reach.into_boxed_slice()
}

/// The liveness of the string read so far against one pattern (see the
/// module).
#[derive(Debug)]
pub(super) struct Prefix<'p> {
    program: &'p Program,
    reach: &'p [bool],
    /// The stamps of the current set and the next one.
    stamps: [Vec<u64>; 2],
    /// The members of the current set that consume a character, and of the
    /// next.
    consumers: [Vec<u32>; 2],
    /// The counters' registers of the current set, and of the next.
    registers: [Vec<u64>; 2],
    /// The closure's stack.
    stack: Vec<u32>,
    /// The current set's stamp and size.
    generation: u64,
    len: usize,
    /// The last stamp given.
    clock: u64,
    /// The last character fed, which the current set has not taken yet.
    held: Option<char>,
    /// Known for good: `Some(true)` a match was reached, `Some(false)` no
    /// continuation can match.
    verdict: Option<bool>,
}

impl<'p> Prefix<'p> {
    /// The state of the empty string, for an anchored program.
    pub(super) fn new(program: &'p Program, reach: &'p [bool]) -> Prefix<'p> {
        let n = program.insts.len();
        let mut prefix = Prefix {
            program,
            reach,
            stamps: [vec![0; n], vec![0; n]],
            consumers: [vec![0; n], vec![0; n]],
            registers: [vec![0; program.words], vec![0; program.words]],
            stack: vec![0; 2 * n + 1],
            generation: 0,
            len: 0,
            clock: 0,
            held: None,
            verdict: None,
        };
        prefix.reset();
        prefix
    }

    /// Back to the empty string (the buffers kept).
    pub(super) fn reset(&mut self) {
        self.held = None;
        self.len = 0;
        self.verdict = (!self.reach[0]).then_some(false);
    }

    /// Whether some continuation of the string so far can match.
    pub(super) fn is_live(&self) -> bool {
        self.verdict != Some(false)
    }

    /// Reads `text` on from the string so far; whether it is still live.
    pub(super) fn feed(&mut self, text: &str) -> bool {
        for c in text.chars() {
            if let Some(verdict) = self.verdict {
                return verdict;
            }
            let matched = match self.held {
                None => self.start(c),
                Some(held) => self.advance(held, c),
            };
            if matched {
                self.verdict = Some(true);
                return true;
            }
            self.held = Some(c);
            if !self.takes(c) {
                self.verdict = Some(false);
                return false;
            }
        }
        self.is_live()
    }

    /// A new stamp.
    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// The threads at the start, before `first`; whether one matches there.
    fn start(&mut self, first: char) -> bool {
        self.generation = self.tick();
        let [stamps, _] = &mut self.stamps;
        let [consumers, _] = &mut self.consumers;
        let mut set = Set::new(stamps, consumers, self.generation);
        let mut at = At {
            set: &mut set,
            registers: &mut self.registers[0],
            stack: &mut self.stack,
        };
        let matched = at.follow(self.program, 0, None, Some(first));
        self.len = set.len;
        matched
    }

    /// The threads past `held`, before `then`; whether one matches there.
    fn advance(&mut self, held: char, then: char) -> bool {
        let generation = self.tick();
        let [stamps, next_stamps] = &mut self.stamps;
        let [consumers, next_consumers] = &mut self.consumers;
        let [registers, next_registers] = &mut self.registers;
        let current = Set {
            stamps,
            generation: self.generation,
            consumers,
            len: self.len,
        };
        let mut next = Set::new(next_stamps, next_consumers, generation);
        let to = (&registers[..], &mut next_registers[..], &mut self.stack[..]);
        let matched = advance(self.program, &current, &mut next, to, held, Some(then));
        self.len = next.len;
        self.generation = generation;
        self.stamps.swap(0, 1);
        self.consumers.swap(0, 1);
        self.registers.swap(0, 1);
        matched
    }

    /// Whether a thread of the current set can take `c` and go on to the
    /// match.
    fn takes(&self, c: char) -> bool {
        let program = self.program;
        self.consumers[0][..self.len].iter().any(|&at| {
            let ranges = |start: u32, end: u32| &program.ranges[start as usize..end as usize];
            match program.insts[at as usize] {
                Inst::Char(x) => x == c && self.reach[at as usize + 1],
                Inst::Class { start, end } => {
                    super::ranges::contains(ranges(start, end), c) && self.reach[at as usize + 1]
                }
                Inst::Count(k) => {
                    let counter = &program.counters[k as usize];
                    super::ranges::contains(ranges(counter.start, counter.end), c)
                        && self.reach[at as usize]
                        && counts_on(counter, &self.registers[0])
                }
                _ => false,
            }
        })
    }
}

/// Whether a thread of `counter` (its register in `registers`) can read one
/// more character: one below its top count, or any when it saturates.
fn counts_on(counter: &Counter, registers: &[u64]) -> bool {
    let register = &registers[counter.offset as usize..][..counter.words as usize + 1];
    let (lo, hi) = if counter.words == 1 {
        (0, 1)
    } else {
        extent(register[0])
    };
    let top = u64::from(counter.top);
    (lo..hi.min(counter.words as usize)).any(|w| {
        let bits = register[w + 1];
        let below = top.saturating_sub(64 * w as u64);
        let mask = if below >= 64 {
            u64::MAX
        } else {
            (1u64 << below) - 1
        };
        bits & mask != 0 || (counter.saturates && bits != 0)
    })
}
