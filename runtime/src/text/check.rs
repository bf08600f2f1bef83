//! The checking pass: a `DeserializeSeed` that reads a value from a serde
//! `Deserializer` and decides, without building it, whether it satisfies its
//! schema node. It stops (with an error) at the first violation: the caller then
//! takes the exact path, which builds the report.

use super::object::{ArrayState, ObjectState};
use super::plan::Compound;
use super::scalar::Scalar;
use super::{abort, At, Ctx};
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;
use std::fmt;

/// Checks the next value against `at`.
#[derive(Clone, Copy)]
pub(crate) struct Check<'c, 's> {
    pub cx: &'c Ctx<'s>,
    pub at: At,
}

impl<'de> DeserializeSeed<'de> for Check<'_, '_> {
    type Value = ();

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        if self.at.node.is_none() {
            return d.deserialize_any(Skip);
        }
        d.deserialize_any(self)
    }
}

impl Check<'_, '_> {
    #[inline]
    fn scalar<E: de::Error>(self, s: Scalar<'_>) -> Result<(), E> {
        if self.cx.scalar_at(self.at, &s) {
            Ok(())
        } else {
            Err(abort())
        }
    }

    /// A buffered value: kept for the report at the root, else checked by the
    /// interpreter.
    fn buffered<E: de::Error>(self, value: Value) -> Result<(), E> {
        if self.at.root {
            self.cx.keep_root(value);
            return Ok(());
        }
        if self.cx.value_ok(self.at, &value) {
            Ok(())
        } else {
            Err(abort())
        }
    }
}

impl<'de> Visitor<'de> for Check<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.scalar(Scalar::Null)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.scalar(Scalar::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.scalar(Scalar::Number(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.scalar(Scalar::Number(v.into()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.scalar(Scalar::float(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.scalar(Scalar::Str(v))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let cx = self.cx;
        match cx.object_plan(self.at) {
            Compound::Fail => Err(abort()),
            Compound::Open => Skip.visit_map(map),
            Compound::Buffer => {
                let value = Value::deserialize(MapAccessDeserializer::new(map))?;
                self.buffered(value)
            }
            Compound::Drive(driver) => {
                let mut state = ObjectState::new(cx, driver, self.at.root);
                while let Some(slot) = map.next_key_seed(Key { cx, state: &state })? {
                    let at = state.enter(slot).ok_or_else(abort)?;
                    map.next_value_seed(Check { cx, at })?;
                }
                if state.finish() {
                    Ok(())
                } else {
                    Err(abort())
                }
            }
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let cx = self.cx;
        match cx.array_plan(self.at) {
            Compound::Fail => Err(abort()),
            Compound::Open => Skip.visit_seq(seq),
            Compound::Buffer => {
                let value = Value::deserialize(SeqAccessDeserializer::new(seq))?;
                self.buffered(value)
            }
            Compound::Drive(driver) => {
                let mut state = ArrayState::new(cx, driver);
                while seq
                    .next_element_seed(Check {
                        cx,
                        at: state.next(cx),
                    })?
                    .is_some()
                {
                    state.count += 1;
                }
                if state.finish() {
                    Ok(())
                } else {
                    Err(abort())
                }
            }
        }
    }
}

/// Reads any value and drops it, without allocating: serde_json's own
/// `deserialize_ignored_any` keeps the brackets of nested arrays and objects in a
/// buffer.
pub(crate) struct Skip;

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
        while map.next_key::<IgnoredAny>()?.is_some() {
            map.next_value_seed(Skip)?;
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Skip)?.is_some() {}
        Ok(())
    }
}

/// Reads a member name (borrowed, or from serde_json's scratch buffer when it
/// holds escapes) and looks up its slot.
pub(crate) struct Key<'a, 'c, 's> {
    pub cx: &'a Ctx<'s>,
    pub state: &'a ObjectState<'c>,
}

impl<'de> DeserializeSeed<'de> for Key<'_, '_, '_> {
    type Value = Option<u32>;

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Option<u32>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key<'_, '_, '_> {
    type Value = Option<u32>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a property name")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Option<u32>, E> {
        self.state.key(self.cx, key).map_err(|()| abort())
    }
}
