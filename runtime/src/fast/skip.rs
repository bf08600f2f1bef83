//! Reading seeds that skip a value or read it whole, stopping at a name
//! repeated in an object (which a `Value` would hide).

use super::dups::Reading;
use super::fail;
use super::names::{name_hash, Names};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// Reads any value and drops it, without allocating (up to [`Names::INLINE`]
/// names per object): serde_json's own `deserialize_ignored_any` keeps the
/// brackets of nested arrays and objects in a buffer. A name repeated in an
/// object stops the pass (the exact path reports it).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Skip;

impl<'de> DeserializeSeed<'de> for Skip {
    type Value = ();

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(Skip)
    }
}

impl<'de> Visitor<'de> for Skip {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut names = Names::new();
        while let Some(hash) = map.next_key_seed(HashKey)? {
            if !names.insert(hash) {
                return Err(fail());
            }
            map.next_value_seed(Skip)?;
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Skip)?.is_some() {}
        Ok(())
    }
}

/// Reads a member name as its [`name_hash`].
pub struct HashKey;

impl<'de> DeserializeSeed<'de> for HashKey {
    type Value = u64;

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<u64, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for HashKey {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a property name")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<u64, E> {
        Ok(name_hash(key))
    }
}

/// Reads any value into a `serde_json::Value`, as `Value`'s own `Deserialize`
/// does, but stops (the pass's error) at a name repeated in an object, which a
/// `Value` would hide.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Unique;

impl<'de> DeserializeSeed<'de> for Unique {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(Reading::REFUSING)
    }
}
