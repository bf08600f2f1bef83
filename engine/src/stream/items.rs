//! The decisions on an array as each of its items closes: `uniqueItems` (an
//! item equal to an earlier one: no continuation removes it) and `contains`
//! with `maxContains` (more items matching than allowed: none can be taken
//! back). Only scalar items are kept and matched (an object or array item is
//! left to `finish`): a repeat or a count among them is one among all items.

use super::frame::{Cursor, Frame};
use crate::keywords::array::{contained, Distinct};
use crate::options::Options;
use crate::schema::{node_value, NodeId, Schema};
use crate::violation::Kind;
use serde_json::Value;

/// What an open array that asks either keyword keeps.
#[derive(Debug)]
struct Seen {
    /// Its frame.
    frame: usize,
    /// Its scalar items, when a node asks `uniqueItems`.
    distinct: Option<Distinct>,
    /// (alternative, node, scalar items matching its `contains`) of the nodes
    /// with `contains` and `maxContains`.
    counts: Vec<(usize, NodeId, u64)>,
}

/// The open arrays that ask `uniqueItems` or `maxContains`, innermost last.
#[derive(Debug, Default)]
pub(super) struct Items {
    open: Vec<Seen>,
}

/// Whether an array of `node`'s is decided item by item here.
pub(super) fn asks(schema: &Schema, n: NodeId) -> bool {
    super::plan::asks_items(schema.node(n))
}

impl Items {
    /// Array frame `f` (`frame`) opens, with nodes that [`asks`].
    pub fn open(&mut self, f: usize, frame: &Frame, schema: &Schema) {
        let mut seen = Seen {
            frame: f,
            distinct: None,
            counts: Vec::new(),
        };
        let mut live = Cursor::default();
        while let Some((alt, n)) = live.next(frame) {
            let node = schema.node(n);
            if node.unique_items {
                seen.distinct.get_or_insert_with(Distinct::default);
            }
            if node.contains.is_some() && node.max_contains.is_some() {
                seen.counts.push((alt, n, 0));
            }
        }
        self.open.push(seen);
    }

    /// Frame `f` closes.
    pub fn close(&mut self, f: usize) {
        if self.open.last().is_some_and(|s| s.frame == f) {
            self.open.pop();
        }
    }

    /// Whether items of frame `f` are decided here.
    pub fn wants(&self, f: usize) -> bool {
        self.open.last().is_some_and(|s| s.frame == f)
    }

    /// Scalar item `index` of array frame `f` (`frame`), `value`, closed: the
    /// alternatives it kills, each with its violation, into `out`.
    pub fn item(
        &mut self,
        frame: &Frame,
        index: usize,
        value: &Value,
        (schema, options): (&Schema, &Options),
        out: &mut Vec<(usize, Kind)>,
    ) {
        let Some(seen) = self.open.last_mut() else {
            return;
        };
        if let Some(distinct) = &mut seen.distinct {
            if let Some(kind) = distinct.add(index, value.clone()) {
                let mut live = Cursor::default();
                while let Some((alt, n)) = live.next(frame) {
                    if schema.node(n).unique_items {
                        out.push((alt, kind.clone()));
                    }
                }
            }
        }
        for (alt, n, count) in &mut seen.counts {
            if frame.alts[*alt].dead {
                continue;
            }
            let node = schema.node(*n);
            let (Some(c), max) = (node.contains, node.max_contains) else {
                continue;
            };
            if !schema.accepts_below_root(c, value, options) {
                continue;
            }
            *count += 1;
            if max.is_some_and(|m| *count > m) {
                let whole = || node_value(schema, c);
                if let Some(kind) = contained(*count, node.min_contains, max, whole) {
                    out.push((*alt, kind));
                }
            }
        }
    }
}
