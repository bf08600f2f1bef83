//! The number keywords: `minimum`, `maximum`, `exclusiveMinimum`,
//! `exclusiveMaximum` (a [`Bound`] each), `multipleOf`, and a numeric `format`
//! (`uint8`: a range, decided in [`super::format`], asserted when
//! [`Options::formats`](crate::Options::formats)(crate::Options::formats) says so), checked in this order. Each decision is written
//! once here; the interpreter, the text path and generated code call it.

use crate::json::cmp_numbers;
pub use crate::json::cmp_to_int;
use crate::violation::Kind;
use serde_json::Number;
use std::cmp::Ordering;

/// The four bounds on a number, in the order the back ends check them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// `minimum` (inclusive).
    Minimum,
    /// `maximum` (inclusive).
    Maximum,
    /// `exclusiveMinimum` (the 2020-12 number form).
    ExclusiveMinimum,
    /// `exclusiveMaximum` (the 2020-12 number form).
    ExclusiveMaximum,
}

impl Bound {
    /// Every bound, in checking order.
    pub const ALL: [Bound; 4] = [
        Bound::Minimum,
        Bound::Maximum,
        Bound::ExclusiveMinimum,
        Bound::ExclusiveMaximum,
    ];

    /// Whether a number that compares `ord` with the limit breaks this bound
    /// (`None`: not comparable, which breaks nothing). The decision itself.
    #[inline(always)]
    pub fn breaks(self, ord: Option<Ordering>) -> bool {
        match self {
            Bound::Minimum => ord == Some(Ordering::Less),
            Bound::Maximum => ord == Some(Ordering::Greater),
            Bound::ExclusiveMinimum => matches!(ord, Some(Ordering::Less | Ordering::Equal)),
            Bound::ExclusiveMaximum => matches!(ord, Some(Ordering::Greater | Ordering::Equal)),
        }
    }

    /// Whether this bound is a lower one (a number below its limit breaks it),
    /// and whether it is strict (the limit itself breaks it): what
    /// [`Bound::breaks`] answers, read as a range's end.
    #[inline]
    fn shape(self) -> (bool, bool) {
        (
            self.breaks(Some(Ordering::Less)),
            self.breaks(Some(Ordering::Equal)),
        )
    }

    /// The `i64` values that keep within this bound at `limit`, as a range
    /// `lo..=hi` (`None`: none, at a strict bound at the end of `i64`): the
    /// values [`Bound::breaks`] lets through.
    fn int_range(self, limit: i64) -> Option<(i64, i64)> {
        match self.shape() {
            (true, false) => Some((limit, i64::MAX)),
            (true, true) => limit.checked_add(1).map(|lo| (lo, i64::MAX)),
            (false, false) => Some((i64::MIN, limit)),
            (false, true) => limit.checked_sub(1).map(|hi| (i64::MIN, hi)),
        }
    }

    /// The violation of this bound by `received`.
    #[cold]
    pub fn violation(self, limit: Number, received: Number) -> Kind {
        match self {
            Bound::Minimum => Kind::BelowMinimum { limit, received },
            Bound::Maximum => Kind::AboveMaximum { limit, received },
            Bound::ExclusiveMinimum => Kind::ExclusiveMinimum { limit, received },
            Bound::ExclusiveMaximum => Kind::ExclusiveMaximum { limit, received },
        }
    }
}

/// How `n` compares with `limit`, exactly: an integer limit (the common case)
/// through [`cmp_to_int`], any other through [`cmp_numbers`].
#[inline]
pub fn compare(n: &Number, limit: &Number) -> Option<Ordering> {
    match limit
        .as_i64()
        .map(i128::from)
        .or_else(|| limit.as_u64().map(i128::from))
    {
        Some(l) => cmp_to_int(n, l),
        None => cmp_numbers(n, limit),
    }
}

/// Whether `n` keeps within `bound` at `limit`.
#[inline]
pub fn within(bound: Bound, limit: &Number, n: &Number) -> bool {
    !bound.breaks(compare(n, limit))
}

/// Whether `n` keeps within `bound` at the integer `limit` (generated code's
/// inline form of [`within`]).
#[inline(always)]
pub fn within_int(bound: Bound, limit: i128, n: &Number) -> bool {
    !bound.breaks(cmp_to_int(n, limit))
}

/// The violation of `bound` at `limit` by `n`, if it breaks it.
#[inline]
pub fn bound(bound: Bound, limit: &Number, n: &Number) -> Option<Kind> {
    if within(bound, limit, n) {
        None
    } else {
        Some(bound.violation(limit.clone(), n.clone()))
    }
}

/// The violation of `multipleOf: divisor` by `n`, if it is not a multiple.
#[inline]
pub fn multiple(divisor: &Number, n: &Number) -> Option<Kind> {
    if multiple_of(n, divisor) {
        None
    } else {
        Some(Kind::MultipleOf {
            divisor: divisor.clone(),
            received: n.clone(),
        })
    }
}

/// A bound's limit prepared once (per schema node) for the yes/no walk.
#[derive(Clone, Debug)]
pub enum Limit {
    /// An `i64` limit: the common case, compared inline; with the same limit as
    /// an `f64` when that is exact (magnitude at most 2^53), for float values.
    Int { int: i64, float: Option<f64> },
    /// Any other limit, compared exactly through `cmp_numbers`.
    Other(Number),
}

impl Limit {
    /// `n` prepared.
    pub fn new(n: &Number) -> Limit {
        const EXACT: i64 = 1 << 53;
        match n.as_i64() {
            Some(i) => Limit::Int {
                int: i,
                float: (-EXACT..=EXACT).contains(&i).then_some(i as f64),
            },
            None => Limit::Other(n.clone()),
        }
    }

    /// How `n` compares with the limit: as [`compare`] decides.
    #[inline]
    pub fn compare(&self, n: &Number) -> Option<Ordering> {
        match self {
            Limit::Int { int, float } => match n.as_i64() {
                Some(v) => Some(v.cmp(int)),
                None => match float {
                    Some(l) if n.is_f64() => n.as_f64().and_then(|v| v.partial_cmp(l)),
                    _ => cmp_to_int(n, i128::from(*int)),
                },
            },
            Limit::Other(l) => cmp_numbers(n, l),
        }
    }
}

/// A node's four bounds prepared once for the yes/no walk: each [`Limit`] (in
/// [`Bound::ALL`]'s order), and what they leave to integers and to floats as
/// one range each, when every limit is an integer (the common case). The
/// ranges answer what [`Bound::breaks`] of each [`Limit::compare`] answers
/// (see [`Limits::within`]), in two comparisons.
#[derive(Clone, Debug)]
pub struct Limits {
    each: [Option<Limit>; 4],
    /// The `i64` values that keep within every bound: `lo..=hi` (empty when
    /// `lo > hi`); `None` when a limit is not an `i64`.
    ints: Option<(i64, i64)>,
    /// The `f64` values that keep within every bound; `None` when a limit is
    /// not an `i64` exact as an `f64`.
    floats: Option<FloatRange>,
}

/// The floats within bounds: above `lo` (or equal to it, unless `lo_strict`)
/// and below `hi` (or equal, unless `hi_strict`).
#[derive(Clone, Copy, Debug)]
struct FloatRange {
    lo: f64,
    lo_strict: bool,
    hi: f64,
    hi_strict: bool,
}

impl Limits {
    /// The limits of the bounds in [`Bound::ALL`]'s order (`None`: the node
    /// has not that bound) prepared.
    pub fn new(limits: [Option<&Number>; 4]) -> Limits {
        let each = limits.map(|l| l.map(Limit::new));
        let (mut ints, mut floats) = (
            Some((i64::MIN, i64::MAX)),
            Some(FloatRange {
                lo: f64::NEG_INFINITY,
                lo_strict: false,
                hi: f64::INFINITY,
                hi_strict: false,
            }),
        );
        for (bound, limit) in Bound::ALL.into_iter().zip(&each) {
            let (int, float) = match limit {
                None => continue,
                Some(Limit::Int { int, float }) => (*int, *float),
                Some(Limit::Other(_)) => {
                    (ints, floats) = (None, None);
                    break;
                }
            };
            let range = bound.int_range(int);
            ints = ints.map(|(l, h)| match range {
                Some((lo, hi)) => (l.max(lo), h.min(hi)),
                None => (1, 0),
            });
            floats = match (floats, float) {
                (Some(r), Some(l)) => Some(r.bounded(bound, l)),
                _ => None,
            };
        }
        Limits { each, ints, floats }
    }

    /// Whether `n` keeps within every bound: what [`Bound::breaks`] answers of
    /// each limit's [`Limit::compare`], read from the ranges when they apply.
    #[inline]
    pub fn within(&self, n: &Number) -> bool {
        match (n.as_i64(), &self.ints, &self.floats) {
            (Some(v), Some((lo, hi)), _) => *lo <= v && v <= *hi,
            (None, _, Some(r)) if n.is_f64() => n.as_f64().is_some_and(|v| r.contains(v)),
            _ => self.each_within(n),
        }
    }

    /// [`Limits::within`] bound by bound.
    #[inline(never)]
    fn each_within(&self, n: &Number) -> bool {
        Bound::ALL
            .into_iter()
            .zip(&self.each)
            .all(|(b, l)| l.as_ref().is_none_or(|l| !b.breaks(l.compare(n))))
    }
}

impl FloatRange {
    /// This range within `bound` at `limit` as well.
    fn bounded(self, bound: Bound, limit: f64) -> FloatRange {
        let (lower, strict) = bound.shape();
        let mut r = self;
        if lower {
            if limit > r.lo {
                (r.lo, r.lo_strict) = (limit, strict);
            } else if limit == r.lo {
                r.lo_strict |= strict;
            }
        } else if limit < r.hi {
            (r.hi, r.hi_strict) = (limit, strict);
        } else if limit == r.hi {
            r.hi_strict |= strict;
        }
        r
    }

    /// Whether `v` is in the range (a NaN, not comparable, breaks no bound).
    #[inline]
    fn contains(self, v: f64) -> bool {
        if v.is_nan() {
            return true;
        }
        (v > self.lo || (!self.lo_strict && v == self.lo))
            && (v < self.hi || (!self.hi_strict && v == self.hi))
    }
}

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
pub fn decimal(n: &Number) -> Option<(u64, i32)> {
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

pub fn strip_zeros(mut m: u64, mut e: i32) -> (u64, i32) {
    if m == 0 {
        return (0, 0);
    }
    while m % 10 == 0 {
        m /= 10;
        e += 1;
    }
    (m, e)
}

pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Whether `a * 10^p` is an integer multiple of `b * 10^q` (`b > 0`).
pub fn decimal_multiple(a: u64, p: i32, b: u64, q: i32) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn num(s: &str) -> Number {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn limits_ranges_answer_as_each_bound() {
        let limits = [
            "0",
            "1",
            "-1",
            "10",
            "1000",
            "9007199254740992",
            "9007199254740993",
            "9223372036854775807",
            "-9223372036854775808",
            "18446744073709551615",
            "0.5",
            "-2.5",
            "1e300",
        ];
        let values = [
            "0",
            "1",
            "-1",
            "2",
            "9",
            "10",
            "11",
            "999",
            "1000",
            "1001",
            "0.0",
            "0.5",
            "0.49",
            "1.0",
            "9.99",
            "10.0",
            "10.01",
            "-1.0",
            "-2.5",
            "-3",
            "9007199254740992",
            "9007199254740993",
            "9007199254740992.0",
            "9223372036854775807",
            "-9223372036854775808",
            "9223372036854775808",
            "18446744073709551615",
            "1e300",
            "-1e300",
            "1e-300",
        ];
        let limits: Vec<Option<Number>> = std::iter::once(None)
            .chain(limits.iter().map(|l| Some(num(l))))
            .collect();
        // Every pair of limits on two of the four bounds, the others absent.
        for (a, b) in [(0, 1), (2, 3), (0, 3), (2, 1), (0, 2), (1, 3)] {
            for la in &limits {
                for lb in &limits {
                    let mut set: [Option<&Number>; 4] = [None; 4];
                    set[a] = la.as_ref();
                    set[b] = lb.as_ref();
                    let prepared = Limits::new(set);
                    for v in values.iter().map(|v| num(v)) {
                        let each = Bound::ALL
                            .into_iter()
                            .zip(set)
                            .all(|(bound, l)| l.is_none_or(|l| within(bound, l, &v)));
                        assert_eq!(prepared.within(&v), each, "{v} in {set:?}");
                    }
                }
            }
        }
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
}
