//! Rewrites that keep a schema's meaning: two schemas merged when `allOf` of them
//! says the same, a `type` list split into an `anyOf`, a schema made to accept
//! `null`, a recursive `$ref` with siblings moved into a one-branch `anyOf`.

use super::keywords::{is_annotation, keyword_type, type_names, value_has_type};
use super::ledger::Ledger;
use super::report::ChangeKind;
use crate::json::json_eq;
use serde_json::{json, Map, Value};

/// Merges `extra` into `node` as `allOf: [node, extra]` would read, when that is the
/// same schema: a key in both must hold equal values unless it is an annotation (then
/// `node`'s is kept). Returns the conflicting keys (nothing merged) otherwise.
pub(crate) fn merge_equivalent(
    node: &Map<String, Value>,
    extra: &Map<String, Value>,
    node_first: bool,
) -> Result<Map<String, Value>, Vec<String>> {
    let mut conflicts: Vec<String> = Vec::new();
    for (k, v) in extra {
        if !is_annotation(k) && node.get(k).is_some_and(|w| !json_eq(v, w)) {
            conflicts.push(k.clone());
        }
    }
    if !conflicts.is_empty() {
        return Err(conflicts);
    }
    let mut out = Map::new();
    if node_first {
        for (k, v) in node {
            out.insert(k.clone(), v.clone());
        }
        for (k, v) in extra {
            if !out.contains_key(k) {
                out.insert(k.clone(), v.clone());
            }
        }
    } else {
        for (k, v) in extra {
            out.insert(k.clone(), node.get(k).unwrap_or(v).clone());
        }
        for (k, v) in node {
            if !out.contains_key(k) {
                out.insert(k.clone(), v.clone());
            }
        }
    }
    Ok(out)
}

/// A one-branch `allOf` (of a schema object) merged into its parent `m`, when that
/// says the same (see [`merge_equivalent`]): `None` when `m` has no such `allOf`,
/// `Some(Err(keys))` with the keys that contradict the parent's (nothing merged).
pub(crate) fn merge_single_all_of(m: &mut Map<String, Value>) -> Option<Result<(), Vec<String>>> {
    let Some(Value::Array(branches)) = m.get("allOf") else {
        return None;
    };
    let [Value::Object(only)] = branches.as_slice() else {
        return None;
    };
    let only = only.clone();
    let mut rest = m.clone();
    rest.shift_remove("allOf");
    Some(merge_equivalent(&rest, &only, true).map(|merged| *m = merged))
}

/// The change a merged one-branch `allOf` is reported as.
pub(crate) const ALL_OF_MERGED: &str = "one-branch `allOf` merged into its schema";

/// The refusal of a one-branch `allOf` whose `keys` contradict its parent's.
pub(crate) fn all_of_conflict(keys: &[String]) -> String {
    format!(
        "a one-branch `allOf` whose {} contradict its parent's",
        keys.join(", ")
    )
}

/// Splits a schema whose `type` lists several non-null types into an `anyOf` of one
/// branch per type, each carrying the keywords that constrain its type (and the `enum`
/// values, or `const`, of that type); keywords for every type stay outside. Equivalent:
/// a type-specific keyword constrains only values of its type. `null` in the list
/// becomes a `{"type": "null"}` branch when `null_branch`, and is returned otherwise.
///
/// Returns `None` when the schema does not list several non-null types.
pub(crate) fn split_type_list(
    node: &Map<String, Value>,
    null_branch: bool,
) -> Option<(Map<String, Value>, bool)> {
    let names = type_names(node)?;
    let has_null = names.contains(&"null");
    // At least two types besides `null`.
    names.iter().filter(|t| **t != "null").nth(1)?;
    let mut outer = Map::new();
    let mut branches: Vec<Value> = Vec::new();
    for t in names.iter().filter(|t| **t != "null") {
        branches.extend(type_branch(node, t));
    }
    if has_null && null_branch {
        let allows_null = match (node.get("enum"), node.get("const")) {
            (Some(Value::Array(l)), _) => l.iter().any(Value::is_null),
            (_, Some(c)) => c.is_null(),
            _ => true,
        };
        if allows_null {
            branches.push(serde_json::json!({"type": "null"}));
        }
    }
    for (k, v) in node {
        if k == "type" || k == "enum" || k == "const" || keyword_type(k).is_some() {
            continue;
        }
        outer.insert(k.clone(), v.clone());
    }
    outer.insert("anyOf".into(), Value::Array(branches));
    Some((outer, has_null))
}

/// The branch of type `t` of a schema whose `type` lists several: `t` with the
/// keywords that constrain it, and its values of the `enum` or `const`; `None` when
/// those leave no value of type `t`.
fn type_branch(node: &Map<String, Value>, t: &str) -> Option<Value> {
    let mut b = Map::new();
    b.insert("type".into(), Value::from(t));
    let mut empty = false;
    for (k, v) in node {
        if k == "type" {
            continue;
        }
        let applies = match keyword_type(k) {
            Some("number") => t == "number" || t == "integer",
            Some(kt) => kt == t,
            None => false,
        };
        if applies {
            b.insert(k.clone(), v.clone());
        } else if k == "enum" {
            let vals: Vec<Value> = v
                .as_array()
                .map(|l| l.iter().filter(|x| value_has_type(x, t)).cloned().collect())
                .unwrap_or_default();
            empty |= vals.is_empty();
            b.insert(k.clone(), Value::Array(vals));
        } else if k == "const" {
            empty |= !value_has_type(v, t);
            b.insert(k.clone(), v.clone());
        }
    }
    (!empty).then_some(Value::Object(b))
}

/// Does a (transformed) schema accept `null`?
pub(crate) fn accepts_null(s: &Map<String, Value>) -> bool {
    if let Some(names) = type_names(s) {
        if !names.contains(&"null") {
            return false;
        }
    }
    if let Some(c) = s.get("const") {
        return c.is_null();
    }
    if let Some(Value::Array(vals)) = s.get("enum") {
        if !vals.iter().any(Value::is_null) {
            return false;
        }
    }
    if let Some(Value::Array(branches)) = s.get("anyOf") {
        return branches
            .iter()
            .any(|b| b.as_object().is_some_and(accepts_null));
    }
    type_names(s).is_some() || s.get("enum").is_some()
}

/// Makes a schema accept `null` as well, keeping what else it accepts: `null` added to
/// a `type` (and to an `enum`), a `{"type": "null"}` branch added to a bare `anyOf`, or
/// else an `anyOf` of the schema and `{"type": "null"}` (title and description
/// outside). Returns the schema, whether it already accepted null, and how.
pub(crate) fn make_nullable(schema: Value) -> (Value, bool, String) {
    let Value::Object(mut m) = schema else {
        return (schema, false, String::new());
    };
    if accepts_null(&m) {
        return (Value::Object(m), true, String::new());
    }
    let simple_type = matches!(
        m.get("type"),
        Some(Value::String(_)) | Some(Value::Array(_))
    ) && !m.contains_key("const")
        && !m.contains_key("anyOf")
        && !m.contains_key("$ref");
    if simple_type {
        let before = m["type"].clone();
        let mut list = match &before {
            Value::Array(l) => l.clone(),
            t => vec![t.clone()],
        };
        list.push(Value::from("null"));
        m.insert("type".into(), Value::Array(list.clone()));
        let mut how = format!("type {before} -> {}", Value::Array(list));
        if let Some(Value::Array(vals)) = m.get_mut("enum") {
            vals.push(Value::Null);
            how.push_str(", null added to `enum`");
        }
        return (Value::Object(m), false, how);
    }
    let only_any_of = m.contains_key("anyOf")
        && m.keys()
            .all(|k| k == "anyOf" || k == "title" || k == "description");
    if only_any_of {
        if let Some(Value::Array(branches)) = m.get_mut("anyOf") {
            branches.push(json!({"type": "null"}));
        }
        return (
            Value::Object(m),
            false,
            "{\"type\": \"null\"} added to its `anyOf`".into(),
        );
    }
    let mut outer = Map::new();
    for k in ["title", "description"] {
        if let Some(v) = m.shift_remove(k) {
            outer.insert(k.into(), v);
        }
    }
    outer.insert("anyOf".into(), json!([Value::Object(m), {"type": "null"}]));
    (
        Value::Object(outer),
        false,
        "wrapped in `anyOf` with {\"type\": \"null\"}".into(),
    )
}

/// Rewrites `schema`, whose `$ref` `r` is recursive (so cannot be inlined) and has
/// sibling keywords, into the same schema with the bare reference as the one branch
/// of an `anyOf` beside the siblings, and records the change at `ptr` (`why`: the
/// target's rule). The caller has checked that `schema` has no `anyOf` of its own.
pub(crate) fn recursive_ref_into_any_of(
    schema: &mut Map<String, Value>,
    r: &str,
    ctx: &mut Ledger,
    ptr: &str,
    why: String,
) {
    schema.shift_remove("$ref");
    let mut bare = Map::new();
    bare.insert("$ref".into(), Value::String(r.to_string()));
    schema.insert("anyOf".into(), Value::Array(vec![Value::Object(bare)]));
    ctx.change(
        ptr,
        ChangeKind::Converted,
        format!("recursive `$ref` \"{r}\" moved into a one-branch `anyOf` beside its siblings"),
        why,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn type_lists_split_per_type() {
        let node = json!({"type": ["integer", "string", "null"], "minimum": 1, "maxLength": 3,
                          "enum": [1, 2, "a", null], "description": "d"});
        let (outer, had_null) = split_type_list(node.as_object().unwrap(), true).unwrap();
        assert!(had_null);
        assert_eq!(
            Value::Object(outer),
            json!({"description": "d", "anyOf": [
                {"type": "integer", "minimum": 1, "enum": [1, 2]},
                {"type": "string", "maxLength": 3, "enum": ["a"]},
                {"type": "null"}
            ]})
        );
        assert!(split_type_list(
            json!({"type": ["string", "null"]}).as_object().unwrap(),
            true
        )
        .is_none());
    }
}
