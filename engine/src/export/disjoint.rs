//! Provable disjointness of schemas: when no value can be valid against two `oneOf`
//! branches, `oneOf` and `anyOf` say the same. Every proof is bounded by a work
//! budget.

use super::keywords::{type_names, value_has_type};
use crate::json::json_eq;
use crate::json::pointer;
use serde_json::Value;

/// The type bits: one per JSON type, numbers split into integers and the rest.
const NULL: u8 = 1;
const BOOL: u8 = 2;
const OBJECT: u8 = 4;
const ARRAY: u8 = 8;
const STRING: u8 = 16;
const FRACTION: u8 = 32; // numbers that are not integers
const INTEGER: u8 = 64;

/// The bits of a type name.
fn bits_of_name(t: &str) -> u8 {
    match t {
        "null" => NULL,
        "boolean" => BOOL,
        "object" => OBJECT,
        "array" => ARRAY,
        "string" => STRING,
        "number" => FRACTION | INTEGER,
        "integer" => INTEGER,
        _ => 0,
    }
}

/// The bit of a value's type.
fn bits_of_value(v: &Value) -> u8 {
    match v {
        Value::Null => NULL,
        Value::Bool(_) => BOOL,
        Value::Object(_) => OBJECT,
        Value::Array(_) => ARRAY,
        Value::String(_) => STRING,
        Value::Number(_) if value_has_type(v, "integer") => INTEGER,
        Value::Number(_) => FRACTION,
    }
}

/// The JSON types a schema can accept, as a bit set, when that is provable from its
/// `type`, `const`, `enum`, `$ref` or `anyOf`; `None` when any type might pass.
fn type_bits(schema: &Value, root: &Value, depth: usize, work: &mut usize) -> Option<u8> {
    if depth > 16 || *work == 0 {
        return None;
    }
    *work -= 1;
    let node = match schema {
        Value::Object(m) => m,
        Value::Bool(false) => return Some(0),
        _ => return None,
    };
    let mut bits: Option<u8> = None;
    let mut meet = |b: u8| bits = Some(bits.map_or(b, |x| x & b));
    if let Some(names) = type_names(node) {
        let mut any = 0;
        for t in names.iter() {
            any |= bits_of_name(t);
        }
        meet(any);
    }
    if let Some(c) = node.get("const") {
        meet(bits_of_value(c));
    }
    if let Some(Value::Array(vals)) = node.get("enum") {
        let mut any = 0;
        for v in vals {
            any |= bits_of_value(v);
        }
        meet(any);
    }
    if let Some(Value::String(r)) = node.get("$ref") {
        if let Some(b) =
            pointer::resolve_local(root, r).and_then(|t| type_bits(t, root, depth + 1, work))
        {
            meet(b);
        }
    }
    if let Some(Value::Array(branches)) = node.get("anyOf") {
        // Every branch's bits (the first unknown ends the walk), joined.
        let mut all = Some(0);
        for b in branches {
            match type_bits(b, root, depth + 1, work) {
                Some(x) => all = all.map(|a| a | x),
                None => {
                    all = None;
                    break;
                }
            }
        }
        if let Some(all) = all {
            meet(all);
        }
    }
    bits
}

/// The values a schema accepts, when it lists them (`const` or `enum`).
fn value_set(schema: &Value) -> Option<Vec<&Value>> {
    let node = schema.as_object()?;
    if let Some(c) = node.get("const") {
        return Some(vec![c]);
    }
    node.get("enum")?.as_array().map(|l| l.iter().collect())
}

fn deref<'a>(schema: &'a Value, root: &'a Value) -> &'a Value {
    let mut s = schema;
    for _ in 0..16 {
        match s.get("$ref").and_then(Value::as_str) {
            Some(r) if s.as_object().is_some_and(|m| m.len() == 1) => {
                match pointer::resolve_local(root, r) {
                    Some(t) => s = t,
                    None => return s,
                }
            }
            _ => return s,
        }
    }
    s
}

/// Can no value be valid against both `a` and `b`? `true` only when provable: their
/// possible types are disjoint, their listed values are, or both are objects that
/// require a property whose schemas are (a discriminator).
///
/// Every step (a schema read, two values compared) is taken from `work`; when it runs
/// out the answer is `false` (not proved), so the caller can tell the two apart by
/// `*work == 0` and no proof costs more than the budget it is given.
pub(crate) fn provably_disjoint(
    a: &Value,
    b: &Value,
    root: &Value,
    depth: usize,
    work: &mut usize,
) -> bool {
    if depth > 8 || *work == 0 {
        return false;
    }
    *work -= 1;
    let (a, b) = (deref(a, root), deref(b, root));
    if let (Some(x), Some(y)) = (type_bits(a, root, 0, work), type_bits(b, root, 0, work)) {
        if x & y == 0 {
            return true;
        }
    }
    if let (Some(x), Some(y)) = (value_set(a), value_set(b)) {
        let pairs = x.len().saturating_mul(y.len());
        if pairs > *work {
            *work = 0;
            return false;
        }
        *work -= pairs;
        if !x.iter().any(|v| y.iter().any(|w| json_eq(v, w))) {
            return true;
        }
    }
    let mut objects_only = |s: &Value| type_bits(s, root, 0, work) == Some(OBJECT);
    if objects_only(a) && objects_only(b) {
        let req = |s: &Value| -> Vec<String> {
            s.get("required")
                .and_then(Value::as_array)
                .map(|l| {
                    l.iter()
                        .filter_map(Value::as_str)
                        .map(String::from)
                        .collect()
                })
                .unwrap_or_default()
        };
        let (ra, rb) = (req(a), req(b));
        let pairs = ra.len().saturating_mul(rb.len());
        if pairs > *work {
            *work = 0;
            return false;
        }
        *work -= pairs;
        for p in ra.iter().filter(|p| rb.contains(p)) {
            let pa = a.get("properties").and_then(|m| m.get(p.as_str()));
            let pb = b.get("properties").and_then(|m| m.get(p.as_str()));
            if let (Some(pa), Some(pb)) = (pa, pb) {
                if provably_disjoint(pa, pb, root, depth + 1, work) {
                    return true;
                }
            }
        }
    }
    false
}

/// The pairs of `branches` not provably disjoint: the first few named (`"0 and 2"`)
/// and their number; `None` when the proofs would take more than `work` steps (see
/// [`provably_disjoint`]), `work` then left at 0.
pub(crate) fn overlapping_pairs(
    branches: &[Value],
    root: &Value,
    work: &mut usize,
) -> Option<(Vec<String>, usize)> {
    const NAMED: usize = 8;
    let mut named = Vec::new();
    let mut count = 0;
    for i in 0..branches.len() {
        for j in i + 1..branches.len() {
            if !provably_disjoint(&branches[i], &branches[j], root, 0, work) {
                if *work == 0 {
                    return None;
                }
                count += 1;
                if named.len() < NAMED {
                    named.push(format!("{i} and {j}"));
                }
            }
        }
    }
    Some((named, count))
}

/// The words for [`overlapping_pairs`]' answer: `"0 and 1, 0 and 2"`, with `"(and N
/// more pairs)"` when not all are named.
pub(crate) fn pairs_in_words(named: &[String], count: usize) -> String {
    let mut s = named.join(", ");
    if count > named.len() {
        s.push_str(&format!(" (and {} more pairs)", count - named.len()));
    }
    s
}

/// The refusal of a `oneOf` whose disjointness proof ran out of work.
pub(crate) fn disjointness_budget_message(branches: usize) -> String {
    format!(
        "proving the {branches} `oneOf` branches disjoint would take more than {} steps, so `anyOf` cannot be shown to say the same",
        super::limits::MAX_DISJOINTNESS_WORK
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn disjointness_is_proved_or_not_claimed() {
        let root = json!({});
        let d = |a: Value, b: Value| provably_disjoint(&a, &b, &root, 0, &mut 1000);
        assert!(d(json!({"type": "string"}), json!({"type": "integer"})));
        assert!(!d(json!({"type": "number"}), json!({"type": "integer"})));
        assert!(d(json!({"const": "a"}), json!({"enum": ["b", "c"]})));
        assert!(!d(json!({"enum": [1]}), json!({"enum": [1.0]})));
        assert!(!d(json!({"type": "string"}), json!({"maxLength": 1})));
        let cat = json!({"type": "object", "properties": {"kind": {"const": "cat"}}, "required": ["kind"]});
        let dog = json!({"type": "object", "properties": {"kind": {"const": "dog"}}, "required": ["kind"]});
        assert!(d(cat.clone(), dog));
        let any = json!({"type": "object", "properties": {"kind": {"type": "string"}}, "required": ["kind"]});
        assert!(!d(cat, any));
    }
}
