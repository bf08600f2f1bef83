//! The typed pass: a `Deserializer` wrapping serde_json's that checks every value
//! against its schema node as the target type reads it (the
//! `serde_path_to_error` pattern). Each `deserialize_*` forwards to the inner
//! deserializer with a visitor that checks what the text holds, then hands it to
//! the target's visitor; maps and sequences are wrapped so that each member is
//! read through a wrapper for its own node. Values the target ignores are checked
//! by the checking pass. Any violation stops the pass with an error, and the caller
//! takes the exact path.

use super::check::Check;
use super::object::{ArrayState, ObjectState};
use super::plan::Compound;
use super::scalar::Scalar;
use super::{abort, At, Ctx};
use serde::de::value::{
    BorrowedStrDeserializer, MapAccessDeserializer, SeqAccessDeserializer, StrDeserializer,
    StringDeserializer,
};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;
use std::fmt;

/// Reads the next value through `de`, checking it against `at`.
pub(crate) struct Validating<'c, 's, D> {
    pub de: D,
    pub cx: &'c Ctx<'s>,
    pub at: At,
}

impl<'c, 's, D> Validating<'c, 's, D> {
    fn checking<V>(&self, visitor: V) -> Checking<'c, 's, V> {
        Checking {
            cx: self.cx,
            at: self.at,
            visitor,
        }
    }

    /// Reads the value into a `Value`, checks it with the interpreter, and lets
    /// the target read it from there (`i128`, bytes: what serde_json reads
    /// differently from a `Value`).
    fn buffered<'de, V, F>(self, visitor: V, read: F) -> Result<V::Value, D::Error>
    where
        D: Deserializer<'de>,
        V: Visitor<'de>,
        F: FnOnce(Value, V) -> Result<V::Value, serde_json::Error>,
    {
        let value = Value::deserialize(self.de)?;
        if !self.cx.value_ok(self.at, &value) {
            return Err(abort());
        }
        read(value, visitor).map_err(de::Error::custom)
    }
}

macro_rules! checked {
    ($($method:ident $(($($arg:ident: $ty:ty),*))?;)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, $($($arg: $ty,)*)? visitor: V) -> Result<V::Value, D::Error> {
            if self.at.node.is_none() {
                return self.de.$method($($($arg,)*)? visitor);
            }
            let checking = self.checking(visitor);
            self.de.$method($($($arg,)*)? checking)
        }
    )*};
}

macro_rules! buffered {
    ($($method:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            if self.at.node.is_none() {
                return self.de.$method(visitor);
            }
            self.buffered(visitor, |value, visitor| value.$method(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Validating<'_, '_, D> {
    type Error = D::Error;

    checked! {
        deserialize_any;
        deserialize_bool;
        deserialize_i8;
        deserialize_i16;
        deserialize_i32;
        deserialize_i64;
        deserialize_u8;
        deserialize_u16;
        deserialize_u32;
        deserialize_u64;
        deserialize_f32;
        deserialize_f64;
        deserialize_char;
        deserialize_str;
        deserialize_string;
        deserialize_option;
        deserialize_unit;
        deserialize_unit_struct(name: &'static str);
        deserialize_newtype_struct(name: &'static str);
        deserialize_seq;
        deserialize_tuple(len: usize);
        deserialize_tuple_struct(name: &'static str, len: usize);
        deserialize_map;
        deserialize_struct(name: &'static str, fields: &'static [&'static str]);
        deserialize_identifier;
    }

    buffered! {
        deserialize_i128;
        deserialize_u128;
        deserialize_bytes;
        deserialize_byte_buf;
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        if self.at.node.is_none() {
            return self.de.deserialize_enum(name, variants, visitor);
        }
        // serde_json reads a unit variant from a string and a variant with data
        // from a one-member object; reading the token as it is tells them apart,
        // as the schema (`"kelvin"` or `{"kelvin": null}`) does.
        self.de.deserialize_any(EnumChecking {
            cx: self.cx,
            at: self.at,
            name,
            variants,
            visitor,
        })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        if self.at.node.is_none() {
            return self.de.deserialize_ignored_any(visitor);
        }
        // Ignored by the target, checked all the same.
        self.de.deserialize_any(Check {
            cx: self.cx,
            at: self.at,
        })?;
        visitor.visit_unit()
    }

    fn is_human_readable(&self) -> bool {
        self.de.is_human_readable()
    }
}

/// Checks a scalar, or walks a map or a sequence, then hands it to the target's
/// visitor.
struct Checking<'c, 's, V> {
    cx: &'c Ctx<'s>,
    at: At,
    visitor: V,
}

impl<V> Checking<'_, '_, V> {
    #[inline(always)]
    fn check<E: de::Error>(&self, s: Scalar<'_>) -> Result<(), E> {
        settled(self.cx.scalar_at(self.at, &s))
    }

    /// An object or array read whole (its node needs the value): checked, then
    /// handed to the target's visitor.
    fn buffered<'de, E: de::Error>(self, value: Value) -> Result<V::Value, E>
    where
        V: Visitor<'de>,
    {
        settled::<E>(self.cx.value_ok(self.at, &value))?;
        value
            .deserialize_any(self.visitor)
            .map_err(de::Error::custom)
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Checking<'_, '_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<V::Value, E> {
        self.check(Scalar::Bool(v))?;
        self.visitor.visit_bool(v)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<V::Value, E> {
        self.check(Scalar::Number(v.into()))?;
        self.visitor.visit_i64(v)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<V::Value, E> {
        self.check(Scalar::Number(v.into()))?;
        self.visitor.visit_u64(v)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<V::Value, E> {
        self.check(Scalar::float(v))?;
        self.visitor.visit_f64(v)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        self.check(Scalar::Str(v))?;
        self.visitor.visit_str(v)
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<V::Value, E> {
        self.check(Scalar::Str(v))?;
        self.visitor.visit_borrowed_str(v)
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<V::Value, E> {
        self.check(Scalar::Str(&v))?;
        self.visitor.visit_string(v)
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.check(Scalar::Null)?;
        self.visitor.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.check(Scalar::Null)?;
        self.visitor.visit_unit()
    }

    fn visit_some<D2: Deserializer<'de>>(self, de: D2) -> Result<V::Value, D2::Error> {
        self.visitor.visit_some(Validating {
            de,
            cx: self.cx,
            at: self.at,
        })
    }

    fn visit_newtype_struct<D2: Deserializer<'de>>(self, de: D2) -> Result<V::Value, D2::Error> {
        self.visitor.visit_newtype_struct(Validating {
            de,
            cx: self.cx,
            at: self.at,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        let cx = self.cx;
        match cx.object_plan(self.at) {
            Compound::Fail => Err(abort()),
            Compound::Open => self.visitor.visit_map(map),
            Compound::Buffer => {
                let value = Value::deserialize(MapAccessDeserializer::new(map))?;
                self.buffered(value)
            }
            Compound::Drive(driver) => {
                let mut map = ValidatingMap {
                    map,
                    cx,
                    state: ObjectState::new(cx, driver, self.at.root),
                    child: At::ANY,
                    done: false,
                };
                let out = self.visitor.visit_map(&mut map)?;
                map.finish()?;
                Ok(out)
            }
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        let cx = self.cx;
        match cx.array_plan(self.at) {
            Compound::Fail => Err(abort()),
            Compound::Open => self.visitor.visit_seq(seq),
            Compound::Buffer => {
                let value = Value::deserialize(SeqAccessDeserializer::new(seq))?;
                self.buffered(value)
            }
            Compound::Drive(driver) => {
                let mut seq = ValidatingSeq {
                    seq,
                    cx,
                    state: ArrayState::new(cx, driver),
                    done: false,
                };
                let out = self.visitor.visit_seq(&mut seq)?;
                seq.finish()?;
                Ok(out)
            }
        }
    }
}

/// `Ok` when the target's visitor left the value whole and valid, else the error
/// that stops the pass.
fn settled<E: de::Error>(ok: bool) -> Result<(), E> {
    if ok {
        Ok(())
    } else {
        Err(abort())
    }
}

/// The members of an object, each value read through a wrapper for its node.
struct ValidatingMap<'c, 's, A> {
    map: A,
    cx: &'c Ctx<'s>,
    state: ObjectState<'c>,
    /// How the value of the member whose name was just read is checked.
    child: At,
    /// Whether the inner map said it has no more members.
    done: bool,
}

impl<'de, A: MapAccess<'de>> ValidatingMap<'_, '_, A> {
    /// After the target's visitor: the object as a whole (required names, counts).
    /// A target that stopped early leaves members unread: the object is drained
    /// (serde_json refuses members left over).
    fn finish(&mut self) -> Result<(), A::Error> {
        let drained = self.done || self.map.next_key::<IgnoredAny>()?.is_none();
        settled(drained && self.state.finish())
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for ValidatingMap<'_, '_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let mut slot = None;
        let key = self.map.next_key_seed(KeySeed {
            seed,
            cx: self.cx,
            state: &self.state,
            slot: &mut slot,
        })?;
        match key {
            Some(key) => {
                // A name the target did not read as a string cannot be looked up.
                let slot = slot.ok_or_else(abort)?;
                self.child = self.state.enter(slot).ok_or_else(abort)?;
                Ok(Some(key))
            }
            None => {
                self.done = true;
                Ok(None)
            }
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.map.next_value_seed(ValueSeed {
            seed,
            cx: self.cx,
            at: self.child,
        })
    }

    fn size_hint(&self) -> Option<usize> {
        self.map.size_hint()
    }
}

/// The elements of an array, each read through a wrapper for its node.
struct ValidatingSeq<'c, 's, A> {
    seq: A,
    cx: &'c Ctx<'s>,
    state: ArrayState<'c>,
    done: bool,
}

impl<'de, A: SeqAccess<'de>> ValidatingSeq<'_, '_, A> {
    /// After the target's visitor: the length, once the array is known to end
    /// (a fixed-size target stops after its last element).
    fn finish(&mut self) -> Result<(), A::Error> {
        let drained = self.done || self.seq.next_element::<IgnoredAny>()?.is_none();
        settled(drained && self.state.finish())
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for ValidatingSeq<'_, '_, A> {
    type Error = A::Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        let at = self.state.next(self.cx);
        match self.seq.next_element_seed(ValueSeed {
            seed,
            cx: self.cx,
            at,
        })? {
            Some(value) => {
                self.state.count += 1;
                Ok(Some(value))
            }
            None => {
                self.done = true;
                Ok(None)
            }
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.seq.size_hint()
    }
}

/// The target's seed for a value, given a wrapper for the value's node.
struct ValueSeed<'c, 's, S> {
    seed: S,
    cx: &'c Ctx<'s>,
    at: At,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for ValueSeed<'_, '_, S> {
    type Value = S::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        self.seed.deserialize(Validating {
            de,
            cx: self.cx,
            at: self.at,
        })
    }
}

/// The target's seed for a member name: the name is read as a string (as
/// serde_json reads every name), looked up, then handed to the target's seed.
struct KeySeed<'a, 'c, 's, K> {
    seed: K,
    cx: &'a Ctx<'s>,
    state: &'a ObjectState<'c>,
    slot: &'a mut Option<super::object::Name>,
}

impl<'de, K: DeserializeSeed<'de>> DeserializeSeed<'de> for KeySeed<'_, '_, '_, K> {
    type Value = K::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<K::Value, D::Error> {
        de.deserialize_str(self)
    }
}

impl<K> KeySeed<'_, '_, '_, K> {
    #[inline(always)]
    fn look_up<E: de::Error>(&mut self, key: &str) -> Result<(), E> {
        *self.slot = Some(self.state.key(self.cx, key).map_err(|()| abort::<E>())?);
        Ok(())
    }
}

impl<'de, K: DeserializeSeed<'de>> Visitor<'de> for KeySeed<'_, '_, '_, K> {
    type Value = K::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a property name")
    }

    #[inline]
    fn visit_str<E: de::Error>(mut self, v: &str) -> Result<K::Value, E> {
        self.look_up(v)?;
        self.seed.deserialize(StrDeserializer::new(v))
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(mut self, v: &'de str) -> Result<K::Value, E> {
        self.look_up(v)?;
        self.seed.deserialize(BorrowedStrDeserializer::new(v))
    }
}

/// An enum read from what the text holds: a string is a unit variant (checked as
/// a string), an object is buffered and read as serde reads a `Value`.
struct EnumChecking<'c, 's, V> {
    cx: &'c Ctx<'s>,
    at: At,
    name: &'static str,
    variants: &'static [&'static str],
    visitor: V,
}

impl<V> EnumChecking<'_, '_, V> {
    #[inline]
    fn check<E: de::Error>(&self, s: &str) -> Result<(), E> {
        if self.cx.scalar_at(self.at, &Scalar::Str(s)) {
            Ok(())
        } else {
            Err(abort())
        }
    }
}

impl<'de, V: Visitor<'de>> Visitor<'de> for EnumChecking<'_, '_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        self.check(v)?;
        self.visitor.visit_enum(StrDeserializer::<E>::new(v))
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<V::Value, E> {
        self.check(v)?;
        self.visitor
            .visit_enum(BorrowedStrDeserializer::<E>::new(v))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<V::Value, E> {
        self.check(&v)?;
        self.visitor.visit_enum(StringDeserializer::<E>::new(v))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        if self.cx.object_plan(self.at) == Compound::Fail {
            return Err(abort());
        }
        let value = Value::deserialize(MapAccessDeserializer::new(map))?;
        if !self.cx.value_ok(self.at, &value) {
            return Err(abort());
        }
        value
            .deserialize_enum(self.name, self.variants, self.visitor)
            .map_err(de::Error::custom)
    }
}
