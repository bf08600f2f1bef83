//! Turns every distinct schema of the schema-taking conformance cases into a
//! `tool_schema!` invocation, written to `$OUT_DIR/tools.rs` with a table that
//! maps the schema's JSON text to its compiled validator; and every group schema
//! of the JSON-Schema-Test-Suite that the schema model accepts into
//! `$OUT_DIR/suite.rs` (see [`suite`]).

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

/// Every lint of the schema model, by the name `#[tool(allow(...))]` takes.
const LINTS: &[&str] = &[
    "required_undeclared",
    "duplicate_required",
    "minimum_above_maximum",
    "empty_enum",
    "enum_type_mismatch",
    "duplicate_enum",
    "const_type_mismatch",
    "keyword_type_mismatch",
    "duplicate_type",
    "unknown_format",
];

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
            "    #[tool(allow({}))]\n    pub Tool{i} = ",
            LINTS.join(", ")
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
    suite();
}

/// Every distinct group schema of the JSON-Schema-Test-Suite files in
/// `tests/data/json-schema-test-suite/` that the schema model accepts, compiled with
/// `tool_schema!` into `$OUT_DIR/suite.rs` with the table `SUITE` (schema JSON
/// text -> validator). The schemas the model refuses are not compiled: the test
/// (`tests/json_schema_test_suite.rs`) holds each of them to its exclusion table.
fn suite() {
    let root =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/json-schema-test-suite/draft2020-12");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("optional/format")] {
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut found: Vec<_> = std::fs::read_dir(&dir)
            .expect("tests/data/json-schema-test-suite")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        found.sort();
        files.extend(found);
    }
    let mut schemas: Vec<Value> = Vec::new();
    for file in files {
        println!("cargo:rerun-if-changed={}", file.display());
        let groups: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        for group in groups.as_array().unwrap() {
            let s = &group["schema"];
            if !schemas.contains(s) && tool_schema_runtime::Schema::parse(s).is_ok() {
                schemas.push(s.clone());
            }
        }
    }
    // Suite schemas are any JSON Schema: any root (`any_root`), any lint.
    let mut out = String::from("tool_schema::tool_schema! {\n");
    for (i, s) in schemas.iter().enumerate() {
        write!(
            out,
            "    #[tool(any_root, allow({}))]\n    pub Suite{i} = ",
            LINTS.join(", ")
        )
        .unwrap();
        tokens(s, &mut out);
        out.push('\n');
    }
    out.push_str("}\n\n");
    out.push_str("/// `(schema JSON text, compiled validator)` for every suite schema the model accepts.\npub const SUITE: &[(&str, Validate)] = &[\n");
    for (i, s) in schemas.iter().enumerate() {
        writeln!(
            out,
            "    ({:?}, <Suite{i} as tool_schema::ToolArgs>::validate_with),",
            s.to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("suite.rs");
    std::fs::write(dest, out).unwrap();
}
