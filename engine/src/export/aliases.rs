//! Aliases (`x-tool-schema-aliases`, see [`crate::keywords::alias`]) are the
//! validator's: every export removes the keyword, so the provider's schema names
//! each argument once, by its own name.

use super::ledger::Ledger;
use super::report::ChangeKind;
use super::walk::walk_mut;
use crate::keywords::alias::KEYWORD;
use serde_json::Value;

/// `schema` without the keyword in any of its schemas, each removal a change in
/// `ctx`; `None` when no object of it holds the keyword (exported as written).
/// The schema has been admitted: its depth is bounded.
pub(crate) fn removed(schema: &Value, ctx: &mut Ledger) -> Option<Value> {
    if !mentions(schema) {
        return None;
    }
    let mut out = schema.clone();
    walk_mut(&mut out, "", &mut |map, ptr| {
        if map.remove(KEYWORD).is_some() {
            ctx.change(
                ptr,
                ChangeKind::Removed,
                format!("removed `{KEYWORD}`"),
                "the provider sees each argument under its own name; the validator still reads the aliases",
            );
        }
    });
    Some(out)
}

/// Whether some object in `v` has the keyword as a key.
fn mentions(v: &Value) -> bool {
    match v {
        Value::Object(map) => map.contains_key(KEYWORD) || map.values().any(mentions),
        Value::Array(list) => list.iter().any(mentions),
        _ => false,
    }
}
