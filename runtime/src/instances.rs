//! What is kept once per instantiation of a generic tool type: a `static` in a
//! generic function is one for every instantiation, so a generic type's parsed
//! schema (and, in the engine, its model) is kept here (in a [`ByText`]; the
//! engine's table of tool models by type is a [`Kept`] too), found by its text's
//! address (each instantiation's `SCHEMA_JSON` is its own constant), made and
//! kept once per text: bounded by the instantiations in the program.

use serde_json::Value;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{OnceLock, PoisonError, RwLock};

/// Values made once per key and leaked for the program's life, shared by every
/// thread: a read lock to find one, a write lock to keep a new one.
pub struct Kept<K: 'static, T: 'static>(OnceLock<RwLock<HashMap<K, &'static T>>>);

impl<K: Eq + Hash + Send + Sync + 'static, T: Send + Sync + 'static> Kept<K, T> {
    /// An empty store (for a `static`).
    pub const fn new() -> Kept<K, T> {
        Kept(OnceLock::new())
    }

    /// The value kept for `key`, made by `make` on its first use.
    pub fn get_or_make(&self, key: K, make: impl FnOnce() -> T) -> &'static T {
        let all = self.0.get_or_init(Default::default);
        if let Some(&kept) = all.read().unwrap_or_else(PoisonError::into_inner).get(&key) {
            return kept;
        }
        let made = make();
        let mut all = all.write().unwrap_or_else(PoisonError::into_inner);
        all.entry(key).or_insert_with(|| Box::leak(Box::new(made)))
    }
}

impl<K: Eq + Hash + Send + Sync + 'static, T: Send + Sync + 'static> Default for Kept<K, T> {
    fn default() -> Kept<K, T> {
        Kept::new()
    }
}

/// Values made from `'static` texts, one per text (its address and length).
pub struct ByText<T: 'static>(Kept<(usize, usize), T>);

impl<T: Send + Sync + 'static> ByText<T> {
    /// An empty store (for a `static`).
    pub const fn new() -> ByText<T> {
        ByText(Kept::new())
    }

    /// The value kept for `text`, made by `make` on its first use.
    pub fn get_or_make(&self, text: &'static str, make: impl FnOnce() -> T) -> &'static T {
        self.0
            .get_or_make((text.as_ptr() as usize, text.len()), make)
    }
}

impl<T: Send + Sync + 'static> Default for ByText<T> {
    fn default() -> ByText<T> {
        ByText::new()
    }
}

static SCHEMAS: ByText<Value> = ByText::new();

/// `json` (a generic type's `SCHEMA_JSON`) parsed, once per program.
///
/// # Panics
///
/// If `json` is not JSON text, which the macros never let happen.
pub fn instance_schema(json: &'static str) -> &'static Value {
    SCHEMAS.get_or_make(json, || {
        serde_json::from_str(json).expect("schema JSON written by the tool-schema macros")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsed_once_per_text() {
        const A: &str = r#"{"type":"object"}"#;
        let first = instance_schema(A);
        assert!(std::ptr::eq(first, instance_schema(A)));
        assert_eq!(first, &serde_json::json!({"type": "object"}));
    }

    #[test]
    fn one_value_per_text_address() {
        static KEPT: ByText<String> = ByText::new();
        const A: &str = "a";
        let made = KEPT.get_or_make(A, || "first".to_string());
        assert_eq!(KEPT.get_or_make(A, || "second".to_string()), "first");
        assert!(std::ptr::eq(made, KEPT.get_or_make(A, String::new)));
    }
}
