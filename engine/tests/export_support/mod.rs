//! Shared by the `export_*` tests: the two example tools, a recorder writing every
//! export to `$CARGO_TARGET_TMPDIR/exports/<test>.jsonl` (checked by
//! `tools/check_exports.py` with Python `jsonschema`), and provider-rule checkers
//! written independently of the exporter (a second reading of the same documents).

#![allow(dead_code)]

use serde_json::{json, Map, Value};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use tool_schema_engine::export::Target;

/// The weather tool of `examples/tools.rs`.
pub fn weather() -> Value {
    json!({
        "type": "object",
        "properties": {
            "city": { "type": "string", "description": "City name" },
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] }
        },
        "required": ["city"]
    })
}

/// The order tool of `examples/tools.rs`: nested objects in an array, bounds, a
/// nullable property, a closed root.
pub fn order() -> Value {
    json!({
        "type": "object",
        "properties": {
            "sku": { "type": "string" },
            "qty": { "type": "integer", "minimum": 1, "maximum": 100 },
            "note": { "type": ["string", "null"] },
            "lines": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "sku": { "type": "string" },
                        "qty": { "type": "integer", "minimum": 1 }
                    },
                    "required": ["sku", "qty"]
                }
            }
        },
        "required": ["sku", "qty"],
        "additionalProperties": false
    })
}

/// (name, description, schema) of the two example tools.
pub fn tools() -> Vec<(&'static str, &'static str, Value)> {
    vec![
        (
            "get_weather",
            "Get the current weather for a city.",
            weather(),
        ),
        ("place_order", "Place an order for a product.", order()),
    ]
}

static FILE: Mutex<Option<File>> = Mutex::new(None);

/// Appends one export to this test binary's JSONL file (truncated on first use).
pub fn record(test: &str, target: Target, tool: &str, definition: &Value) {
    let schema = definition
        .pointer(target.schema_pointer())
        .cloned()
        .unwrap_or(Value::Null);
    let dialect = if target == Target::Gemini {
        "gemini-openapi"
    } else {
        "json-schema"
    };
    let line = json!({
        "test": test,
        "target": target.id(),
        "tool": tool,
        "dialect": dialect,
        "schema": schema,
        "definition": definition,
    });
    let mut guard = FILE.lock().unwrap_or_else(|e| e.into_inner());
    if guard.is_none() {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("exports");
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{test}.jsonl"));
        *guard = Some(
            OpenOptions::new()
                .create(true)
                .write(true)
                .truncate(true)
                .open(path)
                .unwrap(),
        );
    }
    writeln!(guard.as_mut().unwrap(), "{line}").unwrap();
}

/// Every problem the provider rules find in a tool definition for `target`.
pub fn check(target: Target, def: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let obj = def.as_object().expect("a definition is an object");
    let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    let allow = |allowed: &[&str], keys: &[&str], out: &mut Vec<String>| {
        for k in keys {
            if !allowed.contains(k) {
                out.push(format!("unexpected field `{k}`"));
            }
        }
    };
    let name;
    match target {
        Target::Anthropic | Target::AnthropicStrict => {
            allow(
                &["name", "description", "input_schema", "strict"],
                &keys,
                &mut out,
            );
            if (target == Target::AnthropicStrict) != (def.get("strict") == Some(&json!(true))) {
                out.push("strict flag".into());
            }
            name = def["name"].as_str().unwrap_or_default();
            name_rule(name, 64, "_-", false, &mut out);
        }
        Target::OpenAiChat | Target::OpenAiChatStrict => {
            allow(&["type", "function"], &keys, &mut out);
            let f = def["function"].as_object().expect("function");
            let fk: Vec<&str> = f.keys().map(String::as_str).collect();
            allow(
                &["name", "description", "parameters", "strict"],
                &fk,
                &mut out,
            );
            if def["type"] != "function"
                || f.get("strict") != Some(&json!(target == Target::OpenAiChatStrict))
            {
                out.push("type/strict".into());
            }
            name = f["name"].as_str().unwrap_or_default();
            name_rule(name, 64, "_-", false, &mut out);
        }
        Target::OpenAiResponses | Target::OpenAiResponsesStrict => {
            allow(
                &["type", "name", "description", "parameters", "strict"],
                &keys,
                &mut out,
            );
            if def["type"] != "function"
                || def.get("strict") != Some(&json!(target == Target::OpenAiResponsesStrict))
            {
                out.push("type/strict (Responses needs `strict` written out)".into());
            }
            name = def["name"].as_str().unwrap_or_default();
            name_rule(name, 64, "_-", false, &mut out);
        }
        Target::Gemini | Target::GeminiJsonSchema => {
            allow(
                &["name", "description", "parameters", "parametersJsonSchema"],
                &keys,
                &mut out,
            );
            if def.get("parameters").is_some() && def.get("parametersJsonSchema").is_some() {
                out.push("parameters and parametersJsonSchema are exclusive".into());
            }
            name = def["name"].as_str().unwrap_or_default();
            name_rule(name, 64, "_-.:", true, &mut out);
        }
        Target::Mcp => {
            allow(
                &["name", "title", "description", "inputSchema"],
                &keys,
                &mut out,
            );
            name = def["name"].as_str().unwrap_or_default();
            name_rule(name, 128, "_-.", false, &mut out);
        }
        other => panic!("no definition check for {other:?} yet"),
    }
    let Some(schema) = def.pointer(target.schema_pointer()) else {
        if target != Target::Gemini {
            out.push("no schema".into());
        }
        return out;
    };
    match target {
        Target::Gemini => gemini_rules(schema, "", true, &mut out),
        _ => {
            json_tool_rules(schema, &mut out);
            match target {
                Target::OpenAiChatStrict | Target::OpenAiResponsesStrict => {
                    openai_strict_rules(schema, &mut out)
                }
                Target::AnthropicStrict => anthropic_strict_rules(schema, &mut out),
                Target::GeminiJsonSchema => each_node(schema, "", &mut |n, p| {
                    if let Some(r) = n.get("$ref") {
                        if n.keys().any(|k| !k.starts_with('$')) {
                            out.push(format!("{p}: `$ref` {r} with non-$ siblings"));
                        }
                    }
                }),
                _ => {}
            }
        }
    }
    out
}

fn name_rule(name: &str, max: usize, extra: &str, letter_first: bool, out: &mut Vec<String>) {
    let ok = !name.is_empty()
        && name.len() <= max
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || extra.contains(c))
        && (!letter_first || name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'));
    if !ok {
        out.push(format!("name '{name}'"));
    }
}

/// Calls `f` on every schema object reachable through the usual applicators.
pub fn each_node(v: &Value, ptr: &str, f: &mut dyn FnMut(&Map<String, Value>, &str)) {
    let Value::Object(m) = v else { return };
    f(m, ptr);
    for (k, x) in m {
        let here = format!("{ptr}/{k}");
        match (k.as_str(), x) {
            (
                "properties" | "$defs" | "definitions" | "patternProperties" | "dependentSchemas",
                Value::Object(map),
            ) => {
                for (n, s) in map {
                    each_node(s, &format!("{here}/{n}"), f);
                }
            }
            ("anyOf" | "oneOf" | "allOf" | "prefixItems", Value::Array(l)) => {
                for (i, s) in l.iter().enumerate() {
                    each_node(s, &format!("{here}/{i}"), f);
                }
            }
            (
                "items"
                | "additionalProperties"
                | "not"
                | "if"
                | "then"
                | "else"
                | "contains"
                | "propertyNames",
                s @ Value::Object(_),
            ) => each_node(s, &here, f),
            _ => {}
        }
    }
}

fn types_of(n: &Map<String, Value>) -> Vec<String> {
    match n.get("type") {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(l)) => l
            .iter()
            .filter_map(Value::as_str)
            .map(String::from)
            .collect(),
        _ => vec![],
    }
}

/// JSON Schema tool parameters: object root with `properties`, no root `$ref`, no
/// `$schema` (not asked), `items` on every array.
fn json_tool_rules(s: &Value, out: &mut Vec<String>) {
    if s["type"] != "object" {
        out.push("root type is not \"object\"".into());
    }
    if !s["properties"].is_object() {
        out.push("root has no `properties`".into());
    }
    if s.get("$ref").is_some() {
        out.push("bare `$ref` at the root".into());
    }
    if s.get("$schema").is_some() {
        out.push("`$schema` not asked for".into());
    }
    each_node(s, "", &mut |n, p| {
        if types_of(n).iter().any(|t| t == "array")
            && !n.contains_key("items")
            && !n.contains_key("prefixItems")
        {
            out.push(format!("{p}: array without `items`"));
        }
    });
}

fn openai_strict_rules(s: &Value, out: &mut Vec<String>) {
    const ALLOWED: &[&str] = &[
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "anyOf",
        "enum",
        "const",
        "$ref",
        "$defs",
        "definitions",
        "description",
        "title",
        "pattern",
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minItems",
        "maxItems",
    ];
    const FORMATS: &[&str] = &[
        "date-time",
        "time",
        "date",
        "duration",
        "email",
        "hostname",
        "ipv4",
        "ipv6",
        "uuid",
    ];
    if s.get("anyOf").is_some() {
        out.push("root is `anyOf`".into());
    }
    let mut props = 0;
    each_node(s, "", &mut |n, p| {
        for k in n.keys() {
            if !ALLOWED.contains(&k.as_str()) {
                out.push(format!("{p}: `{k}` outside the strict subset"));
            }
        }
        if let Some(f) = n.get("format").and_then(Value::as_str) {
            if !FORMATS.contains(&f) {
                out.push(format!("{p}: format {f}"));
            }
        }
        if n.contains_key("$ref") && n.len() > 1 {
            out.push(format!("{p}: `$ref` with siblings"));
        }
        if !["type", "anyOf", "enum", "const", "$ref"]
            .iter()
            .any(|k| n.contains_key(*k))
        {
            out.push(format!("{p}: no type"));
        }
        if let Some(Value::Object(pm)) = n.get("properties") {
            props += pm.len();
            if n.get("additionalProperties") != Some(&json!(false)) {
                out.push(format!("{p}: object not closed"));
            }
            let keys: Vec<Value> = pm.keys().cloned().map(Value::String).collect();
            if n.get("required") != Some(&Value::Array(keys)) {
                out.push(format!("{p}: `required` is not every property"));
            }
        } else if types_of(n).iter().any(|t| t == "object") && !n.contains_key("anyOf") {
            out.push(format!("{p}: object without properties"));
        }
    });
    if props > 5000 {
        out.push("more than 5000 properties".into());
    }
    if depth(s) > 10 {
        out.push("more than 10 levels".into());
    }
}

fn depth(s: &Value) -> usize {
    let Value::Object(m) = s else { return 0 };
    let own = usize::from(m.contains_key("properties"));
    let mut deepest = 0;
    if let Some(Value::Object(pm)) = m.get("properties") {
        for v in pm.values() {
            deepest = deepest.max(depth(v));
        }
    }
    if let Some(i) = m.get("items") {
        deepest = deepest.max(depth(i));
    }
    if let Some(Value::Array(l)) = m.get("anyOf") {
        for v in l {
            deepest = deepest.max(depth(v));
        }
    }
    own + deepest
}

fn anthropic_strict_rules(s: &Value, out: &mut Vec<String>) {
    const NOT: &[&str] = &[
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "maxItems",
        "uniqueItems",
        "oneOf",
        "not",
        "if",
        "then",
        "else",
        "patternProperties",
        "propertyNames",
        "minProperties",
        "maxProperties",
    ];
    each_node(s, "", &mut |n, p| {
        for k in n.keys() {
            if NOT.contains(&k.as_str()) {
                out.push(format!("{p}: `{k}` is not supported by strict tool use"));
            }
        }
        if n.get("minItems")
            .and_then(Value::as_u64)
            .is_some_and(|m| m > 1)
        {
            out.push(format!("{p}: minItems > 1"));
        }
        if n.contains_key("properties") && n.get("additionalProperties") != Some(&json!(false)) {
            out.push(format!("{p}: object not closed"));
        }
        if n.get("$ref") == Some(&json!("#")) {
            out.push(format!("{p}: recursive"));
        }
    });
}

fn gemini_rules(s: &Value, p: &str, root: bool, out: &mut Vec<String>) {
    const FIELDS: &[&str] = &[
        "type",
        "format",
        "title",
        "description",
        "nullable",
        "enum",
        "items",
        "minItems",
        "maxItems",
        "properties",
        "required",
        "minProperties",
        "maxProperties",
        "minLength",
        "maxLength",
        "pattern",
        "example",
        "anyOf",
        "propertyOrdering",
        "default",
        "minimum",
        "maximum",
    ];
    const TYPES: &[&str] = &["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"];
    let Value::Object(n) = s else {
        out.push(format!("{p}: not an object"));
        return;
    };
    for k in n.keys() {
        if !FIELDS.contains(&k.as_str()) {
            out.push(format!("{p}: `{k}` is not a Schema field"));
        }
    }
    match n.get("type") {
        Some(Value::String(t)) if TYPES.contains(&t.as_str()) => {}
        None if n.contains_key("anyOf") => {}
        other => out.push(format!("{p}: type {other:?}")),
    }
    if root && n.get("type") != Some(&json!("OBJECT")) {
        out.push("root is not OBJECT".into());
    }
    if let Some(e) = n.get("enum") {
        if !e.as_array().is_some_and(|l| l.iter().all(Value::is_string)) {
            out.push(format!("{p}: enum of non-strings"));
        }
    }
    if n.get("type") == Some(&json!("ARRAY")) && !n.contains_key("items") {
        out.push(format!("{p}: ARRAY without items"));
    }
    if n.get("type") == Some(&json!("OBJECT"))
        && n.get("properties")
            .and_then(Value::as_object)
            .is_none_or(Map::is_empty)
    {
        out.push(format!("{p}: OBJECT without properties"));
    }
    if let Some(Value::Object(pm)) = n.get("properties") {
        for (k, v) in pm {
            gemini_rules(v, &format!("{p}/properties/{k}"), false, out);
        }
    }
    if let Some(i) = n.get("items") {
        gemini_rules(i, &format!("{p}/items"), false, out);
    }
    if let Some(Value::Array(l)) = n.get("anyOf") {
        for (i, v) in l.iter().enumerate() {
            gemini_rules(v, &format!("{p}/anyOf/{i}"), false, out);
        }
    }
}
