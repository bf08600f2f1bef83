//! `enum_const` keywords at a model node: the node's constants handed to the
//! value-level decisions of `crate::keywords::enum_const`.

use crate::json::{json_eq, Probe, ValueSet};
use crate::keywords::enum_const::*;
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
