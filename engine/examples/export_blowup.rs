//! The hostile export reproducers of issue #11, timed by hand (not a test):
//!
//! ```text
//! cargo run --release -p tool-schema-engine --example export_blowup -- CASE [N]
//! ```
//!
//! CASE: `self_ref_sibling` (gemini_json_schema), `strict_diamond` (anthropic_strict,
//! N levels where two properties point at the next level), `strict_chain`
//! (anthropic_strict, an N-definition `$ref` chain), `gemini_shared` (gemini, N levels
//! of shared definitions), `sibling_diamond` (every target, N levels of shared
//! definitions referenced with a sibling), `deep` (every target, N levels of
//! `properties` built in code, on a 2 MiB stack), `root_ref` and `missing_ref` (every
//! target), `all` (everything, default sizes). Prints the time, the outcome, the output size and the report's length.

use serde_json::{json, Map, Value};
use std::time::Instant;
use tool_schema_engine::export::limits::weight;
use tool_schema_engine::export::{self, ExportOptions, Target, ToolSpec};

/// `D_i = {"type": "object", "properties": {"a": D_{i+1}, "b": D_{i+1}}}`, `D_n` a string.
fn diamond(n: usize) -> Value {
    let mut defs = Map::new();
    for i in 0..n {
        let next = format!("#/$defs/D{}", i + 1);
        defs.insert(
            format!("D{i}"),
            json!({"type": "object", "properties": {"a": {"$ref": next}, "b": {"$ref": next}},
                   "required": ["a", "b"]}),
        );
    }
    defs.insert(format!("D{n}"), json!({"type": "string"}));
    json!({"$defs": defs, "type": "object", "properties": {"x": {"$ref": "#/$defs/D0"}}})
}

/// [`diamond`] with a `description` beside every `$ref` (inlined by the strict modes
/// and Gemini `parametersJsonSchema`).
fn diamond_siblings(n: usize) -> Value {
    let mut v = diamond(n);
    for i in 0..n {
        for p in ["a", "b"] {
            v["$defs"][format!("D{i}")]["properties"][p]["description"] = json!("shared");
        }
    }
    v
}

/// `D_i = {"type": "object", "properties": {"n": D_{i+1}}}`, `D_n` a string.
fn chain(n: usize) -> Value {
    let mut defs = Map::new();
    for i in 0..n {
        let next = format!("#/$defs/D{}", i + 1);
        defs.insert(
            format!("D{i}"),
            json!({"type": "object", "properties": {"n": {"$ref": next}}}),
        );
    }
    defs.insert(format!("D{n}"), json!({"type": "string"}));
    json!({"$defs": defs, "type": "object", "properties": {"x": {"$ref": "#/$defs/D0"}}})
}

fn run(case: &str, target: Target, schema: &Value) {
    let input = weight(schema);
    let tool = ToolSpec::new("t", "", schema);
    let t = Instant::now();
    let r = export::export(target, &tool, &ExportOptions::default());
    let dt = t.elapsed();
    match r {
        Ok(e) => println!(
            "{case:>18} {:>24}: {:>10.3} ms  Ok   input {input} values, output {} B, {} report entries",
            target.id(),
            dt.as_secs_f64() * 1e3,
            e.value.to_string().len(),
            e.report.changes().len()
        ),
        Err(e) => println!(
            "{case:>18} {:>24}: {:>10.3} ms  Err  input {input} values, {} problems; first: {}",
            target.id(),
            dt.as_secs_f64() * 1e3,
            e.problems.len(),
            e.problems
                .first()
                .map(|p| p.to_string())
                .unwrap_or_default()
        ),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let case = args.get(1).map(String::as_str).unwrap_or("all");
    let n: Option<usize> = args.get(2).and_then(|s| s.parse().ok());
    let all = case == "all";
    if all || case == "self_ref_sibling" {
        let s = json!({"type": "object", "properties": {"x": {"$ref": "#", "description": "d"}}});
        run("self_ref_sibling", Target::GeminiJsonSchema, &s);
    }
    if all || case == "strict_diamond" {
        run(
            "strict_diamond",
            Target::AnthropicStrict,
            &diamond(n.unwrap_or(22)),
        );
    }
    if all || case == "strict_chain" {
        run(
            "strict_chain",
            Target::AnthropicStrict,
            &chain(n.unwrap_or(4000)),
        );
    }
    if all || case == "gemini_shared" {
        run("gemini_shared", Target::Gemini, &diamond(n.unwrap_or(20)));
    }
    if all || case == "sibling_diamond" {
        let s = diamond_siblings(n.unwrap_or(40));
        for t in Target::ALL {
            run("sibling_diamond", t, &s);
        }
    }
    if all || case == "root_ref" {
        let s = json!({"$ref": "#"});
        for t in Target::ALL {
            run("root_ref", t, &s);
        }
    }
    if all || case == "deep" {
        // N levels of `properties` built in code, every target on a 2 MiB stack; the
        // value is built and dropped here (serde_json's Drop recurses per level)
        let mut v = json!({"type": "string"});
        for _ in 0..n.unwrap_or(10_000) {
            let mut props = Map::new();
            props.insert("a".to_string(), v);
            let mut m = Map::new();
            m.insert("type".to_string(), json!("object"));
            m.insert("properties".to_string(), Value::Object(props));
            v = Value::Object(m);
        }
        let v = &v;
        std::thread::scope(|s| {
            for t in Target::ALL {
                let r = std::thread::Builder::new()
                    .stack_size(2 << 20)
                    .spawn_scoped(s, move || run("deep", t, v))
                    .unwrap()
                    .join();
                if r.is_err() {
                    println!("deep {}: panicked", t.id());
                }
            }
        });
    }
    if all || case == "missing_ref" {
        let s = json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/nope"}}});
        for t in Target::ALL {
            run("missing_ref", t, &s);
        }
    }
}
