//! Arbitrary JSON as a schema -> `Schema::parse` -> validate values derived from
//! the input: no panic, `is_valid` agrees with `validate`, `validate_str` agrees
//! with `validate`, reports bounded (see `gen::check_values`).
//!
//! First byte, bit 0: 0 = the rest is JSON text (the schema; not JSON: nothing to
//! do), values drawn from a PRNG seeded by the input; 1 = the rest drives the
//! schema grammar, then the value grammar. Run with `-timeout=` and
//! `-rss_limit_mb=` (tools/fuzz_all.sh does): a slow or hungry input is a finding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tool_schema_fuzz::gen::{self, Source};
use tool_schema_fuzz::seed_of;

fn values<S: Source>(schema: &Value, src: &mut S) -> Vec<Value> {
    let (mut names, mut scalars) = (Vec::new(), Vec::new());
    gen::vocabulary(schema, &mut names, &mut scalars);
    (0..4)
        .map(|i| match i % 2 {
            0 => gen::value(src, &names, &scalars, 0),
            _ => gen::instance(src, schema, schema, 0),
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    if head & 1 == 0 {
        let Ok(schema) = serde_json::from_slice::<Value>(rest) else {
            return;
        };
        let mut src = gen::Xorshift::new(seed_of(data));
        let values = values(&schema, &mut src);
        gen::check_values(&schema, &values);
    } else {
        let mut src = gen::Bytes::new(rest);
        let schema = gen::schema(&mut src, 6);
        let values = values(&schema, &mut src);
        gen::check_values(&schema, &values);
    }
});
