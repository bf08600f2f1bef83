//! Semantic facts of a JSON Schema, shared by `engine/tests/export_strict.rs`
//! (the comparison of our OpenAI strict transform with the OpenAI SDK's): per
//! property path, the types it accepts, whether it accepts null, whether it is
//! required, its description and title, its bounds and listed values, and (objects)
//! `additionalProperties`. `$ref`s are followed (a cycle is recorded as such),
//! `anyOf` branches and `type` lists read alike. Used by `pydantic_equivalence.rs`.

use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Default, PartialEq, Clone)]
pub struct Facts {
    pub types: BTreeSet<String>,
    pub nullable: bool,
    pub required: Option<bool>,
    pub description: Option<String>,
    pub title: Option<String>,
    pub constraints: BTreeMap<String, Value>,
}

const CONSTRAINTS: [&str; 14] = [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minItems",
    "maxItems",
    "enum",
    "const",
    "additionalProperties",
];

fn resolve<'a>(root: &'a Value, r: &str) -> &'a Value {
    root.pointer(r.strip_prefix('#').unwrap())
        .unwrap_or_else(|| panic!("unresolved {r}"))
}

pub fn facts(root: &Value) -> BTreeMap<String, Facts> {
    let mut out = BTreeMap::new();
    node(root, root, String::new(), None, &mut out, &mut Vec::new());
    out
}

fn node(
    s: &Value,
    root: &Value,
    path: String,
    required: Option<bool>,
    out: &mut BTreeMap<String, Facts>,
    stack: &mut Vec<String>,
) {
    let mut m: Map<String, Value> = s.as_object().cloned().unwrap_or_default();
    let depth = stack.len();
    while let Some(r) = m.get("$ref").and_then(Value::as_str).map(String::from) {
        if stack.contains(&r) {
            out.entry(path.clone())
                .or_default()
                .constraints
                .insert("recursive".into(), json!(r));
            stack.truncate(depth);
            return;
        }
        let mut merged = resolve(root, &r).as_object().unwrap().clone();
        for (k, v) in m.iter().filter(|(k, _)| *k != "$ref") {
            merged.insert(k.clone(), v.clone());
        }
        m = merged;
        stack.push(r);
    }
    let mut f = Facts {
        required,
        description: m
            .get("description")
            .and_then(Value::as_str)
            .map(String::from),
        title: m.get("title").and_then(Value::as_str).map(String::from),
        ..Facts::default()
    };
    let union = m.get("anyOf").or_else(|| m.get("oneOf"));
    let branches: Vec<Value> = match union {
        Some(Value::Array(l)) => l.clone(),
        _ => vec![Value::Object(m.clone())],
    };
    // Each branch with its `$ref`s followed (`None`: a cycle, recorded).
    let mut resolved: Vec<Map<String, Value>> = Vec::new();
    for b in branches {
        let mut b = b.as_object().cloned().unwrap_or_default();
        let mut seen = Vec::new();
        while let Some(r) = b.get("$ref").and_then(Value::as_str).map(String::from) {
            if stack.contains(&r) || seen.contains(&r) {
                f.constraints.insert("recursive".into(), json!(r));
                break;
            }
            let mut merged = resolve(root, &r).as_object().unwrap().clone();
            for (k, v) in b.iter().filter(|(k, _)| *k != "$ref") {
                merged.insert(k.clone(), v.clone());
            }
            b = merged;
            seen.push(r);
        }
        if !b.contains_key("$ref") {
            resolved.push(b);
        }
    }
    let tag = union.and(discriminator(&resolved));
    let mut children: Vec<(String, Value, Option<bool>)> = Vec::new();
    for b in resolved {
        // A discriminated union's branch: its own facts, at `path<tag value>`.
        if let Some(name) = &tag {
            let value = &b["properties"][name]["const"];
            let at = format!("{path}<{}>", value.as_str().unwrap_or_default());
            let description = b.get("description").and_then(Value::as_str);
            let closed = b
                .get("additionalProperties")
                .map(|v| BTreeMap::from([("object:additionalProperties".to_string(), v.clone())]));
            out.insert(
                at.clone(),
                Facts {
                    description: description.map(String::from),
                    types: BTreeSet::from(["object".to_string()]),
                    constraints: closed.unwrap_or_default(),
                    ..Facts::default()
                },
            );
            f.types.insert("object".into());
            children.extend(members(&b, &at));
            continue;
        }
        let types: Vec<String> = match b.get("type") {
            Some(Value::String(t)) => vec![t.clone()],
            Some(Value::Array(l)) => l
                .iter()
                .filter_map(Value::as_str)
                .map(String::from)
                .collect(),
            _ => vec!["any".into()],
        };
        for t in &types {
            if t == "null" {
                f.nullable = true;
                continue;
            }
            f.types.insert(t.clone());
            for k in CONSTRAINTS {
                if let Some(v) = b.get(k) {
                    let v = match (k, v) {
                        ("enum", Value::Array(l)) => {
                            Value::Array(l.iter().filter(|x| !x.is_null()).cloned().collect())
                        }
                        _ => v.clone(),
                    };
                    f.constraints.insert(format!("{t}:{k}"), v);
                }
            }
            if union.is_some() {
                for k in ["title", "description"] {
                    if let Some(v) = b.get(k) {
                        f.constraints.insert(format!("{t}:{k}"), v.clone());
                    }
                }
            }
        }
        children.extend(members(&b, &path));
        if let Some(items) = b.get("items") {
            children.push((format!("{path}[]"), items.clone(), None));
        }
    }
    out.insert(path, f);
    for (p, v, r) in children {
        node(&v, root, p, r, out, stack);
    }
    stack.truncate(depth);
}

/// The members of object `b` at `path`: (path, schema, required).
fn members(b: &Map<String, Value>, path: &str) -> Vec<(String, Value, Option<bool>)> {
    let Some(Value::Object(props)) = b.get("properties") else {
        return Vec::new();
    };
    let req: Vec<&str> = b
        .get("required")
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    props
        .iter()
        .map(|(k, v)| {
            (
                format!("{path}/{k}"),
                v.clone(),
                Some(req.contains(&k.as_str())),
            )
        })
        .collect()
}

/// The tag of a discriminated union: a property every branch requires with a
/// `const` of its own (two branches at least).
fn discriminator(branches: &[Map<String, Value>]) -> Option<String> {
    if branches.len() < 2 {
        return None;
    }
    let first = branches[0].get("required")?.as_array()?;
    first.iter().filter_map(Value::as_str).find_map(|name| {
        let mut values = BTreeSet::new();
        branches
            .iter()
            .all(|b| {
                let required = b
                    .get("required")
                    .and_then(Value::as_array)
                    .is_some_and(|r| r.iter().any(|n| n == name));
                let c = b
                    .get("properties")
                    .and_then(|p| p.get(name))
                    .and_then(|t| t.get("const"));
                required && c.is_some_and(|c| values.insert(c.to_string()))
            })
            .then(|| name.to_string())
    })
}

pub fn diff(ours: &BTreeMap<String, Facts>, sdk: &BTreeMap<String, Facts>) -> Vec<String> {
    let mut out = Vec::new();
    let paths: BTreeSet<&String> = ours.keys().chain(sdk.keys()).collect();
    for p in paths {
        match (ours.get(p), sdk.get(p)) {
            (Some(a), Some(b)) if a == b => {}
            (Some(a), Some(b)) => {
                let show = |x: &dyn std::fmt::Debug| format!("{x:?}");
                if a.types != b.types {
                    out.push(format!(
                        "{p} types {} vs {}",
                        show(&a.types),
                        show(&b.types)
                    ));
                }
                if a.nullable != b.nullable {
                    out.push(format!("{p} nullable {} vs {}", a.nullable, b.nullable));
                }
                if a.required != b.required {
                    out.push(format!("{p} required {:?} vs {:?}", a.required, b.required));
                }
                if a.description != b.description {
                    out.push(format!(
                        "{p} description {:?} vs {:?}",
                        a.description, b.description
                    ));
                }
                if a.title != b.title {
                    out.push(format!("{p} title {:?} vs {:?}", a.title, b.title));
                }
                let keys: BTreeSet<&String> =
                    a.constraints.keys().chain(b.constraints.keys()).collect();
                for k in keys {
                    if a.constraints.get(k) != b.constraints.get(k) {
                        out.push(format!(
                            "{p} {k} {:?} vs {:?}",
                            a.constraints.get(k),
                            b.constraints.get(k)
                        ));
                    }
                }
            }
            (a, _) => out.push(format!(
                "{p} only in {}",
                if a.is_some() { "ours" } else { "the SDK's" }
            )),
        }
    }
    out
}
