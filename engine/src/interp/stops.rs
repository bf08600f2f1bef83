//! Where the yes/no walk stopped in the containers it refused, kept for the
//! reporting walk of the same run: reporting a refused container starts where
//! its walk stopped (the members or elements before it were found valid), so
//! that the failing chain of a call is not walked twice. Order's invalid call,
//! refused at its 8th line item, has the 7 items before it walked once.
//!
//! A bounded record of the last few stops (the outermost levels of the last
//! refusal: a walk records on its way back up), so it never allocates; a stop
//! not found there costs a walk, as without the record.

use crate::schema::NodeId;
use serde_json::Value;
use std::cell::Cell;

/// How many stops are kept.
const KEPT: usize = 4;

/// One stop: the container (by address: the call is borrowed for the whole run,
/// so an address names one value), the node it was walked against and whether
/// as the arguments object, and how many of its members or elements passed.
#[derive(Clone, Copy, Default, PartialEq)]
struct Stop {
    value: usize,
    node: u32,
    root: bool,
    passed: usize,
}

/// The stops of one run's walks (see the module's documentation).
#[derive(Default)]
pub(super) struct Stops {
    kept: [Cell<Stop>; KEPT],
    /// How many stops were noted (the last `KEPT` are kept).
    noted: Cell<usize>,
}

impl Stops {
    /// Notes that the walk of `value` against `node` (`root`: as the arguments
    /// object) passed `passed` members or elements and refused the next.
    #[cold]
    #[inline(never)]
    pub(super) fn note(&self, node: NodeId, value: &Value, root: bool, passed: usize) {
        let noted = self.noted.get();
        self.kept[noted % KEPT].set(Stop {
            value: address(value),
            node: node.0,
            root,
            passed,
        });
        self.noted.set(noted + 1);
    }

    /// How many members or elements of `value` the walk against `node` passed
    /// before it refused the next, if that walk was noted.
    #[inline]
    pub(super) fn find(&self, node: NodeId, value: &Value, root: bool) -> Option<usize> {
        let noted = self.noted.get();
        if noted == 0 {
            return None;
        }
        let value = address(value);
        (0..noted.min(KEPT))
            .map(|back| self.kept[(noted - 1 - back) % KEPT].get())
            .find(|s| s.value == value && s.node == node.0 && s.root == root)
            .map(|s| s.passed)
    }
}

/// The address of `value`, which names it while the call is borrowed.
fn address(value: &Value) -> usize {
    std::ptr::from_ref(value) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_last_stops_are_found_by_value_node_and_root() {
        let call = json!({"a": [1, 2], "b": {"c": 3}});
        let stops = Stops::default();
        assert_eq!(stops.find(NodeId(0), &call, true), None);
        stops.note(NodeId(1), &call["a"], false, 1);
        stops.note(NodeId(0), &call, true, 2);
        assert_eq!(stops.find(NodeId(0), &call, true), Some(2));
        assert_eq!(stops.find(NodeId(0), &call, false), None, "not as the root");
        assert_eq!(stops.find(NodeId(1), &call["a"], false), Some(1));
        assert_eq!(
            stops.find(NodeId(2), &call["a"], false),
            None,
            "another node"
        );
        assert_eq!(
            stops.find(NodeId(1), &call["b"], false),
            None,
            "another value"
        );
        for passed in 0..KEPT {
            stops.note(NodeId(5), &call["b"], false, passed);
        }
        assert_eq!(
            stops.find(NodeId(1), &call["a"], false),
            None,
            "only the last stops are kept"
        );
        assert_eq!(stops.find(NodeId(5), &call["b"], false), Some(KEPT - 1));
    }
}
