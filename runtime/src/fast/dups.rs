//! The exact path's reading of the arguments: the `serde_json::Value` that
//! `serde_json::from_str` builds, and the members whose name is repeated in
//! their object (which the `Value` hides: it keeps the last value, in the first
//! place), as [`Kind::Duplicate`] violations.

use super::fail as abort;
use crate::violation::{Kind, Path, Position, Segment, Violation, KEPT_NAME_BYTES};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::cell::RefCell;
use std::fmt;

/// What the reading found besides the value.
struct Found {
    /// The path to the value being read.
    path: Vec<Segment>,
    /// The repeated members, in the text's order (at most `cap`).
    repeated: Vec<Path>,
    /// Repeated members past `cap`.
    more: usize,
    cap: usize,
}

/// The value of `text` (exactly `serde_json::from_str::<Value>`'s) and the
/// violations of its repeated members: at most `cap` of them, and how many more.
/// Each repeated member is reported once per repetition, at its path.
pub fn read(
    text: &str,
    cap: usize,
    declared: &dyn Fn(&str) -> Option<usize>,
) -> Result<(Value, Vec<Violation>, usize), serde_json::Error> {
    let found = RefCell::new(Found {
        path: Vec::new(),
        repeated: Vec::new(),
        more: 0,
        cap,
    });
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Reading {
        found: Some(&found),
    }
    .deserialize(&mut de)?;
    de.end()?;
    let found = found.into_inner();
    let mut violations = Vec::with_capacity(found.repeated.len());
    for path in found.repeated {
        let position = match path.segments().first() {
            Some(Segment::Key(k)) => Position {
                argument: value
                    .as_object()
                    .and_then(|m| m.keys().position(|n| n == k)),
                declared: declared(k),
            },
            _ => Position::default(),
        };
        violations.push(Violation::new(Kind::Duplicate, path, position));
    }
    Ok((value, violations, found.more))
}

/// Reads one value into a `serde_json::Value`, as `Value`'s own `Deserialize`
/// does, and at a name repeated in an object (which a `Value` would hide)
/// either notes it in `found` (the exact path) or, without `found`, stops with
/// the pass's error (the checking pass and the derived fast path, through
/// [`Unique`](super::skip::Unique)).
#[derive(Clone, Copy)]
pub struct Reading<'a> {
    found: Option<&'a RefCell<Found>>,
}

impl Reading<'_> {
    /// The reading that stops at a repeated name (and keeps no path).
    pub const REFUSING: Reading<'static> = Reading { found: None };
}

impl<'de> DeserializeSeed<'de> for Reading<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Reading<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        loop {
            let next = match self.found {
                None => seq.next_element_seed(self),
                Some(found) => {
                    found.borrow_mut().path.push(Segment::Index(out.len()));
                    let next = seq.next_element_seed(self);
                    found.borrow_mut().path.pop();
                    next
                }
            };
            match next? {
                Some(v) => out.push(v),
                None => break,
            }
        }
        Ok(Value::Array(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            let Some(found) = self.found else {
                let v = map.next_value_seed(self)?;
                if out.insert(k, v).is_some() {
                    return Err(abort());
                }
                continue;
            };
            // The name is lent to the path while its value is read (no copy),
            // and taken back for the map.
            found.borrow_mut().path.push(Segment::Key(Cow::Owned(k)));
            let v = map.next_value_seed(self);
            let mut found = found.borrow_mut();
            let Some(Segment::Key(Cow::Owned(k))) = found.path.pop() else {
                unreachable!("the name pushed above")
            };
            let v = v?;
            if out.contains_key(&k) {
                if found.repeated.len() < found.cap {
                    let path: Vec<Segment> = found
                        .path
                        .iter()
                        .map(|seg| match seg {
                            Segment::Key(name) => Segment::Key(Cow::Owned(cut_name(name))),
                            Segment::Index(i) => Segment::Index(*i),
                        })
                        .chain(std::iter::once(Segment::Key(Cow::Owned(cut_name(&k)))))
                        .collect();
                    found.repeated.push(Path::from(path));
                } else {
                    found.more += 1;
                }
            }
            drop(found);
            out.insert(k, v);
        }
        Ok(Value::Object(out))
    }
}

/// A name as a [`Path`] keeps it (cut at [`KEPT_NAME_BYTES`]).
fn cut_name(k: &str) -> String {
    if k.len() <= KEPT_NAME_BYTES {
        return k.to_string();
    }
    let mut end = KEPT_NAME_BYTES;
    while !k.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &k[..end])
}
