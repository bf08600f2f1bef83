//! The object keywords' decisions: `minProperties`, `maxProperties`, whether
//! an undeclared member is refused (`additionalProperties` under the
//! [`Undeclared`](crate::Undeclared) policy), and `dependentRequired`. The members
//! themselves (`properties`, `required`, `propertyNames`) are walked by each back
//! end; `dependentSchemas` is decided in [`super::applicators::conditional`].

use super::count;
use crate::model_parts::Additional;
use crate::options::Undeclared;
use crate::suggest::{declared_known, declared_name, Known, Work};
use crate::violation::{Condition, Kind, Position, Segment, Sink, Suggestion, Trail};
use serde_json::{Map, Value};

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
pub fn too_few(limit: u64, count: u64) -> Kind {
    Kind::MinProperties { limit, count }
}

/// The violation of an upper bound `limit` by an object of `count` members.
pub fn too_many(limit: u64, count: u64) -> Kind {
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

/// `dependentRequired`, one entry: whether an object (`has` says which names it
/// has) that has `name` has each of `needs` too.
#[inline]
pub fn dependencies_met<S: AsRef<str>>(
    has: impl Fn(&str) -> bool,
    name: &str,
    needs: &[S],
) -> bool {
    !has(name) || needs.iter().all(|n| has(n.as_ref()))
}

/// `dependentRequired`, one entry, reported: when `map` has `name`, each name of
/// `needs` it lacks is a [`Kind::Missing`] at that name, under the condition
/// [`Condition::Present`]. Positioned as `required` positions a missing name:
/// at the arguments object (`at_root`), no argument and the name's index among
/// the declared properties (`declared`); below it, the object's position `pos`.
#[allow(clippy::too_many_arguments)]
pub fn dependent_required<S: AsRef<str>>(
    map: &Map<String, Value>,
    name: &str,
    needs: &[S],
    at_root: bool,
    declared: impl Fn(&str) -> Option<usize>,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) {
    if !map.contains_key(name) {
        return;
    }
    for need in needs {
        let need = need.as_ref();
        if map.contains_key(need) {
            continue;
        }
        let at = if at_root {
            Position {
                argument: None,
                declared: declared(need),
            }
        } else {
            pos
        };
        let kind = || Kind::Conditional {
            condition: Condition::Present {
                member: trail.key(name).to_path(),
            },
            problem: Box::new(Kind::Missing),
        };
        out.report(kind, &trail.key(need), at);
    }
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
    given: impl Fn(&str) -> bool,
) where
    I: IntoIterator<Item = &'n str> + Clone,
{
    suggest_each(out, start, trail, |word, work| {
        declared_name(word, declared.clone(), &given, work)
    });
}

/// [`suggest_names`] with the declared names folded beforehand (generated code
/// writes them as constants), leaving out those `given` has ([`has_member`]):
/// the same suggestions. Not generic, so that each object node of generated
/// code calls one compiled function rather than making its own copy.
#[cold]
#[inline(never)]
pub fn suggest_known_names(
    out: &mut Sink<'_>,
    start: usize,
    trail: &Trail<'_>,
    declared: &[Known],
    given: &Map<String, Value>,
) {
    suggest_each(out, start, trail, |word, work| {
        declared_known(word, declared, |k| has_member(given, k), work)
    });
}

/// Objects of at most this many members are searched for a name by comparing
/// their names in turn, which costs less than hashing the name.
pub const SCANNED_MEMBERS: usize = 12;

/// Whether `map` has a member `name` (what `contains_key` answers): the `given`
/// of [`suggest_names`] and [`suggest_known_names`] in both back ends. A small
/// object is scanned instead of hashing the name (asked once per suggestion
/// found, on the invalid path).
pub fn has_member(map: &Map<String, Value>, name: &str) -> bool {
    if map.len() <= SCANNED_MEMBERS {
        map.keys().any(|k| k == name)
    } else {
        map.contains_key(name)
    }
}

/// Gives each undeclared member refused since `start` what `lookup` finds for
/// its name.
pub fn suggest_each<'n>(
    out: &mut Sink<'_>,
    start: usize,
    trail: &Trail<'_>,
    mut lookup: impl FnMut(&str, &mut Work) -> Option<&'n str>,
) {
    let depth = trail.depth() + 1;
    let mut work = out.work();
    for v in out.since(start) {
        if !matches!(v.kind, Kind::Unexpected) || v.path.len() != depth || v.suggestion.is_some() {
            continue;
        }
        let Some(Segment::Key(word)) = v.path.segments().last() else {
            continue;
        };
        if let Some(name) = lookup(word, &mut work) {
            v.suggestion = Some(Suggestion::Name(name.to_string()));
        }
    }
    out.keep_work(work);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_is_found_as_a_map_finds_it() {
        for size in 0..=2 * SCANNED_MEMBERS {
            let map: Map<String, Value> =
                (0..size).map(|i| (format!("k{i}"), Value::Null)).collect();
            for i in 0..=size + 1 {
                for name in [format!("k{i}"), format!("K{i}"), format!("k{i}x")] {
                    assert_eq!(
                        has_member(&map, &name),
                        map.contains_key(&name),
                        "{name} in {size}"
                    );
                }
            }
            assert!(!has_member(&map, ""));
        }
    }
}
