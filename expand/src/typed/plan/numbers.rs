//! Which Rust number type reads a numeric node: the narrowest integer type its
//! bounds and numeric `format` allow, `f64` where every accepted number is one
//! exactly, else `serde_json::Number`.

use super::Ty;
use serde_json::Number;
use tool_schema_engine::schema::Node;

/// The Rust integer types, narrowest first, with their ranges.
const INTEGERS: [(&str, i128, i128); 8] = [
    ("u8", 0, u8::MAX as i128),
    ("i8", i8::MIN as i128, i8::MAX as i128),
    ("u16", 0, u16::MAX as i128),
    ("i16", i16::MIN as i128, i16::MAX as i128),
    ("u32", 0, u32::MAX as i128),
    ("i32", i32::MIN as i128, i32::MAX as i128),
    ("u64", 0, u64::MAX as i128),
    ("i64", i64::MIN as i128, i64::MAX as i128),
];

/// `n` as an integer, a float rounded by `round` (`f64::ceil` for a lower
/// bound, `f64::floor` for an upper one); `None` past what a comparison with
/// serde_json's integers needs.
fn to_int(n: &Number, round: fn(f64) -> f64) -> Option<i128> {
    match (n.as_i64(), n.as_u64()) {
        (Some(i), _) => Some(i as i128),
        (_, Some(u)) => Some(u as i128),
        _ => n
            .as_f64()
            .filter(|f| f.abs() < 1e30)
            .map(|f| round(f) as i128),
    }
}

/// The lowest and highest integers `node`'s bounds and numeric format allow
/// (`None`: unbounded on that side). A JSON integer serde_json holds is an `i64`
/// or a `u64`, so those are the widest ends.
fn integer_range(node: &Node) -> (Option<i128>, Option<i128>) {
    use tool_schema_engine::keywords::format::NumericRange;
    let mut low: Option<i128> = None;
    let mut high: Option<i128> = None;
    let mut raise = |v: Option<i128>| {
        if let Some(v) = v {
            low = Some(low.map_or(v, |l| l.max(v)));
        }
    };
    raise(node.minimum.as_ref().and_then(|n| to_int(n, f64::ceil)));
    raise(
        node.exclusive_minimum
            .as_ref()
            .and_then(|n| to_int(n, f64::floor))
            .map(|v| v + 1),
    );
    let mut lower = |v: Option<i128>| {
        if let Some(v) = v {
            high = Some(high.map_or(v, |h| h.min(v)));
        }
    };
    lower(node.maximum.as_ref().and_then(|n| to_int(n, f64::floor)));
    lower(
        node.exclusive_maximum
            .as_ref()
            .and_then(|n| to_int(n, f64::ceil))
            .map(|v| v - 1),
    );
    if let Some(NumericRange::Integer { min, max }) = node.numeric_format.map(|f| f.range) {
        low = Some(low.map_or(min, |l| l.max(min)));
        high = Some(high.map_or(max, |h| h.min(max)));
    }
    (low, high)
}

/// The narrowest Rust integer holding every integer `node` accepts: the bounds
/// and numeric format decide; an integer bounded below by 0 is a `u64` at most,
/// above by `i64::MAX` an `i64`, and an unbounded one an `i128` (serde_json's
/// integers run from `i64::MIN` to `u64::MAX`). Where serde buffers the value
/// before reading it (`buffered`: inside a tagged union's variant or a `$defs`
/// type), which it cannot do for an `i128`, the unbounded integer is a
/// `serde_json::Number`.
pub(super) fn integer(node: &Node, buffered: bool) -> Ty {
    let (low, high) = integer_range(node);
    let low = low.unwrap_or(i64::MIN as i128);
    let high = high.unwrap_or(u64::MAX as i128);
    narrowest(low, high, buffered)
}

/// The narrowest Rust integer holding every integer from `low` to `high`; past
/// 64 bits an `i128`, or where serde buffers the value (see [`integer`]) a
/// `serde_json::Number`.
pub(super) fn narrowest(low: i128, high: i128, buffered: bool) -> Ty {
    for (name, min, max) in INTEGERS {
        if min <= low && high <= max {
            return Ty::Int(name);
        }
    }
    if buffered {
        Ty::Number
    } else {
        Ty::Int("i128")
    }
}

/// `f64` when every number `node` accepts is one exactly (every float is; an
/// integer is when its magnitude is at most 2^53), else `serde_json::Number`.
pub(super) fn number(node: &Node) -> Ty {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    let bound = |n: &Option<Number>| n.as_ref().and_then(Number::as_f64);
    let low = [bound(&node.minimum), bound(&node.exclusive_minimum)]
        .into_iter()
        .flatten()
        .fold(f64::NEG_INFINITY, f64::max);
    let high = [bound(&node.maximum), bound(&node.exclusive_maximum)]
        .into_iter()
        .flatten()
        .fold(f64::INFINITY, f64::min);
    // An integer format's range bounds the number too.
    let (low, high) = match node.numeric_format.map(|f| f.range) {
        Some(tool_schema_engine::keywords::format::NumericRange::Integer { min, max }) => {
            (low.max(min as f64), high.min(max as f64))
        }
        _ => (low, high),
    };
    if low >= -EXACT && high <= EXACT {
        Ty::F64
    } else {
        Ty::Number
    }
}
