//! The early tests on the string being read (a member name against the
//! declared names, a string value against its `enum`/`const` strings and its
//! `maxLength`). Only the innermost open value reads a string, so the checker
//! keeps one set of them, reused from string to string.

use crate::schema::NodeId;

/// What a prefix test stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum What {
    /// A member name against the declared names.
    Name,
    Enum,
    Const,
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
}

/// The tests of the string being read (see the module).
#[derive(Debug, Default)]
pub(super) struct Prefixes<'a> {
    tests: Vec<Test>,
    /// Tests not yet failed.
    live: usize,
    /// (test, candidate).
    candidates: Vec<(usize, &'a [u8])>,
    /// `maxLength` bounds of a string value: (alternative, limit).
    pub max_lengths: Vec<(usize, u64)>,
    /// Code points read (counted while `max_lengths` is not empty).
    pub chars: u64,
    /// Failures of the last run: (byte index in the string, test).
    failed: Vec<(usize, Test)>,
}

impl<'a> Prefixes<'a> {
    /// A new string starts.
    pub fn clear(&mut self) {
        self.tests.clear();
        self.live = 0;
        self.candidates.clear();
        self.max_lengths.clear();
        self.chars = 0;
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
        candidates: impl Iterator<Item = &'a [u8]>,
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
        });
        self.live += 1;
    }

    /// Reads `token[new..]` (the string so far is `token`): the tests that
    /// fail, each with the index of the byte at which its last candidate
    /// stopped matching, in byte order then test order (as if read one byte
    /// at a time).
    pub fn run(&mut self, token: &[u8], new: usize) -> &[(usize, Test)] {
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
        }
        let read = &token[new..];
        candidates.retain(|&(t, c)| {
            let tail = c.get(new..).unwrap_or_default();
            let same = tail.iter().zip(read).take_while(|(a, b)| a == b).count();
            if same == read.len() {
                return true;
            }
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
        failed.sort_by_key(|&(at, _)| at);
        failed
    }
}
