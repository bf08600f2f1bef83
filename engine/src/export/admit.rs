//! The checks every export makes before reading the schema: bounded JSON depth, and
//! a schema tool-schema's validator accepts.

use super::ledger::Ledger;
use super::limits;
use serde_json::Value;

/// The rule named when the schema model refuses a schema.
const MODEL_RULE: &str =
    "tool-schema exports only the schemas its validator accepts";

/// The checks every export makes before reading the schema: its JSON nests at most
/// [`limits::MAX_JSON_DEPTH`] levels (checked without recursion), and the schema
/// model accepts it ([`Schema::parse`](crate::Schema::parse)): every problem it finds
/// becomes a [`Problem`] at the same pointer. False when the export is refused.
pub(crate) fn admit(schema: &Value, ctx: &mut Ledger) -> bool {
    if let Some(at) = limits::too_deep(schema, limits::MAX_JSON_DEPTH) {
        ctx.stop(
            &at,
            format!(
                "the schema's JSON nests deeper than {} levels",
                limits::MAX_JSON_DEPTH
            ),
            "tool-schema exports: a bounded depth, so that no export recurses without bound",
        );
        return false;
    }
    match crate::Schema::parse(schema) {
        Ok(_) => true,
        Err(e) => {
            for d in e.problems {
                ctx.refuse(&d.pointer, d.message, MODEL_RULE);
            }
            ctx.stopped = true;
            false
        }
    }
}
