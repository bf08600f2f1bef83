//! `enum` and `const`: a value equal (JSON equality) to one listed value, or to
//! the one value. The interpreter compares with [`json_eq`]; the text path
//! compares a scalar as it reads it; generated code compares with literals.

use crate::json::{json_eq, Probe, ValueSet};
use crate::schema::Node;
use crate::violation::{received_value, Kind, Position, Sink, Trail};
use serde_json::Value;

/// Whether `probe` satisfies `node`'s `enum` and `const`; `set` is the index of
/// the `enum` where the node's facts hold one.
#[inline]
pub(crate) fn valid_by(node: &Node, set: Option<&ValueSet>, probe: &impl Probe) -> bool {
    node.enum_values
        .as_ref()
        .is_none_or(|allowed| in_enum(allowed, set, probe))
        && node.const_value.as_ref().is_none_or(|c| probe.equals(c))
}

/// Whether `probe` is one of `allowed` (the `enum` decision): through `set`, the
/// index of a long list, or by scanning a short one.
#[inline]
pub fn in_enum(allowed: &[Value], set: Option<&ValueSet>, probe: &(impl Probe + ?Sized)) -> bool {
    match set {
        Some(set) => set.contains(probe),
        None => allowed.iter().any(|a| probe.equals(a)),
    }
}

/// The reporting walk: `node`'s `enum` and `const` that `value` breaks.
#[inline]
pub(crate) fn report(
    node: &Node,
    set: Option<&ValueSet>,
    value: &Value,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) {
    if let Some(allowed) = &node.enum_values {
        if !in_enum(allowed, set, value) {
            let kind = || Kind::Enum {
                allowed: allowed.clone(),
                received: received_value(value),
            };
            out.report(kind, trail, pos);
        }
    }
    if let Some(expected) = &node.const_value {
        if !json_eq(expected, value) {
            let kind = || Kind::Const {
                expected: expected.clone(),
                received: received_value(value),
            };
            out.report(kind, trail, pos);
        }
    }
}
