//! The report of a call by a tool type's validator, checked equal to the
//! interpreter's on the type's exported schema (and to `is_valid`), as
//! `(pointer, kind code)` pairs.

use serde_json::Value;
use tool_schema::{Schema, ToolArgs};

pub fn report<T: ToolArgs>(call: Value) -> Vec<(String, &'static str)> {
    let compiled = T::validate(&call);
    let interp = Schema::parse(T::schema()).unwrap().validate(&call);
    assert_eq!(compiled, interp, "{call}");
    assert_eq!(T::is_valid(&call), compiled.is_valid(), "{call}");
    compiled
        .violations()
        .iter()
        .map(|v| (v.path.to_pointer(), v.kind.code()))
        .collect()
}
