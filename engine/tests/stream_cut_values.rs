//! A member's value cut by a chunk's end waits, and the next chunk takes it
//! up at its first byte (a string, where its plain bytes stopped; see
//! `lean`): what the value's close decides (`maxLength`, `minLength`,
//! `enum`, `const`, a number's bounds) is decided on the whole value, however
//! the chunks cut it. Each text is fed whole, one
//! byte at a time and in 3-byte chunks (the doom byte is the same, `finish`
//! gives `validate_str`'s report), and split once at every byte.

mod stream_support;

use serde_json::{json, Value};
use stream_support::doomed_at;
use tool_schema_engine::{Options, Schema};

fn tool() -> Value {
    json!({
        "type": "object",
        "properties": {
            "short": {"type": "string", "maxLength": 5},
            "long": {"type": "string", "minLength": 4},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            "kind": {"const": "job"},
            "any": {"type": "string"},
            "ratio": {"type": "number", "maximum": 1.5}
        }
    })
}

/// Split once at every byte: never doomed before `doom`, doomed there when
/// some, and `finish` gives `validate_str`'s report.
fn every_split(text: &str, doom: Option<usize>) {
    let schema = Schema::parse(&tool()).unwrap();
    let options = Options::default();
    let exact = schema.validate_str(text, &options).unwrap();
    for cut in 1..text.len() {
        let mut checker = schema.stream(&options);
        let first = checker.feed(&text.as_bytes()[..cut]).doomed_at();
        let second = checker.feed(&text.as_bytes()[cut..]).doomed_at();
        assert_eq!(first.or(second), doom, "{text} cut at {cut}");
        assert_eq!(checker.finish(), exact, "{text} cut at {cut}");
    }
}

#[test]
fn a_cut_value_is_decided_on_all_its_bytes() {
    let options = Options::default();
    let cases: [(&str, Option<usize>); 13] = [
        (r#"{"short": "abcde"}"#, None),
        // One character over: doomed at the sixth, wherever the cuts fall.
        (r#"{"short": "abcdef"}"#, Some(16)),
        (r#"{"any": "xy", "short": "éèêëē"}"#, None),
        (r#"{"any": "xy", "short": "éèêëēx"}"#, Some(34)),
        (r#"{"long": "abcd", "any": "a longer plain string"}"#, None),
        // Too short is known at the close.
        (r#"{"long": "abc"}"#, Some(13)),
        (r#"{"unit": "fahrenheit", "kind": "job"}"#, None),
        (r#"{"unit": "fahrenheit", "kind": "jobs"}"#, Some(35)),
        (r#"{"unit": "celsiusx"}"#, Some(17)),
        (r#"{"any": "tail cut", "unit": "celsius"}"#, None),
        // A number cut by a chunk is taken up at its first byte.
        (r#"{"ratio": 1.25, "any": "x"}"#, None),
        (r#"{"ratio": 21, "any": "x"}"#, Some(12)),
        (r#"{"ratio": 1.75}"#, Some(14)),
    ];
    for (text, doom) in cases {
        assert_eq!(doomed_at(&tool(), text, &options), doom, "{text}");
        every_split(text, doom);
    }
}
