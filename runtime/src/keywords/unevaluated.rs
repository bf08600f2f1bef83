//! `unevaluatedProperties` and `unevaluatedItems`: which members of an object
//! (or elements of an array) some keyword evaluated, and so which ones the
//! `unevaluated*` schema applies to. The decisions here are shared by the
//! interpreter and generated code; each back end walks the subschemas.
//!
//! What evaluates a member or an element, at one value (JSON Schema 2020-12,
//! "annotation collection"):
//!
//! - the node's own keywords ([`own_members`], [`own_elements`]): `properties`
//!   (the names it declares), `patternProperties` (the names a pattern matches),
//!   `additionalProperties` (every other name: so, with it, every member);
//!   `prefixItems` (the leading elements), `items` (every element after them: so,
//!   with it, every element), `contains` (the elements it matches);
//! - a subschema applied in place **that passed**: `$ref`, `allOf`, `anyOf`,
//!   `oneOf` (each branch that passed), `if` (when it passed), `then`/`else`,
//!   `dependentSchemas` (those that apply): what it evaluated counts, recursively.
//!   `not` contributes nothing (its subschema passing is a failure);
//! - a nested `unevaluated*` that passed: then every member (element) is
//!   evaluated.
//!
//! A subschema that failed contributes nothing. An `unevaluated*` sees only its
//! own node and that node's in-place subschemas, never a sibling's (`allOf: [{...},
//! {"unevaluatedProperties": false}]`: the second branch does not see the first).
//!
//! Cost: each back end evaluates every in-place subschema of a node with
//! `unevaluated*` once per value (the branches of `anyOf` all, not up to the
//! first that passes), in one walk that yields validity and the evaluated set
//! together; so a value costs at most one evaluation per in-place node, as many
//! as the schema's expansion bound already allows
//! (`MAX_EVALUATIONS`), and nested `anyOf`s
//! cost linear, not exponential, time. The set is [`Evaluated`]: 128 bits on the
//! stack, and a heap vector only for an object or array beyond 128 entries.

use crate::pattern::PatternSet;
use serde_json::{Map, Value};

/// The members of an object (by position in the map's order) or the elements
/// of an array (by index) evaluated so far at one value. Up to 128 entries it
/// lives on the stack; beyond, the entries past 128 in a vector.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evaluated {
    /// Every entry is evaluated.
    all: bool,
    /// Entries 0..128.
    low: u128,
    /// Entries from 128 on, 64 a word.
    high: Vec<u64>,
}

impl Evaluated {
    /// Nothing evaluated yet.
    pub const fn new() -> Evaluated {
        Evaluated {
            all: false,
            low: 0,
            high: Vec::new(),
        }
    }

    /// Entry `i` is evaluated.
    #[inline]
    pub fn mark(&mut self, i: usize) {
        if self.all {
            return;
        }
        if i < 128 {
            self.low |= 1 << i;
        } else {
            let w = (i - 128) / 64;
            if self.high.len() <= w {
                self.high.resize(w + 1, 0);
            }
            self.high[w] |= 1 << ((i - 128) % 64);
        }
    }

    /// Every entry is evaluated.
    #[inline]
    pub fn mark_all(&mut self) {
        self.all = true;
        self.low = 0;
        self.high = Vec::new();
    }

    /// Entries `0..n` are evaluated.
    pub fn mark_below(&mut self, n: usize) {
        if self.all || n == 0 {
            return;
        }
        self.low |= if n >= 128 { u128::MAX } else { (1 << n) - 1 };
        for i in 128..n {
            self.mark(i);
        }
    }

    /// Whether entry `i` is evaluated.
    #[inline]
    pub fn has(&self, i: usize) -> bool {
        if self.all {
            return true;
        }
        if i < 128 {
            self.low & (1 << i) != 0
        } else {
            let i = i - 128;
            self.high
                .get(i / 64)
                .is_some_and(|w| w & (1 << (i % 64)) != 0)
        }
    }

    /// Whether every entry is evaluated.
    #[inline]
    pub fn is_all(&self) -> bool {
        self.all
    }

    /// Adds what `other` evaluated (a subschema that passed).
    #[inline]
    pub fn merge(&mut self, other: Evaluated) {
        if self.all {
            return;
        }
        if other.all {
            self.mark_all();
            return;
        }
        self.low |= other.low;
        if self.high.len() < other.high.len() {
            self.high.resize(other.high.len(), 0);
        }
        for (w, o) in self.high.iter_mut().zip(other.high) {
            *w |= o;
        }
    }
}

/// Marks the members of `map` that a node's own object keywords evaluate:
/// `additionalProperties` (`additional`: present in any form, so every member),
/// else the names `declared` says `properties` declares and those a pattern of
/// `patternProperties` (`patterns`) matches.
#[inline]
pub fn own_members(
    additional: bool,
    patterns: Option<&PatternSet>,
    map: &Map<String, Value>,
    declared: impl Fn(&str) -> bool,
    ev: &mut Evaluated,
) {
    if additional {
        ev.mark_all();
        return;
    }
    for (i, key) in map.keys().enumerate() {
        if declared(key) || patterns.is_some_and(|set| !set.each_match(key, |_| false)) {
            ev.mark(i);
        }
    }
}

/// Marks the elements of an array of `len` that `prefix` schemas of
/// `prefixItems` and `items` (`has_items`) evaluate; `contains` marks its own
/// matches ([`Evaluated::mark`]).
#[inline]
pub fn own_elements(prefix: usize, has_items: bool, len: usize, ev: &mut Evaluated) {
    if has_items {
        ev.mark_all();
    } else {
        ev.mark_below(prefix.min(len));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_live_on_the_stack_up_to_128() {
        let mut ev = Evaluated::new();
        ev.mark(0);
        ev.mark(127);
        assert!(ev.high.is_empty());
        assert!(ev.has(0) && ev.has(127) && !ev.has(1) && !ev.has(128));
        ev.mark(300);
        assert!(ev.has(300) && !ev.has(299));
    }

    #[test]
    fn merge_and_all() {
        let mut a = Evaluated::new();
        a.mark(1);
        let mut b = Evaluated::new();
        b.mark(200);
        a.merge(b);
        assert!(a.has(1) && a.has(200) && !a.has(2));
        let mut c = Evaluated::new();
        c.mark_all();
        a.merge(c);
        assert!(a.is_all() && a.has(5000));
        a.mark(3);
        assert!(a.is_all());
    }

    #[test]
    fn mark_below_counts_the_prefix() {
        let mut ev = Evaluated::new();
        ev.mark_below(3);
        assert!(ev.has(2) && !ev.has(3));
        let mut ev = Evaluated::new();
        ev.mark_below(130);
        assert!(ev.has(127) && ev.has(129) && !ev.has(130));
        let mut ev = Evaluated::new();
        own_elements(2, false, 1, &mut ev);
        assert!(ev.has(0) && !ev.has(1));
        own_elements(0, true, 1, &mut ev);
        assert!(ev.is_all());
    }
}
