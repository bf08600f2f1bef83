//! Turns every distinct schema of the schema-taking conformance cases into a
//! `tool_schema!` invocation, written to `$OUT_DIR/tools.rs` with a table that
//! maps the schema's JSON text to its compiled validator; and every group schema
//! of the JSON-Schema-Test-Suite that the schema model accepts into
//! `$OUT_DIR/suite.rs` (see [`suite`]).

mod corpus_decls;

use corpus_decls::{shared, tokens, tokens_written};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

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
    // (draft directory, schema as the suite writes it, literal compiled, the
    // numbers' texts of its file)
    let mut schemas: Vec<(&str, Value, Value, std::rc::Rc<NumberTexts>)> = Vec::new();
    let mut texts: std::collections::HashSet<(&str, String)> = Default::default();
    for (dir, draft) in SUITE_DRAFTS {
        let builder = suite_builder(draft, &remotes);
        for file in suite_files(&root.join(dir)) {
            let path = root.join(dir).join(&file);
            println!("cargo:rerun-if-changed={}", path.display());
            let text = std::fs::read_to_string(&path).unwrap();
            let groups: Value = serde_json::from_str(&text).unwrap();
            let numbers = std::rc::Rc::new(suite_numbers(&text, &groups));
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
                    schemas.push((dir, s.clone(), literal, numbers.clone()));
                }
            }
        }
    }
    // Suite schemas are any JSON Schema: any root (`any_root`), any lint, unknown
    // keywords as annotations.
    let mut out = String::from("tool_schema::tool_schema! {\n");
    for (i, (_, _, literal, numbers)) in schemas.iter().enumerate() {
        write!(
            out,
            "    #[tool(any_root, annotate_unknown_keywords, allow({}))]\n    pub Suite{i} = ",
            LINTS.join(", ")
        )
        .unwrap();
        // The suite's own digits, not an f64's text (see `suite/numbers.rs`).
        tokens_written(literal, numbers, &mut out);
        out.push('\n');
    }
    out.push_str("}\n\n");
    out.push_str("/// `(draft directory, schema JSON text, compiled validator)` for every suite schema the model accepts.\npub const SUITE: &[(&str, &str, Validate)] = &[\n");
    for (i, (dir, s, _, _)) in schemas.iter().enumerate() {
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
include!("suite/numbers.rs");

/// A suite file's numbers: `serde_json`'s text of each -> the suite's.
type NumberTexts = std::collections::HashMap<String, String>;

/// BFCL definitions compiled with `#[tool(dialect = "bfcl")]` into `$OUT_DIR/bfcl.rs`,
/// one `tool_schema!` invocation each (their names repeat: `get_current_weather`
/// 62 times), with the table `BFCL` (definition number, tool name, `parameters`
/// JSON text, validator).
///
/// The definitions are `corpus_decls::chosen`'s: a sample of `tests/data/bfcl/`,
/// or with `TOOL_SCHEMA_BFCL_ALL=1` all 3270 python-style definitions of the
/// shared corpus.
fn bfcl() {
    println!("cargo:rerun-if-env-changed=TOOL_SCHEMA_BFCL_ALL");
    let all = std::env::var("TOOL_SCHEMA_BFCL_ALL").is_ok_and(|v| v == "1");
    let chosen = corpus_decls::chosen(all, shared);
    let mut out = corpus_decls::declarations(&chosen, "");
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
    let (tools, path) = corpus_decls::mcp_tools(shared);
    let mut out = corpus_decls::mcp_declarations(&tools, "");
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
    corpus_decls::finish_mcp(out, path);
}
