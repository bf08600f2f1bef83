//! The generic walks over a schema: every direct subschema, every schema object
//! depth first, and the one-level-at-a-time descent that bounds the nesting of an
//! exported schema.

use super::keywords::{LIST_APPLICATORS, MAP_APPLICATORS, SINGLE_APPLICATORS};
use super::ledger::Ledger;
use crate::json::pointer;
use serde_json::{Map, Value};

/// Calls `f` on every direct subschema of `node` with its pointer.
pub(crate) fn for_each_subschema_mut(
    node: &mut Map<String, Value>,
    ptr: &str,
    f: &mut dyn FnMut(&mut Value, &str),
) {
    for (k, v) in node.iter_mut() {
        let here = pointer::join(ptr, k);
        match (k.as_str(), v) {
            ("items", v @ (Value::Object(_) | Value::Bool(_))) => f(v, &here),
            ("items", Value::Array(list)) => {
                for (i, s) in list.iter_mut().enumerate() {
                    f(s, &pointer::join_index(&here, i));
                }
            }
            (k, v @ (Value::Object(_) | Value::Bool(_))) if SINGLE_APPLICATORS.contains(&k) => {
                f(v, &here)
            }
            (k, Value::Array(list)) if LIST_APPLICATORS.contains(&k) => {
                for (i, s) in list.iter_mut().enumerate() {
                    f(s, &pointer::join_index(&here, i));
                }
            }
            (k, Value::Object(map)) if MAP_APPLICATORS.contains(&k) => {
                for (name, s) in map.iter_mut() {
                    f(s, &pointer::join(&here, name));
                }
            }
            _ => {}
        }
    }
}

/// Calls `f` on every schema object in `value` (itself included), depth first.
pub(crate) fn walk_mut(
    value: &mut Value,
    ptr: &str,
    f: &mut dyn FnMut(&mut Map<String, Value>, &str),
) {
    if let Value::Object(map) = value {
        f(map, ptr);
        for_each_subschema_mut(map, ptr, &mut |v, p| walk_mut(v, p, f));
    }
}

/// A walk that builds the exported schema one schema level per call, and counts
/// the levels so that inlined chains stop at [`MAX_SCHEMA_DEPTH`](super::limits::MAX_SCHEMA_DEPTH).
pub(crate) trait Levels {
    /// The walk's report and its current schema nesting (the root is 0).
    fn levels(&mut self) -> (&mut Ledger, &mut usize);
}

/// Runs `walk` on `value` one schema level down, or answers `Value::Null` when
/// that level is past the limit (the export is then refused, in its report).
pub(crate) fn one_level_down<W: Levels, V>(
    walker: &mut W,
    value: V,
    ptr: &str,
    walk: impl FnOnce(&mut W, V, &str) -> Value,
) -> Value {
    let (ctx, depth) = walker.levels();
    if ctx.too_deep(ptr, *depth) {
        return Value::Null;
    }
    *depth += 1;
    let out = walk(walker, value, ptr);
    *walker.levels().1 -= 1;
    out
}
