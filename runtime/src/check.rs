//! Checks shared by both back ends, so that the interpreter and generated code
//! decide and report alike. Used by generated code: not a stable API.

use crate::json::{cmp_numbers, json_eq, JsonType, TypeSet};
use crate::violation::{Kind, Position, Sink, Trail, Violation};
use serde_json::{Number, Value};
use std::cmp::Ordering;

/// Whether `n` is a multiple of `divisor` (> 0): exact for integers; for decimals,
/// tolerant of binary floating-point error (`0.3` is a multiple of `0.1`), and
/// false where the quotient overflows.
pub fn multiple_of(n: &Number, divisor: &Number) -> bool {
    if let (Some(a), Some(b)) = (n.as_i64(), divisor.as_i64()) {
        return b != 0 && a % b == 0;
    }
    if let (Some(a), Some(b)) = (n.as_u64(), divisor.as_u64()) {
        return b != 0 && a % b == 0;
    }
    let (Some(a), Some(b)) = (n.as_f64(), divisor.as_f64()) else {
        return false;
    };
    let q = a / b;
    if !q.is_finite() {
        return false;
    }
    let nearest = q.round();
    (q - nearest).abs() <= 1e-9 * nearest.abs().max(1.0)
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

/// The first pair `(i, j)`, `i < j`, of equal elements (JSON equality), by `j`.
pub fn first_duplicate(items: &[Value]) -> Option<(usize, usize)> {
    for j in 1..items.len() {
        if let Some(i) = items[..j].iter().position(|x| json_eq(x, &items[j])) {
            return Some((i, j));
        }
    }
    None
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
        assert!(!multiple_of(&num("1e308"), &num("0.123456789")));
        assert!(multiple_of(&num("-6"), &num("3")));
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
}
