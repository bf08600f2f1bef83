//! The generated text path of `#[derive(ToolArgs)]` types: the seeds and checks
//! the code the derive generates is made of. Used by generated code only: not a
//! stable API.
//!
//! For each derived struct the derive writes a serde `Visitor` that reads the
//! object's members by name, reads each value with its own type's `Deserialize`
//! (or, for nested derived types, their generated visitor) and checks
//! the field's constraints on the typed value as it is read: bounds ([`Num`]),
//! lengths and patterns ([`Str`]), item counts ([`Seq`]), uniqueness ([`Set`]).
//! Anything else (an undeclared or repeated name, a missing required field, a
//! `null` where the schema has none, a type serde refuses) stops the pass with
//! [`fail`], and the engine's `parse_str_with` answers by the exact path.
//!
//! What the pass accepts is therefore what parse-then-validate accepts: the
//! checks here are those of the derived schema (the derive writes both), and a
//! value serde reads but the schema refuses (`{"celsius": null}` for a unit
//! variant, an array for a struct, a float for an integer) makes serde or the
//! generated visitor fail.

use crate::json::cmp_numbers;
use crate::keywords::object::rejects_undeclared;
use crate::keywords::{array, number, string};
use crate::model_parts::Additional;
use crate::options::Options;
use crate::pattern::Pattern;
use serde::de::value::{F64Deserializer, I64Deserializer, U64Deserializer};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Number;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;
use std::hash::{BuildHasher, Hash};
use std::marker::PhantomData;
use std::sync::OnceLock;

pub use serde;

/// The error that stops the pass (never shown: the exact path answers).
#[cold]
#[inline(never)]
pub fn fail<E: de::Error>() -> E {
    E::custom(String::new())
}

/// What the options of a run change in what a derived type accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fast {
    /// Undeclared members of a derived struct are violations (tool-call mode); a
    /// struct with `#[serde(deny_unknown_fields)]` rejects them whatever this says.
    pub reject_undeclared: bool,
    /// [`Options::null_is_absent`]: `null` for a field that may be left out is
    /// read as absent.
    pub null_is_absent: bool,
}

impl Fast {
    /// The switches of `options` that matter to a derived schema. `integer_floats`
    /// is off on the typed path; `formats` and `object_root` change nothing for a
    /// derived schema (no `format`; the root declares `type: object`).
    pub fn new(options: &Options) -> Fast {
        Fast {
            reject_undeclared: rejects_undeclared(
                options.undeclared,
                true,
                Additional::Unspecified,
            ),
            null_is_absent: options.null_is_absent,
        }
    }
}

pub mod dups;
pub mod names;
pub mod skip;

pub use names::Names;
pub use skip::{Skip, Unique};

/// The name of a struct's member and, for a name the struct does not declare
/// (`u32::MAX`), its hash (to find it repeated with [`Names`]).
#[derive(Clone, Copy)]
pub struct KeyOrHash<F>(pub F);

impl<'de, F: Fn(&str) -> u32> DeserializeSeed<'de> for KeyOrHash<F> {
    type Value = (u32, u64);

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<(u32, u64), D::Error> {
        de.deserialize_str(self)
    }
}

impl<'de, F: Fn(&str) -> u32> Visitor<'de> for KeyOrHash<F> {
    type Value = (u32, u64);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a member name")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(u32, u64), E> {
        let i = (self.0)(v);
        if i == u32::MAX {
            Ok((i, names::name_hash(v)))
        } else {
            Ok((i, 0))
        }
    }
}

/// The name of a struct's member: the index `lookup` gives it (`u32::MAX` for a
/// name the struct does not declare). Names are read as serde_json reads them,
/// borrowed when they hold no escape.
#[derive(Clone, Copy)]
pub struct Key<F>(pub F);

impl<'de, F: Fn(&str) -> u32> DeserializeSeed<'de> for Key<F> {
    type Value = u32;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<u32, D::Error> {
        de.deserialize_str(Lookup(self.0))
    }
}

/// A string: the index `lookup` gives it, for the variants of a unit enum
/// (`u32::MAX`: none of them; an object `{"variant": null}`, which serde would
/// read, is refused as the schema refuses it).
pub fn variant<'de, D: Deserializer<'de>>(
    de: D,
    lookup: impl Fn(&str) -> u32,
) -> Result<u32, D::Error> {
    // Read as what the text holds: another type stops the pass at once, without
    // the message serde_json would format for it.
    match de.deserialize_any(Lookup(lookup))? {
        u32::MAX => Err(fail()),
        i => Ok(i),
    }
}

/// The visitor of a member name ([`Key`]) and of [`variant`]: the index `lookup`
/// gives a string; any other value ends the pass (without the message serde would
/// format for it).
struct Lookup<F>(F);

impl<'de, F: Fn(&str) -> u32> Visitor<'de> for Lookup<F> {
    type Value = u32;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a name")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, v: &str) -> Result<u32, E> {
        Ok((self.0)(v))
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<u32, E> {
        Ok((self.0)(v))
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<u32, E> {
        Err(fail())
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<u32, E> {
        Err(fail())
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<u32, E> {
        Err(fail())
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<u32, E> {
        Err(fail())
    }

    fn visit_unit<E: de::Error>(self) -> Result<u32, E> {
        Err(fail())
    }

    fn visit_none<E: de::Error>(self) -> Result<u32, E> {
        Err(fail())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<u32, A::Error> {
        Err(fail())
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<u32, A::Error> {
        Err(fail())
    }
}

/// `T` or `null` (`Option<T>` where it is not a field's own type): as serde reads
/// an `Option`.
#[derive(Clone, Copy)]
pub struct Nullable<S>(pub S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Nullable<S> {
    type Value = Option<S::Value>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        de.deserialize_option(OptionVisitor {
            inner: self.0,
            null_ok: true,
        })
    }
}

/// A field of type `Option<T>`: `null` is `None` only where the field's schema
/// takes `null` (`T` is itself nullable) or `null` counts as absent.
#[derive(Clone, Copy)]
pub struct FieldOption<S> {
    pub inner: S,
    pub null_ok: bool,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for FieldOption<S> {
    type Value = Option<S::Value>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        de.deserialize_option(OptionVisitor {
            inner: self.inner,
            null_ok: self.null_ok,
        })
    }
}

struct OptionVisitor<S> {
    inner: S,
    null_ok: bool,
}

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for OptionVisitor<S> {
    type Value = Option<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an optional value")
    }

    #[inline]
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        if self.null_ok {
            Ok(None)
        } else {
            Err(fail())
        }
    }

    #[inline]
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        self.visit_none()
    }

    #[inline]
    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        self.inner.deserialize(de).map(Some)
    }
}

/// A field with a default (not an `Option`): `Some(value)`, or `None` for a `null`
/// read as absent ([`Options::null_is_absent`]). Without that option a `null` is
/// the value's own (a `serde_json::Value` field takes it).
#[derive(Clone, Copy)]
pub struct Defaulted<S> {
    pub inner: S,
    pub null_is_absent: bool,
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Defaulted<S> {
    type Value = Option<S::Value>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        if !self.null_is_absent {
            return self.inner.deserialize(de).map(Some);
        }
        de.deserialize_option(DefaultedVisitor(self.inner))
    }
}

struct DefaultedVisitor<S>(S);

impl<'de, S: DeserializeSeed<'de>> Visitor<'de> for DefaultedVisitor<S> {
    type Value = Option<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value")
    }

    #[inline]
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    #[inline]
    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(de).map(Some)
    }
}

/// `Box<T>`.
#[derive(Clone, Copy)]
pub struct Boxed<S>(pub S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Boxed<S> {
    type Value = Box<S::Value>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        self.0.deserialize(de).map(Box::new)
    }
}

/// A bound of `minimum`/`maximum`, as the schema writes it.
#[derive(Clone, Copy, Debug)]
pub enum Bound {
    None,
    Int(i128),
    Float(f64),
}

impl Bound {
    /// Whether `n` keeps within this bound read as `keyword` (`minimum` or
    /// `maximum`), as the validator decides; a number the bound cannot be
    /// compared with does not.
    #[inline]
    fn holds(self, keyword: number::Bound, n: &Number) -> bool {
        let ord = match self {
            Bound::None => return true,
            Bound::Int(limit) => number::cmp_to_int(n, limit),
            Bound::Float(f) => Number::from_f64(f).and_then(|l| cmp_numbers(n, &l)),
        };
        ord.is_some() && !keyword.breaks(ord)
    }
}

/// Whether `n` is within `minimum` and `maximum` (inclusive), compared as the
/// validator compares.
#[inline]
pub fn within(n: &Number, min: Bound, max: Bound) -> bool {
    min.holds(number::Bound::Minimum, n) && max.holds(number::Bound::Maximum, n)
}

/// A number of type `T` with bounds: the token is checked as the validator checks
/// it (before any conversion to `T`), then handed to `T`'s own `Deserialize`, so
/// that `T` reads it as it reads it from serde_json (a float for an integer type
/// is refused, an integer for `f32` rounds once).
pub struct Num<T> {
    pub min: Bound,
    pub max: Bound,
    pub ty: PhantomData<fn() -> T>,
}

impl<T> Num<T> {
    #[inline(always)]
    pub const fn new(min: Bound, max: Bound) -> Num<T> {
        Num {
            min,
            max,
            ty: PhantomData,
        }
    }
}

impl<T> Clone for Num<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Num<T> {}

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for Num<T> {
    type Value = T;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<T, D::Error> {
        // serde_json reads every number type alike: the token as u64, i64 or f64.
        de.deserialize_f64(self)
    }
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for Num<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number")
    }

    #[inline]
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
        if !within(&Number::from(v), self.min, self.max) {
            return Err(fail());
        }
        T::deserialize(U64Deserializer::<E>::new(v))
    }

    #[inline]
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
        if !within(&Number::from(v), self.min, self.max) {
            return Err(fail());
        }
        T::deserialize(I64Deserializer::<E>::new(v))
    }

    #[inline]
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<T, E> {
        match Number::from_f64(v) {
            Some(n) if within(&n, self.min, self.max) => {
                T::deserialize(F64Deserializer::<E>::new(v))
            }
            _ => Err(fail()),
        }
    }
}

/// A compiled `pattern`, built on first use from the pattern as written.
pub struct PatternCell(OnceLock<Option<Pattern>>);

impl PatternCell {
    #[allow(clippy::new_without_default)]
    pub const fn new() -> PatternCell {
        PatternCell(OnceLock::new())
    }

    /// Whether `s` matches `source` (false when the pattern does not compile,
    /// which the derive has already refused: the exact path then answers).
    #[inline]
    pub fn is_match(&self, source: &str, s: &str) -> bool {
        let pattern = self
            .0
            .get_or_init(|| crate::pattern::compile(source, crate::pattern::MAX_PATTERN_SIZE).ok());
        pattern.as_ref().is_some_and(|p| p.is_match(s))
    }
}

/// A `String` with string lengths (in code points) and `pattern`.
#[derive(Clone, Copy)]
pub struct Str {
    pub min: u64,
    pub max: u64,
    pub pattern: Option<(&'static PatternCell, &'static str)>,
}

impl Str {
    #[inline]
    fn ok(&self, s: &str) -> bool {
        if !string::length_ok(Some(self.min), Some(self.max), s) {
            return false;
        }
        match self.pattern {
            Some((cell, source)) => cell.is_match(source, s),
            None => true,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Str {
    type Value = String;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<String, D::Error> {
        let s = String::deserialize(de)?;
        if self.ok(&s) {
            Ok(s)
        } else {
            Err(fail())
        }
    }
}

/// `Vec<T>`, with `minItems`/`maxItems`; read as serde reads a `Vec` (the same
/// growth, so the same allocations).
#[derive(Clone, Copy)]
pub struct Seq<S> {
    pub inner: S,
    pub min: u64,
    pub max: u64,
}

impl<'de, S: DeserializeSeed<'de> + Copy> DeserializeSeed<'de> for Seq<S> {
    type Value = Vec<S::Value>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<Self::Value, D::Error> {
        de.deserialize_seq(self)
    }
}

impl<'de, S: DeserializeSeed<'de> + Copy> Visitor<'de> for Seq<S> {
    type Value = Vec<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array")
    }

    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(self.inner)? {
            out.push(v);
        }
        let n = out.len() as u64;
        if !array::count_ok(Some(self.min), Some(self.max), n) {
            return Err(fail());
        }
        Ok(out)
    }
}

/// A set: `HashSet` or `BTreeSet`.
pub trait SetLike<T>: Default {
    /// Inserts `v`; false when an equal element is already in.
    fn insert_new(&mut self, v: T) -> bool;
}

impl<T: Eq + Hash, H: BuildHasher + Default> SetLike<T> for HashSet<T, H> {
    #[inline]
    fn insert_new(&mut self, v: T) -> bool {
        self.insert(v)
    }
}

impl<T: Ord> SetLike<T> for BTreeSet<T> {
    #[inline]
    fn insert_new(&mut self, v: T) -> bool {
        self.insert(v)
    }
}

/// `Clone`, `Copy` and `DeserializeSeed` for a seed that builds a collection `C`
/// (a set or a map) from elements read by seed `S`: a derive would ask `C: Copy`,
/// which the `PhantomData<fn() -> C>` it holds does not need.
macro_rules! collection_seed {
    ($seed:ident, $like:ident, $read:ident, $expecting:literal, $($visit:tt)*) => {
        impl<C, S: Copy> Clone for $seed<C, S> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<C, S: Copy> Copy for $seed<C, S> {}

        impl<'de, C: $like<S::Value>, S: DeserializeSeed<'de> + Copy> DeserializeSeed<'de>
            for $seed<C, S>
        {
            type Value = C;

            #[inline]
            fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<C, D::Error> {
                de.$read(self)
            }
        }

        impl<'de, C: $like<S::Value>, S: DeserializeSeed<'de> + Copy> Visitor<'de> for $seed<C, S> {
            type Value = C;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($expecting)
            }

            $($visit)*
        }
    };
}

/// A set (`uniqueItems`), with `minItems`/`maxItems`. Two elements serde reads as
/// equal stop the pass: the exact path decides, by JSON equality, what a set
/// silently merges.
pub struct Set<C, S> {
    pub inner: S,
    pub min: u64,
    pub max: u64,
    pub set: PhantomData<fn() -> C>,
}

impl<C, S> Set<C, S> {
    #[inline(always)]
    pub const fn new(inner: S, min: u64, max: u64) -> Set<C, S> {
        Set {
            inner,
            min,
            max,
            set: PhantomData,
        }
    }
}

collection_seed!(
    Set,
    SetLike,
    deserialize_seq,
    "an array",
    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<C, A::Error> {
        let mut out = C::default();
        let mut n = 0u64;
        while let Some(v) = seq.next_element_seed(self.inner)? {
            if !out.insert_new(v) {
                return Err(fail());
            }
            n += 1;
        }
        if !array::count_ok(Some(self.min), Some(self.max), n) {
            return Err(fail());
        }
        Ok(out)
    }
);

/// A map with `String` keys: `HashMap` or `BTreeMap`.
pub trait MapLike<V>: Default {
    /// Inserts `v` under `k`; false when `k` was already in.
    fn insert_new(&mut self, k: String, v: V) -> bool;
}

impl<V, H: BuildHasher + Default> MapLike<V> for HashMap<String, V, H> {
    #[inline]
    fn insert_new(&mut self, k: String, v: V) -> bool {
        self.insert(k, v).is_none()
    }
}

impl<V> MapLike<V> for BTreeMap<String, V> {
    #[inline]
    fn insert_new(&mut self, k: String, v: V) -> bool {
        self.insert(k, v).is_none()
    }
}

/// A map whose values need checking (`additionalProperties` of a derived type, ...).
/// A repeated name stops the pass (a `Value` keeps the last value; the exact path
/// decides).
pub struct Map<C, S> {
    pub inner: S,
    pub map: PhantomData<fn() -> C>,
}

impl<C, S> Map<C, S> {
    #[inline(always)]
    pub const fn new(inner: S) -> Map<C, S> {
        Map {
            inner,
            map: PhantomData,
        }
    }
}

collection_seed!(
    Map,
    MapLike,
    deserialize_map,
    "an object",
    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<C, A::Error> {
        let mut out = C::default();
        while let Some(k) = map.next_key::<String>()? {
            let v = map.next_value_seed(self.inner)?;
            if !out.insert_new(k, v) {
                return Err(fail());
            }
        }
        Ok(out)
    }
);
