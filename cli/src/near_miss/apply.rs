//! The mechanical reader: a program that applies the suggestions of a `check
//! --format json` line to the call once, with no other knowledge of the tool.
//!
//! An `unexpected` entry's suggestion (a declared name) renames the argument at its
//! pointer; an `enum` or `const` entry's suggestion (an allowed value) replaces the
//! value at its pointer. Every other entry is left alone.

use serde_json::{Map, Value};

/// `arguments` with the suggestions of `violations` (json_report entries) applied,
/// and how many were applied. Values are replaced first (their pointers name the
/// arguments as the call wrote them), then names, the deepest first.
pub fn apply(arguments: &Value, violations: &[Value]) -> (Value, usize) {
    let mut out = arguments.clone();
    let mut applied = 0;
    let mut renames: Vec<(&str, &str)> = Vec::new();
    for entry in violations {
        let (Some(kind), Some(pointer), Some(s)) = (
            entry.get("kind").and_then(Value::as_str),
            entry.get("pointer").and_then(Value::as_str),
            entry.get("suggestion"),
        ) else {
            continue;
        };
        match (kind, s) {
            ("unexpected", Value::String(name)) => renames.push((pointer, name)),
            ("enum" | "const", value) => {
                if let Some(v) = out.pointer_mut(pointer) {
                    *v = value.clone();
                    applied += 1;
                }
            }
            _ => {}
        }
    }
    renames.sort_by_key(|(pointer, _)| std::cmp::Reverse(pointer.len()));
    for (pointer, name) in renames {
        if rename(&mut out, pointer, name) {
            applied += 1;
        }
    }
    (out, applied)
}

/// Renames the member at `pointer` to `name`, in its place; false when there is
/// no such member or `name` is taken.
fn rename(value: &mut Value, pointer: &str, name: &str) -> bool {
    let Some((parent, token)) = pointer.rsplit_once('/') else {
        return false;
    };
    let key = token.replace("~1", "/").replace("~0", "~");
    let Some(Value::Object(members)) = value.pointer_mut(parent) else {
        return false;
    };
    if !members.contains_key(&key) || members.contains_key(name) {
        return false;
    }
    let renamed: Map<String, Value> = std::mem::take(members)
        .into_iter()
        .map(|(k, v)| (if k == key { name.to_string() } else { k }, v))
        .collect();
    *members = renamed;
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn renames_and_replaces_once() {
        let args = json!({"citty": "Oslo", "opts": {"Unit": "Celsius"}});
        let violations = [
            json!({"kind": "missing", "pointer": "/city"}),
            json!({"kind": "unexpected", "pointer": "/citty", "suggestion": "city"}),
            json!({"kind": "unexpected", "pointer": "/opts/Unit", "suggestion": "unit"}),
            json!({"kind": "enum", "pointer": "/opts/Unit", "suggestion": "celsius"}),
            json!({"kind": "unexpected", "pointer": "/nothing", "suggestion": "x"}),
        ];
        let (fixed, n) = apply(&args, &violations);
        assert_eq!(fixed, json!({"city": "Oslo", "opts": {"unit": "celsius"}}));
        assert_eq!(n, 3);
        // No suggestion, no change.
        let (same, n) = apply(&args, &[json!({"kind": "unexpected", "pointer": "/citty"})]);
        assert_eq!((same, n), (args, 0));
    }
}
