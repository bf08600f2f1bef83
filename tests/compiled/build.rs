//! Turns every distinct schema of the schema-taking conformance cases into a
//! `tool_schema!` invocation, written to `$OUT_DIR/tools.rs` with a table that
//! maps the schema's JSON text to its compiled validator.

use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

/// JSON as Rust tokens for `tool_schema!`: strings as Rust string literals.
fn tokens(v: &Value, out: &mut String) {
    match v {
        Value::Null | Value::Bool(_) | Value::Number(_) => out.push_str(&v.to_string()),
        Value::String(s) => write!(out, "{s:?}").unwrap(),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                tokens(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write!(out, "{k:?}: ").unwrap();
                tokens(item, out);
            }
            out.push('}');
        }
    }
}

fn main() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/seed-ops");
    println!("cargo:rerun-if-changed={}", data.display());
    let mut schemas: Vec<Value> = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&data)
        .expect("tests/data/seed-ops")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    for file in files {
        println!("cargo:rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(&file).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).unwrap();
            let input = &case["input"];
            let found: Vec<&Value> = match case["op"].as_str().unwrap() {
                "validate_arguments" | "validate_args" => vec![&input["schema"]],
                "validate_tool_call" => input["schemas"]
                    .as_object()
                    .unwrap()
                    .values()
                    .filter_map(|t| t.get("parameters"))
                    .collect(),
                _ => vec![],
            };
            for s in found {
                if !schemas.contains(s) {
                    schemas.push(s.clone());
                }
            }
        }
    }
    // Richer hand-written schemas, for the randomised differential test.
    let extra = Path::new(env!("CARGO_MANIFEST_DIR")).join("extra_schemas.jsonl");
    println!("cargo:rerun-if-changed={}", extra.display());
    let first_extra = schemas.len();
    for line in std::fs::read_to_string(&extra).unwrap().lines() {
        if !line.trim().is_empty() {
            schemas.push(serde_json::from_str(line).unwrap());
        }
    }
    let mut out = String::from("tool_schema::tool_schema! {\n");
    for (i, s) in schemas.iter().enumerate() {
        // The conformance schemas are run as given, probable mistakes included.
        write!(
            out,
            "    #[tool(allow(required_undeclared, duplicate_required, minimum_above_maximum, empty_enum, enum_type_mismatch, duplicate_enum, const_type_mismatch, keyword_type_mismatch, duplicate_type, unknown_format))]\n    pub Tool{i} = "
        )
        .unwrap();
        tokens(s, &mut out);
        out.push('\n');
    }
    out.push_str("}\n\n");
    out.push_str("/// A compiled validator.\npub type Validate = fn(&serde_json::Value, &tool_schema::Options) -> tool_schema::Report;\n\n");
    out.push_str("/// `(schema JSON text, compiled validator)` for every compiled schema.\npub const TOOLS: &[(&str, Validate)] = &[\n");
    for (i, s) in schemas.iter().enumerate() {
        writeln!(
            out,
            "    ({:?}, <Tool{i} as tool_schema::ToolArgs>::validate_with),",
            s.to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    writeln!(
        out,
        "\n/// Index in `TOOLS` of the first hand-written schema.\npub const FIRST_EXTRA: usize = {first_extra};"
    )
    .unwrap();
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("tools.rs");
    std::fs::write(dest, out).unwrap();
}
