//! What serde must not read under `Options::null_is_absent`: the `null`s the
//! validator reads as absent.

use serde_json::Value;

/// `schema`, or what its local `$ref` names (followed a few times; an unresolved
/// or cyclic reference leaves the last schema found).
fn resolved<'s>(root: &'s Value, mut schema: &'s Value) -> &'s Value {
    for _ in 0..16 {
        let Some(r) = schema.get("$ref").and_then(Value::as_str) else {
            break;
        };
        match crate::json::pointer::resolve_local(root, r) {
            Some(t) => schema = t,
            None => break,
        }
    }
    schema
}

/// `args` without the members the validator reads as absent under
/// `Options::null_is_absent` (a `null` for a declared property that is not
/// required), at every level `schema` describes: `properties`,
/// `additionalProperties`, `items`, and the object alternative of an `anyOf`, local
/// `$ref`s (into `root`, the whole schema) followed.
pub fn without_absent_nulls(root: &Value, schema: &Value, args: &Value) -> Value {
    let schema = resolved(root, schema);
    match args {
        Value::Object(map) => {
            let mut object = None;
            for a in schema
                .get("anyOf")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let a = resolved(root, a);
                if a.get("properties").is_some() || a.get("type") == Some(&"object".into()) {
                    object = Some(a);
                    break;
                }
            }
            let schema = object.unwrap_or(schema);
            let properties = schema.get("properties").and_then(Value::as_object);
            let required = |k: &str| {
                schema
                    .get("required")
                    .and_then(Value::as_array)
                    .is_some_and(|r| r.iter().any(|n| n == k))
            };
            // A declared member's schema and whether it is required: by its name,
            // or by an alias (`x-tool-schema-aliases`) of its property.
            let declared = |k: &str| -> Option<(&Value, bool)> {
                if let Some(sub) = properties.and_then(|p| p.get(k)) {
                    return Some((sub, required(k)));
                }
                let aliases = schema.get(crate::keywords::alias::KEYWORD)?.as_object()?;
                let (name, _) = aliases.iter().find(|(_, list)| {
                    list.as_array()
                        .is_some_and(|l| l.iter().any(|a| a.as_str() == Some(k)))
                })?;
                Some((properties?.get(name)?, required(name)))
            };
            let mut out = serde_json::Map::new();
            for (k, v) in map {
                let sub = match declared(k) {
                    Some((_, false)) if v.is_null() => continue,
                    Some((sub, _)) => Some(sub),
                    None => schema.get("additionalProperties").filter(|a| a.is_object()),
                };
                let v = match sub {
                    Some(sub) => without_absent_nulls(root, sub, v),
                    None => v.clone(),
                };
                out.insert(k.clone(), v);
            }
            Value::Object(out)
        }
        Value::Array(items) => {
            let item = schema.get("items");
            let mut out = Vec::with_capacity(items.len());
            for v in items {
                out.push(match item {
                    Some(item) => without_absent_nulls(root, item, v),
                    None => v.clone(),
                });
            }
            Value::Array(out)
        }
        other => other.clone(),
    }
}
