//! Hand-written validators specialised to the four benchmark schemas, on a
//! `&Value`: the "limit" row. Each reports every violation with exactly our default
//! messages, in our order (`tests/suite.rs` checks it), allocates nothing on valid
//! input, and is written as one would by hand: a `match` on the names, flags for
//! the required ones, the messages built only on failure. Suggestions (`did you
//! mean`) come from the library's own decision, as a hand-written validator that
//! wants them would take it.

use serde_json::{Map, Number, Value};
use tool_schema::__private::suggest::{allowed_value, declared_name, Work};

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

#[cold]
fn wrong_type(out: &mut Vec<String>, path: &dyn std::fmt::Display, expected: &str, v: &Value) {
    out.push(format!(
        "argument '{path}' should be {expected}, got {}",
        type_name(v)
    ));
}

#[cold]
fn not_in_enum(out: &mut Vec<String>, path: &dyn std::fmt::Display, allowed: &[&str], v: &Value) {
    let mut got = v.to_string();
    if got.chars().count() > 60 {
        got = got.chars().take(60).collect();
        got.push('…');
    }
    let listed: Vec<String> = allowed.iter().map(|a| format!("\"{a}\"")).collect();
    let values: Vec<Value> = allowed.iter().map(|a| Value::from(*a)).collect();
    let hint = match allowed_value(v, &values, &mut Work::new()) {
        Some(s) => format!(" (did you mean {s}?)"),
        None => String::new(),
    };
    out.push(format!(
        "argument '{path}' should be one of {}, got {got}{hint}",
        listed.join(", ")
    ));
}

#[cold]
fn bound(out: &mut Vec<String>, path: &dyn std::fmt::Display, word: &str, limit: u64, n: &Number) {
    out.push(format!(
        "argument '{path}' should be {word} {limit}, got {n}"
    ));
}

#[cold]
fn unexpected(
    out: &mut Vec<String>,
    path: &dyn std::fmt::Display,
    name: &str,
    declared: &[&str],
    m: &Map<String, Value>,
) {
    let present = |d: &str| m.contains_key(d);
    match declared_name(name, declared.iter().copied(), present, &mut Work::new()) {
        Some(s) => out.push(format!(
            "unexpected argument '{path}' (did you mean '{s}'?)"
        )),
        None => out.push(format!("unexpected argument '{path}'")),
    }
}

#[cold]
fn missing(out: &mut Vec<String>, at: usize, paths: &[&dyn std::fmt::Display]) {
    let msgs = paths
        .iter()
        .map(|p| format!("missing required argument '{p}'"));
    out.splice(at..at, msgs);
}

#[cold]
fn root_type(v: &Value) -> Vec<String> {
    vec![format!("arguments should be object, got {}", type_name(v))]
}

/// An integer within `min..=max`.
#[inline]
fn int_in(out: &mut Vec<String>, path: &dyn std::fmt::Display, v: &Value, min: u64, max: u64) {
    match v {
        Value::Number(n) if !n.is_f64() => {
            match n.as_u64() {
                Some(u) if u < min => bound(out, path, "at least", min, n),
                Some(u) if u > max => bound(out, path, "at most", max, n),
                Some(_) => {}
                None => bound(out, path, "at least", min, n), // negative
            }
        }
        _ => wrong_type(out, path, "integer", v),
    }
}

/// `{"city": string, "unit": "celsius" | "fahrenheit"}`, `city` required, closed.
pub fn weather(v: &Value) -> Vec<String> {
    let Value::Object(m) = v else {
        return root_type(v);
    };
    let mut out = Vec::new();
    let mut city = false;
    for (k, v) in m {
        match k.as_str() {
            "city" => {
                city = true;
                if !v.is_string() {
                    wrong_type(&mut out, k, "string", v);
                }
            }
            "unit" => match v {
                Value::String(s) if s == "celsius" || s == "fahrenheit" => {}
                Value::String(_) => not_in_enum(&mut out, k, &["celsius", "fahrenheit"], v),
                _ => wrong_type(&mut out, k, "string", v),
            },
            _ => unexpected(&mut out, k, k, &["city", "unit"], m),
        }
    }
    if !city {
        missing(&mut out, 0, &[&"city"]);
    }
    out
}

/// The 7-field search tool.
pub fn search(v: &Value) -> Vec<String> {
    let Value::Object(m) = v else {
        return root_type(v);
    };
    let mut out = Vec::new();
    let (mut query, mut limit) = (false, false);
    for (k, v) in m {
        match k.as_str() {
            "query" => {
                query = true;
                if !v.is_string() {
                    wrong_type(&mut out, k, "string", v);
                }
            }
            "limit" => {
                limit = true;
                int_in(&mut out, k, v, 1, 100);
            }
            "offset" => int_in(&mut out, k, v, 0, u64::MAX),
            "sort" => match v {
                Value::String(s) if matches!(s.as_str(), "relevance" | "date" | "popularity") => {}
                Value::String(_) => {
                    not_in_enum(&mut out, k, &["relevance", "date", "popularity"], v)
                }
                _ => wrong_type(&mut out, k, "string", v),
            },
            "languages" => match v {
                Value::Array(a) => {
                    for (i, e) in a.iter().enumerate() {
                        if !e.is_string() {
                            wrong_type(&mut out, &format_args!("{k}[{i}]"), "string", e);
                        }
                    }
                }
                _ => wrong_type(&mut out, k, "array", v),
            },
            "include_archived" => {
                if !v.is_boolean() {
                    wrong_type(&mut out, k, "boolean", v);
                }
            }
            "min_score" => match v {
                Value::Number(n) => match n.as_f64() {
                    Some(f) if f < 0.0 => bound(&mut out, k, "at least", 0, n),
                    Some(f) if f > 1.0 => bound(&mut out, k, "at most", 1, n),
                    _ => {}
                },
                _ => wrong_type(&mut out, k, "number", v),
            },
            _ => unexpected(
                &mut out,
                k,
                k,
                &[
                    "query",
                    "limit",
                    "offset",
                    "sort",
                    "languages",
                    "include_archived",
                    "min_score",
                ],
                m,
            ),
        }
    }
    if !(query && limit) {
        let mut names: Vec<&dyn std::fmt::Display> = Vec::new();
        if !query {
            names.push(&"query");
        }
        if !limit {
            names.push(&"limit");
        }
        missing(&mut out, 0, &names);
    }
    out
}

fn customer(out: &mut Vec<String>, v: &Value) {
    let Value::Object(m) = v else {
        return wrong_type(out, &"customer", "object", v);
    };
    let start = out.len();
    let mut id = false;
    for (k, v) in m {
        match k.as_str() {
            "id" => {
                id = true;
                if !v.is_string() {
                    wrong_type(out, &format_args!("customer.{k}"), "string", v);
                }
            }
            "email" => {
                if !v.is_string() {
                    wrong_type(out, &format_args!("customer.{k}"), "string", v);
                }
            }
            "vip" => {
                if !v.is_boolean() {
                    wrong_type(out, &format_args!("customer.{k}"), "boolean", v);
                }
            }
            _ => unexpected(
                out,
                &format_args!("customer.{k}"),
                k,
                &["id", "email", "vip"],
                m,
            ),
        }
    }
    if !id {
        missing(out, start, &[&"customer.id"]);
    }
}

fn item(out: &mut Vec<String>, i: usize, v: &Value) {
    let Value::Object(m) = v else {
        return wrong_type(out, &format_args!("items[{i}]"), "object", v);
    };
    let start = out.len();
    let (mut sku, mut quantity, mut unit_price) = (false, false, false);
    for (k, v) in m {
        match k.as_str() {
            "sku" => {
                sku = true;
                if !v.is_string() {
                    wrong_type(out, &format_args!("items[{i}].{k}"), "string", v);
                }
            }
            "quantity" => {
                quantity = true;
                int_in(out, &format_args!("items[{i}].{k}"), v, 1, 1000);
            }
            "unit_price" => {
                unit_price = true;
                match v {
                    Value::Number(n) => {
                        if n.as_f64().is_some_and(|f| f < 0.0) {
                            bound(out, &format_args!("items[{i}].{k}"), "at least", 0, n);
                        }
                    }
                    _ => wrong_type(out, &format_args!("items[{i}].{k}"), "number", v),
                }
            }
            "note" => {
                if !(v.is_string() || v.is_null()) {
                    wrong_type(out, &format_args!("items[{i}].{k}"), "string or null", v);
                }
            }
            _ => unexpected(
                out,
                &format_args!("items[{i}].{k}"),
                k,
                &["sku", "quantity", "unit_price", "note"],
                m,
            ),
        }
    }
    if !(sku && quantity && unit_price) {
        let paths = [
            (sku, format!("items[{i}].sku")),
            (quantity, format!("items[{i}].quantity")),
            (unit_price, format!("items[{i}].unit_price")),
        ];
        let names: Vec<&dyn std::fmt::Display> = paths
            .iter()
            .filter(|(seen, _)| !seen)
            .map(|(_, p)| p as &dyn std::fmt::Display)
            .collect();
        missing(out, start, &names);
    }
}

/// The order: a customer object and an array of line items.
pub fn order(v: &Value) -> Vec<String> {
    let Value::Object(m) = v else {
        return root_type(v);
    };
    let mut out = Vec::new();
    let (mut has_customer, mut items) = (false, false);
    for (k, v) in m {
        match k.as_str() {
            "customer" => {
                has_customer = true;
                customer(&mut out, v);
            }
            "currency" => match v {
                Value::String(s) if matches!(s.as_str(), "USD" | "EUR" | "GBP") => {}
                Value::String(_) => not_in_enum(&mut out, k, &["USD", "EUR", "GBP"], v),
                _ => wrong_type(&mut out, k, "string", v),
            },
            "items" => {
                items = true;
                match v {
                    Value::Array(a) => {
                        for (i, e) in a.iter().enumerate() {
                            item(&mut out, i, e);
                        }
                    }
                    _ => wrong_type(&mut out, k, "array", v),
                }
            }
            "notes" => {
                if !v.is_string() {
                    wrong_type(&mut out, k, "string", v);
                }
            }
            _ => unexpected(
                &mut out,
                k,
                k,
                &["customer", "currency", "items", "notes"],
                m,
            ),
        }
    }
    if !(has_customer && items) {
        let mut names: Vec<&dyn std::fmt::Display> = Vec::new();
        if !has_customer {
            names.push(&"customer");
        }
        if !items {
            names.push(&"items");
        }
        missing(&mut out, 0, &names);
    }
    out
}

/// A number within `min..=max` (`max` `None`: no upper bound).
#[inline]
fn number_in(out: &mut Vec<String>, path: &str, v: &Value, min: u64, max: Option<u64>) {
    match v {
        Value::Number(n) => match n.as_f64() {
            Some(f) if f < min as f64 => bound(out, &path, "at least", min, n),
            Some(f) if max.is_some_and(|m| f > m as f64) => {
                bound(out, &path, "at most", max.unwrap_or_default(), n)
            }
            _ => {}
        },
        _ => wrong_type(out, &path, "number", v),
    }
}

/// A string among `allowed`.
#[inline]
fn one_of(out: &mut Vec<String>, path: &str, v: &Value, allowed: &[&str]) {
    match v {
        Value::String(s) if allowed.contains(&s.as_str()) => {}
        Value::String(_) => not_in_enum(out, &path, allowed, v),
        _ => wrong_type(out, &path, "string", v),
    }
}

/// An array whose elements each pass `element` (given the element's path).
#[inline]
fn array_of(
    out: &mut Vec<String>,
    path: &str,
    v: &Value,
    mut element: impl FnMut(&mut Vec<String>, &dyn std::fmt::Display, &Value),
) {
    match v {
        Value::Array(a) => {
            for (i, e) in a.iter().enumerate() {
                element(out, &format_args!("{path}[{i}]"), e);
            }
        }
        _ => wrong_type(out, &path, "array", v),
    }
}

/// The 30-field job tool (7 required, closed).
pub fn job(v: &Value) -> Vec<String> {
    const DECLARED: [&str; 30] = [
        "name",
        "image",
        "command",
        "working_dir",
        "user",
        "queue",
        "priority",
        "cpus",
        "memory_mb",
        "gpus",
        "timeout_s",
        "retries",
        "cpu_quota",
        "spot_price_max",
        "backoff_factor",
        "min_free_disk_gb",
        "privileged",
        "network",
        "interactive",
        "cleanup",
        "log_level",
        "restart_policy",
        "args",
        "ports",
        "region",
        "zone",
        "project",
        "owner_email",
        "description",
        "tags",
    ];
    const REQUIRED: [&str; 7] = [
        "name",
        "image",
        "command",
        "queue",
        "cpus",
        "memory_mb",
        "project",
    ];
    let Value::Object(m) = v else {
        return root_type(v);
    };
    let mut out = Vec::new();
    // Bit i: REQUIRED[i] seen.
    let mut seen = 0u8;
    let string = |out: &mut Vec<String>, k: &str, v: &Value| {
        if !v.is_string() {
            wrong_type(out, &k, "string", v);
        }
    };
    let boolean = |out: &mut Vec<String>, k: &str, v: &Value| {
        if !v.is_boolean() {
            wrong_type(out, &k, "boolean", v);
        }
    };
    for (k, v) in m {
        let key = k.as_str();
        match key {
            "name" | "image" | "command" | "project" => {
                seen |= match key {
                    "name" => 1,
                    "image" => 2,
                    "command" => 4,
                    _ => 64,
                };
                string(&mut out, k, v);
            }
            "working_dir" | "user" | "region" | "zone" | "owner_email" | "description" => {
                string(&mut out, k, v)
            }
            "queue" => {
                seen |= 8;
                one_of(&mut out, k, v, &["default", "high", "low"]);
            }
            "log_level" => one_of(&mut out, k, v, &["debug", "info", "warn", "error"]),
            "restart_policy" => one_of(&mut out, k, v, &["never", "on_failure", "always"]),
            "cpus" => {
                seen |= 16;
                int_in(&mut out, &key, v, 1, 64);
            }
            "memory_mb" => {
                seen |= 32;
                int_in(&mut out, &key, v, 128, 262_144);
            }
            "priority" | "retries" => int_in(&mut out, &key, v, 0, 10),
            "gpus" => int_in(&mut out, &key, v, 0, 8),
            "timeout_s" => int_in(&mut out, &key, v, 1, 86_400),
            "cpu_quota" => number_in(&mut out, k, v, 0, Some(1)),
            "backoff_factor" => number_in(&mut out, k, v, 1, Some(10)),
            "spot_price_max" | "min_free_disk_gb" => number_in(&mut out, k, v, 0, None),
            "privileged" | "network" | "interactive" | "cleanup" => boolean(&mut out, k, v),
            "args" | "tags" => array_of(&mut out, k, v, |out, path, e| {
                if !e.is_string() {
                    wrong_type(out, path, "string", e);
                }
            }),
            "ports" => array_of(&mut out, k, v, |out, path, e| {
                int_in(out, path, e, 1, 65_535)
            }),
            _ => unexpected(&mut out, &key, key, &DECLARED, m),
        }
    }
    if seen != 127 {
        let names: Vec<&dyn std::fmt::Display> = REQUIRED
            .iter()
            .enumerate()
            .filter(|(i, _)| seen & (1 << i) == 0)
            .map(|(_, name)| name as &dyn std::fmt::Display)
            .collect();
        missing(&mut out, 0, &names);
    }
    out
}
