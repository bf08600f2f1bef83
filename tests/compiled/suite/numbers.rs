// The numbers of the JSON-Schema-Test-Suite as the suite writes them (included
// by `build.rs`): `serde_json` (without `arbitrary_precision`) keeps a number as
// an `f64` at most, and the shortest text of that `f64` may read back as a
// neighbouring one (without `float_roundtrip`), so `tool_schema!` would compile
// another limit than the interpreter reads from the suite's text
// (`optional/bignum.json`'s 36-digit limits). The literal written for a group
// holds each number's own digits instead.

/// The text of every number token of the JSON `text`, in order.
fn number_texts(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
        } else if b == b'"' {
            in_string = true;
            i += 1;
        } else if b == b'-' || b.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && matches!(bytes[i], b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E') {
                i += 1;
            }
            out.push(&text[start..i]);
        } else {
            i += 1;
        }
    }
    out
}

/// Each number of `value` (walked in the order of its text: `preserve_order`
/// keeps the members' order) paired with the next of `texts`: the map from the
/// number's `serde_json` text to the suite's, for the numbers whose text
/// differs. Panics where the walk and the text do not line up.
fn written_numbers<'t>(
    value: &serde_json::Value,
    texts: &mut impl Iterator<Item = &'t str>,
    out: &mut std::collections::HashMap<String, String>,
) {
    match value {
        serde_json::Value::Number(n) => {
            let token = texts.next().expect("as many number tokens as numbers");
            // An integer past 64 bits, which `serde_json` reads as a float and
            // `tool_schema!` refuses as an integer literal: its digits as a float.
            let integer = !token.contains(['.', 'e', 'E']);
            let written = if integer && n.is_f64() {
                format!("{token}.0")
            } else {
                token.to_string()
            };
            let read: serde_json::Number = serde_json::from_str(&written).unwrap();
            assert_eq!(&read, n, "the suite's number {token} out of line");
            if n.to_string() != written {
                // The first text of a number wins: a schema's limit comes
                // before the data compared with it (either reads as `n`).
                out.entry(n.to_string()).or_insert(written);
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                written_numbers(item, texts, out);
            }
        }
        serde_json::Value::Object(members) => {
            for item in members.values() {
                written_numbers(item, texts, out);
            }
        }
        _ => {}
    }
}

/// The suite file `text` (which `value` is): its numbers' texts, by the text
/// `serde_json` writes for each (see [`written_numbers`]).
fn suite_numbers(text: &str, value: &serde_json::Value) -> std::collections::HashMap<String, String> {
    let mut out = std::collections::HashMap::new();
    let texts = number_texts(text);
    let mut iter = texts.iter().copied();
    written_numbers(value, &mut iter, &mut out);
    assert!(iter.next().is_none(), "more number tokens than numbers");
    out
}
