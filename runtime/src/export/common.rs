//! JSON Schema helpers shared by every provider: pointers, local `$ref` resolution,
//! the keyword vocabulary, type lists, provable disjointness, and the root and array
//! fixes every export applies.

use super::report::{ChangeKind, Ctx};
use super::{ExportOptions, SchemaDialect};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// `ptr` + `/key`, escaped as RFC 6901 requires.
pub(crate) fn push(ptr: &str, key: &str) -> String {
    let mut s = String::with_capacity(ptr.len() + key.len() + 1);
    s.push_str(ptr);
    s.push('/');
    for c in key.chars() {
        match c {
            '~' => s.push_str("~0"),
            '/' => s.push_str("~1"),
            c => s.push(c),
        }
    }
    s
}

pub(crate) fn push_index(ptr: &str, i: usize) -> String {
    format!("{ptr}/{i}")
}

/// Resolves a local `$ref` (`#`, `#/$defs/A`, percent-encoded or not) against `root`.
/// `None` for a reference that is not local or does not resolve.
pub(crate) fn resolve_ref<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let fragment = reference.strip_prefix('#')?;
    let decoded = percent_decode(fragment)?;
    if decoded.is_empty() {
        return Some(root);
    }
    if !decoded.starts_with('/') {
        return None; // a plain-name fragment ($anchor): not resolved here
    }
    root.pointer(&decoded)
}

fn percent_decode(s: &str) -> Option<String> {
    if !s.contains('%') {
        return Some(s.to_string());
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The names in a schema's `type` (one name or a list); `None` without `type`.
pub(crate) fn type_names(node: &Map<String, Value>) -> Option<Vec<&str>> {
    match node.get("type")? {
        Value::String(s) => Some(vec![s.as_str()]),
        Value::Array(list) => Some(list.iter().filter_map(Value::as_str).collect()),
        _ => Some(Vec::new()),
    }
}

pub(crate) fn has_type(node: &Map<String, Value>, name: &str) -> bool {
    type_names(node).is_some_and(|t| t.contains(&name))
}

pub(crate) const TYPE_NAMES: [&str; 7] = [
    "string", "number", "integer", "boolean", "object", "array", "null",
];

/// Keywords that only annotate: removing one never changes which values are valid.
pub(crate) fn is_annotation(k: &str) -> bool {
    matches!(
        k,
        "title"
            | "description"
            | "default"
            | "examples"
            | "$comment"
            | "deprecated"
            | "readOnly"
            | "writeOnly"
            | "$schema"
            | "$id"
            | "$anchor"
            | "$dynamicAnchor"
            | "$vocabulary"
            | "contentMediaType"
            | "contentEncoding"
            | "contentSchema"
    ) || k.starts_with("x-")
}

/// Keywords that hold one subschema.
pub(crate) const SINGLE_APPLICATORS: [&str; 10] = [
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
    "additionalItems",
];
/// Keywords that hold a list of subschemas.
pub(crate) const LIST_APPLICATORS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];
/// Keywords that hold a map of subschemas.
pub(crate) const MAP_APPLICATORS: [&str; 5] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];

/// Calls `f` on every direct subschema of `node` with its pointer.
pub(crate) fn for_each_subschema_mut(
    node: &mut Map<String, Value>,
    ptr: &str,
    f: &mut dyn FnMut(&mut Value, &str),
) {
    for (k, v) in node.iter_mut() {
        let here = push(ptr, k);
        match (k.as_str(), v) {
            ("items", v @ (Value::Object(_) | Value::Bool(_))) => f(v, &here),
            ("items", Value::Array(list)) => {
                for (i, s) in list.iter_mut().enumerate() {
                    f(s, &push_index(&here, i));
                }
            }
            (k, v @ (Value::Object(_) | Value::Bool(_))) if SINGLE_APPLICATORS.contains(&k) => {
                f(v, &here)
            }
            (k, Value::Array(list)) if LIST_APPLICATORS.contains(&k) => {
                for (i, s) in list.iter_mut().enumerate() {
                    f(s, &push_index(&here, i));
                }
            }
            (k, Value::Object(map)) if MAP_APPLICATORS.contains(&k) => {
                for (name, s) in map.iter_mut() {
                    f(s, &push(&here, name));
                }
            }
            _ => {}
        }
    }
}

/// Calls `f` on every schema object in `value` (itself included), depth first.
pub(crate) fn walk_mut(
    value: &mut Value,
    ptr: &str,
    f: &mut dyn FnMut(&mut Map<String, Value>, &str),
) {
    if let Value::Object(map) = value {
        f(map, ptr);
        for_each_subschema_mut(map, ptr, &mut |v, p| walk_mut(v, p, f));
    }
}

/// The JSON type keyword a keyword constrains, if it constrains only one kind of value.
pub(crate) fn keyword_type(k: &str) -> Option<&'static str> {
    Some(match k {
        "minLength" | "maxLength" | "pattern" | "format" => "string",
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" => "number",
        "items" | "prefixItems" | "additionalItems" | "contains" | "minContains"
        | "maxContains" | "minItems" | "maxItems" | "uniqueItems" | "unevaluatedItems" => "array",
        "properties"
        | "required"
        | "additionalProperties"
        | "patternProperties"
        | "propertyNames"
        | "minProperties"
        | "maxProperties"
        | "dependentRequired"
        | "dependentSchemas"
        | "unevaluatedProperties"
        | "dependencies" => "object",
        _ => return None,
    })
}

/// Does a JSON value have JSON Schema type `t`?
pub(crate) fn value_has_type(v: &Value, t: &str) -> bool {
    match t {
        "null" => v.is_null(),
        "boolean" => v.is_boolean(),
        "string" => v.is_string(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        "number" => v.is_number(),
        "integer" => match v {
            Value::Number(n) => {
                n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
            }
            _ => false,
        },
        _ => false,
    }
}

/// Equality of JSON values with numbers compared by value (`1` equals `1.0`).
pub(crate) fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if let (Some(x), Some(y)) = (x.as_i64(), y.as_i64()) {
                x == y
            } else if let (Some(x), Some(y)) = (x.as_u64(), y.as_u64()) {
                x == y
            } else {
                x.as_f64() == y.as_f64()
            }
        }
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
    let non_null: Vec<&str> = names.iter().copied().filter(|t| *t != "null").collect();
    let has_null = names.contains(&"null");
    if non_null.len() < 2 {
        return None;
    }
    let mut outer = Map::new();
    let mut branches: Vec<Value> = Vec::new();
    for t in &non_null {
        let mut b = Map::new();
        b.insert("type".into(), Value::from(*t));
        let mut empty = false;
        for (k, v) in node {
            if k == "type" {
                continue;
            }
            let applies = match keyword_type(k) {
                Some("number") => *t == "number" || *t == "integer",
                Some(kt) => kt == *t,
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
        if !empty {
            branches.push(Value::Object(b));
        }
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

/// The JSON types a schema can accept, as a bit set, when that is provable from its
/// `type`, `const`, `enum`, `$ref` or `anyOf`; `None` when any type might pass.
fn type_bits(schema: &Value, root: &Value, depth: usize, work: &mut usize) -> Option<u8> {
    const NULL: u8 = 1;
    const BOOL: u8 = 2;
    const OBJECT: u8 = 4;
    const ARRAY: u8 = 8;
    const STRING: u8 = 16;
    const FRACTION: u8 = 32; // numbers that are not integers
    const INTEGER: u8 = 64;
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
        meet(names.iter().map(|t| bits_of_name(t)).fold(0, |a, b| a | b));
    }
    if let Some(c) = node.get("const") {
        meet(bits_of_value(c));
    }
    if let Some(Value::Array(vals)) = node.get("enum") {
        meet(vals.iter().map(bits_of_value).fold(0, |a, b| a | b));
    }
    if let Some(Value::String(r)) = node.get("$ref") {
        if let Some(b) = resolve_ref(root, r).and_then(|t| type_bits(t, root, depth + 1, work)) {
            meet(b);
        }
    }
    if let Some(Value::Array(branches)) = node.get("anyOf") {
        let all: Option<Vec<u8>> = branches
            .iter()
            .map(|b| type_bits(b, root, depth + 1, work))
            .collect();
        if let Some(all) = all {
            meet(all.into_iter().fold(0, |a, b| a | b));
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
            Some(r) if s.as_object().is_some_and(|m| m.len() == 1) => match resolve_ref(root, r) {
                Some(t) => s = t,
                None => return s,
            },
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
    let mut objects_only = |s: &Value| type_bits(s, root, 0, work) == Some(4);
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

/// Merges `extra` into `node` as `allOf: [node, extra]` would read, when that is the
/// same schema: a key in both must hold equal values unless it is an annotation (then
/// `node`'s is kept). Returns the conflicting keys (nothing merged) otherwise.
pub(crate) fn merge_equivalent(
    node: &Map<String, Value>,
    extra: &Map<String, Value>,
    node_first: bool,
) -> Result<Map<String, Value>, Vec<String>> {
    let conflicts: Vec<String> = extra
        .iter()
        .filter(|(k, v)| !is_annotation(k) && node.get(*k).is_some_and(|w| !json_eq(v, w)))
        .map(|(k, _)| k.clone())
        .collect();
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

/// A sentence stating a constraint, for a description (`None`: not a scalar constraint
/// that words can carry).
pub(crate) fn describe_constraint(k: &str, v: &Value) -> Option<String> {
    Some(match k {
        "minimum" => format!("Must be at least {v}."),
        "maximum" => format!("Must be at most {v}."),
        "exclusiveMinimum" => format!("Must be greater than {v}."),
        "exclusiveMaximum" => format!("Must be less than {v}."),
        "multipleOf" => format!("Must be a multiple of {v}."),
        "minLength" => format!("At least {v} characters."),
        "maxLength" => format!("At most {v} characters."),
        "pattern" => format!("Must match the regular expression {v}."),
        "format" => format!("Format: {}.", v.as_str().unwrap_or_default()),
        "minItems" => format!("At least {v} items."),
        "maxItems" => format!("At most {v} items."),
        "uniqueItems" if v == &Value::Bool(true) => "Items must be unique.".to_string(),
        "uniqueItems" => return None,
        "minProperties" => format!("At least {v} properties."),
        "maxProperties" => format!("At most {v} properties."),
        "const" => format!("Must be {v}."),
        "enum" => {
            let vals: Vec<String> = v.as_array()?.iter().map(Value::to_string).collect();
            format!("One of {}.", vals.join(", "))
        }
        "default" => format!("Default: {v}."),
        _ => return None,
    })
}

/// Appends sentences to a schema's `description`.
pub(crate) fn append_description(node: &mut Map<String, Value>, sentences: &[String]) {
    if sentences.is_empty() {
        return;
    }
    let extra = sentences.join(" ");
    let text = match node.get("description").and_then(Value::as_str) {
        Some(d) if !d.trim().is_empty() => {
            let d = d.trim_end();
            if d.ends_with(['.', '!', '?', ':']) {
                format!("{d} {extra}")
            } else {
                format!("{d}. {extra}")
            }
        }
        _ => extra,
    };
    node.insert("description".into(), Value::String(text));
}

/// The fixes every provider gets at the root: the schema is an object schema with
/// `type: "object"` (a root `$ref` replaced by its target, a missing `type` added next
/// to `properties`), `properties` present (`{}` for a tool without arguments), and
/// `$schema` as [`ExportOptions::schema_dialect`] says.
pub(crate) fn prepare_root(
    schema: &Value,
    ctx: &mut Ctx,
    options: &ExportOptions,
    add_properties: bool,
    rule: &str,
) -> Value {
    let Value::Object(map) = schema else {
        ctx.refuse("", "the parameters schema is not a JSON object", rule);
        return schema.clone();
    };
    let mut root = map.clone();
    // A root `$ref` (a recursive model) becomes the definition it names, beside `$defs`.
    for _ in 0..8 {
        let Some(r) = root.get("$ref").and_then(Value::as_str).map(String::from) else {
            break;
        };
        let whole = Value::Object(root.clone());
        let Some(Value::Object(target)) = resolve_ref(&whole, &r) else {
            ctx.refuse(
                "/$ref",
                format!("the root `$ref` \"{r}\" does not resolve to a local schema object"),
                rule,
            );
            break;
        };
        let target = target.clone();
        root.shift_remove("$ref");
        let merged = match merge_equivalent(&root, &target, false) {
            Ok(m) => m,
            Err(keys) => {
                ctx.refuse(
                    "",
                    format!(
                        "the root `$ref` \"{r}\" cannot be inlined: {} differ between the root and its target",
                        keys.join(", ")
                    ),
                    rule,
                );
                break;
            }
        };
        // keep `$defs` first, as the input had it
        let mut ordered = Map::new();
        for k in ["$schema", "$defs", "definitions"] {
            if let Some(v) = merged.get(k) {
                ordered.insert(k.into(), v.clone());
            }
        }
        for (k, v) in merged {
            if !ordered.contains_key(&k) {
                ordered.insert(k, v);
            }
        }
        root = ordered;
        ctx.change(
            "",
            ChangeKind::Inlined,
            format!("root `$ref` \"{r}\" replaced by the schema it names"),
            "a tool's parameters must be an object schema at the root; clients refuse a bare `$ref` there",
        );
    }
    match type_names(&root) {
        None if root.contains_key("properties")
            || root.is_empty()
            || !root.contains_key("anyOf") =>
        {
            insert_after(
                &mut root,
                &["$schema", "$defs", "definitions", "title", "description"],
                "type",
                Value::from("object"),
            );
            ctx.change(
                "",
                ChangeKind::Added,
                "added `type: \"object\"`",
                "tool arguments are always an object, and providers require the root type",
            );
        }
        None => ctx.refuse("", "the root schema has no `type`", rule),
        Some(names) if names == ["object"] => {}
        Some(names) => ctx.refuse(
            "/type",
            format!("the root type is {names:?}, not \"object\""),
            rule,
        ),
    }
    if add_properties && !root.contains_key("properties") {
        insert_after(
            &mut root,
            &["type"],
            "properties",
            Value::Object(Map::new()),
        );
        ctx.change(
            "",
            ChangeKind::Added,
            "added `properties: {}`",
            "a tool without arguments is an object with no properties; clients refuse an object schema without them",
        );
    }
    match &options.schema_dialect {
        SchemaDialect::Omit => {
            if root.shift_remove("$schema").is_some() {
                ctx.change(
                    "/$schema",
                    ChangeKind::Removed,
                    "removed `$schema`",
                    "not asked for (ExportOptions::schema_dialect); providers read the schema as JSON Schema 2020-12 or their own subset",
                );
            }
        }
        SchemaDialect::Keep => {}
        SchemaDialect::Set(url) => {
            let had = root.get("$schema").cloned();
            root.shift_remove("$schema");
            let mut with = Map::new();
            with.insert("$schema".into(), Value::String(url.clone()));
            with.extend(root);
            root = with;
            if had.as_ref().and_then(Value::as_str) != Some(url.as_str()) {
                ctx.change(
                    "/$schema",
                    ChangeKind::Added,
                    format!("set `$schema` to \"{url}\""),
                    "asked for (ExportOptions::schema_dialect)",
                );
            }
        }
    }
    let mut root = Value::Object(root);
    normalize_nullable(&mut root, ctx);
    root
}

/// Inserts `key` right after the last of `after` present in `map` (or first).
pub(crate) fn insert_after(map: &mut Map<String, Value>, after: &[&str], key: &str, value: Value) {
    let pos = map
        .keys()
        .enumerate()
        .filter(|(_, k)| after.contains(&k.as_str()))
        .map(|(i, _)| i + 1)
        .max()
        .unwrap_or(0);
    let mut out = Map::new();
    let mut rest = std::mem::take(map).into_iter();
    for _ in 0..pos {
        if let Some((k, v)) = rest.next() {
            out.insert(k, v);
        }
    }
    out.insert(key.to_string(), value);
    out.extend(rest);
    *map = out;
}

/// Adds `items: {}` (any item) to every array schema without `items` or
/// `prefixItems`: the same meaning, and a shape clients that require `items` accept.
pub(crate) fn fill_items(root: &mut Value, ctx: &mut Ctx) {
    walk_mut(root, "", &mut |node, ptr| {
        if has_type(node, "array")
            && !node.contains_key("items")
            && !node.contains_key("prefixItems")
        {
            node.insert("items".into(), Value::Object(Map::new()));
            ctx.change(
                ptr,
                ChangeKind::Added,
                "added `items: {}`",
                "an array without `items` accepts any item, as `{}` says; some clients refuse an array schema without `items`",
            );
        }
    });
}

/// The JSON pointer a local `$ref` names (`""` for `#`), decoded; `None` for a
/// reference that is not a local JSON pointer.
pub(crate) fn ref_pointer(reference: &str) -> Option<String> {
    let decoded = percent_decode(reference.strip_prefix('#')?)?;
    (decoded.is_empty() || decoded.starts_with('/')).then_some(decoded)
}

/// Is the node at `pointer` the schema at `target` or inside it?
fn within(pointer: &str, target: &str) -> bool {
    pointer == target || (pointer.starts_with(target) && pointer[target.len()..].starts_with('/'))
}

/// A walk that builds the exported schema one schema level per call, and counts
/// the levels so that inlined chains stop at [`MAX_SCHEMA_DEPTH`](super::limits::MAX_SCHEMA_DEPTH).
pub(crate) trait Levels {
    /// The walk's report and its current schema nesting (the root is 0).
    fn levels(&mut self) -> (&mut Ctx, &mut usize);
}

/// Runs `walk` on `value` one schema level down, or answers `Value::Null` when
/// that level is past the limit (the export is then refused, in its report).
pub(crate) fn one_level_down<W: Levels, V>(
    walker: &mut W,
    value: V,
    ptr: &str,
    walk: impl FnOnce(&mut W, V, &str) -> Value,
) -> Value {
    let (ctx, depth) = walker.levels();
    if ctx.too_deep(ptr, *depth) {
        return Value::Null;
    }
    *depth += 1;
    let out = walk(walker, value, ptr);
    *walker.levels().1 -= 1;
    out
}

/// Rewrites `schema`, whose `$ref` `r` is recursive (so cannot be inlined) and has
/// sibling keywords, into the same schema with the bare reference as the one branch
/// of an `anyOf` beside the siblings, and records the change at `ptr` (`why`: the
/// target's rule). The caller has checked that `schema` has no `anyOf` of its own.
pub(crate) fn recursive_ref_into_any_of(
    schema: &mut Map<String, Value>,
    r: &str,
    ctx: &mut Ctx,
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

/// Inlines every `$ref` that has sibling keywords (the sibling wins for annotations;
/// other keys must agree), for providers that allow nothing beside `$ref`.
///
/// A reference that is recursive (its target holds the node, or was inlined on the
/// way to it) cannot be inlined: it stays a bare `$ref` in a one-branch `anyOf` beside
/// the siblings, which says the same (`anyOf` of one schema is that schema, and
/// keywords beside an applicator apply together). The walk tracks the references
/// inlined along the path, copies are charged to [`Ctx::charge_inline`] and the
/// nesting is bounded by [`Ctx::too_deep`].
pub(crate) fn inline_ref_siblings(root: &mut Value, ctx: &mut Ctx, rule: &str) {
    let original = root.clone();
    let mut inliner = Inliner {
        original: &original,
        ctx,
        rule,
        path: Vec::new(),
    };
    inliner.visit(root, "", "", 0);
}

struct Inliner<'a> {
    /// The schema before inlining, to resolve references in.
    original: &'a Value,
    ctx: &'a mut Ctx,
    rule: &'a str,
    /// The target pointers inlined on the way to the node being visited.
    path: Vec<String>,
}

impl Inliner<'_> {
    /// `ptr`: where the node is in the output; `origin`: where it came from in the
    /// original schema.
    fn visit(&mut self, value: &mut Value, ptr: &str, origin: &str, depth: usize) {
        let Value::Object(node) = value else { return };
        if self.ctx.too_deep(ptr, depth) {
            return;
        }
        let inlined_before = self.path.len();
        // The origin of the keys an inlined target brought (the sibling's win).
        let mut target_keys: HashMap<String, String> = HashMap::new();
        while let Some(r) = node.get("$ref").and_then(Value::as_str).map(String::from) {
            if node.len() == 1 {
                break;
            }
            let Some(target_ptr) = ref_pointer(&r) else {
                self.ctx.refuse(
                    ptr,
                    format!("`$ref` \"{r}\" is not a local reference"),
                    self.rule,
                );
                break;
            };
            let mut siblings = node.clone();
            siblings.shift_remove("$ref");
            if within(origin, &target_ptr) || self.path.contains(&target_ptr) {
                if siblings.contains_key("anyOf") {
                    self.ctx.refuse(
                        ptr,
                        format!("`$ref` \"{r}\" with siblings is recursive, so it cannot be inlined, and an `anyOf` beside it leaves no equivalent form"),
                        self.rule,
                    );
                    break;
                }
                recursive_ref_into_any_of(
                    &mut siblings,
                    &r,
                    self.ctx,
                    ptr,
                    format!("{}; a recursive reference cannot be inlined, and `anyOf` of one schema says the same", self.rule),
                );
                *node = siblings;
                break;
            }
            let Some(Value::Object(target)) = resolve_ref(self.original, &r) else {
                self.ctx.refuse(
                    ptr,
                    format!("`$ref` \"{r}\" does not resolve to a local schema object"),
                    self.rule,
                );
                break;
            };
            // the target and the siblings are copied
            let copied =
                super::limits::weight_of_map(target) + super::limits::weight_of_map(&siblings);
            if !self.ctx.charge_inline(ptr, copied) {
                break;
            }
            match merge_equivalent(&siblings, target, true) {
                Ok(m) => {
                    let names: Vec<&str> = siblings.keys().map(String::as_str).collect();
                    self.ctx.change(
                        ptr,
                        ChangeKind::Inlined,
                        format!("`$ref` \"{r}\" inlined beside {}", names.join(", ")),
                        self.rule.to_string(),
                    );
                    target_keys.retain(|k, _| !siblings.contains_key(k));
                    for k in target.keys() {
                        if !siblings.contains_key(k) {
                            target_keys.insert(k.clone(), target_ptr.clone());
                        }
                    }
                    *node = m;
                    self.path.push(target_ptr);
                }
                Err(keys) => {
                    self.ctx.refuse(
                        ptr,
                        format!(
                            "`$ref` \"{r}\" cannot be inlined: its siblings {} differ from the target's",
                            keys.join(", ")
                        ),
                        self.rule,
                    );
                    break;
                }
            }
        }
        for_each_subschema_mut(node, ptr, &mut |child, child_ptr| {
            let rel = &child_ptr[ptr.len()..];
            let key = unescape(rel[1..].split('/').next().unwrap_or_default());
            let base = target_keys.get(&key).map_or(origin, String::as_str);
            let child_origin = format!("{base}{rel}");
            self.visit(child, child_ptr, &child_origin, depth + 1);
        });
        self.path.truncate(inlined_before);
    }
}

/// One JSON pointer token, unescaped.
fn unescape(token: &str) -> String {
    token.replace("~1", "/").replace("~0", "~")
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

/// Rewrites OpenAPI's `nullable` (which tool-schema's model reads as "null too") into
/// JSON Schema: `nullable: true` adds `null` to the schema (see [`make_nullable`]),
/// `nullable: false` says nothing and goes. Providers that read JSON Schema ignore
/// `nullable`, so the model would not learn that null is allowed.
pub(crate) fn normalize_nullable(root: &mut Value, ctx: &mut Ctx) {
    walk_mut(root, "", &mut |node, ptr| {
        let Some(flag) = node.shift_remove("nullable") else {
            return;
        };
        if flag != Value::Bool(true) {
            ctx.change(
                &push(ptr, "nullable"),
                ChangeKind::Removed,
                format!("removed `nullable: {flag}`"),
                "OpenAPI's `nullable` is not JSON Schema; false adds nothing",
            );
            return;
        }
        let (schema, already, how) = make_nullable(Value::Object(std::mem::take(node)));
        if let Value::Object(m) = schema {
            *node = m;
        }
        let what = if already {
            "`nullable: true` removed (null is already accepted)".to_string()
        } else {
            format!("`nullable: true` written as JSON Schema ({how})")
        };
        ctx.change(ptr, ChangeKind::Converted, what, "OpenAPI's `nullable` is not JSON Schema; providers reading JSON Schema would ignore it");
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn pointers_escape() {
        assert_eq!(push("", "a/b~c"), "/a~1b~0c");
        assert_eq!(push_index("/anyOf", 2), "/anyOf/2");
    }

    #[test]
    fn refs_resolve_locally() {
        let root = json!({"$defs": {"a b": {"type": "string"}, "x/y": {"type": "integer"}}});
        assert_eq!(
            resolve_ref(&root, "#/$defs/a%20b"),
            Some(&json!({"type": "string"}))
        );
        assert_eq!(
            resolve_ref(&root, "#/$defs/x~1y"),
            Some(&json!({"type": "integer"}))
        );
        assert_eq!(resolve_ref(&root, "#"), Some(&root));
        assert_eq!(resolve_ref(&root, "other.json#/a"), None);
        assert_eq!(resolve_ref(&root, "#/$defs/missing"), None);
    }

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

    #[test]
    fn disjointness_is_proved_or_not_claimed() {
        let root = json!({});
        let d = |a: Value, b: Value| provably_disjoint(&a, &b, &root, 0, &mut 1000);
        assert!(d(json!({"type": "string"}), json!({"type": "integer"})));
        assert!(!d(json!({"type": "number"}), json!({"type": "integer"})));
        assert!(d(json!({"const": "a"}), json!({"enum": ["b", "c"]})));
        assert!(!d(json!({"enum": [1]}), json!({"enum": [1.0]})));
        assert!(!d(json!({"type": "string"}), json!({"minLength": 1})));
        let cat = json!({"type": "object", "properties": {"kind": {"const": "cat"}}, "required": ["kind"]});
        let dog = json!({"type": "object", "properties": {"kind": {"const": "dog"}}, "required": ["kind"]});
        assert!(d(cat.clone(), dog));
        let any = json!({"type": "object", "properties": {"kind": {"type": "string"}}, "required": ["kind"]});
        assert!(!d(cat, any));
    }

    #[test]
    fn descriptions_are_appended() {
        let mut m = json!({"description": "Page number"})
            .as_object()
            .unwrap()
            .clone();
        append_description(&mut m, &["Must be at least 1.".into()]);
        assert_eq!(m["description"], "Page number. Must be at least 1.");
        let mut m = Map::new();
        append_description(&mut m, &["At most 3 items.".into()]);
        assert_eq!(m["description"], "At most 3 items.");
    }
}
