//! Runs a [`Program`] over a text: the set of instructions the text so far can
//! reach, advanced one character at a time (an NFA simulation), each
//! instruction at most once per position, a counter's register shifted once.
//! The work per character is at most a few steps per unit of the program's
//! size (its instructions and its counters' words, which the limit bounds),
//! whatever the pattern and the text; the memory is 32 bytes an instruction
//! and 16 a counter's word, kept per thread and reused, so that a match
//! allocates nothing once the thread has matched a pattern that large.

use super::ast::Look;
use super::compile::{Counter, Inst, Program};
use std::cell::RefCell;

/// The scratch space of a thread's matches: the stamps of the two sets of
/// instructions (see [`Set`]; each its own vector, so that a stamp is at the
/// same place whatever the program), the clock that stamps them, the lists of
/// the sets' members and the stack, and the counters' registers.
#[derive(Default)]
struct Scratch {
    stamps: [Vec<u64>; 2],
    clock: u64,
    lists: Vec<u32>,
    registers: Vec<u64>,
}

thread_local! {
    /// The scratch space of the matches on this thread.
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

#[cfg(test)]
thread_local! {
    /// The steps taken on this thread (instructions visited, and one per
    /// `ast::WORDS_PER_STEP` register words shifted or cleared), for the tests
    /// of the bound.
    pub(super) static STEPS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `n` steps (in tests only).
#[inline(always)]
fn step(n: usize) {
    #[cfg(test)]
    STEPS.with(|s| s.set(s.get() + n as u64));
    #[cfg(not(test))]
    let _ = n;
}

/// Counts the steps of `words` register words (in tests only).
#[inline(always)]
fn step_words(words: usize) {
    step(words.div_ceil(super::ast::WORDS_PER_STEP as usize));
}

/// Whether `text` holds a match of `program` (anywhere).
pub(super) fn is_match(program: &Program, text: &str) -> bool {
    let n = program.insts.len();
    let lists = 4 * n + 1;
    let registers = 2 * program.words;
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => {
            let Scratch {
                stamps: [a, b],
                clock,
                lists: l,
                registers: r,
            } = &mut *scratch;
            for stamps in [&mut *a, &mut *b] {
                if stamps.len() < n {
                    stamps.resize(n, 0);
                }
            }
            if l.len() < lists {
                l.resize(lists, 0);
            }
            if r.len() < registers {
                r.resize(registers, 0);
            }
            let memory = Memory {
                stamps: [a, b],
                clock,
                lists: &mut l[..lists],
                registers: &mut r[..registers],
            };
            run(program, text, memory)
        }
        // Not reached (a match calls no code that matches), but sound.
        Err(_) => {
            let memory = Memory {
                stamps: [&mut vec![0; n], &mut vec![0; n]],
                clock: &mut 0,
                lists: &mut vec![0; lists],
                registers: &mut vec![0; registers],
            };
            run(program, text, memory)
        }
    })
}

/// What a match works in (see [`Scratch`]): the stamps of at least the
/// program's instructions, four words an instruction and one for the lists
/// and the stack, twice the counters' words.
struct Memory<'a> {
    stamps: [&'a mut [u64]; 2],
    clock: &'a mut u64,
    lists: &'a mut [u32],
    registers: &'a mut [u64],
}

/// A set of instruction indices: membership by a stamp per instruction (the
/// thread's clock when the set was last cleared, a 64-bit count of the sets
/// cleared that never comes back: a stamp of any other time, left by an
/// earlier set or match, is not current), and the list of the members that
/// consume a character (the others are only passed through); insertion,
/// membership and clearing in constant time, nothing to clear before a match.
pub(super) struct Set<'a> {
    pub(super) stamps: &'a mut [u64],
    pub(super) generation: u64,
    pub(super) consumers: &'a mut [u32],
    pub(super) len: usize,
}

impl<'a> Set<'a> {
    /// The empty set of stamp `generation`.
    pub(super) fn new(stamps: &'a mut [u64], consumers: &'a mut [u32], generation: u64) -> Set<'a> {
        Set {
            stamps,
            generation,
            consumers,
            len: 0,
        }
    }

    #[inline]
    fn contains(&self, i: u32) -> bool {
        self.stamps[i as usize] == self.generation
    }

    /// Adds `i`, which does not consume a character.
    #[inline]
    fn mark(&mut self, i: u32) {
        self.stamps[i as usize] = self.generation;
    }

    /// Adds `i`, which consumes a character.
    #[inline]
    fn insert(&mut self, i: u32) {
        self.stamps[i as usize] = self.generation;
        self.consumers[self.len] = i;
        self.len += 1;
    }
}

/// The simulation, in `memory` (the registers: those of the counters in the
/// current set, then those of the next).
fn run(program: &Program, text: &str, memory: Memory<'_>) -> bool {
    let n = program.insts.len();
    let Memory {
        stamps: [a, b],
        clock,
        lists,
        registers,
    } = memory;
    let (current_list, rest) = lists.split_at_mut(n);
    let (next_list, stack) = rest.split_at_mut(n);
    // The clock in a register while the match runs.
    let mut time = *clock + 2;
    let mut current = Set::new(a, current_list, time - 1);
    let mut next = Set::new(b, next_list, time);
    let (mut current_registers, mut next_registers) = registers.split_at_mut(program.words);
    let mut chars = text.chars();
    let mut before = None;
    let mut after = chars.next();
    let answer = 'run: loop {
        if current.len == 0 && !program.anchored {
            if let Some(first) = &program.first {
                // No match is under way, and none can start before a
                // character of `first`.
                while let Some(c) = after.filter(|&c| !first.contains(c)) {
                    before = Some(c);
                    after = chars.next();
                }
                if after.is_none() {
                    break 'run false;
                }
            }
        }
        // A match may start here.
        if before.is_none() || !program.anchored {
            let mut at = At {
                set: &mut current,
                registers: current_registers,
                stack,
            };
            if at.follow(program, 0, before, after) {
                break 'run true;
            }
        } else if current.len == 0 {
            break 'run false;
        }
        let Some(c) = after else {
            break 'run false;
        };
        let then = chars.next();
        time += 1;
        next.generation = time;
        next.len = 0;
        let registers = (&*current_registers, &mut *next_registers, &mut *stack);
        if advance(program, &current, &mut next, registers, c, then) {
            break 'run true;
        }
        std::mem::swap(&mut current, &mut next);
        std::mem::swap(&mut current_registers, &mut next_registers);
        before = Some(c);
        after = then;
    };
    *clock = time;
    answer
}

/// Moves the threads of `current` (their counters' registers in
/// `registers.0`) past character `c` into `next` (registers in
/// `registers.1`, the closure's stack in `registers.2`), following on to
/// before `then`; whether the match is reached.
#[inline(always)]
pub(super) fn advance(
    program: &Program,
    current: &Set<'_>,
    next: &mut Set<'_>,
    registers: (&[u64], &mut [u64], &mut [u32]),
    c: char,
    then: Option<char>,
) -> bool {
    let (current_registers, next_registers, stack) = registers;
    step(current.len);
    for &at in &current.consumers[..current.len] {
        let consumed = match program.insts[at as usize] {
            Inst::Char(x) => x == c,
            Inst::Class { start, end } => {
                super::ranges::contains(&program.ranges[start as usize..end as usize], c)
            }
            Inst::Count(i) => {
                let counter = &program.counters[i as usize];
                let mut to = At {
                    set: &mut *next,
                    registers: &mut *next_registers,
                    stack: &mut *stack,
                };
                if to.count(program, counter, at, current_registers, c, then) {
                    return true;
                }
                continue;
            }
            _ => false,
        };
        if !consumed {
            continue;
        }
        let then_at = at + 1;
        if let Inst::Char(_) | Inst::Class { .. } = program.insts[then_at as usize] {
            // The common case, without the closure's stack.
            if !next.contains(then_at) {
                next.insert(then_at);
            }
        } else {
            let mut to = At {
                set: &mut *next,
                registers: &mut *next_registers,
                stack: &mut *stack,
            };
            if to.follow(program, then_at, Some(c), then) {
                return true;
            }
        }
    }
    false
}

/// A set of instructions being filled, with their counters' registers, and
/// the stack of the closure.
pub(super) struct At<'s, 'm> {
    pub(super) set: &'s mut Set<'m>,
    pub(super) registers: &'s mut [u64],
    pub(super) stack: &'s mut [u32],
}

impl At<'_, '_> {
    /// Adds `start` and every instruction reachable from it without consuming
    /// a character (between `before` and `after`) to the set, a thread at
    /// count 0 to each counter reached; whether one of them is
    /// [`Inst::Match`]. The stack holds at most two entries an instruction and
    /// one.
    #[inline]
    pub(super) fn follow(
        &mut self,
        program: &Program,
        start: u32,
        before: Option<char>,
        after: Option<char>,
    ) -> bool {
        let stack = &mut *self.stack;
        let counters = !program.counters.is_empty();
        stack[0] = start;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let at = stack[top];
            step(1);
            if self.set.contains(at) {
                if !counters {
                    continue;
                }
                if let Inst::Count(i) = program.insts[at as usize] {
                    // Already in the set (its threads carried over, or one
                    // entered): one more at count 0.
                    let counter = &program.counters[i as usize];
                    if enter(register(self.registers, counter), false) && counter.min == 0 {
                        stack[top] = at + 1;
                        top += 1;
                    }
                }
                continue;
            }
            match program.insts[at as usize] {
                Inst::Split(a, b) => {
                    self.set.mark(at);
                    stack[top] = b;
                    stack[top + 1] = a;
                    top += 2;
                }
                Inst::Jump(a) => {
                    self.set.mark(at);
                    stack[top] = a;
                    top += 1;
                }
                Inst::Look(look) => {
                    self.set.mark(at);
                    if Look::holds(look, before, after) {
                        stack[top] = at + 1;
                        top += 1;
                    }
                }
                Inst::Count(i) => {
                    self.set.insert(at);
                    let counter = &program.counters[i as usize];
                    enter(register(self.registers, counter), true);
                    if counter.min == 0 {
                        stack[top] = at + 1;
                        top += 1;
                    }
                }
                Inst::Match => return true,
                Inst::Char(_) | Inst::Class { .. } => self.set.insert(at),
            }
        }
        false
    }

    /// The threads of the counter at `at`, as `registers` holds them, after
    /// `c`: into the set, and on past it (as [`At::follow`], before `after`)
    /// when some have read enough; whether the match is reached.
    #[inline]
    fn count(
        &mut self,
        program: &Program,
        counter: &Counter,
        at: u32,
        registers: &[u64],
        c: char,
        after: Option<char>,
    ) -> bool {
        let set = &program.ranges[counter.start as usize..counter.end as usize];
        if !super::ranges::contains(set, c) {
            // Every thread inside leaves or dies.
            return false;
        }
        // The set holds this counter already only when a thread entered it at
        // count 0 here: its register is that thread alone.
        let entered = self.set.contains(at);
        if counter.words == 1 {
            // Counts below 64: one word, no header.
            step(1);
            let old = registers[counter.offset as usize + 1];
            let top_bit = 1u64 << counter.top;
            let mut shifted = old << 1 & (top_bit | (top_bit - 1));
            if counter.saturates {
                shifted |= old & top_bit;
            }
            if shifted == 0 {
                return false;
            }
            let to = &mut self.registers[counter.offset as usize + 1];
            if entered {
                *to = shifted | 1;
            } else {
                *to = shifted;
                self.set.insert(at);
            }
            return shifted >> counter.min != 0 && self.follow(program, at + 1, Some(c), after);
        }
        self.count_wide(program, counter, at, registers, entered, c, after)
    }

    /// [`At::count`] for a register of several words (out of line: its loops
    /// would weigh on the matcher's main loop).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn count_wide(
        &mut self,
        program: &Program,
        counter: &Counter,
        at: u32,
        registers: &[u64],
        entered: bool,
        c: char,
        after: Option<char>,
    ) -> bool {
        let from = &registers[counter.offset as usize..][..counter.words as usize + 1];
        let (lo, hi) = extent(from[0]);
        if lo >= hi {
            return false;
        }
        let from = &from[1..];
        let words = from.len();
        let to = register(self.registers, counter);
        let (header, to) = to.split_at_mut(1);
        let header = &mut header[0];
        // Every count one up: the words in use, and the one above them.
        let end = (hi + 1).min(words);
        step_words(end - lo);
        to[lo] = from[lo] << 1;
        to[lo + 1..hi]
            .iter_mut()
            .zip(from[lo..hi].windows(2))
            .for_each(|(t, w)| *t = w[1] << 1 | w[0] >> 63);
        if end > hi {
            to[hi] = from[hi - 1] >> 63;
        }
        if end == words {
            // The top count dropped, or kept if it saturates.
            let top_bit = 1u64 << (counter.top % 64);
            to[words - 1] &= top_bit | (top_bit - 1);
            if counter.saturates && hi == words {
                to[words - 1] |= from[words - 1] & top_bit;
            }
        }
        let (mut lo, mut hi) = (lo, end);
        while lo < hi && to[lo] == 0 {
            lo += 1;
        }
        while hi > lo && to[hi - 1] == 0 {
            hi -= 1;
        }
        // Whether a thread has read enough: the highest count at least `min`.
        let (min_word, min_bit) = ((counter.min / 64) as usize, counter.min % 64);
        let enough =
            lo < hi && (hi - 1 > min_word || (hi - 1 == min_word && to[min_word] >> min_bit != 0));
        if entered {
            // Beside the thread at count 0.
            if lo > 1 {
                step_words(lo);
                to[1..lo].fill(0);
            }
            to[0] = if lo == 0 { to[0] | 1 } else { 1 };
            *header = span(0, hi.max(1));
        } else if lo < hi {
            *header = span(lo, hi);
            self.set.insert(at);
        } else {
            // The threads had read the most already.
            return false;
        }
        enough && self.follow(program, at + 1, Some(c), after)
    }
}

/// The register of `counter` in `registers`: its header (see [`extent`]) and
/// its words.
#[inline]
fn register<'r>(registers: &'r mut [u64], counter: &Counter) -> &'r mut [u64] {
    &mut registers[counter.offset as usize..][..counter.words as usize + 1]
}

/// The words of a register that may be non-zero, `lo..hi`, from its header
/// (the others are zero whatever they hold): a counter of many words in use
/// costs only those.
#[inline]
pub(super) fn extent(header: u64) -> (usize, usize) {
    ((header & 0xFFFF_FFFF) as usize, (header >> 32) as usize)
}

/// The header of the words `lo..hi`.
#[inline]
fn span(lo: usize, hi: usize) -> u64 {
    lo as u64 | (hi as u64) << 32
}

/// Adds a thread at count 0 to `register` (header and words): alone when
/// `fresh` (its instruction just added to the set); whether it was not there.
#[inline]
fn enter(register: &mut [u64], fresh: bool) -> bool {
    if let [_, word] = register {
        // One word: no header.
        let had = !fresh && *word & 1 != 0;
        *word = if fresh { 1 } else { *word | 1 };
        return !had;
    }
    let (lo, hi) = extent(register[0]);
    if fresh || lo >= hi {
        register[0] = span(0, 1);
        register[1] = 1;
        return true;
    }
    if lo == 0 {
        let had = register[1] & 1 != 0;
        register[1] |= 1;
        return !had;
    }
    // The words below `lo` are zero, whatever they hold.
    step_words(lo);
    register[1..=lo].fill(0);
    register[1] = 1;
    register[0] = span(0, hi);
    true
}
