//! Membership in a list of JSON values in logarithmic time, by JSON equality.
//!
//! `enum` lists come from schemas, and schemas may come from an untrusted MCP
//! server: a list of 100,000 values checked by scanning would make every call
//! cost the list's length. [`ValueSet`] sorts the values' hashes once (a hash
//! keyed at random per set, so a schema cannot choose values that collide) and
//! answers by binary search, confirming each candidate with [`json_eq`]: `1` and
//! `1.0` are one value, `-0` and `0` too, big integers stay exact, objects are
//! equal whatever their key order.

use super::{json_eq, json_hash};
use serde_json::{Number, Value};
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

/// Lists at most this long are scanned: below it a scan costs less than a hash.
pub const SCANNED: usize = 8;

/// A list of JSON values with a sorted index of their hashes.
#[derive(Clone)]
pub struct ValueSet {
    values: Arc<[Value]>,
    state: RandomState,
    /// `(hash, index into values)`, sorted by hash.
    by_hash: Box<[(u64, u32)]>,
}

impl std::fmt::Debug for ValueSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ValueSet")
            .field("len", &self.values.len())
            .finish()
    }
}

/// A value to look up: something that hashes as [`json_hash`] hashes the JSON
/// value it stands for, and compares as [`json_eq`] would.
pub trait Probe {
    /// Feeds the value to `state` as [`json_hash`] does.
    fn hash_into<H: Hasher>(&self, build: &RandomState, state: &mut H);
    /// JSON equality with `v`.
    fn equals(&self, v: &Value) -> bool;
}

impl Probe for Value {
    #[inline]
    fn hash_into<H: Hasher>(&self, build: &RandomState, state: &mut H) {
        json_hash(self, build, state);
    }
    #[inline]
    fn equals(&self, v: &Value) -> bool {
        json_eq(self, v)
    }
}

impl ValueSet {
    /// The index of `values` (built in time `n log n`).
    pub fn new(values: Arc<[Value]>) -> ValueSet {
        let state = RandomState::new();
        let mut by_hash: Vec<(u64, u32)> = values
            .iter()
            .enumerate()
            .map(|(i, v)| (hash_of(&state, v), i as u32))
            .collect();
        by_hash.sort_unstable();
        ValueSet {
            values,
            state,
            by_hash: by_hash.into(),
        }
    }

    /// The index of the JSON array `text` (a schema's `enum`, as generated code
    /// holds it). `None` when `text` is not an array.
    pub fn from_json(text: &str) -> Option<ValueSet> {
        let values: Vec<Value> = serde_json::from_str(text).ok()?;
        Some(ValueSet::new(values.into()))
    }

    /// The values, in their order.
    #[inline]
    pub fn values(&self) -> &Arc<[Value]> {
        &self.values
    }

    /// Whether `probe` equals one of the values (JSON equality).
    #[inline]
    pub fn contains(&self, probe: &(impl Probe + ?Sized)) -> bool {
        let h = hash_of(&self.state, probe);
        let start = self.by_hash.partition_point(|&(k, _)| k < h);
        self.by_hash[start..]
            .iter()
            .take_while(|&&(k, _)| k == h)
            .any(|&(_, i)| probe.equals(&self.values[i as usize]))
    }
}

fn hash_of(state: &RandomState, probe: &(impl Probe + ?Sized)) -> u64 {
    let mut h = state.build_hasher();
    probe.hash_into(state, &mut h);
    h.finish()
}

/// The scalars of a JSON text as it is read (`null`, a boolean, a number, a
/// string), looked up without building a `Value`.
#[derive(Clone, Copy, Debug)]
pub enum ScalarProbe<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(&'a Number),
    /// A string.
    Str(&'a str),
}

impl Probe for ScalarProbe<'_> {
    fn hash_into<H: Hasher>(&self, _: &RandomState, state: &mut H) {
        match *self {
            ScalarProbe::Null => super::hash_null(state),
            ScalarProbe::Bool(b) => super::hash_bool(b, state),
            ScalarProbe::Number(n) => super::hash_number(n, state),
            ScalarProbe::Str(s) => super::hash_str(s, state),
        }
    }
    fn equals(&self, v: &Value) -> bool {
        match (v, *self) {
            (Value::Null, ScalarProbe::Null) => true,
            (Value::Bool(x), ScalarProbe::Bool(y)) => *x == y,
            (Value::Number(x), ScalarProbe::Number(y)) => {
                super::cmp_numbers(x, y) == Some(std::cmp::Ordering::Equal)
            }
            (Value::String(x), ScalarProbe::Str(y)) => x == y,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    fn text(s: &str) -> Value {
        serde_json::from_str(s).unwrap()
    }

    /// Values whose JSON equality is easy to get wrong: numbers in several
    /// representations, big integers next to the floats that round to them,
    /// strings that look alike, nested arrays and objects in other key orders.
    fn tricky() -> Vec<Value> {
        [
            "0",
            "-0",
            "0.0",
            "-0.0",
            "1",
            "1.0",
            "1e0",
            "10e-1",
            "-1",
            "2.5",
            "1e300",
            "9007199254740992",
            "9007199254740993",
            "9007199254740992.0",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "null",
            "true",
            "false",
            "\"\"",
            "\"1\"",
            "\"a\"",
            "\"A\"",
            "\"a\\u0000\"",
            "[]",
            "[1]",
            "[1.0]",
            "[1,2]",
            "[2,1]",
            "[[1]]",
            "{}",
            "{\"a\":1}",
            "{\"a\":1.0}",
            "{\"a\":1,\"b\":[2]}",
            "{\"b\":[2.0],\"a\":1}",
            "{\"a\":{}}",
            "{\"a\":[]}",
        ]
        .iter()
        .map(|s| text(s))
        .collect()
    }

    #[test]
    fn agrees_with_json_eq_on_every_subset_and_probe() {
        let all = tricky();
        let mut rng = Rng(0x5eed_0fca_5e11);
        for _ in 0..300 {
            let len = rng.below(all.len() + 1);
            let chosen: Vec<Value> = (0..len)
                .map(|_| all[rng.below(all.len())].clone())
                .collect();
            let set = ValueSet::new(chosen.clone().into());
            for probe in &all {
                let expected = chosen.iter().any(|v| json_eq(v, probe));
                assert_eq!(set.contains(probe), expected, "{probe} in {chosen:?}");
            }
        }
    }

    #[test]
    fn scalars_read_from_text_find_what_values_find() {
        let all = tricky();
        let set = ValueSet::new(all[..all.len() / 2].to_vec().into());
        for v in &all {
            let probe = match v {
                Value::Null => ScalarProbe::Null,
                Value::Bool(b) => ScalarProbe::Bool(*b),
                Value::Number(n) => ScalarProbe::Number(n),
                Value::String(s) => ScalarProbe::Str(s),
                _ => continue,
            };
            assert_eq!(set.contains(&probe), set.contains(v), "{v}");
        }
    }

    #[test]
    fn large_lists_of_every_kind() {
        for n in [0usize, 1, 9, 1_000, 100_000] {
            let strings: Vec<Value> = (0..n).map(|i| Value::String(format!("v{i}"))).collect();
            let numbers: Vec<Value> = (0..n).map(|i| Value::from(i as u64 * 3)).collect();
            let objects: Vec<Value> = (0..n.min(1_000))
                .map(|i| serde_json::json!({"id": i, "tags": [i, "x"]}))
                .collect();
            let (s, m, o) = (
                ValueSet::new(strings.into()),
                ValueSet::new(numbers.into()),
                ValueSet::new(objects.clone().into()),
            );
            for i in [0, 1, n / 2, n.saturating_sub(1), n, n + 1] {
                let inside = i < n;
                assert_eq!(s.contains(&Value::String(format!("v{i}"))), inside);
                assert!(!s.contains(&Value::String(format!("w{i}"))));
                assert_eq!(m.contains(&text(&format!("{}.0", i * 3))), inside);
                assert!(!m.contains(&Value::from(i as u64 * 3 + 1)));
                let obj = text(&format!("{{\"tags\": [{i}.0, \"x\"], \"id\": {i}}}"));
                assert_eq!(o.contains(&obj), i < objects.len());
            }
        }
    }
}
