//! Bytes -> a JSON value -> the compiled tools (`tool_schema!` of the fixed
//! schemas) against the interpreter on the same schema: identical reports,
//! identical output in every format, `is_valid` agreeing.
//!
//! First byte: bits 0-2 pick the schema, bits 3-4 the options, bit 7 the mode
//! (0: the rest is JSON text; 1: the rest drives the value grammar over the
//! schema's vocabulary).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tool_schema::seed::Format as SeedFormat;
use tool_schema::{json_report, Format};
use tool_schema_fuzz::{gen, options, schema, value_for, FIXED};

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let i = (head & 7) as usize;
    let options = options(head >> 3);
    let value = if head & 0x80 == 0 {
        let Ok(value) = serde_json::from_slice::<Value>(rest) else {
            return;
        };
        value
    } else {
        value_for(i, &mut gen::Bytes::new(rest))
    };
    let tool = &FIXED[i];
    let compiled = (tool.validate_with)(&value, &options);
    let interp = schema(i).validate_with(&value, &options);
    assert_eq!(
        compiled, interp,
        "{}: compiled and interpreted reports differ",
        tool.name
    );
    assert_eq!(
        (tool.is_valid_with)(&value, &options),
        interp.is_valid(),
        "{}: compiled is_valid disagrees",
        tool.name
    );
    assert_eq!(schema(i).is_valid_with(&value, &options), interp.is_valid());
    for format in Format::ALL {
        assert_eq!(format.render(&compiled), format.render(&interp));
    }
    for format in SeedFormat::ALL {
        assert_eq!(format.render(&compiled), format.render(&interp));
    }
    assert_eq!(json_report(&compiled), json_report(&interp));
});
