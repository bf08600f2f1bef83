//! Bytes -> the streaming checker against the text path, on the fixed schemas.
//!
//! First byte: bits 0-2 pick the schema, bits 3-4 the options, bit 7 the mode.
//! Second byte: the chunk sizes' seed. Mode 0: the rest is the text as is (any
//! bytes: not UTF-8, not JSON, cut off). Mode 1: the rest drives the value
//! grammar over the schema's vocabulary. The text is fed whole, one byte at a
//! time and in chunks of 1 to 32 bytes drawn from the seed. Properties: no
//! panic; the byte at which the call is doomed, and the violations then known,
//! do not depend on the chunks; a text `validate_str` finds valid is never
//! doomed; `finish` gives `validate_str`'s report when the text is one JSON
//! value, and an invalid report otherwise.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tool_schema::{Options, Report, Schema};
use tool_schema_fuzz::{gen, options, schema, value_for};

/// The first doom (its byte and report) and `finish`'s report, feeding `text`
/// in the chunk sizes `size` gives.
fn stream(
    schema: &Schema,
    options: &Options,
    text: &[u8],
    mut size: impl FnMut() -> usize,
) -> (Option<(usize, Report)>, Report) {
    let mut checker = schema.stream(options);
    let (mut at, mut doom) = (0, None);
    while at < text.len() {
        let end = (at + size()).min(text.len());
        let progress = checker.feed(&text[at..end]);
        if doom.is_none() {
            if let (Some(d), Some(r)) = (progress.doomed_at(), progress.report()) {
                assert!(
                    (at..end).contains(&d),
                    "doomed at {d}, told after {at}..{end}"
                );
                doom = Some((d, r.clone()));
            }
        }
        at = end;
    }
    (doom, checker.finish())
}

fuzz_target!(|data: &[u8]| {
    let [head, seed, rest @ ..] = data else {
        return;
    };
    let i = (head & 7) as usize;
    let options = options(head >> 3);
    let owned;
    let text: &[u8] = if head & 0x80 == 0 {
        rest
    } else {
        let mut src = gen::Bytes::new(rest);
        owned = value_for(i, &mut src).to_string();
        owned.as_bytes()
    };
    let schema = schema(i);
    let mut state = u64::from(*seed) | 1;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        1 + (state % 32) as usize
    };
    let (whole_doom, whole) = stream(schema, &options, text, || usize::MAX);
    let (one_doom, one) = stream(schema, &options, text, || 1);
    let (some_doom, some) = stream(schema, &options, text, &mut random);
    assert_eq!(whole_doom, one_doom, "the doom fed whole and byte by byte");
    assert_eq!(whole_doom, some_doom, "the doom fed whole and in chunks");
    assert_eq!(whole, one, "finish fed whole and byte by byte");
    assert_eq!(whole, some, "finish fed whole and in chunks");
    let exact = std::str::from_utf8(text)
        .ok()
        .and_then(|t| schema.validate_str(t, &options).ok());
    match exact {
        Some(report) => {
            assert!(
                whole_doom.is_none() || !report.is_valid(),
                "a valid text doomed"
            );
            assert_eq!(whole, report, "finish and validate_str");
        }
        None => assert!(
            !whole.is_valid(),
            "a text that is not one JSON value finished valid"
        ),
    }
});
