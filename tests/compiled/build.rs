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
    "without_if",
    "without_contains",
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
    out.push_str("/// A compiled yes/no validator.\npub type IsValid = fn(&serde_json::Value, &tool_schema::Options) -> bool;\n\n");
    out.push_str("/// `ToolArgs::is_valid_with` of each of `TOOLS`, in the same order.\npub const IS_VALID: &[IsValid] = &[\n");
    for i in 0..schemas.len() {
        writeln!(
            out,
            "    <Tool{i} as tool_schema::ToolArgs>::is_valid_with,"
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
    bfcl();
    mcp();
}

/// Every distinct group schema of the JSON-Schema-Test-Suite (drafts 2020-12 and 7,
/// required and optional files, `tests/data/json-schema-test-suite/`) that the
/// schema model accepts, compiled with `tool_schema!` into `$OUT_DIR/suite.rs` with
/// the table `SUITE` (draft directory, schema JSON text -> validator). The literal
/// compiled is [`suite_literal`]'s: the draft in `$schema`, the remote documents
/// embedded. The schemas the model refuses are not compiled: the test
/// (`tests/json_schema_test_suite.rs`) holds each of them to its exclusion table.
fn suite() {
    let root = suite_root();
    println!("cargo:rerun-if-changed={}", root.display());
    let remotes = suite_remotes();
    // (draft directory, schema as the suite writes it, literal compiled)
    let mut schemas: Vec<(&str, Value, Value)> = Vec::new();
    let mut texts: std::collections::HashSet<(&str, String)> = Default::default();
    for (dir, draft) in SUITE_DRAFTS {
        let builder = suite_builder(draft, &remotes);
        for file in suite_files(&root.join(dir)) {
            let path = root.join(dir).join(&file);
            println!("cargo:rerun-if-changed={}", path.display());
            let groups: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for group in groups.as_array().unwrap() {
                let s = &group["schema"];
                // By text: maps compare equal whatever their order, and two
                // groups may write one schema's keywords in two orders (the
                // test looks a schema up by its text).
                if !texts.insert((dir, s.to_string())) {
                    continue;
                }
                if let Ok(parsed) = builder.parse(s) {
                    let literal = suite_literal(s, draft, &parsed, &remotes);
                    schemas.push((dir, s.clone(), literal));
                }
            }
        }
    }
    // Suite schemas are any JSON Schema: any root (`any_root`), any lint, unknown
    // keywords as annotations.
    let mut out = String::from("tool_schema::tool_schema! {\n");
    for (i, (_, _, literal)) in schemas.iter().enumerate() {
        write!(
            out,
            "    #[tool(any_root, annotate_unknown_keywords, allow({}))]\n    pub Suite{i} = ",
            LINTS.join(", ")
        )
        .unwrap();
        tokens(literal, &mut out);
        out.push('\n');
    }
    out.push_str("}\n\n");
    out.push_str("/// `(draft directory, schema JSON text, compiled validator)` for every suite schema the model accepts.\npub const SUITE: &[(&str, &str, Validate)] = &[\n");
    for (i, (dir, s, _)) in schemas.iter().enumerate() {
        writeln!(
            out,
            "    ({dir:?}, {:?}, <Suite{i} as tool_schema::ToolArgs>::validate_with),",
            s.to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    out.push_str("/// `ToolArgs::is_valid_with` of each of `SUITE`, in the same order.\npub const SUITE_IS_VALID: &[super::IsValid] = &[\n");
    for i in 0..schemas.len() {
        writeln!(
            out,
            "    <Suite{i} as tool_schema::ToolArgs>::is_valid_with,"
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("suite.rs");
    std::fs::write(dest, out).unwrap();
}

include!("suite/walk.rs");

/// The shared material (`../shared` beside the workspace, or `$TOOL_SCHEMA_SHARED`,
/// or `$SHARED` as `.ci/run` names it), if it is there.
fn shared() -> Option<std::path::PathBuf> {
    println!("cargo:rerun-if-env-changed=TOOL_SCHEMA_SHARED");
    println!("cargo:rerun-if-env-changed=SHARED");
    let dir = std::env::var_os("TOOL_SCHEMA_SHARED")
        .or_else(|| std::env::var_os("SHARED"))
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    dir.is_dir().then_some(dir)
}

/// `#[tool(allow(...))]` for exactly the lints the schema model finds in `schema`.
fn allow(schema: &tool_schema_runtime::Schema) -> String {
    let mut names: Vec<String> = schema
        .lints()
        .iter()
        .map(|l| l.kind.code().replace('-', "_"))
        .collect();
    names.sort();
    names.dedup();
    if names.is_empty() {
        String::new()
    } else {
        format!(", allow({})", names.join(", "))
    }
}

/// Whether a BFCL definition has what the sample must cover: `tuple`, `any`, a
/// nested `dict`, an `enum` on an array, a property name that is a Rust keyword or
/// not an identifier.
fn bfcl_special(node: &Value, depth: usize) -> bool {
    let ty = node.get("type").and_then(Value::as_str).unwrap_or("");
    if matches!(ty, "tuple" | "any")
        || (ty == "dict" && depth > 0)
        || (matches!(ty, "array" | "tuple") && node.get("enum").is_some())
    {
        return true;
    }
    let odd = |k: &str| {
        matches!(
            k,
            "type" | "mod" | "move" | "trait" | "fn" | "struct" | "match" | "self"
        ) || k.starts_with(|c: char| c.is_ascii_digit())
            || !k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let props = node.get("properties").and_then(Value::as_object);
    props.is_some_and(|p| p.iter().any(|(k, s)| odd(k) || bfcl_special(s, depth + 1)))
        || node
            .get("items")
            .is_some_and(|i| i.is_object() && bfcl_special(i, depth + 1))
}

/// BFCL definitions compiled with `#[tool(dialect = "bfcl")]` into `$OUT_DIR/bfcl.rs`,
/// one `tool_schema!` invocation each (their names repeat: `get_current_weather`
/// 62 times), with the table `BFCL` (definition number, tool name, `parameters`
/// JSON text, validator).
///
/// By default, a deterministic sample of the python-style definitions of
/// `tests/data/bfcl/` that its calls use: the definitions of every call whose
/// `expected` is not empty, every definition with a feature of [`bfcl_special`],
/// and every 7th of the others in definition order; each written as
/// `{"name", "parameters"}`.
///
/// With `TOOL_SCHEMA_BFCL_ALL=1`: all 3270 python-style definitions of the shared
/// corpus's `functions.jsonl`, each the whole function object as BFCL wrote it
/// (descriptions, `response`, ...).
fn bfcl() {
    println!("cargo:rerun-if-env-changed=TOOL_SCHEMA_BFCL_ALL");
    let all = std::env::var("TOOL_SCHEMA_BFCL_ALL").is_ok_and(|v| v == "1");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/bfcl");
    // (n, function object as written in the macro, parameters)
    let mut chosen: Vec<(usize, Value, Value)> = Vec::new();
    if all {
        let dir = shared()
            .expect("TOOL_SCHEMA_BFCL_ALL=1 needs the shared corpus: set TOOL_SCHEMA_SHARED")
            .join("corpora/bfcl");
        let path = dir.join("functions.jsonl");
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let f: Value = serde_json::from_str(line).unwrap();
            let category = f["category"].as_str().unwrap();
            if category == "simple_java" || category == "simple_javascript" {
                continue;
            }
            let function = f["function"].clone();
            let parameters = function["parameters"].clone();
            chosen.push((n, function, parameters));
        }
    } else {
        for file in ["definitions.jsonl", "calls.jsonl"] {
            println!("cargo:rerun-if-changed={}", data.join(file).display());
        }
        let read = |file: &str| -> Vec<Value> {
            std::fs::read_to_string(data.join(file))
                .unwrap()
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect()
        };
        let defs = read("definitions.jsonl");
        let mut used = std::collections::BTreeMap::<usize, bool>::new();
        for call in read("calls.jsonl") {
            let n = call["def"].as_u64().unwrap() as usize;
            let failing = !call["expected"].as_array().unwrap().is_empty();
            *used.entry(n).or_default() |= failing;
        }
        let mut plain = 0;
        for (&n, &failing) in &used {
            let def = &defs[n];
            let special = bfcl_special(&def["parameters"], 0);
            let take = failing || special || {
                plain += 1;
                plain % 7 == 1
            };
            if take {
                let function =
                    serde_json::json!({"name": def["name"], "parameters": def["parameters"]});
                chosen.push((n, function, def["parameters"].clone()));
            }
        }
    }
    let mut out = String::new();
    for (n, function, parameters) in &chosen {
        let schema = tool_schema_runtime::Dialect::Bfcl
            .parse(parameters)
            .unwrap_or_else(|e| panic!("BFCL definition #{n} is not in the dialect: {e}"));
        write!(
            out,
            "tool_schema::tool_schema! {{\n    #[tool(dialect = \"bfcl\"{})]\n    pub Bfcl{n} = ",
            allow(&schema)
        )
        .unwrap();
        tokens(function, &mut out);
        out.push_str("\n}\n");
    }
    out.push_str("\n/// `(definition number, tool name, parameters JSON text, compiled validator)`.\npub const BFCL: &[(usize, &str, &str, Validate)] = &[\n");
    for (n, _, parameters) in &chosen {
        writeln!(
            out,
            "    ({n}, <Bfcl{n} as tool_schema::ToolArgs>::NAME, {:?}, <Bfcl{n} as tool_schema::ToolArgs>::validate_with),",
            parameters.to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    writeln!(
        out,
        "\n/// Whether `BFCL` holds every python-style definition (`TOOL_SCHEMA_BFCL_ALL=1`).\npub const ALL: bool = {all};"
    )
    .unwrap();
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("bfcl.rs");
    std::fs::write(dest, out).unwrap();
}

/// The `inputSchema` of every tool of the shared MCP corpus
/// (`corpora/mcp/tools.jsonl`, not copied into the repository: see
/// `tests/compiled/tests/mcp.rs`) that the schema model accepts, compiled into `$OUT_DIR/mcp.rs`
/// with the table `MCP` (tool name, schema JSON text, validator). Empty without the
/// shared material. The schemas the model refuses are not compiled; the test holds
/// them to its list of refusals.
fn mcp() {
    let path = shared().map(|d| d.join("corpora/mcp/tools.jsonl"));
    let text = path.as_ref().and_then(|p| {
        println!("cargo:rerun-if-changed={}", p.display());
        std::fs::read_to_string(p).ok()
    });
    let mut tools: Vec<(String, String, Value)> = Vec::new();
    for line in text.iter().flat_map(|t| t.lines()) {
        let tool: Value = serde_json::from_str(line).unwrap();
        let schema = tool["inputSchema"].clone();
        if tool_schema_runtime::Schema::parse(&schema).is_ok() {
            let name = tool["name"].as_str().unwrap().to_string();
            let description = tool["description"].as_str().unwrap_or("").to_string();
            tools.push((name, description, schema));
        }
    }
    let mut out = String::new();
    for (i, (name, description, schema)) in tools.iter().enumerate() {
        let parsed = tool_schema_runtime::Schema::parse(schema).unwrap();
        write!(
            out,
            "tool_schema::tool_schema! {{\n    #[tool(name = {name:?}, description = {description:?}{})]\n    pub Mcp{i} = ",
            allow(&parsed)
        )
        .unwrap();
        tokens(schema, &mut out);
        out.push_str("\n}\n");
    }
    out.push_str("\n/// `(tool name, inputSchema JSON text, compiled validator)`.\npub const MCP: &[(&str, &str, Validate)] = &[\n");
    for (i, (_, _, schema)) in tools.iter().enumerate() {
        writeln!(
            out,
            "    (<Mcp{i} as tool_schema::ToolArgs>::NAME, {:?}, <Mcp{i} as tool_schema::ToolArgs>::validate_with),",
            schema.to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let source = match (&path, &text) {
        (Some(p), Some(_)) => p.display().to_string(),
        _ => String::new(),
    };
    writeln!(
        out,
        "\n/// The corpus file the tools were read from (`\"\"`: none, the shared material is absent).\npub const SOURCE: &str = {source:?};"
    )
    .unwrap();
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("mcp.rs");
    std::fs::write(dest, out).unwrap();
}
