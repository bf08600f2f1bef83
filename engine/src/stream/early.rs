//! The early tests of the string being read that patterns and `propertyNames`
//! decide, beside the prefix tests of [`super::prefix`]: a string value
//! against its node's `pattern`, a member name against `propertyNames`'
//! `pattern` and `maxLength`, and a member name of an object closed to names
//! that neither its `properties` nor its `patternProperties` take. A pattern
//! test lives while the pattern's [`PrefixMatch`] says some continuation can
//! still match (only anchored patterns can die: the others are not tested at
//! all); the string is read by characters, as the patterns read it.

use super::prefix::Sorted;
use crate::keywords;
use crate::pattern::PrefixMatch;
use crate::schema::node_checks::string::pattern_missed;
use crate::schema::{Node, NodeId, Property};
use crate::violation::Kind;

/// What a failed test stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Why {
    /// The string value misses its node's `pattern`.
    Pattern,
    /// The member name misses the `pattern` of `propertyNames` (this node).
    NamePattern(NodeId),
    /// The member name is longer than `propertyNames`' (this node's) `maxLength`.
    NameLength(NodeId),
    /// No declared name starts as the member name, and no pattern of
    /// `patternProperties` can match it.
    Undeclared,
}

/// A failed test: alternative `alt` (of the frame reading the string) dies
/// for node `node`, at byte `at` of the string.
#[derive(Clone, Copy, Debug)]
pub(super) struct Failure {
    pub alt: usize,
    pub node: NodeId,
    pub why: Why,
    pub at: usize,
}

impl Failure {
    /// The violation, about the string as far as read (`so_far`); `node` is
    /// the failed test's node, `names` the `propertyNames` schema of a name
    /// test.
    pub fn kind(&self, node: &Node, names: Option<&Node>, so_far: &str) -> Kind {
        let property_name = |problem: Option<Kind>| Kind::PropertyName {
            name: so_far.to_owned(),
            problem: Box::new(problem.unwrap_or(Kind::NotAllowed)),
        };
        match self.why {
            Why::Pattern => node
                .pattern
                .as_ref()
                .map_or(Kind::NotAllowed, |p| pattern_missed(p, so_far)),
            Why::NamePattern(_) => property_name(
                names.and_then(|n| n.pattern.as_ref().map(|p| pattern_missed(p, so_far))),
            ),
            Why::NameLength(_) => property_name(names.and_then(|n| n.max_length).and_then(|max| {
                keywords::string::max_length(max, keywords::string::length(so_far))
            })),
            Why::Undeclared => Kind::Unexpected,
        }
    }
}

/// One test.
#[derive(Debug)]
enum Test<'a> {
    Pattern {
        state: PrefixMatch<'a>,
    },
    Length {
        max: u64,
    },
    /// The declared names still starting as the name read (none: `None`), and
    /// the patterns still live on it.
    Names {
        declared: Option<Sorted<'a>>,
        patterns: Vec<PrefixMatch<'a>>,
    },
}

/// The tests of the string being read (see the module).
#[derive(Debug, Default)]
pub(super) struct Early<'a> {
    /// (alternative, node, why, test).
    tests: Vec<(usize, NodeId, Why, Test<'a>)>,
    /// The bytes of the string read by the tests (whole characters).
    fed: usize,
    /// The characters read.
    chars: u64,
    failed: Vec<Failure>,
}

impl<'a> Early<'a> {
    /// A new string starts.
    pub fn clear(&mut self) {
        self.tests.clear();
        self.fed = 0;
        self.chars = 0;
    }

    /// Whether any test lives.
    pub fn any(&self) -> bool {
        !self.tests.is_empty()
    }

    /// The test of a string value of node `n` (alternative `alt`) against
    /// its pattern (`state`, live).
    pub fn value(&mut self, alt: usize, n: NodeId, state: PrefixMatch<'a>) {
        self.tests
            .push((alt, n, Why::Pattern, Test::Pattern { state }));
    }

    /// The tests of a member name of an object of node `n` (alternative
    /// `alt`): `propertyNames` (`names`, node `names_id`), and, when `closed`
    /// (the node takes only the names its `properties` and
    /// `patternProperties` take), whether the name can still be one of those
    /// (`order`: the declared names' sorted order). Tests that cannot fail are
    /// not made.
    pub fn member(
        &mut self,
        alt: usize,
        n: NodeId,
        node: &'a Node,
        closed: Option<&'a [u32]>,
        names: Option<(NodeId, &'a Node)>,
    ) {
        if let Some((id, names)) = names {
            if let Some(state) = names.pattern.as_ref().and_then(|p| p.prefix_match()) {
                self.tests
                    .push((alt, n, Why::NamePattern(id), Test::Pattern { state }));
            }
            if let Some(max) = names.max_length {
                self.tests
                    .push((alt, n, Why::NameLength(id), Test::Length { max }));
            }
        }
        let Some(order) = closed else {
            return;
        };
        let patterns: Option<Vec<_>> = node
            .pattern_properties
            .iter()
            .map(|(p, _)| p.prefix_match())
            .collect();
        let Some(patterns) = patterns else {
            // A pattern that cannot die takes some continuation of any name.
            return;
        };
        let props: &'a [Property] = node.properties.as_deref().unwrap_or_default();
        let declared = (!order.is_empty()).then_some(Sorted {
            order,
            props,
            lo: 0,
            hi: order.len(),
        });
        let patterns = patterns.into_iter().filter(PrefixMatch::is_live).collect();
        self.tests
            .push((alt, n, Why::Undeclared, Test::Names { declared, patterns }));
    }

    /// Reads the whole characters of `token` (the string so far) not read
    /// yet: the tests that fail, in the order of the bytes at which they fail.
    pub fn run(&mut self, token: &[u8]) -> &[Failure] {
        self.failed.clear();
        let rest = &token[self.fed..];
        let whole = match std::str::from_utf8(rest) {
            Ok(text) => text,
            Err(e) => std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or_default(),
        };
        let Early {
            tests,
            fed,
            chars,
            failed,
        } = self;
        let mut buf = [0u8; 4];
        for c in whole.chars() {
            let start = *fed;
            *fed += c.len_utf8();
            *chars += 1;
            let piece = &*c.encode_utf8(&mut buf);
            tests.retain_mut(|(alt, node, why, test)| {
                let live = match test {
                    Test::Pattern { state } => state.feed(piece),
                    Test::Length { max } => *chars <= *max,
                    Test::Names { declared, patterns } => {
                        if let Some(sorted) = declared {
                            for (k, &byte) in token[start..*fed].iter().enumerate() {
                                sorted.narrow(start + k, byte);
                            }
                            if sorted.lo == sorted.hi {
                                *declared = None;
                            }
                        }
                        patterns.retain_mut(|p| p.feed(piece));
                        declared.is_some() || !patterns.is_empty()
                    }
                };
                if !live {
                    failed.push(Failure {
                        alt: *alt,
                        node: *node,
                        why: *why,
                        at: *fed - 1,
                    });
                }
                live
            });
            if tests.is_empty() {
                break;
            }
        }
        &self.failed
    }
}
