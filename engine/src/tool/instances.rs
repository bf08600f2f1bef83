//! The parsed schema of each instantiation of a generic tool type: a `static` in
//! a generic function is one for every instantiation, so `ToolArgs::schema` of a
//! generic type keeps its parsed schema here, found by its text's address (each
//! instantiation's `SCHEMA_JSON` is its own constant), parsed and kept once per
//! text: bounded by the instantiations in the program.

use serde_json::Value;
use std::collections::HashMap;
use std::sync::{OnceLock, PoisonError, RwLock};

type Key = (usize, usize);

static ALL: OnceLock<RwLock<HashMap<Key, &'static Value>>> = OnceLock::new();

/// `json` (a generic type's `SCHEMA_JSON`) parsed, once per program.
///
/// # Panics
///
/// If `json` is not JSON text, which the macros never let happen.
pub fn instance_schema(json: &'static str) -> &'static Value {
    let key = (json.as_ptr() as usize, json.len());
    let all = ALL.get_or_init(Default::default);
    if let Some(&value) = all.read().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return value;
    }
    let parsed: Value =
        serde_json::from_str(json).expect("schema JSON written by the tool-schema macros");
    let mut all = all.write().unwrap_or_else(PoisonError::into_inner);
    all.entry(key)
        .or_insert_with(|| Box::leak(Box::new(parsed)))
}

static MODELS: OnceLock<RwLock<HashMap<Key, &'static crate::Schema>>> = OnceLock::new();

/// The model of a generic type's instantiation (`json`, its `SCHEMA_JSON`),
/// once per program: how an instantiation whose required members depend on
/// its arguments (`Pair<Option<u8>>`, `ToolArgs::__OPTIONAL`) is validated,
/// on the very text it exports.
///
/// # Panics
///
/// If `json` is refused by the schema model, which the macros never let
/// happen; without the `engines` feature (which no `Option` argument is
/// without: the standard types implement `ToolArgs` with it).
pub fn instance_model(json: &'static str, tool: &str) -> &'static crate::Schema {
    let key = (json.as_ptr() as usize, json.len());
    let all = MODELS.get_or_init(Default::default);
    if let Some(&model) = all.read().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return model;
    }
    let parsed = parse_model(json, tool);
    let mut all = all.write().unwrap_or_else(PoisonError::into_inner);
    all.entry(key)
        .or_insert_with(|| Box::leak(Box::new(parsed)))
}

#[cfg(feature = "engines")]
fn parse_model(json: &'static str, tool: &str) -> crate::Schema {
    crate::Schema::parse(instance_schema(json)).unwrap_or_else(|e| {
        panic!("the schema of tool `{tool}` is refused by the schema model: {e}")
    })
}

#[cfg(not(feature = "engines"))]
fn parse_model(json: &'static str, tool: &str) -> crate::Schema {
    let _ = json;
    panic!(
        "the schema of tool `{tool}` depends on its generic arguments; validating it needs \
         tool-schema's `engines` feature"
    )
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
}
