//! What the streaming tests share: a text checked fed whole, one byte at a
//! time and in 3-byte chunks.

use tool_schema_engine::{Options, Schema};

/// The byte at which `text` was doomed, the same however it was cut; `finish`
/// gives `validate_str`'s report each time.
pub fn doomed_at(schema: &serde_json::Value, text: &str, options: &Options) -> Option<usize> {
    let schema = Schema::parse(schema).unwrap();
    let exact = schema.validate_str(text, options).unwrap();
    let mut seen = Vec::new();
    for size in [text.len().max(1), 1, 3] {
        let mut checker = schema.stream(options);
        let doomed = text
            .as_bytes()
            .chunks(size)
            .map(|piece| checker.feed(piece).doomed_at())
            .fold(None, Option::or);
        assert_eq!(checker.finish(), exact, "{text} in chunks of {size}");
        seen.push(doomed);
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{text}: {seen:?}");
    seen[0]
}
