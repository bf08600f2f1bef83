//! Aliases: `x-tool-schema-aliases` (`{"city": ["town"]}`, beside `properties`)
//! gives a declared property more names under which it is read, as serde's
//! `#[serde(alias = "town")]` does (the derive writes it). The model holds each
//! alias as an entry of `Node::properties`
//! with the property's schema (`Property::alias_of`),
//! so both back ends check a member given under an alias as they check the
//! property, at the name the call wrote; an alias is a declared name (never
//! undeclared, never a misspelling). The decisions here:
//!
//! - a required property is present when any one of its names is
//!   ([`group_present`]);
//! - a property given under two of its names at once is a
//!   [`Kind::SameArgument`] at the later one ([`one_name_each`],
//!   [`report_same_argument`]): serde refuses it as a duplicate field;
//! - did-you-mean considers every name, and leaves out a property given under any
//!   of its names ([`open_names`]).
//!
//! The exports name the property only: the keyword is removed from every
//! provider's schema.

use crate::violation::{Kind, Position, Sink, Trail};
use serde_json::{Map, Value};

/// The keyword's name, a vendor extension of this crate.
pub const KEYWORD: &str = "x-tool-schema-aliases";

/// Whether `map` has any of `names` (a property's name and its aliases).
#[inline]
pub fn group_present<'a>(
    mut names: impl Iterator<Item = &'a str>,
    map: &Map<String, Value>,
) -> bool {
    names.any(|n| map.contains_key(n))
}

/// Whether `map` gives no property of `groups` (each a property's names, its
/// own first) under two of its names. The yes/no walk's decision.
#[inline]
pub fn one_name_each<'a, G>(groups: impl Iterator<Item = G>, map: &Map<String, Value>) -> bool
where
    G: Iterator<Item = &'a str>,
{
    groups
        .into_iter()
        .all(|names| names.filter(|n| map.contains_key(*n)).nth(1).is_none())
}

/// Each property of `groups` (its declared index, its names, its own first) that
/// `map`, the object at `trail`, gives under two names or more: a
/// [`Kind::SameArgument`] at each of its names after the first given, naming
/// that first. At the arguments object (`at_root`) positioned at the member
/// (its index in `map`) and the property's declared index; below it, at `pos`.
#[cold]
#[inline(never)]
pub fn report_same_argument<'a, G>(
    groups: impl Iterator<Item = (usize, G)>,
    map: &Map<String, Value>,
    at_root: bool,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) where
    G: Iterator<Item = &'a str>,
{
    // Each member's index in the call, looked up once there is a clash.
    let mut argument: Option<std::collections::HashMap<&str, usize>> = None;
    for (declared, names) in groups {
        let mut first: Option<&str> = None;
        for name in names.filter(|n| map.contains_key(*n)) {
            let Some(other) = first else {
                first = Some(name);
                continue;
            };
            let at = if at_root {
                let index = argument.get_or_insert_with(|| {
                    map.keys()
                        .enumerate()
                        .map(|(i, k)| (k.as_str(), i))
                        .collect()
                });
                Position {
                    argument: index.get(name).copied(),
                    declared: Some(declared),
                }
            } else {
                pos
            };
            let kind = || Kind::SameArgument {
                other: other.to_string(),
            };
            out.report(kind, &trail.key(name), at);
        }
    }
}

/// The names did-you-mean may offer for an undeclared member of `map`: of
/// `entries` (each name, a property's or an alias, with its property's declared
/// index, as `count` properties declare them), those of the properties `map`
/// gives under none of their names. Time linear in the entries and members.
#[cold]
pub fn open_names<'a, E>(entries: E, count: usize, map: &Map<String, Value>) -> Vec<&'a str>
where
    E: Iterator<Item = (&'a str, usize)> + Clone,
{
    let mut given = vec![false; count];
    for (name, d) in entries.clone() {
        if map.contains_key(name) {
            if let Some(g) = given.get_mut(d) {
                *g = true;
            }
        }
    }
    entries
        .filter(|(_, d)| !given.get(*d).copied().unwrap_or(false))
        .map(|(name, _)| name)
        .collect()
}
