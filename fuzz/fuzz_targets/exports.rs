//! Arbitrary JSON as a schema -> every export target: Ok or Err, never a panic,
//! an Ok's output within `gen::export_bound` of the input's size.
//!
//! First byte, bit 0: 0 = the rest is JSON text (the schema), 1 = the rest drives
//! the schema grammar.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tool_schema_fuzz::gen;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let schema = if head & 1 == 0 {
        let Ok(schema) = serde_json::from_slice::<Value>(rest) else {
            return;
        };
        schema
    } else {
        gen::schema(&mut gen::Bytes::new(rest), 6)
    };
    gen::check_exports(&schema, &mut gen::Outcome::default());
});
