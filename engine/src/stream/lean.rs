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

use super::alts;
use super::frame::NameState;
use super::judge::{accepts, int_bounded, Judge};
use super::lex::{plain_run, small_decimal, small_integer, Num, Scalar, Start, Take};
use crate::keywords::object::rejects_undeclared;
use crate::schema::facts::NEVER;
use crate::schema::node_checks::object::closed;
use crate::schema::NodeId;
use serde_json::Value;

/// A cut member waits for more text only while this short: past it, it is
/// read byte by byte (each chunk reads a waiting member again from its start).
const WAIT_BYTES: usize = 128;

impl Judge<'_> {
    /// A member at its name's opening quote, `bytes` the rest of the text fed
    /// (see [`Events::whole_member`](super::lex::Events::whole_member)).
    pub(super) fn take_member(&mut self, bytes: &[u8]) -> Take {
        let Some(f) = self.depth.checked_sub(1) else {
            return Take::Read;
        };
        let frame = &self.frames[f];
        let Some(n) = frame.lean.filter(|_| !frame.alts[0].dead) else {
            return Take::Read;
        };
        match member(bytes) {
            Read::Whole((name, value)) => {
                let Some(child) = self.plain_child(f, n, name.as_bytes(), value.start) else {
                    return Take::Read;
                };
                if !self.scalar_ok(child, &value.value, &mut None) {
                    return Take::Read;
                }
                let frame = &mut self.frames[f];
                frame.count += 1;
                frame.names.insert(name);
                frame.name_state = NameState::Idle;
                Take::Whole(value.len)
            }
            Read::Cut(cut) if bytes.len() <= WAIT_BYTES && !self.cut_may_doom(f, n, bytes, cut) => {
                Take::Wait
            }
            _ => Take::Read,
        }
    }

    /// The schema of member `name` of object frame `f` (node `n`, see
    /// [`Frame::lean_node`](super::frame::Frame::lean_node)): the name UTF-8,
    /// declared, and new in the object.
    fn declared_new(&self, f: usize, n: NodeId, name: &[u8]) -> Option<NodeId> {
        let child = alts::declared(self.schema.node(n), name)?;
        let name = std::str::from_utf8(name).ok()?;
        (!self.frames[f].names.contains(name)).then_some(child)
    }

    /// The schema of member `name` of object frame `f` (node `n`) whose
    /// value starts as `start`, when the member can be read whole: the name
    /// declared and new, its schema applying nothing in place and taking
    /// values starting so, not a `null` read as absent.
    fn plain_child(&self, f: usize, n: NodeId, name: &[u8], start: Start) -> Option<NodeId> {
        let child = self.declared_new(f, n, name)?;
        let facts = self.schema.facts(child);
        let free = start == Start::Null && self.options.null_is_absent;
        let plain = !free
            && self.plan.node(child).simple
            && facts.flags & NEVER == 0
            && accepts(facts.accept, start);
        plain.then_some(child)
    }

    /// Whether a byte of member `bytes` of object frame `f` (node `n`), cut
    /// as `cut`, may doom the call when read byte by byte: a name no declared
    /// name starts as, where names are closed; a name not declared, or
    /// repeated; a value not read whole, or whose node tests its first bytes
    /// (`enum`, `const`, `maxLength`, `pattern`, an integer's bounds).
    fn cut_may_doom(&self, f: usize, n: NodeId, bytes: &[u8], cut: Cut) -> bool {
        match cut {
            Cut::Name { len } => {
                let node = self.schema.node(n);
                let root = self.frames[f].root;
                let reject = rejects_undeclared(
                    self.options.undeclared,
                    closed(node, root),
                    node.additional,
                );
                if !alts::names_closed(node, reject) {
                    return false;
                }
                let so_far = &bytes[1..1 + len];
                let props = node.properties.as_deref().unwrap_or_default();
                let order = &self.plan.node(n).by_name;
                let name = |i: u32| props[i as usize].name.as_bytes();
                let first = order.partition_point(|&i| name(i) < so_far);
                !order
                    .get(first)
                    .is_some_and(|&i| name(i).starts_with(so_far))
            }
            Cut::Named { len } => self.declared_new(f, n, &bytes[1..1 + len]).is_none(),
            Cut::Value { len, start } => {
                let Some(child) = self.plain_child(f, n, &bytes[1..1 + len], start) else {
                    return true;
                };
                let node = self.schema.node(child);
                match start {
                    Start::String => {
                        node.max_length.is_some()
                            || node.enum_values.is_some()
                            || node.const_value.is_some()
                            || node.pattern.is_some()
                    }
                    Start::Number => int_bounded(self.schema.facts(child)),
                    _ => false,
                }
            }
        }
    }
}

/// A plain scalar read whole: how it starts, its value, and how many bytes it
/// took.
pub(super) struct Plain<'t> {
    pub start: Start,
    pub value: Scalar<'t>,
    pub len: usize,
}

/// How a plain member or scalar at the start of some bytes reads.
pub(super) enum Read<T> {
    /// Whole.
    Whole(T),
    /// The bytes end inside it, every byte so far plain.
    Cut(Cut),
    /// Not in a plain form: read byte by byte.
    No,
}

/// How far a cut member or scalar was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cut {
    /// Inside the member's name: its first `len` bytes (plain, maybe cut inside
    /// a character) follow the opening quote.
    Name { len: usize },
    /// After the member's name (whole, `len` bytes), before its value.
    Named { len: usize },
    /// Inside the value, which starts as `start` (after a name of `len`
    /// bytes; 0 for an item).
    Value { len: usize, start: Start },
}

/// A plain string at the start of `bytes` (from its opening quote), and the
/// index after its closing quote: no escape, no control character, UTF-8.
/// Cut: how many plain bytes follow the quote.
fn string(bytes: &[u8]) -> Result<(&str, usize), Option<usize>> {
    let rest = bytes.get(1..).ok_or(None)?;
    let run = plain_run(rest);
    match rest.get(run) {
        Some(b'"') => {}
        Some(_) => return Err(None),
        None => return Err(Some(run)),
    }
    let text = std::str::from_utf8(&rest[..run]).map_err(|_| None)?;
    Ok((text, run + 2))
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
pub(super) fn scalar(bytes: &[u8]) -> Read<Plain<'_>> {
    let Some(&first) = bytes.first() else {
        return Read::No;
    };
    let cut = |start| Read::Cut(Cut::Value { len: 0, start });
    let literal = |word: &'static [u8], start: Start, value: Value| {
        if bytes.starts_with(word) {
            Read::Whole(Plain {
                start,
                value: Scalar::Value(value),
                len: word.len(),
            })
        } else if word.starts_with(bytes) {
            cut(start)
        } else {
            Read::No
        }
    };
    match first {
        b'"' => match string(bytes) {
            Ok((text, len)) => Read::Whole(Plain {
                start: Start::String,
                value: Scalar::Text(text),
                len,
            }),
            Err(Some(_)) => cut(Start::String),
            Err(None) => Read::No,
        },
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
                let Some(&b) = bytes.get(len) else {
                    return cut(Start::Number);
                };
                match state.next(b) {
                    Some(next) => state = next,
                    None if state.complete() => break,
                    None => return Read::No,
                }
                len += 1;
            }
            let token = &bytes[..len];
            let number = match small_integer(token) {
                Some(n) => serde_json::Number::from(n),
                None => match small_decimal(token).and_then(serde_json::Number::from_f64) {
                    Some(number) => number,
                    None => return Read::No,
                },
            };
            Read::Whole(Plain {
                start: Start::Number,
                value: Scalar::Value(Value::Number(number)),
                len,
            })
        }
        _ => Read::No,
    }
}

/// A plain member at the start of `bytes` (from its name's opening quote):
/// its name, and its scalar value, whose `len` counts from the name's quote.
pub(super) fn member(bytes: &[u8]) -> Read<(&str, Plain<'_>)> {
    let (name, after) = match string(bytes) {
        Ok(read) => read,
        Err(Some(len)) => return Read::Cut(Cut::Name { len }),
        Err(None) => return Read::No,
    };
    let named = Read::Cut(Cut::Named { len: after - 2 });
    let colon = skip_space(bytes, after);
    match bytes.get(colon) {
        Some(b':') => {}
        Some(_) => return Read::No,
        None => return named,
    }
    let at = skip_space(bytes, colon + 1);
    if at == bytes.len() {
        return named;
    }
    match scalar(&bytes[at..]) {
        Read::Whole(mut value) => {
            value.len += at;
            Read::Whole((name, value))
        }
        Read::Cut(Cut::Value { start, .. }) => Read::Cut(Cut::Value {
            len: after - 2,
            start,
        }),
        Read::Cut(cut) => Read::Cut(cut),
        Read::No => Read::No,
    }
}

#[cfg(test)]
mod tests {
    use super::{member, scalar, Cut, Read, Scalar, Start};

    fn whole(bytes: &[u8]) -> (&str, Start, usize) {
        match member(bytes) {
            Read::Whole((name, value)) => (name, value.start, value.len),
            _ => panic!("{}", String::from_utf8_lossy(bytes)),
        }
    }

    fn cut(bytes: &[u8]) -> Option<Cut> {
        match member(bytes) {
            Read::Cut(cut) => Some(cut),
            _ => None,
        }
    }

    #[test]
    fn plain_members_and_scalars() {
        assert_eq!(
            whole(br#""unit" : "celsius"}"#),
            ("unit", Start::String, 18)
        );
        assert_eq!(whole(br#""n":-12.5,"#), ("n", Start::Number, 9));
        assert_eq!(whole(br#""b":true"#), ("b", Start::True, 8));
        let Read::Whole((_, value)) = member(br#""n":-12.5,"#) else {
            unreachable!()
        };
        assert!(matches!(value.value, Scalar::Value(v) if v == serde_json::json!(-12.5)));
        // Cut in a plain form: how far.
        assert_eq!(cut(br#""uni"#), Some(Cut::Name { len: 3 }));
        assert_eq!(cut(br#"""#), Some(Cut::Name { len: 0 }));
        assert_eq!(cut(br#""n""#), Some(Cut::Named { len: 1 }));
        assert_eq!(cut(br#""n" : "#), Some(Cut::Named { len: 1 }));
        let number = Some(Cut::Value {
            len: 1,
            start: Start::Number,
        });
        assert_eq!(cut(br#""n":12"#), number);
        assert_eq!(cut(br#""n":1.5e"#), number);
        assert_eq!(
            cut(br#""n":"ab"#),
            Some(Cut::Value {
                len: 1,
                start: Start::String
            })
        );
        assert_eq!(
            cut(br#""n":tr"#),
            Some(Cut::Value {
                len: 1,
                start: Start::True
            })
        );
        // Not plain: read byte by byte.
        for no in [
            &br#""a\"b":1,"#[..],
            br#""n":"a\nb","#,
            br#""n":"a\"#,
            br#""n":tx"#,
            br#""n":1e5,"#,
            br#""n":-0,"#,
            br#""n":1.}"#,
            br#""n" 1,"#,
            br#""n":{}"#,
        ] {
            assert!(
                matches!(member(no), Read::No),
                "{}",
                String::from_utf8_lossy(no)
            );
        }
        assert!(matches!(scalar(b"7]"), Read::Whole(p) if p.len == 1));
        assert!(matches!(scalar(b"7"), Read::Cut(_)));
    }
}
