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
use super::bounds::int_bounded;
use super::frame::{NameState, Named, Shape};
use super::judge::{accepts, by_type_alone, Judge};
use super::lex::{leading_number, plain_run, small_integer, NumberRead, Scalar, Start, Take};
use super::plan;
use crate::keywords;
use crate::keywords::object::rejects_undeclared;
use crate::schema::facts::{APPLY, CONST, ENUM, NEVER, STRING};
use crate::schema::node_checks::object::closed;
use crate::schema::NodeId;
use serde_json::Value as Json;

/// A cut member waits for more text only while this short: past it, it is
/// read byte by byte (each chunk reads a waiting member again from its start).
const WAIT_BYTES: usize = 128;

impl Judge<'_, '_> {
    /// The frame reading a member or an item, when its node lets them be
    /// read whole (see [`Frame::lean_node`](super::frame::Frame::lean_node)).
    fn lean_frame(&self, shape: Shape) -> Option<(usize, NodeId)> {
        let f = self.state.depth.checked_sub(1)?;
        let frame = &self.state.frames[f];
        let n = frame
            .lean
            .filter(|_| frame.shape == shape && !frame.alts[0].dead)?;
        Some((f, n))
    }

    /// A member at its name's opening quote (offset `at`), `bytes` the rest
    /// of the text fed (see
    /// [`Events::whole_member`](super::lex::Events::whole_member)). A member
    /// cut after its name and left waiting is taken up at its value: its name
    /// was read, found declared and new, once.
    pub(super) fn take_member(&mut self, bytes: &[u8], at: usize) -> Take {
        let Some((f, n)) = self.lean_frame(Shape::Object) else {
            return Take::Read;
        };
        let named = self.state.named.take().filter(|named| named.at == at);
        let (len, (slot, child), read) = match named {
            Some(named) => {
                let len = named.len as usize;
                let read = match (named.value, named.plain) {
                    (0, _) => value_of(bytes, len),
                    (value, 0) => value_from(bytes, value as usize),
                    _ => resume_string(bytes, named),
                };
                (len, (named.slot as usize, named.child), read)
            }
            None => match string(bytes) {
                Ok((name, _)) => match self.declared_new(f, n, name) {
                    Some(declared) => (name.len(), declared, value_of(bytes, name.len())),
                    None => return Take::Read,
                },
                Err(Some(len))
                    if self.may_wait(bytes) && !self.name_may_doom(f, n, &bytes[1..][..len]) =>
                {
                    return Take::Wait;
                }
                Err(_) => return Take::Read,
            },
        };
        match read {
            Read::Whole(value) => {
                let taken = value.len;
                if !self.value_ok(Some(child), value.start, value.value) {
                    return self.take_name(f, slot, child, bytes, len);
                }
                let frame = &mut self.state.frames[f];
                frame.count += 1;
                frame.names.insert_slot(slot, &bytes[1..][..len]);
                frame.name_state = NameState::Idle;
                Take::Whole(taken)
            }
            Read::Cut(cut) if self.may_wait(bytes) => {
                let (mut value, mut plain) = (0, 0);
                if let Cut::Value {
                    at: value_at,
                    start,
                } = cut
                {
                    value = value_at;
                    if self.value_may_doom(Some(child), start, &bytes[value..]) {
                        return self.take_name(f, slot, child, bytes, len);
                    }
                    if start == Start::String {
                        // Every byte of it so far is plain (see `string`).
                        plain = bytes.len();
                    }
                }
                // Below WAIT_BYTES; slots are counted in `u32`s.
                let (len, slot) = (len as u32, slot as u32);
                let (value, plain) = (value as u16, plain as u16);
                self.state.named = Some(Named {
                    at,
                    len,
                    slot,
                    child,
                    value,
                    plain,
                });
                Take::Wait
            }
            _ => self.take_name(f, slot, child, bytes, len),
        }
    }

    /// The name (`len` bytes, declared as property `slot` of schema `child`,
    /// new) of a member at the start of `bytes` in object frame `f`, taken as
    /// the byte-by-byte reading would leave it at the name's close, when a `:`
    /// and the value's first byte follow: the reader reads the value.
    fn take_name(
        &mut self,
        f: usize,
        slot: usize,
        child: NodeId,
        bytes: &[u8],
        len: usize,
    ) -> Take {
        let colon = skip_space(bytes, len + 2);
        if bytes.get(colon) != Some(&b':') {
            return Take::Read;
        }
        let value = skip_space(bytes, colon + 1);
        if value == bytes.len() {
            return Take::Read;
        }
        let name = &bytes[1..][..len];
        let frame = &mut self.state.frames[f];
        frame.count += 1;
        frame.name.clear();
        frame.name.extend_from_slice(name);
        frame.name_state = NameState::Pending;
        frame.names.insert_slot(slot, name);
        // The member's declared property, for `Judge::open` (see `name_end`).
        self.state.scratch.clear();
        self.state.scratch.push(child);
        Take::Named(value)
    }

    /// Whether a member or item cut by the text's end (`bytes` from its
    /// first byte) is short enough to wait for more text.
    #[inline]
    fn may_wait(&self, bytes: &[u8]) -> bool {
        bytes.len() <= WAIT_BYTES
    }

    /// An item at its first byte, `bytes` the rest of the text fed (see
    /// [`Events::whole_item`](super::lex::Events::whole_item)).
    pub(super) fn take_item(&mut self, bytes: &[u8]) -> Take {
        let Some((f, n)) = self.lean_frame(Shape::Array) else {
            return Take::Read;
        };
        let index = self.state.frames[f].count as usize;
        let child = alts::item_node(self.schema.node(n), index);
        match scalar(bytes) {
            Read::Whole(value) => {
                let len = value.len;
                if !self.value_ok(child, value.start, value.value) {
                    return Take::Read;
                }
                self.state.frames[f].count += 1;
                Take::Whole(len)
            }
            Read::Cut(Cut::Value { start, .. })
                if bytes.len() <= WAIT_BYTES && !self.value_may_doom(child, start, bytes) =>
            {
                Take::Wait
            }
            _ => Take::Read,
        }
    }

    /// The slot of member `name` of object frame `f` (node `n`, see
    /// [`Frame::lean_node`](super::frame::Frame::lean_node)) among the node's
    /// properties (the first so named), and its schema: the name declared
    /// (so UTF-8, as the declared name is), and new in the object.
    #[inline(always)]
    fn declared_new(&self, f: usize, n: NodeId, name: &[u8]) -> Option<(usize, NodeId)> {
        let slot = self.slot_of(n, name)?;
        let new = self.state.frames[f].names.lacks_slot(slot, name);
        let props = self.schema.node(n).properties.as_deref();
        new.then(|| (slot, props.unwrap_or_default()[slot].node))
    }

    /// The slot of the declared property `name` of node `n` among its
    /// properties (the first so named).
    #[inline(always)]
    pub(super) fn slot_of(&self, n: NodeId, name: &[u8]) -> Option<usize> {
        let table = self.plan.node(n).names.as_ref()?;
        table.slot_of(name).map(|s| s as usize)
    }

    /// Whether a value of schema `child` (none: any value) starting as
    /// `start` may be read whole: the schema applies nothing in place, and
    /// takes values starting so; a `null` member read as absent is read byte
    /// by byte.
    fn plain(&self, child: Option<NodeId>, start: Start) -> bool {
        let Some(child) = child else {
            return true;
        };
        let facts = self.schema.facts(child);
        self.plan.node(child).simple && facts.flags & NEVER == 0 && accepts(facts.accept, start)
    }

    /// Whether `value`, read whole, satisfies `child` (none: any value) as
    /// the byte-by-byte reading would find at its close.
    fn value_ok(&self, child: Option<NodeId>, start: Start, value: Value<'_>) -> bool {
        if !self.plain(child, start) {
            return false;
        }
        let Some(child) = child else {
            return !matches!(value, Text(text) if !utf8(text));
        };
        let free = start == Start::Null && self.options.null_is_absent;
        match value {
            _ if free => false,
            // A string no keyword reads but `type`: UTF-8 is all.
            Text(text) if self.schema.facts(child).flags & TEXT_READ == 0 => utf8(text),
            Text(text) => std::str::from_utf8(text)
                .is_ok_and(|t| self.scalar_ok(child, &Scalar::Text(t), &mut None)),
            Other(Lit::Number(number)) => match self.number_ok(child, &number) {
                Some(ok) => ok,
                None => {
                    let value = Scalar::Value(Json::Number(number));
                    self.scalar_ok(child, &value, &mut None)
                }
            },
            Other(Lit::Bool(_) | Lit::Null) if by_type_alone(self.schema.facts(child)) => true,
            Other(v) => self.scalar_ok(child, &Scalar::Value(v.json()), &mut None),
        }
    }

    /// Whether a byte of the value `bytes` so far (from its first byte; plain)
    /// of schema `child` (none: any value) may doom the call when read byte
    /// by byte: a value not read whole, or whose schema tests its first bytes
    /// (`enum`, `const`, `maxLength`, `pattern`, an integer's bounds).
    #[inline(always)]
    fn value_may_doom(&self, child: Option<NodeId>, start: Start, bytes: &[u8]) -> bool {
        if start == Start::Null && self.options.null_is_absent || !self.plain(child, start) {
            return true;
        }
        let Some(child) = child else {
            return false;
        };
        let node = self.schema.node(child);
        match start {
            Start::String => string_may_doom(node, &bytes[1..]),
            Start::Number => {
                let facts = self.schema.facts(child);
                int_bounded(facts)
                    && !self.options.integer_floats
                    && integer_may_doom(self.plan.node(child), bytes)
            }
            _ => false,
        }
    }

    /// Whether a byte of a member name cut after `so_far` (its bytes after
    /// the opening quote) of object frame `f` (node `n`) may doom the call
    /// when read byte by byte: where names are closed, no declared name
    /// starts so.
    fn name_may_doom(&self, f: usize, n: NodeId, so_far: &[u8]) -> bool {
        let node = self.schema.node(n);
        let root = self.state.frames[f].root;
        let reject =
            rejects_undeclared(self.options.undeclared, closed(node, root), node.additional);
        if !alts::names_closed(node, reject) {
            return false;
        }
        let props = node.properties.as_deref().unwrap_or_default();
        let Some(&first) = so_far.first() else {
            return props.is_empty();
        };
        let plan = self.plan.node(n);
        if let Some(short) = plan.short_prefixes.as_ref() {
            if so_far.len() <= plan::SHORT_PREFIX {
                return !short.contains(so_far);
            }
        }
        // The names starting with `so_far`'s first byte, a run of the sorted
        // names.
        let from = plan.firsts.partition_point(|&b| b < first);
        let run = plan.firsts[from..].iter().take_while(|&&b| b == first);
        let names = run.zip(&plan.by_name[from..]);
        !names
            .map(|(_, &i)| props[i as usize].name.as_bytes())
            .any(|name| name.starts_with(so_far))
    }
}

/// Whether the string value `so_far` (its bytes after the opening quote,
/// plain) may already fail a test of `node` on its first bytes: `enum` or
/// `const` (no allowed string starts so), `maxLength`, `pattern` (not
/// followed here: may).
#[inline(always)]
fn string_may_doom(node: &crate::schema::Node, so_far: &[u8]) -> bool {
    let chars = || so_far.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64;
    let starts = |v: &Json| v.as_str().is_some_and(|c| c.as_bytes().starts_with(so_far));
    node.pattern.is_some()
        || node
            .max_length
            .is_some_and(|max| keywords::string::max_length(max, chars()).is_some())
        || node
            .enum_values
            .as_ref()
            .is_some_and(|allowed| !allowed.iter().any(starts))
        || node.const_value.as_ref().is_some_and(|c| !starts(c))
}

/// Whether the number `token` so far (plain) may already break a bound of
/// the integer-only node of `plan` as its integer part grows
/// ([`growing_breaks`](super::bounds::growing_breaks), as `Judge::digits`
/// decides it, here by the range the plan found with it):
/// the integer part so far checked against the bounds away from zero (its
/// shorter prefixes are nearer zero); past 18 characters, may.
fn integer_may_doom(plan: &plan::NodePlan, token: &[u8]) -> bool {
    let int = token
        .iter()
        .position(|&b| matches!(b, b'.' | b'e' | b'E'))
        .map_or(token, |end| &token[..end]);
    if int.len() > 18 {
        return true;
    }
    let Some(n) = small_integer(int) else {
        // `-` alone, or `-0`: no bound decided yet.
        return false;
    };
    let (low, high) = plan.growing_within;
    n < low || n > high
}

/// A plain scalar read whole: how it starts, its value, and how many bytes it
/// took.
pub(super) struct Plain<'t> {
    pub start: Start,
    pub value: Value<'t>,
    pub len: usize,
}

/// A plain scalar's value: a string's bytes (not yet checked as UTF-8), or
/// another value.
pub(super) enum Value<'t> {
    Text(&'t [u8]),
    Other(Lit),
}

/// A plain scalar other than a string, kept small until checked.
pub(super) enum Lit {
    Bool(bool),
    Null,
    Number(serde_json::Number),
}

impl Lit {
    /// The value, as the reader makes it.
    fn json(self) -> Json {
        match self {
            Lit::Bool(b) => Json::Bool(b),
            Lit::Null => Json::Null,
            Lit::Number(n) => Json::Number(n),
        }
    }
}

use Value::{Other, Text};

/// The keywords that read a string's text (see `Judge::scalar_ok`).
const TEXT_READ: u16 = NEVER | APPLY | ENUM | CONST | STRING;

/// Whether `bytes` are UTF-8 (most are ASCII).
#[inline]
fn utf8(bytes: &[u8]) -> bool {
    bytes.is_ascii() || std::str::from_utf8(bytes).is_ok()
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

/// How far a cut member or scalar was read (a member cut inside its name is
/// told by [`string`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cut {
    /// After the member's name (whole, `len` bytes), before its value.
    Named { len: usize },
    /// Inside the value, which starts as `start` at offset `at` (from the
    /// member's first byte; 0 for an item).
    Value { at: usize, start: Start },
}

/// A plain string at the start of `bytes` (from its opening quote), and the
/// index after its closing quote: no escape, no control character.
/// Cut: how many plain bytes follow the quote.
fn string(bytes: &[u8]) -> Result<(&[u8], usize), Option<usize>> {
    string_from(bytes, 1)
}

/// [`string`], the bytes before `from` (at least 1, past the quote) known
/// plain: the scan goes on from there.
#[inline(always)]
fn string_from(bytes: &[u8], from: usize) -> Result<(&[u8], usize), Option<usize>> {
    let rest = bytes.get(from..).ok_or(None)?;
    let end = from + plain_run(rest);
    match bytes.get(end) {
        Some(b'"') => Ok((&bytes[1..end], end + 1)),
        Some(_) => Err(None),
        None => Err(Some(end - 1)),
    }
}

/// The plain string value of a member cut inside it (see [`Named`]), its
/// bytes before `named.plain` found plain: read from there.
#[inline(always)]
fn resume_string(bytes: &[u8], named: Named) -> Read<Plain<'_>> {
    let (value, plain) = (named.value as usize, named.plain as usize);
    match string_from(&bytes[value..], plain - value) {
        Ok((text, len)) => Read::Whole(Plain {
            start: Start::String,
            value: Text(text),
            len: value + len,
        }),
        Err(None) => Read::No,
        Err(Some(_)) => Read::Cut(Cut::Value {
            at: value,
            start: Start::String,
        }),
    }
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
/// reads in place (see [`small_number`]).
#[inline(always)]
pub(super) fn scalar(bytes: &[u8]) -> Read<Plain<'_>> {
    let Some(&first) = bytes.first() else {
        return Read::No;
    };
    let cut = |start| Read::Cut(Cut::Value { at: 0, start });
    let literal = |word: &'static [u8], start: Start, value: Lit| {
        if bytes.starts_with(word) {
            Read::Whole(Plain {
                start,
                value: Other(value),
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
                value: Text(text),
                len,
            }),
            Err(Some(_)) => cut(Start::String),
            Err(None) => Read::No,
        },
        b't' => literal(b"true", Start::True, Lit::Bool(true)),
        b'f' => literal(b"false", Start::False, Lit::Bool(false)),
        b'n' => literal(b"null", Start::Null, Lit::Null),
        b'-' | b'0'..=b'9' => match leading_number(bytes) {
            NumberRead::Whole(number, len) => Read::Whole(Plain {
                start: Start::Number,
                value: Other(Lit::Number(number)),
                len,
            }),
            NumberRead::Cut => cut(Start::Number),
            NumberRead::No => Read::No,
        },
        _ => Read::No,
    }
}

/// A plain member at the start of `bytes` (from its name's opening quote):
/// its name, and its scalar value, whose `len` counts from the name's quote.
#[cfg(test)]
fn member(bytes: &[u8]) -> Read<(&[u8], Plain<'_>)> {
    match string(bytes) {
        Ok((name, _)) => match value_of(bytes, name.len()) {
            Read::Whole(value) => Read::Whole((name, value)),
            Read::Cut(cut) => Read::Cut(cut),
            Read::No => Read::No,
        },
        Err(_) => Read::No,
    }
}

/// The plain scalar value of a member (`bytes` from its name's opening
/// quote, the name `len` bytes, plain): its `len` counts from the name's
/// quote.
#[inline(always)]
fn value_of(bytes: &[u8], len: usize) -> Read<Plain<'_>> {
    let named = Read::Cut(Cut::Named { len });
    let colon = skip_space(bytes, len + 2);
    match bytes.get(colon) {
        Some(b':') => {}
        Some(_) => return Read::No,
        None => return named,
    }
    let at = skip_space(bytes, colon + 1);
    if at == bytes.len() {
        return named;
    }
    value_from(bytes, at)
}

/// The plain scalar value at offset `at` of a member (`bytes` from its
/// name's opening quote): its `len`, and a cut's `at`, count from the name's
/// quote.
#[inline(always)]
fn value_from(bytes: &[u8], at: usize) -> Read<Plain<'_>> {
    match scalar(&bytes[at..]) {
        Read::Whole(mut value) => {
            value.len += at;
            Read::Whole(value)
        }
        Read::Cut(Cut::Value { start, .. }) => Read::Cut(Cut::Value { at, start }),
        Read::Cut(cut) => Read::Cut(cut),
        Read::No => Read::No,
    }
}

#[cfg(test)]
mod tests {
    use super::{member, scalar, Cut, Other, Read, Start};

    fn whole(bytes: &[u8]) -> (&str, Start, usize) {
        match member(bytes) {
            Read::Whole((name, value)) => {
                (std::str::from_utf8(name).unwrap(), value.start, value.len)
            }
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
        let Other(number) = value.value else {
            unreachable!()
        };
        assert_eq!(number.json(), serde_json::json!(-12.5));
        // Cut in a plain form: how far.
        assert_eq!(super::string(br#""uni"#).err(), Some(Some(3)));
        assert_eq!(super::string(br#"""#).err(), Some(Some(0)));
        assert_eq!(cut(br#""n""#), Some(Cut::Named { len: 1 }));
        assert_eq!(cut(br#""n" : "#), Some(Cut::Named { len: 1 }));
        let number = Some(Cut::Value {
            at: 4,
            start: Start::Number,
        });
        assert_eq!(cut(br#""n":12"#), number);
        assert_eq!(cut(br#""n":1.5e"#), number);
        // `at` is where the value starts, past any white space.
        assert_eq!(
            cut(br#""n" :  12"#),
            Some(Cut::Value {
                at: 7,
                start: Start::Number
            })
        );
        assert_eq!(
            cut(br#""n":"ab"#),
            Some(Cut::Value {
                at: 4,
                start: Start::String
            })
        );
        assert_eq!(
            cut(br#""n":tr"#),
            Some(Cut::Value {
                at: 4,
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
