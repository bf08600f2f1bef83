//! The nesting limit of a call ([`Options::max_depth`]): checked once, before any
//! walk, by the interpreter, by generated code and by the text path alike.
//!
//! A call is *too deep* when it holds an object or array nested more than
//! `max_depth` levels (the arguments object is level 1, its object and array
//! members level 2, ...). Such a call gets exactly one violation,
//! [`Kind::TooDeep`], at the first container (in the call's order) that crosses
//! the limit, and nothing else is checked. Every later walk (validation, report
//! building, cloning a received value into a violation, rendering it, serde
//! reading a valid call) therefore recurses at most `max_depth` levels, whatever
//! the schema leaves free (`{}`, open objects, arrays without `items`).
//!
//! The checks recurse once per level, on a few dozen bytes of stack, and stop at
//! the limit; they never allocate on a call within it.

use crate::options::Options;
use crate::violation::{Kind, Path, Position, Segment, Violation};
use serde_json::Value;
use std::borrow::Cow;

/// The most containers serde_json nests when it reads text (its recursion
/// limit): deeper text is not JSON to it.
pub const SERDE_LIMIT: usize = 127;

/// Whether `value` nests objects and arrays more than `max` levels (a scalar is
/// level 0, `[]` level 1, `[[]]` level 2).
#[inline]
pub fn exceeds(value: &Value, max: usize) -> bool {
    match value {
        Value::Array(_) | Value::Object(_) => max == 0 || below_exceeds(value, max - 1),
        _ => false,
    }
}

/// Whether a member or element of container `value` nests more than `budget`
/// levels.
///
/// A container holding only scalars (most of them: the objects of an array of
/// records) is told apart by a scan of its items, without a call; one holding
/// a container is called on, and the items before its first container are
/// scanned twice, at most (the work stays within twice the call's size).
fn below_exceeds(value: &Value, budget: usize) -> bool {
    match value {
        Value::Array(items) => items.iter().any(|v| deeper(v, budget)),
        Value::Object(map) => map.values().any(|v| deeper(v, budget)),
        _ => false,
    }
}

/// Whether `value`, a member or element of a container that may nest `budget`
/// more levels, nests more: a container at all when `budget` is 0, else one
/// holding a container that [`below_exceeds`] `budget - 1`.
#[inline(always)]
fn deeper(value: &Value, budget: usize) -> bool {
    let holds_container = match value {
        Value::Array(_) | Value::Object(_) if budget == 0 => return true,
        Value::Array(items) => items.iter().any(is_container),
        Value::Object(map) => map.values().any(is_container),
        _ => return false,
    };
    holds_container && below_exceeds(value, budget - 1)
}

/// Whether `value` is an array or an object.
#[inline(always)]
fn is_container(value: &Value) -> bool {
    matches!(value, Value::Array(_) | Value::Object(_))
}

/// The [`Kind::TooDeep`] violation of a call that [`exceeds`] `max` levels, at
/// the first container (in the call's order) at level `max + 1`. `declared` gives
/// a top-level argument's index among the declared properties, for its
/// [`Position`].
#[cold]
#[inline(never)]
pub fn violation(args: &Value, max: usize, declared: impl Fn(&str) -> Option<usize>) -> Violation {
    let mut segs = Vec::new();
    let mut argument = None;
    first_too_deep(args, max, &mut segs, &mut argument);
    let (argument, declared) = match segs.first() {
        Some(Segment::Key(k)) => (argument, declared(k)),
        _ => (None, None),
    };
    Violation::new(
        Kind::TooDeep { limit: max },
        Path::from(segs),
        Position { argument, declared },
    )
}

/// Pushes onto `segs` the steps to the first container below `value` that lies
/// more than `budget` levels down (`value` itself when `budget` is 0); `argument`
/// gets the index of the first step from the root. Whether one was found.
fn first_too_deep(
    value: &Value,
    budget: usize,
    segs: &mut Vec<Segment>,
    argument: &mut Option<usize>,
) -> bool {
    let container = matches!(value, Value::Array(_) | Value::Object(_));
    if !container {
        return false;
    }
    if budget == 0 {
        return true;
    }
    let top = segs.is_empty();
    let mut step = |i: usize, seg: Segment, v: &Value, segs: &mut Vec<Segment>| {
        segs.push(seg);
        if top && argument.is_none() {
            *argument = Some(i);
        }
        if first_too_deep(v, budget - 1, segs, argument) {
            return true;
        }
        segs.pop();
        if top {
            *argument = None;
        }
        false
    };
    match value {
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                if step(i, Segment::Index(i), v, segs) {
                    return true;
                }
            }
        }
        Value::Object(map) => {
            for (i, (k, v)) in map.iter().enumerate() {
                if step(i, Segment::Key(Cow::Owned(k.clone())), v, segs) {
                    return true;
                }
            }
        }
        _ => {}
    }
    false
}

/// The check every validation of a whole call starts with: `Some(violation)`
/// when `args` nests deeper than [`Options::max_depth`]. Shared by the
/// interpreter and generated code.
#[inline]
pub fn check_call(
    args: &Value,
    options: &Options,
    declared: impl Fn(&str) -> Option<usize>,
) -> Option<Violation> {
    if exceeds(args, options.max_depth) {
        Some(violation(args, options.max_depth, declared))
    } else {
        None
    }
}

/// Whether JSON `text` nests arrays and objects more than `max` levels, counted
/// on the bytes (brackets inside strings skipped). Malformed text may get either
/// answer: the text path then reads it the exact way, which says what it is.
pub fn text_exceeds(text: &str, max: usize) -> bool {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b'"' => {
                i += 1;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\\' => i += 2,
                        b'"' => break,
                        _ => i += 1,
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// Whether the text path must leave `text` to the exact path (parse, then
/// validate the value) because of its nesting: only when `max` is below what
/// serde_json reads at all, since deeper text is malformed to it.
#[inline]
pub fn text_too_deep(text: &str, options: &Options) -> bool {
    options.max_depth < SERDE_LIMIT && text_exceeds(text, options.max_depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn nested(levels: usize) -> Value {
        let mut v = json!(1);
        for _ in 0..levels {
            v = json!([v]);
        }
        v
    }

    #[test]
    fn levels_are_counted_as_containers() {
        assert!(!exceeds(&json!(1), 0));
        assert!(exceeds(&json!([]), 0));
        assert!(!exceeds(&json!([]), 1));
        assert!(!exceeds(&json!({"a": [1, {}]}), 3));
        assert!(exceeds(&json!({"a": [1, {}]}), 2));
        for n in [1, 2, 5, 128] {
            assert!(!exceeds(&nested(n), n), "{n}");
            assert!(exceeds(&nested(n + 1), n), "{n}");
            let text = nested(n).to_string();
            assert!(!text_exceeds(&text, n));
            assert!(text_exceeds(&text, n - 1));
        }
        assert!(!text_exceeds(r#"{"a": "[[[[\"[["}"#, 1));
        assert!(text_exceeds(r#"{"a": "\\", "b": [[]]}"#, 2));
    }

    /// The levels of `value` counted the plain way: a scalar 0, a container one
    /// more than its deepest item.
    fn levels(value: &Value) -> usize {
        let items: Vec<&Value> = match value {
            Value::Array(items) => items.iter().collect(),
            Value::Object(map) => map.values().collect(),
            _ => return 0,
        };
        1 + items.into_iter().map(levels).max().unwrap_or(0)
    }

    /// A random value of arrays, objects and scalars, at most `room` levels.
    fn random_value(rng: &mut crate::test_rng::Rng, room: usize) -> Value {
        let width = rng.below(4);
        match rng.below(if room == 0 { 1 } else { 3 }) {
            0 => json!(rng.below(10)),
            1 => Value::Array((0..width).map(|_| random_value(rng, room - 1)).collect()),
            _ => Value::Object(
                (0..width)
                    .map(|i| (format!("k{i}"), random_value(rng, room - 1)))
                    .collect(),
            ),
        }
    }

    #[test]
    fn exceeding_is_having_more_levels_than_the_limit() {
        let mut rng = crate::test_rng::Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2_000 {
            let value = random_value(&mut rng, 7);
            let n = levels(&value);
            for max in 0..10 {
                assert_eq!(exceeds(&value, max), n > max, "{value} at {max}");
            }
        }
    }

    #[test]
    fn the_violation_names_the_first_crossing() {
        let args = json!({"x": 1, "a": [[1], {"b": [[]]}]});
        let v = violation(&args, 3, |k| (k == "a").then_some(7));
        assert_eq!(v.kind, Kind::TooDeep { limit: 3 });
        assert_eq!(v.path.to_string(), "a[1].b");
        assert_eq!(v.position.argument, Some(1));
        assert_eq!(v.position.declared, Some(7));
        let v = violation(&nested(4), 2, |_| None);
        assert_eq!(v.path.to_string(), "[0][0]");
        assert_eq!(v.position.argument, None);
    }
}
