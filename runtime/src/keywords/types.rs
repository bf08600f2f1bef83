//! `type` (with `null` added where the node is nullable): the first of a node's
//! checks, whose mismatch ends them.

use crate::json::{JsonType, TypeSet};
use crate::options::Options;
use crate::violation::{Kind, Position, Sink, Trail};
use serde_json::Value;

/// Checks `value` against `types` (and `null` where `nullable`), as the options
/// read its type (`Options::integer_floats`); a mismatch is reported. Returns
/// whether the value has one of the types, so that the node's other checks
/// apply.
pub fn report(
    types: TypeSet,
    nullable: bool,
    value: &Value,
    options: &Options,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) -> bool {
    let types = match nullable {
        true => types.with(JsonType::Null),
        false => types,
    };
    let received = options.type_of(value);
    if types.accepts(received) {
        return true;
    }
    let kind = || Kind::Type {
        expected: types,
        received,
    };
    out.report(kind, trail, pos);
    false
}
