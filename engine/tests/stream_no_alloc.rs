//! A warm thread streams a valid call without allocating: the checker's text
//! buffer and its reader (with the frames of every value open) are kept per
//! thread from checker to checker, one at a time or several at once.
//!
//! A counting global allocator (`tests/support/counting_alloc.rs`) wraps `System`.

use serde_json::json;
use std::hint::black_box;
use tool_schema_engine::{Options, Schema};

#[path = "../../tests/support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{allocations, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

fn schema() -> Schema {
    let point = json!({
        "type": "object",
        "properties": {"x": {"type": "integer", "maximum": 100}, "label": {"type": "string"}},
        "required": ["x"],
        "additionalProperties": false
    });
    Schema::parse(&json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "enum": ["north", "south"]},
            "points": {"type": "array", "items": point},
            "origin": point,
            "note": {"type": ["string", "null"]},
            "on": {"type": "boolean"}
        },
        "required": ["name"],
        "additionalProperties": false
    }))
    .unwrap()
}

const CALL: &str = r#"{"name": "north", "points": [{"x": 1, "label": "a"}, {"x": 22}], "origin": {"x": 0}, "note": null, "on": true}"#;

/// Streams `CALL` through `checkers` checkers at once, each fed in chunks of
/// `size` bytes (`None`: whole), all valid.
fn stream(schema: &Schema, checkers: usize, size: Option<usize>) {
    let options = Options::default();
    let mut open: Vec<_> = (0..checkers).map(|_| schema.stream(&options)).collect();
    for checker in &mut open {
        let bytes = black_box(CALL.as_bytes());
        for piece in bytes.chunks(size.unwrap_or(bytes.len())) {
            assert!(!checker.feed(piece).is_doomed());
        }
    }
    for checker in open {
        assert!(checker.finish().is_valid());
    }
}

#[test]
fn a_warm_thread_streams_a_valid_call_without_allocating() {
    let schema = schema();
    for checkers in [1, 3] {
        for size in [None, Some(1), Some(7), Some(16)] {
            // Warm: the thread keeps what these grew.
            stream(&schema, checkers, size);
            stream(&schema, checkers, size);
            let ((), n) = allocations(|| stream(&schema, checkers, size));
            // The list of open checkers is the one allocation of `stream`.
            assert_eq!(
                n, 1,
                "{checkers} checkers in chunks of {size:?} allocated {n} times"
            );
        }
    }
}
