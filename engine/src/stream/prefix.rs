//! The early tests on the string being read (a member name against the
//! declared names, a string value against its `enum`/`const` strings and its
//! `maxLength`). Only the innermost open value reads a string, so the checker
//! keeps one set of them, reused from string to string.

use super::plan::{Plan, Span};
use crate::schema::{NodeId, Property, Schema};

/// What a prefix test stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum What {
    /// A member name against the declared names.
    Name,
    Enum,
    Const,
    /// A member name against the `enum` of `propertyNames`.
    NameEnum,
    /// A member name against the `const` of `propertyNames`.
    NameConst,
}

/// Candidates in name order (a node's names sorted, see `super::plan`): the
/// ones left are `order[lo..hi]`, found by comparing each with a run of bytes
/// when few, else by binary search at each byte.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sorted<'a> {
    pub order: &'a [u32],
    pub props: &'a [Property],
    pub lo: usize,
    pub hi: usize,
}

/// At most this many candidates are narrowed by comparing each with a whole
/// run; more, byte by byte by binary search.
const COMPARED: usize = 8;

/// How many bytes `a` and `b` share at their start.
fn common(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Whether `a` starts with `b`: the first bytes compared before the rest
/// (most candidates differ there, without a call to compare).
#[inline(always)]
fn starts_with(a: &[u8], b: &[u8]) -> bool {
    match b.first() {
        Some(first) => a.first() == Some(first) && a.starts_with(b),
        None => true,
    }
}

impl Sorted<'_> {
    /// Keeps the candidates that go on with `token[new..]` (each left goes on
    /// with `token[..new]`), comparing each with the run: those left are
    /// next to each other in name order. `Err(k)`: none is left, the last
    /// stopped matching at byte `k`.
    fn narrow_run(&mut self, token: &[u8], new: usize) -> Result<(), usize> {
        let read = &token[new..];
        let name = |i: usize| self.props[self.order[i] as usize].name.as_bytes();
        // Those left are next to each other: from the first that goes on
        // with the run to the first after it that does not.
        let goes_on = |i: usize| {
            name(i)
                .get(new..)
                .is_some_and(|tail| starts_with(tail, read))
        };
        let Some(first) = (self.lo..self.hi).find(|&i| goes_on(i)) else {
            let longest = (self.lo..self.hi)
                .map(|i| common(name(i).get(new..).unwrap_or_default(), read))
                .max()
                .unwrap_or(0);
            return Err(new + longest);
        };
        let end = (first + 1..self.hi)
            .find(|&i| !goes_on(i))
            .unwrap_or(self.hi);
        (self.lo, self.hi) = (first, end);
        Ok(())
    }

    /// Keeps the candidates that go on with `token[new..]` (each left goes
    /// on with `token[..new]`): by comparing each with the run when few, else
    /// byte by byte. `Err(k)`: none is left, the last stopped matching at
    /// byte `k`.
    fn run(&mut self, token: &[u8], new: usize) -> Result<(), usize> {
        if self.hi - self.lo <= COMPARED {
            return self.narrow_run(token, new);
        }
        for k in new..token.len() {
            if self.hi - self.lo == 1 {
                // One candidate left: the rest compared at once.
                let name = self.props[self.order[self.lo] as usize].name.as_bytes();
                let tail = name.get(k..).unwrap_or_default();
                let same = tail
                    .iter()
                    .zip(&token[k..])
                    .take_while(|(a, b)| a == b)
                    .count();
                if k + same < token.len() {
                    return Err(k + same);
                }
                return Ok(());
            }
            self.narrow(k, token[k]);
            if self.lo == self.hi {
                return Err(k);
            }
        }
        Ok(())
    }

    /// Keeps the candidates whose byte `k` is `byte`.
    pub(super) fn narrow(&mut self, k: usize, byte: u8) {
        let name = |i: &u32| self.props[*i as usize].name.as_bytes().get(k).copied();
        let left = &self.order[self.lo..self.hi];
        let start = left.partition_point(|i| name(i) < Some(byte));
        let end = left.partition_point(|i| name(i) <= Some(byte));
        self.hi = self.lo + end;
        self.lo += start;
    }
}

/// The candidates left of a test on a node's declared names, in name order
/// (`lo..hi` of [`Sorted`]: the node's names sorted, from the plan).
#[derive(Clone, Copy, Debug)]
pub(super) struct Left {
    lo: usize,
    hi: usize,
}

/// A test that lives while some of its candidates starts with the bytes read
/// so far.
#[derive(Clone, Copy, Debug)]
pub(super) struct Test {
    pub alt: usize,
    pub node: NodeId,
    pub what: What,
    /// Candidates still matching; `usize::MAX` once failed.
    live: usize,
    /// In a run: the byte index at which its candidates stopped matching.
    stop: usize,
    /// The node's declared names in name order instead of candidates in
    /// the list.
    sorted: Option<Left>,
}

/// The tests of the string being read (see the module). They borrow
/// nothing from the schema: a candidate is a [`Span`] of the plan's strings,
/// and a test on the declared names keeps which of them are left.
#[derive(Debug, Default)]
pub(super) struct Prefixes {
    tests: Vec<Test>,
    /// Tests not yet failed.
    live: usize,
    /// (test, candidate).
    candidates: Vec<(usize, Span)>,
    /// `maxLength` bounds of a string value: (alternative, limit).
    pub max_lengths: Vec<(usize, u64)>,
    /// Code points read (counted while `max_lengths` is not empty).
    pub chars: u64,
    /// Failures of the last run: (byte index in the string, test).
    failed: Vec<(usize, Test)>,
}

impl Prefixes {
    /// Whether its buffers are small enough to keep for another checker.
    pub fn small(&self) -> bool {
        self.tests.capacity() <= 256 && self.candidates.capacity() <= 4096
    }

    /// A new string starts.
    pub fn clear(&mut self) {
        self.tests.clear();
        self.live = 0;
        self.candidates.clear();
        self.max_lengths.clear();
        self.chars = 0;
    }

    /// The failures of the last [`Prefixes::run`].
    pub fn failed(&self) -> &[(usize, Test)] {
        &self.failed
    }

    /// Whether any prefix test lives.
    pub fn any(&self) -> bool {
        self.live > 0
    }

    /// Adds a prefix test with `candidates`.
    pub fn add(
        &mut self,
        alt: usize,
        node: NodeId,
        what: What,
        candidates: impl Iterator<Item = Span>,
    ) {
        let t = self.tests.len();
        let before = self.candidates.len();
        self.candidates.extend(candidates.map(|c| (t, c)));
        self.tests.push(Test {
            alt,
            node,
            what,
            live: self.candidates.len() - before,
            stop: 0,
            sorted: None,
        });
        self.live += 1;
    }

    /// Adds a prefix test whose candidates are node `node`'s `names` declared
    /// names (not none), in name order.
    pub fn add_sorted(&mut self, alt: usize, node: NodeId, what: What, names: usize) {
        self.tests.push(Test {
            alt,
            node,
            what,
            live: 1,
            stop: 0,
            sorted: Some(Left { lo: 0, hi: names }),
        });
        self.live += 1;
    }

    /// Reads `token[new..]` (the string so far is `token`), the candidates
    /// being `plan`'s strings and `schema`'s declared names: the tests that
    /// fail, each with the index of the byte at which its last candidate
    /// stopped matching, in byte order then test order (as if read one byte
    /// at a time).
    pub fn run(
        &mut self,
        token: &[u8],
        new: usize,
        schema: &Schema,
        plan: &Plan,
    ) -> &[(usize, Test)] {
        let Prefixes {
            tests,
            live,
            candidates,
            failed,
            ..
        } = self;
        failed.clear();
        for test in tests.iter_mut() {
            test.stop = new;
            if test.live != 1 {
                continue;
            }
            let Some(left) = test.sorted.as_mut() else {
                continue;
            };
            let mut sorted = Sorted {
                order: &plan.node(test.node).by_name,
                props: schema
                    .node(test.node)
                    .properties
                    .as_deref()
                    .unwrap_or_default(),
                lo: left.lo,
                hi: left.hi,
            };
            if let Err(stop) = sorted.run(token, new) {
                test.live = 0;
                test.stop = stop;
            }
            (left.lo, left.hi) = (sorted.lo, sorted.hi);
        }
        if candidates.is_empty() && tests.iter().all(|t| t.live != 0) {
            // No candidate list, no test failed (the common member name).
            return failed;
        }
        let read = &token[new..];
        candidates.retain(|&(t, c)| {
            let tail = plan.string(c).get(new..).unwrap_or_default();
            if starts_with(tail, read) {
                return true;
            }
            let same = common(tail, read);
            let test = &mut tests[t];
            test.live -= 1;
            test.stop = test.stop.max(new + same);
            false
        });
        for test in tests.iter_mut() {
            if test.live == 0 {
                test.live = usize::MAX;
                *live -= 1;
                failed.push((test.stop, *test));
            }
        }
        if failed.len() > 1 {
            failed.sort_by_key(|&(at, _)| at);
        }
        failed
    }
}
