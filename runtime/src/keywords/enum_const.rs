//! `enum` and `const`: a value equal (JSON equality) to one listed value, or to
//! the one value. The interpreter compares with [`json_eq`](crate::json::json_eq); the text path
//! compares a scalar as it reads it; generated code compares with literals.

use crate::json::{Probe, ValueSet};
use serde_json::Value;

/// Whether `probe` is one of `allowed` (the `enum` decision): through `set`, the
/// index of a long list, or by scanning a short one.
#[inline]
pub fn in_enum(allowed: &[Value], set: Option<&ValueSet>, probe: &(impl Probe + ?Sized)) -> bool {
    match set {
        Some(set) => set.contains(probe),
        None => allowed.iter().any(|a| probe.equals(a)),
    }
}
