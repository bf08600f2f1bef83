//! The bookkeeping of one object or array walked in one pass, shared by the
//! checking pass and the typed pass: which names were seen (a bit set), how many
//! members, and what each member is checked against.

use super::plan::NodePlan;
use super::{At, Ctx};
use crate::schema::{Additional, Node, NodeId};

/// An object being walked at its driving node.
pub(crate) struct ObjectState<'c> {
    plan: &'c NodePlan,
    null_is_absent: bool,
    /// Whether an undeclared member is a violation here.
    reject: bool,
    /// Slots of the tracked names seen.
    seen: u64,
    /// Members read.
    count: u64,
    /// Members read whose name is not tracked (they may repeat).
    untracked: u64,
}

impl<'c> ObjectState<'c> {
    #[inline]
    pub fn new(cx: &'c Ctx<'_>, driver: NodeId, root: bool) -> ObjectState<'c> {
        let plan = cx.plan.node(driver);
        let closed = root || plan.has_properties;
        ObjectState {
            plan,
            null_is_absent: cx.options.null_is_absent,
            reject: cx.options.rejects_undeclared(closed, plan.additional),
            seen: 0,
            count: 0,
            untracked: 0,
        }
    }

    /// The slot of member name `key`, or `Err` when the name breaks
    /// `propertyNames`.
    #[inline(always)]
    pub fn key(&self, cx: &Ctx<'_>, key: &str) -> Result<Option<u32>, ()> {
        if let Some(names) = self.plan.names {
            if !cx.scalar_ok(names, &super::scalar::Scalar::Str(key)) {
                return Err(());
            }
        }
        Ok(self.plan.slot(key))
    }

    /// Notes a member whose name has slot `slot` and says how its value is checked;
    /// `None` on a violation (or a repeated name, which the exact path settles).
    #[inline]
    pub fn enter(&mut self, slot: Option<u32>) -> Option<At> {
        self.count += 1;
        match slot {
            Some(s) => {
                let bit = 1u64 << s;
                if self.seen & bit != 0 {
                    return None;
                }
                self.seen |= bit;
                if let Some(&child) = self.plan.children.get(s as usize) {
                    return Some(At {
                        node: child,
                        root: false,
                        null_ok: self.null_is_absent && self.plan.required & bit == 0,
                    });
                }
            }
            None => self.untracked += 1,
        }
        match self.plan.additional {
            Additional::Schema(_) => Some(At {
                node: self.plan.extra,
                root: false,
                null_ok: false,
            }),
            _ if self.reject => None,
            _ => Some(At::ANY),
        }
    }

    /// Whether the object as a whole is valid once every member is read: required
    /// names present, `minProperties` and `maxProperties`. Where repeated
    /// undeclared names could make the count of distinct names too low for
    /// `minProperties`, `false`: the exact path decides.
    #[inline]
    pub fn finish(&self) -> bool {
        if self.seen & self.plan.required != self.plan.required {
            return false;
        }
        if let Some(limit) = self.plan.min_properties {
            // Tracked names are distinct; untracked ones count at least once.
            let distinct_at_least = self.count - self.untracked + self.untracked.min(1);
            if distinct_at_least < limit {
                return false;
            }
        }
        if let Some(limit) = self.plan.max_properties {
            if self.count > limit {
                return false;
            }
        }
        true
    }
}

/// An array being walked at its driving node.
pub(crate) struct ArrayState<'c> {
    node: &'c Node,
    /// Elements read.
    pub count: u64,
}

impl<'c> ArrayState<'c> {
    pub fn new(cx: &'c Ctx<'_>, driver: NodeId) -> ArrayState<'c> {
        ArrayState {
            node: cx.schema.node(driver),
            count: 0,
        }
    }

    /// How the next element is checked.
    #[inline]
    pub fn next(&self, cx: &Ctx<'_>) -> At {
        let i = self.count as usize;
        match self.node.prefix_items.get(i).copied().or(self.node.items) {
            Some(id) => At {
                node: cx.effective(id),
                root: false,
                null_ok: false,
            },
            None => At::ANY,
        }
    }

    /// Whether the array's length is within `minItems` and `maxItems`.
    pub fn finish(&self) -> bool {
        !(self.node.min_items.is_some_and(|l| self.count < l)
            || self.node.max_items.is_some_and(|l| self.count > l))
    }
}
