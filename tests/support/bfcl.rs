//! The BFCL sample (`tests/data/bfcl/`, see its README) and mutations of its
//! ground-truth calls whose expected codes are computed from the definition alone
//! (DIALECT.md's rules applied by hand to one changed argument), never by a
//! validator. Shared by `tests/bfcl.rs` and `tests/compiled/tests/bfcl.rs`.

#![allow(dead_code)]

use serde_json::{json, Map, Value};
use std::path::Path;

/// One definition of `definitions.jsonl`.
pub struct Def {
    /// Its line number in the corpus's `functions.jsonl` (0-based).
    pub n: usize,
    /// `python`, `java` or `javascript`.
    pub style: String,
    pub name: String,
    pub parameters: Value,
}

/// One ground-truth call of `calls.jsonl`.
pub struct Call {
    pub id: String,
    pub call_index: u64,
    /// The `n` of its definition.
    pub def: usize,
    pub arguments: Value,
    pub expected: Vec<String>,
}

fn lines(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every definition of `dir/definitions.jsonl`, indexed by `n`.
pub fn definitions(dir: &Path) -> Vec<Def> {
    let defs: Vec<Def> = lines(&dir.join("definitions.jsonl"))
        .into_iter()
        .map(|v| Def {
            n: v["n"].as_u64().unwrap() as usize,
            style: v["style"].as_str().unwrap().to_string(),
            name: v["name"].as_str().unwrap().to_string(),
            parameters: v["parameters"].clone(),
        })
        .collect();
    assert!(defs.iter().enumerate().all(|(i, d)| d.n == i));
    defs
}

/// Every call of `dir/calls.jsonl`.
pub fn calls(dir: &Path) -> Vec<Call> {
    lines(&dir.join("calls.jsonl"))
        .into_iter()
        .map(|v| Call {
            id: v["id"].as_str().unwrap().to_string(),
            call_index: v["call_index"].as_u64().unwrap(),
            def: v["def"].as_u64().unwrap() as usize,
            arguments: v["arguments"].clone(),
            expected: v["expected"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect(),
        })
        .collect()
}

/// A changed call and the codes it must get.
pub struct Mutation {
    /// What was changed: `missing`, `unexpected`, `type`, `null`, `type-nested`,
    /// `enum-case`, `enum-case-element`.
    pub kind: &'static str,
    pub arguments: Value,
    pub expected: Vec<String>,
}

/// Every kind [`mutations`] makes.
pub const KINDS: [&str; 7] = [
    "missing",
    "unexpected",
    "type",
    "null",
    "type-nested",
    "enum-case",
    "enum-case-element",
];

/// A value of another JSON type than BFCL's `ty` accepts (DIALECT.md §2).
fn other_type(ty: &str) -> Option<Value> {
    Some(match ty {
        "string" => json!(42),
        "integer" => json!("42"),
        "float" => json!("2.5"),
        "boolean" => json!("true"),
        "array" | "tuple" => json!("a, b"),
        "dict" => json!("{\"a\": 1}"),
        _ => return None, // `any` accepts every value
    })
}

/// `name` with its middle character doubled: `city` -> `citty`.
fn near_miss(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mid = chars.len() / 2;
    let mut out: String = chars[..mid].iter().collect();
    if let Some(c) = chars.get(mid) {
        out.push(*c);
    }
    out.extend(&chars[mid..]);
    out
}

/// `s` with the case of every letter swapped, if that changes it.
fn swap_case(s: &str) -> Option<String> {
    let out: String = s
        .chars()
        .flat_map(|c| {
            if c.is_uppercase() {
                c.to_lowercase().collect::<Vec<_>>()
            } else {
                c.to_uppercase().collect::<Vec<_>>()
            }
        })
        .collect();
    (out != s).then_some(out)
}

/// DIALECT.md §4: JSON equality, numbers by value.
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

/// A string in `value`'s case swapped that `allowed` does not hold.
fn case_changed(value: &Value, allowed: &[Value]) -> Option<Value> {
    let changed = Value::from(swap_case(value.as_str()?)?);
    (!allowed.iter().any(|a| json_eq(a, &changed))).then_some(changed)
}

fn with(args: &Map<String, Value>, name: &str, value: Value) -> Value {
    let mut out = args.clone();
    out.insert(name.to_string(), value);
    Value::Object(out)
}

/// The mutations of a call that fits `parameters` (its `expected` is `[]`): each
/// changes one thing, and `expected` is the one code DIALECT.md gives for it.
pub fn mutations(parameters: &Value, arguments: &Value) -> Vec<Mutation> {
    let mut out = Vec::new();
    let Some(args) = arguments.as_object() else {
        return out;
    };
    let props = parameters.get("properties").and_then(Value::as_object);
    let node = |name: &str| props.and_then(|p| p.get(name));
    let ty = |n: &Value| {
        n.get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };

    // Drop the first required argument the call has.
    let required = parameters.get("required").and_then(Value::as_array);
    if let Some(name) = required
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .find(|r| args.contains_key(*r))
    {
        let mut a = args.clone();
        a.remove(name);
        out.push(Mutation {
            kind: "missing",
            arguments: Value::Object(a),
            expected: vec![format!("missing:{name}")],
        });
    }

    // An undeclared near-miss of the first argument's name (or of the first
    // declared name), with the same value.
    if let Some(props) = props {
        let base = args
            .keys()
            .next()
            .or_else(|| props.keys().next())
            .cloned()
            .unwrap_or_else(|| "input".to_string());
        let mut extra = near_miss(&base);
        while props.contains_key(&extra) || args.contains_key(&extra) {
            extra.push('_');
        }
        let value = args.get(&base).cloned().unwrap_or(json!("x"));
        out.push(Mutation {
            kind: "unexpected",
            arguments: with(args, &extra, value),
            expected: vec![format!("unexpected:{extra}")],
        });
    }

    // A value of another JSON type, and `null`, for the first argument whose type
    // is not `any`.
    if let Some((name, t)) = args.keys().find_map(|k| {
        let t = ty(node(k)?);
        other_type(&t).map(|_| (k.clone(), t))
    }) {
        out.push(Mutation {
            kind: "type",
            arguments: with(args, &name, other_type(&t).unwrap()),
            expected: vec![format!("type:{name}")],
        });
        out.push(Mutation {
            kind: "null",
            arguments: with(args, &name, Value::Null),
            expected: vec![format!("type:{name}")],
        });
    }

    // One level down: the first element of an array whose items have a type, or
    // the first member of a dict that declares it.
    'nested: for (name, value) in args {
        let Some(n) = node(name) else { continue };
        match (ty(n).as_str(), value) {
            ("array" | "tuple", Value::Array(elements)) if !elements.is_empty() => {
                let Some(wrong) = n.get("items").and_then(|i| other_type(&ty(i))) else {
                    continue;
                };
                let mut elements = elements.clone();
                elements[0] = wrong;
                out.push(Mutation {
                    kind: "type-nested",
                    arguments: with(args, name, Value::Array(elements)),
                    expected: vec![format!("type:{name}[0]")],
                });
                break 'nested;
            }
            ("dict", Value::Object(members)) => {
                let declared = n.get("properties").and_then(Value::as_object);
                for (member, v) in members {
                    let Some(wrong) = declared
                        .and_then(|d| d.get(member))
                        .and_then(|m| other_type(&ty(m)))
                    else {
                        continue;
                    };
                    let _ = v;
                    let mut members = members.clone();
                    members.insert(member.clone(), wrong);
                    out.push(Mutation {
                        kind: "type-nested",
                        arguments: with(args, name, Value::Object(members)),
                        expected: vec![format!("type:{name}.{member}")],
                    });
                    break 'nested;
                }
            }
            _ => {}
        }
    }

    // The case of an enum value: a string argument whose node has an enum (not on
    // an array), then an element of an array whose own enum lists the elements.
    if let Some((name, changed)) = args.iter().find_map(|(k, v)| {
        let n = node(k)?;
        if matches!(ty(n).as_str(), "array" | "tuple") {
            return None;
        }
        let allowed = n.get("enum")?.as_array()?;
        Some((k.clone(), case_changed(v, allowed)?))
    }) {
        out.push(Mutation {
            kind: "enum-case",
            arguments: with(args, &name, changed),
            expected: vec![format!("enum:{name}")],
        });
    }
    if let Some((name, elements)) = args.iter().find_map(|(k, v)| {
        let n = node(k)?;
        if !matches!(ty(n).as_str(), "array" | "tuple") {
            return None;
        }
        let elements = v.as_array()?;
        // The array's enum, or else the items' enum.
        let allowed = n
            .get("enum")
            .or_else(|| n.get("items")?.get("enum"))?
            .as_array()?;
        let changed = case_changed(elements.first()?, allowed)?;
        // An enum on both (checked one after the other) must both refuse it.
        let both = [n.get("enum"), n.get("items").and_then(|i| i.get("enum"))];
        if both
            .iter()
            .flatten()
            .filter_map(|e| e.as_array())
            .any(|e| e.iter().any(|a| json_eq(a, &changed)))
        {
            return None;
        }
        let mut elements = elements.clone();
        elements[0] = changed;
        Some((k.clone(), elements))
    }) {
        out.push(Mutation {
            kind: "enum-case-element",
            arguments: with(args, &name, Value::Array(elements)),
            expected: vec![format!("enum:{name}[0]")],
        });
    }
    out
}

#[cfg(test)]
mod support_tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(near_miss("city"), "citty");
        assert_eq!(near_miss("a"), "aa");
        assert_eq!(swap_case("Horror").as_deref(), Some("hORROR"));
        assert_eq!(swap_case("42"), None);
        assert!(json_eq(&json!(1), &json!(1.0)));
    }
}
