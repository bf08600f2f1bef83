//! Bytes -> the text path against parse-then-validate, on the fixed schemas.
//!
//! First byte: bits 0-2 pick the schema, bits 3-4 the options, bit 7 the mode.
//! Mode 0: the rest is the arguments' text as is. Mode 1: the rest drives the
//! value grammar over the schema's vocabulary, and the value's text is checked.
//! Properties: `Schema::validate_str` and the compiled tool's `validate_str` are
//! an error exactly when `serde_json` refuses the text; on JSON without repeated
//! member names, both give the report of `serde_json::from_str` then `validate`;
//! otherwise, no panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tool_schema_fuzz::{gen, has_duplicate_keys, options, schema, value_for, FIXED};

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let i = (head & 7) as usize;
    let options = options(head >> 3);
    let owned;
    let text = if head & 0x80 == 0 {
        match std::str::from_utf8(rest) {
            Ok(t) => t,
            Err(_) => {
                let _ = serde_json::from_slice::<Value>(rest);
                return;
            }
        }
    } else {
        let mut src = gen::Bytes::new(rest);
        owned = value_for(i, &mut src).to_string();
        &owned
    };
    let interp = schema(i).validate_str(text, &options);
    let compiled = (FIXED[i].validate_str_with)(text, &options);
    match serde_json::from_str::<Value>(text) {
        Err(_) => {
            assert!(
                interp.is_err(),
                "validate_str accepted text serde_json refuses"
            );
            assert!(
                compiled.is_err(),
                "compiled validate_str accepted text serde_json refuses"
            );
        }
        Ok(value) => {
            if has_duplicate_keys(text) == Some(true) {
                return;
            }
            let expected = schema(i).validate_with(&value, &options);
            assert_eq!(
                interp.expect("JSON text"),
                expected,
                "interpreter text path"
            );
            let expected = (FIXED[i].validate_with)(&value, &options);
            assert_eq!(compiled.expect("JSON text"), expected, "compiled text path");
        }
    }
});
