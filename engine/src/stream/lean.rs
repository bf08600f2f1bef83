//! A member `"name": value` with a scalar value, or a scalar item, that a
//! chunk holds whole and in a plain form (no escape, the value's end in the
//! chunk), read in one step instead of byte by byte.
//!
//! The judge takes it (see `Judge::whole_member`) only where its frame has one
//! live alternative of one node that asks nothing of a member but its name and
//! its value, and only when the value satisfies its node: then no early test
//! of the byte-by-byte reading could have failed on it (each is sound: it
//! fails only when no continuation of the value satisfies the node), so the
//! decisions are the same, and only what the member leaves behind (the count,
//! the name) is kept. Anything else is read byte by byte as before.

use super::frame::Frame;
use super::lex::{plain_run, small_decimal, small_integer, Num, Scalar, Start};
use crate::schema::{NodeId, Schema};
use serde_json::Value;

/// The one node of an object frame whose members may be read whole: the
/// frame has one alternative, of one node, which asks of a member nothing but
/// its name and value (no `maxProperties`, `propertyNames`,
/// `patternProperties` or `unevaluatedProperties`).
pub(super) fn object_node(frame: &Frame, schema: &Schema) -> Option<NodeId> {
    let [alt] = frame.alts[..] else {
        return None;
    };
    let [id] = frame.nodes[alt.start as usize..alt.end as usize] else {
        return None;
    };
    let n = schema.node(id);
    let lean = n.max_properties.is_none()
        && n.property_names.is_none()
        && n.pattern_properties.is_empty()
        && n.pattern_set.is_none()
        && n.unevaluated_properties.is_none();
    lean.then_some(id)
}

/// A plain scalar read whole: how it starts, its value, and how many bytes it
/// took.
pub(super) struct Plain<'t> {
    pub start: Start,
    pub value: Scalar<'t>,
    pub len: usize,
}

/// A plain string at the start of `bytes` (from its opening quote), and the
/// index after its closing quote: no escape, no control character, UTF-8.
fn string(bytes: &[u8]) -> Option<(&str, usize)> {
    let rest = bytes.get(1..)?;
    let run = plain_run(rest);
    if rest.get(run) != Some(&b'"') {
        return None;
    }
    let text = std::str::from_utf8(&rest[..run]).ok()?;
    Some((text, run + 2))
}

/// The index of the first byte of `bytes` from `i` that is not white space.
fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\n' | b'\r') = bytes.get(i) {
        i += 1;
    }
    i
}

/// A plain scalar at the start of `bytes`: a string, a literal, or a number
/// that a byte not continuing it follows in `bytes`, of the forms the reader
/// reads in place (see [`small_integer`], [`small_decimal`]).
pub(super) fn scalar(bytes: &[u8]) -> Option<Plain<'_>> {
    let first = *bytes.first()?;
    let literal = |word: &[u8], start: Start, value: Value| {
        bytes.starts_with(word).then_some(Plain {
            start,
            value: Scalar::Value(value),
            len: word.len(),
        })
    };
    match first {
        b'"' => {
            let (text, len) = string(bytes)?;
            Some(Plain {
                start: Start::String,
                value: Scalar::Text(text),
                len,
            })
        }
        b't' => literal(b"true", Start::True, Value::Bool(true)),
        b'f' => literal(b"false", Start::False, Value::Bool(false)),
        b'n' => literal(b"null", Start::Null, Value::Null),
        b'-' | b'0'..=b'9' => {
            let mut state = match first {
                b'-' => Num::Minus,
                b'0' => Num::Zero,
                _ => Num::Int,
            };
            let mut len = 1;
            loop {
                // The number must end in `bytes`: `1` may go on as `12`.
                let next = state.next(*bytes.get(len)?);
                match next {
                    Some(next) => state = next,
                    None if state.complete() => break,
                    None => return None,
                }
                len += 1;
            }
            let token = &bytes[..len];
            let number = match small_integer(token) {
                Some(n) => serde_json::Number::from(n),
                None => small_decimal(token).and_then(serde_json::Number::from_f64)?,
            };
            Some(Plain {
                start: Start::Number,
                value: Scalar::Value(Value::Number(number)),
                len,
            })
        }
        _ => None,
    }
}

/// A plain member at the start of `bytes` (from its name's opening quote):
/// its name, and its scalar value, whose `len` counts from the name's quote.
pub(super) fn member(bytes: &[u8]) -> Option<(&str, Plain<'_>)> {
    let (name, after) = string(bytes)?;
    let colon = skip_space(bytes, after);
    if bytes.get(colon) != Some(&b':') {
        return None;
    }
    let at = skip_space(bytes, colon + 1);
    let mut value = scalar(&bytes[at..])?;
    value.len += at;
    Some((name, value))
}

#[cfg(test)]
mod tests {
    use super::{member, scalar, Scalar, Start};

    #[test]
    fn plain_members_and_scalars() {
        let (name, value) = member(br#""unit" : "celsius"}"#).unwrap();
        assert_eq!((name, value.start, value.len), ("unit", Start::String, 18));
        let (name, value) = member(br#""n":-12.5,"#).unwrap();
        assert_eq!((name, value.start, value.len), ("n", Start::Number, 9));
        assert!(matches!(value.value, Scalar::Value(v) if v == serde_json::json!(-12.5)));
        let (_, value) = member(br#""b":true"#).unwrap();
        assert_eq!((value.start, value.len), (Start::True, 8));
        // Cut, escaped, or not in a plain form: read byte by byte.
        for cut in [
            &br#""n":12"#[..],
            br#""n":"ab"#,
            br#""a\"b":1,"#,
            br#""n":"a\nb","#,
            br#""n":tru"#,
            br#""n":1e5,"#,
            br#""n":-0,"#,
            br#""n" 1,"#,
            br#""n":{}"#,
        ] {
            assert!(member(cut).is_none(), "{}", String::from_utf8_lossy(cut));
        }
        assert_eq!(scalar(b"7]").map(|p| p.len), Some(1));
        assert!(scalar(b"7").is_none());
    }
}
