//! Measures the native stack `validate` and `is_valid` use per level of nesting
//! (`Options::max_depth`), for the interpreter, `tool_schema!` and a recursive
//! derived type, on values valid and invalid at the bottom:
//!
//! ```sh
//! cargo run --example depth_stack             # debug
//! cargo run --release --example depth_stack   # release
//! ```
//!
//! For each case it finds, by running itself on threads of decreasing stack
//! size, the smallest stack that validates a value 100 and 1000 levels deep, and
//! prints the difference per level (`-- WORD`: only the cases whose name holds
//! WORD). `-- cost` instead times the depth check
//! every validation of a call starts with, against `is_valid` on the same calls.

use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::process::Command;
use tool_schema::{tool_schema, Options, Schema, ToolArgs};

tool_schema! {
    pub PropsRef = {"type": "object", "properties": {"a": {"$ref": "#"}, "b": {"type": "string"}}};
    pub AnyOfRef = {"type": "object", "properties": {
        "a": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}, "b": {"type": "string"}}};
}

#[derive(ToolArgs, Deserialize)]
#[allow(dead_code)]
struct Node {
    a: Option<Box<Node>>,
    b: Option<String>,
}

fn schemas() -> Vec<(&'static str, Value)> {
    vec![
        (
            "interp: properties $ref #",
            json!({"type": "object", "properties": {"a": {"$ref": "#"}, "b": {"type": "string"}}}),
        ),
        (
            "interp: anyOf around $ref",
            json!({"type": "object", "properties": {"a": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}, "b": {"type": "string"}}}),
        ),
        (
            "interp: allOf around $ref",
            json!({"type": "object", "properties": {"a": {"allOf": [{"$ref": "#"}, {"type": "object"}]}, "b": {"type": "string"}}}),
        ),
        (
            "interp: additionalProperties $ref #",
            json!({"type": "object", "properties": {"b": {"type": "string"}}, "additionalProperties": {"$ref": "#"}}),
        ),
    ]
}

const COMPILED: [&str; 3] = [
    "tool_schema!: properties $ref #",
    "tool_schema!: anyOf around $ref",
    "derive: Option<Box<Self>>",
];

/// `levels` nested objects `{"a": ...}`, the innermost with `"b": 7` (a type
/// violation) when `bad`.
fn deep(levels: usize, bad: bool) -> Value {
    let mut v: Option<Value> = None;
    for _ in 0..levels {
        let mut m = Map::new();
        match v.take() {
            Some(child) => {
                m.insert("a".into(), child);
            }
            None if bad => {
                m.insert("b".into(), json!(7));
            }
            None => {}
        }
        v = Some(Value::Object(m));
    }
    v.unwrap_or(Value::Null)
}

fn child(case: usize, levels: usize, stack: usize, bad: bool) {
    let options = Options::default().max_depth(levels);
    let schemas = schemas();
    let schema = schemas
        .get(case)
        .map(|(_, s)| Schema::parse(s).expect("schema"));
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(s, || {
                let value = deep(levels, bad);
                std::thread::scope(|s| {
                    std::thread::Builder::new()
                        .stack_size(stack)
                        .spawn_scoped(s, || {
                            let (report, valid) = match (&schema, case - schemas.len().min(case)) {
                                (Some(schema), _) => (
                                    schema.validate_with(&value, &options),
                                    schema.is_valid_with(&value, &options),
                                ),
                                (None, 0) => (
                                    PropsRef::validate_with(&value, &options),
                                    PropsRef::is_valid_with(&value, &options),
                                ),
                                (None, 1) => (
                                    AnyOfRef::validate_with(&value, &options),
                                    AnyOfRef::is_valid_with(&value, &options),
                                ),
                                (None, _) => (
                                    Node::validate_with(&value, &options),
                                    Node::is_valid_with(&value, &options),
                                ),
                            };
                            assert_eq!(report.is_valid(), !bad);
                            assert_eq!(valid, !bad);
                        })
                        .expect("thread")
                        .join()
                        .expect("checked");
                });
            })
            .expect("thread")
            .join()
            .expect("built");
    });
}

/// The smallest stack (to 2 KiB) on which the child succeeds.
fn smallest(case: usize, levels: usize, bad: bool) -> usize {
    let exe = std::env::current_exe().expect("exe");
    let ok = |stack: usize| {
        Command::new(&exe)
            .args([
                "child",
                &case.to_string(),
                &levels.to_string(),
                &stack.to_string(),
                &bad.to_string(),
            ])
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let (mut lo, mut hi) = (16usize << 10, 64usize << 20);
    if !ok(hi) {
        return usize::MAX;
    }
    while hi - lo > 2048 {
        let mid = (lo + hi) / 2;
        if ok(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("child") {
        let n = |i: usize| args[i].parse::<usize>().expect("number");
        child(n(2), n(3), n(4), args[5] == "true");
        return;
    }
    if args.get(1).map(String::as_str) == Some("cost") {
        cost();
        return;
    }
    let names: Vec<&str> = schemas().iter().map(|(n, _)| *n).chain(COMPILED).collect();
    println!("| case | valid: bytes/level | invalid at the bottom: bytes/level | stack for 1000 levels (invalid) |");
    println!("|---|---:|---:|---:|");
    // `-- WORD`: only the cases whose name holds WORD.
    let only = args.get(1).cloned().unwrap_or_default();
    for (case, name) in names.iter().enumerate() {
        if !name.contains(only.as_str()) {
            continue;
        }
        let per = |bad: bool| {
            let (a, b) = (smallest(case, 100, bad), smallest(case, 1000, bad));
            ((b.saturating_sub(a)) / 900, b)
        };
        let (good, _) = per(false);
        let (bad, total) = per(true);
        println!("| {name} | {good} | {bad} | {} KiB |", total >> 10);
    }
}

/// Nanoseconds per call of `f`, the best of 5 runs of `n` calls.
fn time(n: u32, f: impl Fn() -> bool) -> f64 {
    (0..5)
        .map(|_| {
            let start = std::time::Instant::now();
            for _ in 0..n {
                std::hint::black_box(f());
            }
            start.elapsed().as_nanos() as f64 / f64::from(n)
        })
        .fold(f64::INFINITY, f64::min)
}

fn cost() {
    let weather = Schema::parse(&json!({"type": "object", "properties": {
        "city": {"type": "string"}, "unit": {"enum": ["celsius", "fahrenheit"]},
        "days": {"type": "integer", "minimum": 1, "maximum": 16}}, "required": ["city"]}))
    .expect("schema");
    let rows = Schema::parse(
        &json!({"type": "object", "properties": {"rows": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "integer"}, "name": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string"}}, "meta": {}}}}}}),
    )
    .expect("schema");
    let small = json!({"city": "Oslo", "unit": "celsius", "days": 3});
    let row = json!({"id": 1, "name": "n", "tags": ["a", "b"], "meta": {"k": [1, 2, {"x": null}]}});
    let big = json!({"rows": vec![row; 1000]});
    let o = Options::default();
    println!("| call | is_valid (ns) | depth check alone (ns) |");
    println!("|---|---:|---:|");
    for (name, schema, call, n) in [
        ("weather, 3 arguments", &weather, &small, 2_000_000),
        ("1000 rows of 4 members", &rows, &big, 2_000),
    ] {
        let all = time(n, || schema.is_valid_with(call, &o));
        let depth = time(n, || {
            tool_schema::__private::depth_exceeds(call, o.max_depth)
        });
        println!("| {name} | {all:.0} | {depth:.0} |");
    }
}
