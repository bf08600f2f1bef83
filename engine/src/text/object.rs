//! The bookkeeping of one object or array walked in one pass, shared by the
//! checking pass and the typed pass: which names were seen (a bit set), how many
//! members, and what each member is checked against.

use super::plan::NodePlan;
use super::{At, Ctx};
use crate::keywords::object::rejects_undeclared;
use crate::schema::{Additional, Node, NodeId};
pub use tool_schema_runtime::fast::names::{name_hash, Names};

/// A member name as the pass looks it up: its slot among the tracked names, or
/// for another name, a hash of it (to find it repeated).
pub(crate) type Name = Result<u32, u64>;

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
    /// Members read whose name is not tracked.
    untracked: u64,
    /// The untracked names read (a repeated one stops the pass).
    names: Names,
}

impl<'c> ObjectState<'c> {
    #[inline]
    pub fn new(cx: &'c Ctx<'_>, driver: NodeId, root: bool) -> ObjectState<'c> {
        let plan = cx.plan.node(driver);
        let closed = if root {
            plan.closed_at_root
        } else {
            plan.has_properties
        };
        ObjectState {
            plan,
            null_is_absent: cx.options.null_is_absent,
            reject: rejects_undeclared(cx.options.undeclared, closed, plan.additional),
            seen: 0,
            count: 0,
            untracked: 0,
            names: Names::new(),
        }
    }

    /// The slot of member name `key` (or its hash), or `Err` when the name breaks
    /// `propertyNames`.
    #[inline(always)]
    pub fn key(&self, cx: &Ctx<'_>, key: &str) -> Result<Name, ()> {
        if let Some(names) = self.plan.names {
            if !cx.scalar_ok(names, &super::scalar::Scalar::Str(key)) {
                return Err(());
            }
        }
        Ok(match self.plan.slot(key) {
            Some(s) => Ok(s),
            None => Err(name_hash(key)),
        })
    }

    /// Notes a member whose name is `name` and says how its value is checked;
    /// `None` on a violation (or a repeated name, which the exact path reports).
    #[inline]
    pub fn enter(&mut self, name: Name) -> Option<At> {
        self.count += 1;
        match name {
            Ok(s) => {
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
            Err(hash) => {
                if !self.names.insert(hash) {
                    return None;
                }
                self.untracked += 1;
            }
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
    /// names present, `minProperties` and `maxProperties` (every name read is
    /// distinct: a repeated one stopped the pass).
    #[inline]
    pub fn finish(&self) -> bool {
        if self.seen & self.plan.required != self.plan.required {
            return false;
        }
        crate::keywords::object::count_ok(
            self.plan.min_properties,
            self.plan.max_properties,
            self.count,
        )
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
        crate::keywords::array::count_ok(self.node.min_items, self.node.max_items, self.count)
    }
}
