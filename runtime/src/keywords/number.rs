//! Checks shared by both back ends, so that the interpreter and generated code
//! decide and report alike. Used by generated code: not a stable API.

use crate::json::{cmp_numbers, json_eq, JsonType, TypeSet};
use crate::violation::{Kind, Position, Sink, Trail, Violation};
use serde_json::{Number, Value};
use std::cmp::Ordering;

/// Whether `n` is a multiple of `divisor` (> 0), decided exactly.
///
/// Both numbers are read as the decimals they denote: an integer as itself, a
/// float as its shortest round-trip decimal representation (the digits Rust and
/// serde_json print for it, which are the digits written in the JSON text whenever
/// that text had at most 15 significant digits and serde_json read it exactly,
/// as it does for exponents within about ±22). `n` is a multiple when `n /
/// divisor` is an integer in exact decimal arithmetic, so `0.07` and `19.99` are
/// multiples of `0.01` and `0.3` is one of `0.1` (though their binary floats are
/// not exact multiples), while `12345678.005` is not a multiple of `0.01`,
/// `1500000001` not one of `2.0`, and `1e-300` not one of `2.0`. For integers and
/// for floats whose decimal is their exact binary value (`2.0`, `0.5`, `1.5`)
/// this is what Python `jsonschema` decides; where Python divides
/// floats inexactly (`0.3 / 0.1`) it is not. `false` for a `divisor` of 0.
/// Allocates nothing.
pub fn multiple_of(n: &Number, divisor: &Number) -> bool {
    if let (Some(a), Some(b)) = (n.as_i64(), divisor.as_i64()) {
        return b != 0 && a % b == 0;
    }
    if let (Some(a), Some(b)) = (n.as_u64(), divisor.as_u64()) {
        return b != 0 && a % b == 0;
    }
    let (Some((a, p)), Some((b, q))) = (decimal(n), decimal(divisor)) else {
        return false;
    };
    decimal_multiple(a, p, b, q)
}

/// `|n|` as `m * 10^e` with `m` an integer without trailing zeros (`(0, 0)` for
/// zero); for a float, from its shortest round-trip representation. `None` for a
/// non-finite float (which JSON cannot carry).
fn decimal(n: &Number) -> Option<(u64, i32)> {
    if let Some(u) = n.as_u64() {
        return Some(strip_zeros(u, 0));
    }
    if let Some(i) = n.as_i64() {
        return Some(strip_zeros(i.unsigned_abs(), 0));
    }
    let f = n.as_f64()?;
    if !f.is_finite() {
        return None;
    }
    if f == 0.0 {
        return Some((0, 0));
    }
    // `{:e}` prints the shortest representation that reads back as `f`, as
    // `d.ddddde[-]x`: at most 17 digits, so the mantissa fits a u64.
    struct Buf {
        bytes: [u8; 40],
        len: usize,
    }
    impl std::fmt::Write for Buf {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            let end = self.len + s.len();
            if end > self.bytes.len() {
                return Err(std::fmt::Error);
            }
            self.bytes[self.len..end].copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        }
    }
    let mut buf = Buf {
        bytes: [0; 40],
        len: 0,
    };
    std::fmt::Write::write_fmt(&mut buf, format_args!("{:e}", f.abs())).ok()?;
    let text = &buf.bytes[..buf.len];
    let e_at = text.iter().position(|&c| c == b'e')?;
    let (digits, exp) = (&text[..e_at], &text[e_at + 1..]);
    let mut mantissa: u64 = 0;
    let mut fraction_digits: i32 = 0;
    let mut after_point = false;
    for &c in digits {
        match c {
            b'.' => after_point = true,
            b'0'..=b'9' => {
                mantissa = mantissa.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
                if after_point {
                    fraction_digits += 1;
                }
            }
            _ => return None,
        }
    }
    let exp: i32 = std::str::from_utf8(exp).ok()?.parse().ok()?;
    Some(strip_zeros(mantissa, exp - fraction_digits))
}

fn strip_zeros(mut m: u64, mut e: i32) -> (u64, i32) {
    if m == 0 {
        return (0, 0);
    }
    while m % 10 == 0 {
        m /= 10;
        e += 1;
    }
    (m, e)
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Whether `a * 10^p` is an integer multiple of `b * 10^q` (`b > 0`).
fn decimal_multiple(a: u64, p: i32, b: u64, q: i32) -> bool {
    if a == 0 {
        return true;
    }
    if b == 0 {
        return false;
    }
    let e = i64::from(p) - i64::from(q);
    if e < 0 {
        // b * 10^-e must divide a (< 2^64): past 10^20 it is larger than a.
        let Ok(k) = u32::try_from(-e) else {
            return false;
        };
        let Some(scale) = 10u128.checked_pow(k) else {
            return false;
        };
        return match u128::from(b).checked_mul(scale) {
            Some(d) => u128::from(a) % d == 0,
            None => false,
        };
    }
    // b must divide a * 10^e: with g = gcd(a, b), b / g must divide 10^e, so be
    // 2^x * 5^y with x, y <= e.
    let mut rest = b / gcd(a, b);
    let (mut twos, mut fives) = (0i64, 0i64);
    while rest % 2 == 0 {
        rest /= 2;
        twos += 1;
    }
    while rest % 5 == 0 {
        rest /= 5;
        fives += 1;
    }
    rest == 1 && twos <= e && fives <= e
}

/// `cmp_numbers(n, limit)` for an integer `limit` (`i64`/`u64`): integers compare
/// inline, floats through [`cmp_numbers`] (so exactly as it decides). For the
/// integer bounds of generated code.
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

/// Arrays up to this length are searched for duplicates pair by pair (no
/// allocation); longer ones through a hash table, in expected linear time.
const UNIQUE_BY_PAIRS: usize = 16;

/// The first pair `(i, j)`, `i < j`, of equal elements (JSON equality), by `j`:
/// the smallest `j` that equals an earlier element, with the first such `i`.
/// Pairwise (no allocation) up to 16 elements, hashed beyond: expected linear time.
pub fn first_duplicate(items: &[Value]) -> Option<(usize, usize)> {
    if items.len() <= UNIQUE_BY_PAIRS {
        for j in 1..items.len() {
            if let Some(i) = items[..j].iter().position(|x| json_eq(x, &items[j])) {
                return Some((i, j));
            }
        }
        return None;
    }
    first_duplicate_hashed(items)
}

#[cold]
fn first_duplicate_hashed(items: &[Value]) -> Option<(usize, usize)> {
    let mut found = None;
    each_duplicate(items, |i, j| {
        found = Some((i, j));
        false
    });
    found
}

/// Calls `visit(i, j)` for each `j`, in increasing order, that equals an earlier
/// element (JSON equality), `i` the first such; stops when `visit` returns
/// `false`. Hashed: expected linear time in the elements' total size.
pub(crate) fn each_duplicate(items: &[Value], mut visit: impl FnMut(usize, usize) -> bool) {
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

/// Length in Unicode code points, as `minLength`/`maxLength` count.
pub fn char_len(s: &str) -> u64 {
    s.chars().count() as u64
}

/// Whether `alternative` failed only because the value at `trail` is of another
/// type (so it says nothing about the value's content).
fn type_miss(alternative: &[Violation], here: &crate::Path) -> bool {
    matches!(alternative, [v] if &v.path == here && matches!(v.kind, Kind::Type { .. }))
}

/// Reports an `anyOf` (or `oneOf`, `one_of = true`) that no alternative matched,
/// readably: when every alternative wanted another type, one type violation with
/// all of them (`should be string or null`); when exactly one alternative accepts
/// the value's type, that alternative's violations; otherwise every alternative.
fn none_matched(
    alternatives: Vec<Vec<Violation>>,
    one_of: bool,
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    // The alternatives were collected within `out`'s budget: given back, and
    // what is kept below is charged anew.
    out.release_all(&alternatives);
    if alternatives.iter().any(Vec::is_empty) {
        // The budget ran out while collecting (a failed alternative always has a
        // violation): the violation is counted, not shown.
        if one_of {
            out.report(|| Kind::OneOfNone { alternatives }, trail, position);
        } else {
            out.report(|| Kind::AnyOf { alternatives }, trail, position);
        }
        return;
    }
    let here = trail.to_path();
    if alternatives.iter().all(|a| type_miss(a, &here)) {
        let mut expected = TypeSet::EMPTY;
        let mut received = JsonType::Null;
        for a in &alternatives {
            if let Kind::Type {
                expected: e,
                received: r,
            } = &a[0].kind
            {
                for t in e.iter() {
                    expected = expected.with(t);
                }
                received = *r;
            }
        }
        out.report(|| Kind::Type { expected, received }, trail, position);
        return;
    }
    let mut relevant = alternatives.iter().filter(|a| !type_miss(a, &here));
    if let (Some(only), None) = (relevant.next(), relevant.next()) {
        out.extend(only.clone());
        return;
    }
    if one_of {
        out.report(|| Kind::OneOfNone { alternatives }, trail, position);
    } else {
        out.report(|| Kind::AnyOf { alternatives }, trail, position);
    }
}

/// Whether alternative `i` accepts the value (probing: no allocation).
fn accepts(run: &impl Fn(usize, &mut Sink<'_>), i: usize) -> bool {
    let mut probe = Sink::probe();
    run(i, &mut probe);
    !probe.failed()
}

/// Every alternative's violations, collected within `out`'s budget.
fn collect(n: usize, run: &impl Fn(usize, &mut Sink<'_>), out: &Sink<'_>) -> Vec<Vec<Violation>> {
    (0..n)
        .map(|i| {
            let mut list = Vec::new();
            run(i, &mut out.nested(&mut list));
            list
        })
        .collect()
}

/// `anyOf` over `n` alternatives; `run(i, sink)` validates the value against
/// alternative `i`. A valid value costs one probe per alternative tried and no
/// allocation.
pub fn any_of(
    n: usize,
    run: impl Fn(usize, &mut Sink<'_>),
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    if (0..n).any(|i| accepts(&run, i)) {
        return;
    }
    if out.is_probe() {
        out.fail();
        return;
    }
    none_matched(collect(n, &run, out), false, trail, position, out);
}

/// `oneOf` over `n` alternatives (see [`any_of`]).
pub fn one_of(
    n: usize,
    run: impl Fn(usize, &mut Sink<'_>),
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    let count = (0..n).filter(|&i| accepts(&run, i)).count();
    if count == 1 {
        return;
    }
    if out.is_probe() {
        out.fail();
        return;
    }
    if count == 0 {
        none_matched(collect(n, &run, out), true, trail, position, out);
    } else {
        let matched: Vec<usize> = (0..n).filter(|&i| accepts(&run, i)).collect();
        out.report(|| Kind::OneOfMany { matched }, trail, position);
    }
}

/// `not`: a violation when `run` accepts the value.
pub fn not(
    run: impl Fn(&mut Sink<'_>),
    schema: impl FnOnce() -> Value,
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    let mut probe = Sink::probe();
    run(&mut probe);
    if !probe.failed() {
        out.report(|| Kind::Not { schema: schema() }, trail, position);
    }
}

/// `propertyNames`: checks `name` (as a string value) with `run` and reports each
/// of its violations as a [`Kind::PropertyName`] at the object's path.
pub fn property_name(
    name: &str,
    run: impl Fn(&Value, &mut Sink<'_>),
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    let value = Value::String(name.to_string());
    if out.is_probe() {
        run(&value, out);
        return;
    }
    let mut problems = Vec::new();
    run(&value, &mut out.nested(&mut problems));
    out.release(&problems);
    if problems.is_empty() {
        return;
    }
    let name = crate::violation::received_str(name);
    for p in problems {
        let problem = Box::new(p.kind);
        out.report(
            || Kind::PropertyName {
                name: name.clone(),
                problem,
            },
            trail,
            position,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn num(s: &str) -> Number {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn multiples() {
        assert!(multiple_of(&num("10"), &num("2")));
        assert!(!multiple_of(&num("7"), &num("2")));
        assert!(multiple_of(&num("4.5"), &num("1.5")));
        assert!(!multiple_of(&num("35"), &num("1.5")));
        assert!(multiple_of(&num("0.0075"), &num("0.0001")));
        assert!(!multiple_of(&num("0.00751"), &num("0.0001")));
        assert!(multiple_of(&num("0.3"), &num("0.1")));
        assert!(multiple_of(&num("19.99"), &num("0.01")));
        assert!(multiple_of(&num("0.07"), &num("0.01")));
        assert!(!multiple_of(&num("1e308"), &num("0.123456789")));
        assert!(multiple_of(&num("-6"), &num("3")));
        assert!(multiple_of(&num("0"), &num("0.7")));
        assert!(multiple_of(&num("-0.0"), &num("0.7")));
        assert!(multiple_of(&num("-1.5"), &num("0.5")));
        assert!(multiple_of(&num("10"), &num("2.5")));
        assert!(multiple_of(&num("1e300"), &num("2.0")));
        assert!(multiple_of(&num("1e308"), &num("1e307")));
        assert!(multiple_of(&num("18446744073709551615"), &num("5.0")));
        assert!(!multiple_of(&num("18446744073709551615"), &num("2.0")));
        assert!(multiple_of(&num("-9223372036854775808"), &num("2")));
        assert!(multiple_of(&num("1e-20"), &num("1e-21")));
    }

    /// Issue #11 item 8: the float tolerance accepted these.
    #[test]
    fn float_divisors_are_exact() {
        assert!(!multiple_of(&num("1500000001"), &num("2.0")));
        assert!(!multiple_of(&num("12345678.005"), &num("0.01")));
        assert!(!multiple_of(&num("7.3"), &num("1e308")));
        assert!(!multiple_of(&num("1e-300"), &num("2.0")));
        assert!(!multiple_of(&num("1e-300"), &num("3e-301")));
        assert!(!multiple_of(&num("1.0000000001"), &num("1.0")));
        assert!(!multiple_of(&num("1e300"), &num("3.0")));
        assert!(multiple_of(&num("3e300"), &num("3.0")));
    }

    /// Against a reference on scaled u128 integers: `a·10^p` and `b·10^q` brought
    /// to the smaller exponent (mantissas below 10^9, exponents within ±12).
    #[test]
    fn multiples_match_scaled_integer_arithmetic() {
        let mut seed = 0x9e3779b97f4a7c15u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 16
        };
        let mut multiples = 0;
        for _ in 0..50_000 {
            let (a, p) = (next() % 1_000_000, (next() % 25) as i32 - 12);
            let (b, q) = (next() % 1_000 + 1, (next() % 25) as i32 - 12);
            let (a, b) = if next() % 4 == 0 { (a * b, b) } else { (a, b) };
            let m = p.min(q);
            let big_a = u128::from(a) * 10u128.pow((p - m) as u32);
            let big_b = u128::from(b) * 10u128.pow((q - m) as u32);
            let expected = big_a % big_b == 0;
            multiples += expected as u32;
            let n = num(&format!("{a}e{p}"));
            let d = num(&format!("{b}e{q}"));
            assert_eq!(multiple_of(&n, &d), expected, "{a}e{p} multipleOf {b}e{q}");
        }
        assert!(multiples > 5_000, "{multiples}");
    }

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
        }
        let distinct: Vec<Value> = (0..1000).map(|i| json!(i)).collect();
        assert_eq!(first_duplicate(&distinct), None);
        let mut late = distinct.clone();
        late.push(json!(500.0));
        late.push(json!(3));
        assert_eq!(first_duplicate(&late), Some((500, 1000)));
    }
}
