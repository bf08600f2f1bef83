//! `object` keywords at a model node: the node's constants handed to the
//! value-level decisions of `crate::keywords::object`.

use crate::keywords::count;
use crate::keywords::object::*;
use crate::schema::{Additional, Node};
use crate::violation::{Position, Sink, Trail};

/// Whether `node` closes an object to undeclared names (under the policy of
/// [`rejects_undeclared`]): where it declares `properties`, and at the arguments
/// object (`at_root`, closed in tool-call mode) unless its in-place subschemas
/// declare the names instead ([`Node::members_elsewhere`]).
/// A node with `patternProperties` declares the names its patterns match, and
/// closes objects as one with `properties` does. A conditional subschema
/// ([`Node::conditional`]) closes nothing: the node applying it does. A node
/// with `unevaluatedProperties` closes nothing either, nor do the subschemas it
/// applies in place ([`Node::under_unevaluated`]): that keyword says what becomes
/// of the names nothing evaluated.
#[inline]
pub fn closed(node: &Node, at_root: bool) -> bool {
    !node.conditional
        && !node.under_unevaluated
        && node.unevaluated_properties.is_none()
        && (declares_names(node) || (at_root && !node.members_elsewhere))
}

/// Whether the node declares member names: `properties` or `patternProperties`.
#[inline]
pub fn declares_names(node: &Node) -> bool {
    node.properties.is_some() || !node.pattern_properties.is_empty()
}

/// `patternProperties`: calls `each(schema)` for the schema of every pattern
/// that matches member name `key`, in declaration order, until it returns
/// `false`; returns whether it never did (no allocation for up to 64 patterns).
#[inline]
pub fn each_pattern_schema(
    node: &Node,
    key: &str,
    each: impl FnMut(crate::schema::NodeId) -> bool,
) -> bool {
    match &node.pattern_set {
        Some(set) => each_matching(set, node, key, each),
        None => true,
    }
}

/// [`each_pattern_schema`] of a node with patterns: out of line, so that the
/// walks' loops over members (most objects have no patterns) stay as small
/// whatever the inliner makes of the pattern set (inlined, it made the yes/no
/// walk of an object some 40 instructions slower).
#[inline(never)]
fn each_matching(
    set: &crate::pattern::PatternSet,
    node: &Node,
    key: &str,
    mut each: impl FnMut(crate::schema::NodeId) -> bool,
) -> bool {
    set.each_match(key, |i| each(node.pattern_properties[i].1))
}

/// Whether undeclared member `key` is refused, where `reject` is
/// [`rejects_undeclared`] for the object: yes, unless only the closing refuses it
/// (not `additionalProperties: false`) and `node`'s conditional subschemas
/// declare the name ([`Node::conditional_names`]).
#[inline]
pub fn refuses_member(node: &Node, reject: bool, key: &str) -> bool {
    reject
        && (node.conditional_names.is_empty()
            || node.additional == Additional::Forbidden
            || node
                .conditional_names
                .binary_search_by(|n| n.as_str().cmp(key))
                .is_err())
}

/// The yes/no walk: whether an object of `count` members satisfies `node`'s counts.
#[inline]
pub(crate) fn counts_valid(node: &Node, count: u64) -> bool {
    count_ok(node.min_properties, node.max_properties, count)
}

/// The reporting walk: `node`'s counts that an object of `count` members breaks.
#[inline]
pub(crate) fn report_counts(
    node: &Node,
    count: u64,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) {
    count::report(
        (node.min_properties, node.max_properties),
        count,
        (too_few, too_many),
        (trail, pos),
        out,
    );
}
