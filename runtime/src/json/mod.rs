//! JSON value facts shared by every part of the crate: type names, JSON equality and
//! exact number comparison.
//!
//! The rules follow the tool-call reading of JSON (see `SEED-OPS.md`): a number token
//! with no fraction and no exponent is an `integer`, every other number is a `number`;
//! a boolean is never a number.

pub mod pointer;
mod value_set;

pub use value_set::{Probe, ScalarProbe, ValueSet, SCANNED};

use serde_json::{Number, Value};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{BuildHasher, Hasher};

/// The JSON type of a value, in JSON Schema terms.
///
/// `Integer` is a number written without fraction or exponent (`3`, `-7`); `Number`
/// is every other number (`3.0`, `2.5`, `1e3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum JsonType {
    Null,
    Boolean,
    Integer,
    Number,
    String,
    Array,
    Object,
}

impl JsonType {
    /// Every type, in the canonical order used when several are listed.
    pub const ALL: [JsonType; 7] = [
        JsonType::Object,
        JsonType::Array,
        JsonType::String,
        JsonType::Integer,
        JsonType::Number,
        JsonType::Boolean,
        JsonType::Null,
    ];

    /// The type of `value`.
    pub fn of(value: &Value) -> JsonType {
        match value {
            Value::Null => JsonType::Null,
            Value::Bool(_) => JsonType::Boolean,
            Value::Number(n) => {
                if n.is_f64() {
                    JsonType::Number
                } else {
                    JsonType::Integer
                }
            }
            Value::String(_) => JsonType::String,
            Value::Array(_) => JsonType::Array,
            Value::Object(_) => JsonType::Object,
        }
    }

    /// The JSON Schema name: `"string"`, `"integer"`, ...
    pub fn name(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "boolean",
            JsonType::Integer => "integer",
            JsonType::Number => "number",
            JsonType::String => "string",
            JsonType::Array => "array",
            JsonType::Object => "object",
        }
    }

    /// The type named `name` in JSON Schema, if any.
    pub fn from_name(name: &str) -> Option<JsonType> {
        Some(match name {
            "null" => JsonType::Null,
            "boolean" => JsonType::Boolean,
            "integer" => JsonType::Integer,
            "number" => JsonType::Number,
            "string" => JsonType::String,
            "array" => JsonType::Array,
            "object" => JsonType::Object,
            _ => return None,
        })
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for JsonType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of JSON types, as the `type` keyword declares it.
///
/// Membership follows JSON Schema: a set holding `number` also accepts integers.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TypeSet(u8);

impl TypeSet {
    /// The empty set.
    pub const EMPTY: TypeSet = TypeSet(0);

    /// A set holding one type.
    pub const fn single(t: JsonType) -> TypeSet {
        TypeSet(t.bit())
    }

    /// Builds a set from its raw bits (used by generated code).
    #[doc(hidden)]
    pub const fn from_bits(bits: u8) -> TypeSet {
        TypeSet(bits & 0x7f)
    }

    /// The raw bits (used by generated code).
    #[doc(hidden)]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// This set with `t` added.
    pub const fn with(self, t: JsonType) -> TypeSet {
        TypeSet(self.0 | t.bit())
    }

    /// Whether `t` was declared (exactly; `number` does not imply `integer` here).
    pub const fn declares(self, t: JsonType) -> bool {
        self.0 & t.bit() != 0
    }

    /// Whether a value of type `t` is accepted: `integer` values are accepted by
    /// `number`.
    pub const fn accepts(self, t: JsonType) -> bool {
        self.declares(t) || (matches!(t, JsonType::Integer) && self.declares(JsonType::Number))
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The declared types, in canonical order.
    pub fn iter(self) -> impl Iterator<Item = JsonType> {
        JsonType::ALL.into_iter().filter(move |t| self.declares(*t))
    }

    /// Number of declared types.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

impl fmt::Debug for TypeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Renders `string`, `string or null`, `string, integer or null`.
impl fmt::Display for TypeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.len();
        for (i, t) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == n { " or " } else { ", " })?;
            }
            f.write_str(t.name())?;
        }
        Ok(())
    }
}

/// JSON equality: numbers compare by value (`1` equals `1.0`), booleans never equal
/// numbers, strings exactly, arrays element-wise, objects as maps (key order ignored).
pub fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => cmp_numbers(x, y) == Some(Ordering::Equal),
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_eq(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| member(y, k).is_some_and(|w| json_eq(v, w)))
        }
        _ => false,
    }
}

/// `map.get(key)`, kept out of line: where the map look-up is inlined into
/// [`json_eq`] depends on how many other callers the crate has, and inlined it
/// costs the interpreter's valid path more instructions than the call.
#[inline(never)]
fn member<'a>(map: &'a serde_json::Map<String, Value>, key: &str) -> Option<&'a Value> {
    map.get(key)
}

/// Feeds `value` to `state` consistently with [`json_eq`]: values that are
/// JSON-equal hash alike (`1` and `1.0`; objects whatever their key order), so
/// equal values can be found through a hash table.
pub fn json_hash<H: Hasher>(value: &Value, build: &impl BuildHasher, state: &mut H) {
    match value {
        Value::Null => hash_null(state),
        Value::Bool(b) => hash_bool(*b, state),
        Value::Number(n) => hash_number(n, state),
        Value::String(s) => hash_str(s, state),
        Value::Array(items) => {
            state.write_u8(4);
            state.write_usize(items.len());
            for item in items {
                json_hash(item, build, state);
            }
        }
        Value::Object(map) => {
            // Order-free: the entries' own hashes, summed.
            state.write_u8(5);
            state.write_usize(map.len());
            let mut sum = 0u64;
            for (k, v) in map {
                let mut entry = build.build_hasher();
                entry.write(k.as_bytes());
                entry.write_u8(0xff);
                json_hash(v, build, &mut entry);
                sum = sum.wrapping_add(entry.finish());
            }
            state.write_u64(sum);
        }
    }
}

/// [`json_hash`] of `null`.
fn hash_null<H: Hasher>(state: &mut H) {
    state.write_u8(0);
}

/// [`json_hash`] of a boolean.
fn hash_bool<H: Hasher>(b: bool, state: &mut H) {
    state.write_u8(1);
    state.write_u8(b as u8);
}

/// [`json_hash`] of a string.
fn hash_str<H: Hasher>(s: &str, state: &mut H) {
    state.write_u8(3);
    state.write(s.as_bytes());
    state.write_u8(0xff);
}

/// [`json_hash`] of a number.
fn hash_number<H: Hasher>(n: &Number, state: &mut H) {
    state.write_u8(2);
    number_hash(n, state);
}

/// A number's hash: an integral value (whatever its representation) as the
/// integer, any other as its float bits, so that [`cmp_numbers`]-equal numbers
/// hash alike.
fn number_hash<H: Hasher>(n: &Number, state: &mut H) {
    if let Some(i) = as_int(n) {
        state.write_i128(i);
        return;
    }
    let Some(f) = n.as_f64() else {
        return;
    };
    // 2^127: integral floats below it are exact as i128, the form integers take.
    const LIMIT: f64 = 1.7014118346046923e38;
    if f.fract() == 0.0 && f.abs() < LIMIT {
        state.write_i128(f as i128);
    } else {
        state.write_u64(f.to_bits());
    }
}

/// Exact comparison of two JSON numbers, whatever their representation.
///
/// Integers are compared as integers (no rounding through `f64`); an integer and a
/// float are compared exactly as well. `None` only for NaN, which JSON cannot carry.
pub fn cmp_numbers(a: &Number, b: &Number) -> Option<Ordering> {
    match (as_int(a), as_int(b)) {
        (Some(x), Some(y)) => Some(x.cmp(&y)),
        (Some(x), None) => cmp_int_float(x, b.as_f64()?),
        (None, Some(y)) => cmp_int_float(y, a.as_f64()?).map(Ordering::reverse),
        (None, None) => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

/// `cmp_numbers(n, limit)` for an integer `limit` (`i64`/`u64`): integers compare
/// inline, floats through [`cmp_numbers`] (so exactly as it decides). For the
/// integer bounds of generated code and the numeric formats' ranges.
#[inline]
pub fn cmp_to_int(n: &Number, limit: i128) -> Option<Ordering> {
    if let Some(i) = n.as_i64() {
        return Some((i as i128).cmp(&limit));
    }
    if let Some(u) = n.as_u64() {
        return Some((u as i128).cmp(&limit));
    }
    // A float against a limit that f64 holds exactly: comparing the two floats is
    // exact, as `cmp_numbers` is.
    const EXACT: i128 = 1 << 53;
    match n.as_f64() {
        Some(f) if (-EXACT..=EXACT).contains(&limit) => f.partial_cmp(&(limit as f64)),
        _ => cmp_float_to_int(n, limit),
    }
}

#[cold]
fn cmp_float_to_int(n: &Number, limit: i128) -> Option<Ordering> {
    let limit = match i64::try_from(limit) {
        Ok(i) => Number::from(i),
        Err(_) => Number::from(u64::try_from(limit).ok()?),
    };
    cmp_numbers(n, &limit)
}

fn as_int(n: &Number) -> Option<i128> {
    if let Some(i) = n.as_i64() {
        Some(i as i128)
    } else {
        n.as_u64().map(|u| u as i128)
    }
}

/// Compares integer `i` with float `f` exactly.
fn cmp_int_float(i: i128, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    // Every i64/u64 lies strictly inside (-2^127, 2^127); floats outside that range
    // compare by sign alone.
    const LIMIT: f64 = 1.7014118346046923e38; // 2^127
    if f >= LIMIT {
        return Some(Ordering::Less);
    }
    if f <= -LIMIT {
        return Some(Ordering::Greater);
    }
    let floor = f.floor();
    // `floor` is integral and within i128 range, so the cast is exact.
    let fi = floor as i128;
    match i.cmp(&fi) {
        Ordering::Equal if f > floor => Some(Ordering::Less),
        other => Some(other),
    }
}

/// Compact JSON text of a value, cut to about `max` characters with `…` when longer
/// (on a character boundary). Used to quote received values in messages.
pub fn short_json(value: &Value, max: usize) -> String {
    let text = value.to_string();
    if text.chars().count() <= max {
        return text;
    }
    let mut out: String = text.chars().take(max).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn types_of_values() {
        assert_eq!(JsonType::of(&json!(3)), JsonType::Integer);
        assert_eq!(JsonType::of(&json!(-7)), JsonType::Integer);
        let f: Value = serde_json::from_str("3.0").unwrap();
        assert_eq!(JsonType::of(&f), JsonType::Number);
        let e: Value = serde_json::from_str("1e3").unwrap();
        assert_eq!(JsonType::of(&e), JsonType::Number);
        assert_eq!(JsonType::of(&json!(true)), JsonType::Boolean);
        assert_eq!(JsonType::of(&json!(null)), JsonType::Null);
    }

    #[test]
    fn type_set_membership_and_display() {
        let num = TypeSet::single(JsonType::Number);
        assert!(num.accepts(JsonType::Integer));
        assert!(num.accepts(JsonType::Number));
        assert!(!num.accepts(JsonType::Boolean));
        let int = TypeSet::single(JsonType::Integer);
        assert!(!int.accepts(JsonType::Number));
        let s = TypeSet::single(JsonType::Null).with(JsonType::String);
        assert_eq!(s.to_string(), "string or null");
        let t = s.with(JsonType::Integer);
        assert_eq!(t.to_string(), "string, integer or null");
    }

    #[test]
    fn equality_by_value() {
        let one_f: Value = serde_json::from_str("1.0").unwrap();
        assert!(json_eq(&json!(1), &one_f));
        assert!(!json_eq(&json!(1), &json!(true)));
        assert!(!json_eq(&json!(0), &json!(false)));
        assert!(json_eq(
            &json!({"a": [1, 2], "b": 1}),
            &json!({"b": 1, "a": [1, 2]})
        ));
        assert!(!json_eq(&json!([1, 2]), &json!([2, 1])));
        assert!(!json_eq(&json!("1"), &json!(1)));
    }

    #[test]
    fn exact_number_comparison() {
        let n = |s: &str| serde_json::from_str::<Number>(s).unwrap();
        assert_eq!(cmp_numbers(&n("1"), &n("1.0")), Some(Ordering::Equal));
        assert_eq!(cmp_numbers(&n("1"), &n("1.5")), Some(Ordering::Less));
        assert_eq!(cmp_numbers(&n("2"), &n("1.5")), Some(Ordering::Greater));
        assert_eq!(cmp_numbers(&n("-2"), &n("-1.5")), Some(Ordering::Less));
        assert_eq!(
            cmp_numbers(&n("9007199254740993"), &n("9007199254740992.0")),
            Some(Ordering::Greater)
        );
        assert_eq!(
            cmp_numbers(&n("18446744073709551615"), &n("-1")),
            Some(Ordering::Greater)
        );
        assert_eq!(cmp_numbers(&n("5"), &n("1e300")), Some(Ordering::Less));
    }

    #[test]
    fn short_json_cuts_on_chars() {
        assert_eq!(short_json(&json!("abc"), 10), "\"abc\"");
        assert_eq!(short_json(&json!("ééééé"), 3), "\"éé…");
    }
}
