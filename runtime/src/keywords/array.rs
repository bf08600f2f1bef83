//! The array keywords' decisions: `minItems`, `maxItems`, `uniqueItems`, and how
//! many elements `contains` must match (`minContains`, `maxContains`). The
//! element schemas (`prefixItems`, `items`, `contains`) are walked by each back
//! end.

use super::count;
use crate::json::json_eq;
use crate::violation::Kind;
use serde_json::Value;

/// The violation of a lower bound `limit` by an array of `count` elements.
pub fn too_few(limit: u64, count: u64) -> Kind {
    Kind::MinItems { limit, count }
}

/// The violation of an upper bound `limit` by an array of `count` elements.
pub fn too_many(limit: u64, count: u64) -> Kind {
    Kind::MaxItems { limit, count }
}

/// The violation of `minItems: limit` by an array of `count` elements.
#[inline]
pub fn min_items(limit: u64, count: u64) -> Option<Kind> {
    count::below(limit, count).then(|| too_few(limit, count))
}

/// The violation of `maxItems: limit` by an array of `count` elements.
#[inline]
pub fn max_items(limit: u64, count: u64) -> Option<Kind> {
    count::above(limit, count).then(|| too_many(limit, count))
}

/// Whether `count` elements are within `minItems: min` and `maxItems: max`.
#[inline]
pub fn count_ok(min: Option<u64>, max: Option<u64>, count: u64) -> bool {
    count::within(min, max, count)
}

/// The violation of `uniqueItems: true` by `items`: its first repeated element.
#[inline]
pub fn unique(items: &[Value]) -> Option<Kind> {
    first_duplicate(items).map(|(first, second)| Kind::UniqueItems { first, second })
}

/// `contains` with `minContains: min` (1 when absent) and `maxContains: max`:
/// whether an array whose element `i` matches `contains` when `matches(i)`
/// holds, `len` elements in all, has enough matches and not too many. Stops as
/// soon as the answer is known (at the `min`-th match without `max`, at the
/// match past `max`): each element is matched at most once.
#[inline]
pub fn contains_ok(
    len: usize,
    mut matches: impl FnMut(usize) -> bool,
    min: Option<u64>,
    max: Option<u64>,
) -> bool {
    let min = min.unwrap_or(1);
    let mut count = 0u64;
    for i in 0..len {
        if max.is_none() && count >= min {
            return true;
        }
        if matches(i) {
            count += 1;
            if max.is_some_and(|m| count > m) {
                return false;
            }
        }
    }
    count >= min
}

/// `contains`, reported: the [`Kind::Contains`] violation of an array of `len`
/// elements whose element `i` matches when `matches(i)` holds (every element
/// matched once, to count them all), if it breaks `minContains: min` (1 when
/// absent) or `maxContains: max`; `schema` gives the `contains` subschema.
#[inline]
pub fn contains(
    len: usize,
    mut matches: impl FnMut(usize) -> bool,
    min: Option<u64>,
    max: Option<u64>,
    schema: impl FnOnce() -> Value,
) -> Option<Kind> {
    let count = (0..len).filter(|&i| matches(i)).count() as u64;
    contained(count, min, max, schema)
}

/// `contains` on an array of which `count` elements match: the
/// [`Kind::Contains`] violation if it breaks `minContains: min` (1 when absent)
/// or `maxContains: max`.
#[inline]
pub fn contained(
    count: u64,
    min: Option<u64>,
    max: Option<u64>,
    schema: impl FnOnce() -> Value,
) -> Option<Kind> {
    let min = min.unwrap_or(1);
    let (at_least, limit) = if count < min {
        (true, min)
    } else {
        match max {
            Some(m) if count > m => (false, m),
            _ => return None,
        }
    };
    Some(Kind::Contains {
        schema: schema(),
        at_least,
        limit,
        count,
    })
}

/// The elements of an array met one at a time (as a stream reads them), for
/// `uniqueItems` decided at the element that repeats an earlier one: each is
/// compared with the earlier ones of its hash (JSON equality, as
/// [`first_duplicate`]), expected constant time an element.
#[derive(Debug, Default)]
pub struct Distinct {
    /// The elements kept, with their indexes in the array.
    items: Vec<(usize, Value)>,
    /// The places in `items` of each hash.
    by_hash: std::collections::HashMap<u64, Vec<u32>>,
    build: std::collections::hash_map::RandomState,
}

impl Distinct {
    /// Forgets the elements (for another array).
    pub fn clear(&mut self) {
        self.items.clear();
        self.by_hash.clear();
    }

    /// Element `index` of the array, `item`: the violation of `uniqueItems` when
    /// it equals an element kept (which it is not added to).
    pub fn add(&mut self, index: usize, item: Value) -> Option<Kind> {
        use std::hash::{BuildHasher, Hasher};
        let mut state = self.build.build_hasher();
        crate::json::json_hash(&item, &self.build, &mut state);
        let places = self.by_hash.entry(state.finish()).or_default();
        let earlier = places
            .iter()
            .map(|&k| &self.items[k as usize])
            .find(|(_, x)| json_eq(x, &item));
        if let Some(&(first, _)) = earlier {
            return Some(Kind::UniqueItems {
                first,
                second: index,
            });
        }
        places.push(self.items.len() as u32);
        self.items.push((index, item));
        None
    }
}

/// Arrays up to this length are searched for duplicates pair by pair (no
/// allocation); longer ones through a hash table, in expected linear time.
pub const UNIQUE_BY_PAIRS: usize = 16;

/// The first pair `(i, j)`, `i < j`, of equal elements (JSON equality), by `j`:
/// the smallest `j` that equals an earlier element, with the first such `i`.
/// Pairwise (no allocation) up to 16 elements, hashed beyond: expected linear time.
pub fn first_duplicate(items: &[Value]) -> Option<(usize, usize)> {
    let mut found = None;
    each_duplicate(items, |i, j| {
        found = Some((i, j));
        false
    });
    found
}

/// Calls `visit(i, j)` for each `j`, in increasing order, that equals an earlier
/// element (JSON equality), `i` the first such; stops when `visit` returns
/// `false`. Pairwise (no allocation) up to 16 elements, hashed beyond: expected
/// linear time in the elements' total size.
#[inline]
pub fn each_duplicate(items: &[Value], mut visit: impl FnMut(usize, usize) -> bool) {
    if items.len() > UNIQUE_BY_PAIRS {
        return each_duplicate_hashed(items, visit);
    }
    for j in 1..items.len() {
        if let Some(i) = items[..j].iter().position(|x| json_eq(x, &items[j])) {
            if !visit(i, j) {
                return;
            }
        }
    }
}

/// [`each_duplicate`] through a hash table.
#[cold]
pub fn each_duplicate_hashed(items: &[Value], mut visit: impl FnMut(usize, usize) -> bool) {
    use std::collections::hash_map::{Entry, HashMap, RandomState};
    use std::hash::BuildHasher;
    let build = RandomState::new();
    // First index of each hash and the last of its chain; `next[i]`: the next
    // index with the same hash, in increasing order (`usize::MAX` ends a chain).
    let mut first: HashMap<u64, (usize, usize)> = HashMap::with_capacity(items.len());
    let mut next = vec![usize::MAX; items.len()];
    for (j, item) in items.iter().enumerate() {
        let mut state = build.build_hasher();
        crate::json::json_hash(item, &build, &mut state);
        let h = std::hash::Hasher::finish(&state);
        match first.entry(h) {
            Entry::Vacant(e) => {
                e.insert((j, j));
            }
            Entry::Occupied(mut e) => {
                let (head, tail) = *e.get();
                let mut i = head;
                let mut equal = None;
                while i != usize::MAX {
                    if json_eq(&items[i], item) {
                        equal = Some(i);
                        break;
                    }
                    i = next[i];
                }
                match equal {
                    Some(i) => {
                        if !visit(i, j) {
                            return;
                        }
                    }
                    None => {
                        next[tail] = j;
                        e.get_mut().1 = j;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn duplicates() {
        assert_eq!(
            first_duplicate(&[json!(1), json!(2), json!(1.0)]),
            Some((0, 2))
        );
        assert_eq!(first_duplicate(&[json!(1), json!(true)]), None);
        assert_eq!(
            first_duplicate(&[json!({"a": 1}), json!({"a": 1})]),
            Some((0, 1))
        );
    }

    /// The hashed search answers as the pairwise one, on long arrays.
    #[test]
    fn hashed_duplicates_match_pairs() {
        fn pairs(items: &[Value]) -> Option<(usize, usize)> {
            (1..items.len()).find_map(|j| {
                items[..j]
                    .iter()
                    .position(|x| json_eq(x, &items[j]))
                    .map(|i| (i, j))
            })
        }
        let one_f: Value = serde_json::from_str("1.0").unwrap();
        let big_f: Value = serde_json::from_str("9007199254740992.0").unwrap();
        let pool = [
            json!(1),
            one_f,
            json!(true),
            json!(null),
            json!("1"),
            json!([1, 2]),
            json!([2, 1]),
            json!({"a": 1, "b": [1]}),
            json!({"b": [1.0], "a": 1}),
            json!(9007199254740993u64),
            big_f,
            json!(9007199254740992u64),
            json!(-0.0),
            json!(0),
            json!(1e300),
            json!(0.5),
        ];
        // Every array of 20 elements from the pool (by a simple generator).
        let mut seed = 7u64;
        for _ in 0..2000 {
            let items: Vec<Value> = (0..20)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    pool[(seed >> 33) as usize % pool.len()].clone()
                })
                .collect();
            assert_eq!(first_duplicate(&items), pairs(&items), "{items:?}");
            // One at a time: the first repeat found where the whole array's is.
            let mut one_by_one = Distinct::default();
            let repeat = items
                .iter()
                .enumerate()
                .find_map(|(j, x)| one_by_one.add(j, x.clone()));
            let expected = pairs(&items).map(|(first, second)| Kind::UniqueItems { first, second });
            assert_eq!(repeat, expected, "{items:?}");
        }
        let distinct: Vec<Value> = (0..1000).map(|i| json!(i)).collect();
        assert_eq!(first_duplicate(&distinct), None);
        let mut late = distinct.clone();
        late.push(json!(500.0));
        late.push(json!(3));
        assert_eq!(first_duplicate(&late), Some((500, 1000)));
    }
}
