//! The object keywords' decisions: `minProperties`, `maxProperties`, and whether
//! an undeclared member is refused (`additionalProperties` under the
//! [`Undeclared`](crate::Undeclared) policy). The members themselves
//! (`properties`, `required`, `propertyNames`) are walked by each back end.

use super::count;
use crate::options::Undeclared;
use crate::schema::{Additional, Node};
use crate::suggest::declared_name;
use crate::violation::{Kind, Position, Segment, Sink, Suggestion, Trail};
use serde_json::{Map, Value};

/// Whether `node` closes an object to undeclared names (under the policy of
/// [`rejects_undeclared`]): where it declares `properties`, and at the arguments
/// object (`at_root`, closed in tool-call mode) unless its in-place subschemas
/// declare the names instead ([`Node::members_elsewhere`]).
#[inline]
pub fn closed(node: &Node, at_root: bool) -> bool {
    node.properties.is_some() || (at_root && !node.members_elsewhere)
}

/// Whether an undeclared member is a violation under `policy`, in an object
/// whose schema says `additional` and is `closed` (it declares `properties`, or
/// it is the arguments object). The `additionalProperties` decision.
#[inline]
pub const fn rejects_undeclared(policy: Undeclared, closed: bool, additional: Additional) -> bool {
    match (policy, additional) {
        (_, Additional::Forbidden) => true,
        (_, Additional::Schema(_)) => false,
        (Undeclared::RejectIfForbidden, _) => false,
        (Undeclared::RejectAlways, _) => closed,
        (Undeclared::RejectUnlessAllowed, Additional::Allowed) => false,
        (Undeclared::RejectUnlessAllowed, _) => closed,
    }
}

/// The violation of a lower bound `limit` by an object of `count` members.
fn too_few(limit: u64, count: u64) -> Kind {
    Kind::MinProperties { limit, count }
}

/// The violation of an upper bound `limit` by an object of `count` members.
fn too_many(limit: u64, count: u64) -> Kind {
    Kind::MaxProperties { limit, count }
}

/// The violation of `minProperties: limit` by an object of `count` members.
#[inline]
pub fn min_properties(limit: u64, count: u64) -> Option<Kind> {
    count::below(limit, count).then(|| too_few(limit, count))
}

/// The violation of `maxProperties: limit` by an object of `count` members.
#[inline]
pub fn max_properties(limit: u64, count: u64) -> Option<Kind> {
    count::above(limit, count).then(|| too_many(limit, count))
}

/// Whether `count` members are within `minProperties: min` and `maxProperties: max`.
#[inline]
pub fn count_ok(min: Option<u64>, max: Option<u64>, count: u64) -> bool {
    count::within(min, max, count)
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

/// After the members of the object `map` at `trail` were reported (from `start`
/// on): each of its undeclared members refused there ([`Kind::Unexpected`]) gets
/// the `declared` name it likely misspells, among those `map` does not give (the
/// decision of [`declared_name`]), within the run's [`Work`](crate::suggest::Work),
/// so that many undeclared names against many declared ones cost a bounded time.
/// Runs on the invalid path only: both back ends call it when the object
/// reported something.
#[cold]
#[inline(never)]
pub fn suggest_names<'n, I>(
    out: &mut Sink<'_>,
    start: usize,
    trail: &Trail<'_>,
    declared: I,
    map: &Map<String, Value>,
) where
    I: IntoIterator<Item = &'n str> + Clone,
{
    let depth = trail.depth() + 1;
    let mut work = out.work();
    for v in out.since(start) {
        if v.kind != Kind::Unexpected || v.path.0.len() != depth || v.suggestion.is_some() {
            continue;
        }
        let Some(Segment::Key(word)) = v.path.0.last() else {
            continue;
        };
        let present = |name: &str| map.contains_key(name);
        if let Some(name) = declared_name(word, declared.clone(), present, &mut work) {
            v.suggestion = Some(Suggestion::Name(name.to_string()));
        }
    }
    out.keep_work(work);
}
