//! `enum` and `const`: a value equal (JSON equality) to one listed value, or to
//! the one value. The interpreter compares with [`json_eq`]; the text path
//! compares a scalar as it reads it; generated code compares with literals.

use crate::json::json_eq;
use crate::schema::Node;
use crate::violation::{received_value, Kind, Position, Sink, Trail};
use serde_json::Value;

/// Whether the value that `equals` compares satisfies `node`'s `enum` and `const`.
#[inline]
pub(crate) fn valid_by(node: &Node, equals: impl Fn(&Value) -> bool) -> bool {
    node.enum_values
        .as_ref()
        .is_none_or(|allowed| allowed.iter().any(&equals))
        && node.const_value.as_ref().is_none_or(equals)
}

/// Whether `value` is one of `allowed` (the `enum` decision).
#[inline]
pub fn in_enum(allowed: &[Value], value: &Value) -> bool {
    allowed.iter().any(|a| json_eq(a, value))
}

/// The reporting walk: `node`'s `enum` and `const` that `value` breaks.
#[inline]
pub(crate) fn report(
    node: &Node,
    value: &Value,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) {
    if let Some(allowed) = &node.enum_values {
        if !in_enum(allowed, value) {
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
