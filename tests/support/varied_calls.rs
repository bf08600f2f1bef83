//! Calls that vary one member of a base call at a time (the typed form's tests:
//! `typed_literals.rs`, `typed_shapes.rs`).

use serde_json::Value;

/// `base`, then `base` with each member of `variants` set to each of its values
/// in turn.
pub fn varied(base: &Value, variants: Vec<(&str, Vec<Value>)>) -> Vec<Value> {
    let mut out = vec![base.clone()];
    for (name, values) in variants {
        for v in values {
            let mut call = base.clone();
            call[name] = v;
            out.push(call);
        }
    }
    out
}
