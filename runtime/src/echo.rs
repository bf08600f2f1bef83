//! Input echoed in words: names, values, enum values and patterns written so that
//! nothing the caller sent can steer a terminal or a reader (control and bidi
//! characters escaped) and nothing it sent can make a message large (cut with
//! `…`). Every writer here is iterative: a value nested 100,000 deep is written
//! in stack space that does not depend on its depth.

use serde_json::Value;
use std::fmt::Write as _;

/// Whether `c` is written as an escape when input is echoed: C0 controls, DEL, C1
/// controls, the bidi marks and overrides (U+200E, U+200F, U+202A to U+202E,
/// U+2066 to U+2069) and the line and paragraph separators (U+2028, U+2029).
#[inline]
pub fn is_hostile(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}'
        | '\u{7f}'..='\u{9f}'
        | '\u{200e}' | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}'
        | '\u{2028}' | '\u{2029}')
}

/// `\u001b`: the escape of `c` (one UTF-16 unit: every hostile character is in the
/// basic plane).
fn push_u_escape(out: &mut String, c: char) {
    let _ = write!(out, "\\u{:04x}", c as u32);
}

/// `name`, with hostile characters escaped (`\n`, `\t`, `\r`, else `\u001b`), cut
/// after `max` characters with `…`. Other characters are written as they are, so
/// an ordinary name reads unchanged.
///
/// Inlined where names are written: most are short printable ASCII, appended
/// after a test of their bytes; any other is escaped out of line.
#[inline]
pub fn push_name(out: &mut String, name: &str, max: usize) {
    if name.len() <= max && printable_ascii(name) {
        out.push_str(name);
        return;
    }
    push_name_escaped(out, name, max);
}

/// [`push_name`] of a name that is long or not plain printable ASCII.
#[inline(never)]
fn push_name_escaped(out: &mut String, name: &str, max: usize) {
    if name.len() <= max && !has_hostile(name) {
        out.push_str(name);
        return;
    }
    for (n, c) in name.chars().enumerate() {
        if n == max {
            out.push('…');
            return;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if is_hostile(c) => push_u_escape(out, c),
            c => out.push(c),
        }
    }
}

/// Whether `s` has a character [`is_hostile`] says is escaped. Plain printable
/// ASCII (most names) is recognised from its bytes, without decoding characters
/// and without a branch per byte; anything else is looked at character by
/// character.
#[inline]
fn has_hostile(s: &str) -> bool {
    !printable_ascii(s) && s.chars().any(is_hostile)
}

/// Whether `s` is plain printable ASCII, without a branch per byte: a name of
/// 4 to 16 bytes (most) in two overlapping loads, tested eight bytes at a
/// time.
#[inline(always)]
fn printable_ascii(s: &str) -> bool {
    let b = s.as_bytes();
    let n = b.len();
    match n {
        0..=3 => all_printable(b),
        // The first four bytes and the last four, as one word.
        4..=7 => unprintable(u64::from(half(b, 0)) | u64::from(half(b, n - 4)) << 32) == 0,
        8..=16 => unprintable(word(b, 0)) | unprintable(word(b, n - 8)) == 0,
        _ => all_printable(b),
    }
}

/// [`printable_ascii`] byte by byte (vectorised by the compiler for long
/// texts).
#[inline(always)]
fn all_printable(b: &[u8]) -> bool {
    b.iter().fold(true, |ok, c| ok & (0x20..0x7f).contains(c))
}

/// Bytes `at..at + 8` of `b` as one word.
#[inline(always)]
fn word(b: &[u8], at: usize) -> u64 {
    let mut w = [0; 8];
    w.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(w)
}

/// Bytes `at..at + 4` of `b` as one word.
#[inline(always)]
fn half(b: &[u8], at: usize) -> u32 {
    let mut w = [0; 4];
    w.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(w)
}

/// The high bit of each byte of `w` that is not printable ASCII (`0x20..0x7f`),
/// the others clear: a byte with its high bit set, a byte whose low seven bits
/// plus `0x60` stay below `0x80` (below `0x20`), or plus one reach it (`0x7f`).
/// No sum carries into the next byte.
#[inline(always)]
fn unprintable(w: u64) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let low = w & !HIGH;
    (w & HIGH) | (!(low + 0x60 * ONES) & HIGH) | ((low + ONES) & HIGH)
}

/// [`push_name`] into a new string.
pub fn name(name: &str, max: usize) -> String {
    let mut out = String::with_capacity(name.len().min(max + 8));
    push_name(&mut out, name, max);
    out
}

/// Writes JSON text and counts the characters written, stopping once more than
/// `max` are.
struct Limited<'a> {
    out: &'a mut String,
    start: usize,
    chars: usize,
    max: usize,
}

impl Limited<'_> {
    fn full(&self) -> bool {
        self.chars > self.max
    }

    fn push(&mut self, c: char) {
        if !self.full() {
            self.out.push(c);
            self.chars += 1;
        }
    }

    fn push_str(&mut self, s: &str) {
        for c in s.chars() {
            if self.full() {
                return;
            }
            self.push(c);
        }
    }

    fn string(&mut self, s: &str) {
        self.push('"');
        for c in s.chars() {
            if self.full() {
                return;
            }
            match c {
                '"' => self.push_str("\\\""),
                '\\' => self.push_str("\\\\"),
                '\n' => self.push_str("\\n"),
                '\r' => self.push_str("\\r"),
                '\t' => self.push_str("\\t"),
                '\u{8}' => self.push_str("\\b"),
                '\u{c}' => self.push_str("\\f"),
                c if is_hostile(c) => {
                    let mut e = String::with_capacity(6);
                    push_u_escape(&mut e, c);
                    self.push_str(&e);
                }
                c => self.push(c),
            }
        }
        self.push('"');
    }

    fn scalar(&mut self, v: &Value) {
        match v {
            Value::Null => self.push_str("null"),
            Value::Bool(true) => self.push_str("true"),
            Value::Bool(false) => self.push_str("false"),
            Value::Number(n) => {
                let mut s = String::new();
                let _ = write!(s, "{n}");
                self.push_str(&s);
            }
            Value::String(s) => self.string(s),
            Value::Array(_) | Value::Object(_) => {}
        }
    }

    /// Cuts to `max` characters with `…` when more were written.
    fn finish(self) {
        if self.full() {
            // The last character written is the one past `max`.
            let cut = self.out[self.start..]
                .char_indices()
                .nth(self.max)
                .map_or(self.out.len(), |(i, _)| self.start + i);
            self.out.truncate(cut);
            self.out.push('…');
        }
    }
}

/// One open array or object of [`push_json`].
enum Open<'v> {
    Array(std::slice::Iter<'v, Value>, bool),
    Object(serde_json::map::Iter<'v>, bool),
}

/// `value` as compact JSON text (serde_json's), cut after `max` characters with
/// `…` (as [`crate::json::short_json`] cuts), with hostile characters escaped as
/// `\uXXXX` (still JSON). Iterative, and it stops writing after `max`
/// characters: time and space are bounded by `max`, whatever the value.
pub fn push_json(out: &mut String, value: &Value, max: usize) {
    let start = out.len();
    let mut w = Limited {
        out,
        start,
        chars: 0,
        max,
    };
    let mut stack: Vec<Open<'_>> = Vec::new();
    let mut next = Some(value);
    loop {
        if w.full() {
            break;
        }
        if let Some(v) = next.take() {
            match v {
                Value::Array(items) => {
                    w.push('[');
                    stack.push(Open::Array(items.iter(), true));
                }
                Value::Object(map) => {
                    w.push('{');
                    stack.push(Open::Object(map.iter(), true));
                }
                scalar => w.scalar(scalar),
            }
            continue;
        }
        let Some(top) = stack.last_mut() else { break };
        match top {
            Open::Array(it, first) => match it.next() {
                Some(v) => {
                    if !*first {
                        w.push(',');
                    }
                    *first = false;
                    next = Some(v);
                }
                None => {
                    stack.pop();
                    w.push(']');
                }
            },
            Open::Object(it, first) => match it.next() {
                Some((k, v)) => {
                    if !*first {
                        w.push(',');
                    }
                    *first = false;
                    w.string(k);
                    w.push(':');
                    next = Some(v);
                }
                None => {
                    stack.pop();
                    w.push('}');
                }
            },
        }
    }
    w.finish();
}

/// [`push_json`] into a new string.
#[cfg(test)]
fn json(value: &Value, max: usize) -> String {
    let mut out = String::new();
    push_json(&mut out, value, max);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::short_json;
    use serde_json::json;

    #[test]
    fn same_text_as_short_json_for_ordinary_values() {
        let values = [
            json!(null),
            json!(true),
            json!(-12),
            json!(1.5e300),
            json!(0.1),
            json!("kelvin"),
            json!("a \"quoted\" \\ line\nbreak\ttab\u{1}"),
            json!([1, [2, [3, {"a": "b", "c": [null, false]}]]]),
            json!({"x": "y".repeat(100)}),
            serde_json::from_str(&format!("{}{}", "[".repeat(40), "]".repeat(40))).unwrap(),
            json!("é".repeat(70)),
        ];
        for v in &values {
            for max in [0, 1, 5, 60, 1000] {
                assert_eq!(json(v, max), short_json(v, max), "{v} at {max}");
            }
        }
    }

    #[test]
    fn hostile_characters_are_escaped() {
        assert_eq!(
            json(&json!("\u{1b}[31mred\u{202e}x\u{7f}\u{85}\u{2028}"), 100),
            r#""\u001b[31mred\u202ex\u007f\u0085\u2028""#
        );
        assert_eq!(name("a\u{1b}b\nc\u{2066}", 60), "a\\u001bb\\nc\\u2066");
        assert_eq!(name("plain name", 60), "plain name");
        assert_eq!(name(&"n".repeat(100), 60), format!("{}…", "n".repeat(60)));
    }

    #[test]
    fn printable_ascii_is_every_byte_in_range() {
        let bytes = [0x00, 0x1f, 0x20, 0x41, 0x7e, 0x7f];
        for len in 0..20 {
            for (k, &odd) in bytes.iter().enumerate() {
                for at in 0..len {
                    let mut text = vec![b'a'; len];
                    text[at] = odd;
                    let text = String::from_utf8(text).expect("ASCII");
                    let plain = text.bytes().all(|b| (0x20..0x7f).contains(&b));
                    assert_eq!(printable_ascii(&text), plain, "byte {k} at {at} of {len}");
                }
            }
            let mut text = "b".repeat(len);
            assert!(printable_ascii(&text));
            text.push('é');
            assert!(!printable_ascii(&text), "{text}");
        }
    }

    #[test]
    fn deep_values_are_written_without_recursion() {
        let mut v = json!(1);
        for _ in 0..100_000 {
            v = Value::Array(vec![v]);
        }
        let text = json(&v, 60);
        assert_eq!(text, format!("{}…", "[".repeat(60)));
        // Dropped without recursion.
        let mut v = v;
        while let Value::Array(mut items) = v {
            v = items.pop().unwrap_or(Value::Null);
        }
    }
}
