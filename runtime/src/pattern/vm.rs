//! Runs a [`Program`] over a text: the set of instructions the text so far can
//! reach, advanced one character at a time (an NFA simulation), each
//! instruction at most once per position. The work is at most the program's
//! size times the text's length plus one, whatever the pattern; the memory is
//! three arrays of the program's size, kept per thread and reused, so that a
//! match allocates nothing once the thread has matched a pattern that large.

use super::ast::Look;
use super::compile::{Inst, Program};
use std::cell::RefCell;

thread_local! {
    /// The scratch space of the matches on this thread.
    static SCRATCH: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// Whether `text` holds a match of `program` (anywhere).
pub(super) fn is_match(program: &Program, text: &str) -> bool {
    let words = 6 * program.insts.len() + 1;
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => {
            if scratch.len() < words {
                scratch.resize(words, 0);
            }
            run(program, text, &mut scratch[..words])
        }
        // Not reached (a match calls no code that matches), but sound.
        Err(_) => run(program, text, &mut vec![0; words]),
    })
}

/// A set of instruction indices: insertion, membership and clearing in
/// constant time, whatever `sparse` and `dense` held before.
struct Set<'a> {
    sparse: &'a mut [u32],
    dense: &'a mut [u32],
    len: usize,
}

impl<'a> Set<'a> {
    fn new(memory: &'a mut [u32]) -> Set<'a> {
        let (sparse, dense) = memory.split_at_mut(memory.len() / 2);
        Set {
            sparse,
            dense,
            len: 0,
        }
    }

    #[inline]
    fn contains(&self, i: u32) -> bool {
        let at = self.sparse[i as usize] as usize;
        at < self.len && self.dense[at] == i
    }

    #[inline]
    fn insert(&mut self, i: u32) {
        self.sparse[i as usize] = self.len as u32;
        self.dense[self.len] = i;
        self.len += 1;
    }
}

/// The simulation, in `scratch` (six words an instruction and one).
fn run(program: &Program, text: &str, scratch: &mut [u32]) -> bool {
    let n = program.insts.len();
    let (current, rest) = scratch.split_at_mut(2 * n);
    let (next, stack) = rest.split_at_mut(2 * n);
    let mut current = Set::new(current);
    let mut next = Set::new(next);
    let mut chars = text.chars();
    let mut before = None;
    let mut after = chars.next();
    loop {
        if current.len == 0 && !program.anchored {
            if let Some(first) = &program.first {
                // No match is under way, and none can start before a
                // character of `first`.
                while let Some(c) = after.filter(|&c| !first.contains(c)) {
                    before = Some(c);
                    after = chars.next();
                }
                if after.is_none() {
                    return false;
                }
            }
        }
        // A match may start here.
        if before.is_none() || !program.anchored {
            if follow(program, &mut current, stack, 0, before, after) {
                return true;
            }
        } else if current.len == 0 {
            return false;
        }
        let Some(c) = after else {
            return false;
        };
        let then = chars.next();
        next.len = 0;
        for k in 0..current.len {
            let at = current.dense[k];
            let consumed = match program.insts[at as usize] {
                Inst::Char(x) => x == c,
                Inst::Class { start, end } => {
                    super::ranges::contains(&program.ranges[start as usize..end as usize], c)
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
            } else if follow(program, &mut next, stack, then_at, Some(c), then) {
                return true;
            }
        }
        std::mem::swap(&mut current, &mut next);
        before = Some(c);
        after = then;
    }
}

/// Adds `start` and every instruction reachable from it without consuming a
/// character (between `before` and `after`) to `set`; whether one of them is
/// [`Inst::Match`]. `stack` holds at most two entries an instruction and one.
#[inline]
fn follow(
    program: &Program,
    set: &mut Set<'_>,
    stack: &mut [u32],
    start: u32,
    before: Option<char>,
    after: Option<char>,
) -> bool {
    stack[0] = start;
    let mut top = 1;
    while top > 0 {
        top -= 1;
        let at = stack[top];
        if set.contains(at) {
            continue;
        }
        set.insert(at);
        match program.insts[at as usize] {
            Inst::Split(a, b) => {
                stack[top] = b;
                stack[top + 1] = a;
                top += 2;
            }
            Inst::Jump(a) => {
                stack[top] = a;
                top += 1;
            }
            Inst::Look(look) => {
                if Look::holds(look, before, after) {
                    stack[top] = at + 1;
                    top += 1;
                }
            }
            Inst::Match => return true,
            Inst::Char(_) | Inst::Class { .. } => {}
        }
    }
    false
}
