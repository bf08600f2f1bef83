//! The checking pass over serde: a `DeserializeSeed` that reads a value from a
//! serde `Deserializer` and decides, without building it, whether it satisfies
//! its schema node (what the generic typed pass, `typed.rs`, hands it; the untyped
//! pass reads bytes instead, `walk.rs`). It stops (with an error) at the first violation: the caller then
//! takes the exact path, which builds the report.

use super::object::{ArrayState, Name, ObjectState};
use super::plan::Compound;
use super::scalar::Scalar;
use super::{abort, At, Ctx};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;
use tool_schema_runtime::fast::dups::Reading;
pub use tool_schema_runtime::fast::skip::Skip;

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
                let value = Reading::REFUSING.visit_map(map)?;
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
                let value = Reading::REFUSING.visit_seq(seq)?;
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

/// Reads a member name (borrowed, or from serde_json's scratch buffer when it
/// holds escapes) and looks up its slot.
pub(crate) struct Key<'a, 'c, 's> {
    pub cx: &'a Ctx<'s>,
    pub state: &'a ObjectState<'c>,
}

impl<'de> DeserializeSeed<'de> for Key<'_, '_, '_> {
    type Value = Name;

    #[inline]
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Name, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key<'_, '_, '_> {
    type Value = Name;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a property name")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Name, E> {
        self.state.key(self.cx, key).map_err(|()| abort())
    }
}
