//! What the build scripts of `tests/compiled` and `tests/typed` share: JSON
//! written as `tool_schema!` tokens, the lints to allow for a schema, and the
//! corpora both declare (the deterministic sample of BFCL definitions, the MCP
//! tools of the shared material).

use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

/// The shared material (`../shared` beside the workspace, or `$TOOL_SCHEMA_SHARED`,
/// or `$SHARED` as `.ci/run` names it), if it is there.
pub fn shared() -> Option<std::path::PathBuf> {
    println!("cargo:rerun-if-env-changed=TOOL_SCHEMA_SHARED");
    println!("cargo:rerun-if-env-changed=SHARED");
    let dir = std::env::var_os("TOOL_SCHEMA_SHARED")
        .or_else(|| std::env::var_os("SHARED"))
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    dir.is_dir().then_some(dir)
}

/// JSON as Rust tokens for `tool_schema!`: strings as Rust string literals.
pub fn tokens(v: &Value, out: &mut String) {
    tokens_written(v, &std::collections::HashMap::new(), out)
}

/// [`tokens`], each number whose `serde_json` text `written` maps written as
/// that text instead (the digits of the file it was read from).
pub fn tokens_written(
    v: &Value,
    written: &std::collections::HashMap<String, String>,
    out: &mut String,
) {
    match v {
        Value::Number(n) => match written.get(&n.to_string()) {
            Some(text) => out.push_str(text),
            None => out.push_str(&n.to_string()),
        },
        Value::Null | Value::Bool(_) => out.push_str(&v.to_string()),
        Value::String(s) => write!(out, "{s:?}").unwrap(),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                tokens_written(item, written, out);
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
                tokens_written(item, written, out);
            }
            out.push('}');
        }
    }
}

/// `#[tool(allow(...))]` for exactly the lints the schema model finds in `schema`.
pub fn allow(schema: &tool_schema_engine::Schema) -> String {
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

/// The BFCL definitions to compile: `(definition number, function object as
/// written in the macro, parameters)`.
///
/// By default, a deterministic sample of the python-style definitions of
/// `tests/data/bfcl/` that its calls use: the definitions of every call whose
/// `expected` is not empty, every definition with a feature of [`bfcl_special`],
/// and every 7th of the others in definition order; each written as
/// `{"name", "parameters"}`.
///
/// With `all`: all 3270 python-style definitions of the shared corpus's
/// `functions.jsonl` (`shared` finds it), each the whole function object as BFCL
/// wrote it (descriptions, `response`, ...).
pub fn chosen(all: bool, shared: fn() -> Option<std::path::PathBuf>) -> Vec<(usize, Value, Value)> {
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
    chosen
}

/// Every python-style definition of `tests/data/bfcl/` (all 3270 of the corpus,
/// without their descriptions, see its README), as [`chosen`] gives them: no
/// shared material needed.
#[allow(dead_code)] // tests/typed's build script alone uses it
pub fn every_local() -> Vec<(usize, Value, Value)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/bfcl/definitions.jsonl");
    println!("cargo:rerun-if-changed={}", path.display());
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let def: Value = serde_json::from_str(line).unwrap();
        if def["style"] == "python" {
            let n = def["n"].as_u64().unwrap() as usize;
            let function =
                serde_json::json!({"name": def["name"], "parameters": def["parameters"]});
            out.push((n, function, def["parameters"].clone()));
        }
    }
    out
}

/// One `tool_schema!` invocation for each of `chosen`, `pub {form}BfclN = ...`
/// (`form`: `""` for the untyped form, `"struct "` for the typed one), allowing
/// the lints the schema model finds.
pub fn declarations(chosen: &[(usize, Value, Value)], form: &str) -> String {
    let mut out = String::new();
    for (n, function, parameters) in chosen {
        let schema = tool_schema_engine::Dialect::Bfcl
            .parse(parameters)
            .unwrap_or_else(|e| panic!("BFCL definition #{n} is not in the dialect: {e}"));
        write!(
            out,
            "tool_schema::tool_schema! {{\n    #[tool(dialect = \"bfcl\"{})]\n    pub {form}Bfcl{n} = ",
            allow(&schema)
        )
        .unwrap();
        tokens(function, &mut out);
        out.push_str("\n}\n");
    }
    out
}

/// The tools of the shared MCP corpus (`corpora/mcp/tools.jsonl`, found by
/// `shared`) whose `inputSchema` the schema model accepts: `(name, description,
/// inputSchema)`, and the file read (`None`: the shared material is absent).
#[allow(clippy::type_complexity)]
pub fn mcp_tools(
    shared: fn() -> Option<std::path::PathBuf>,
) -> (Vec<(String, String, Value)>, Option<std::path::PathBuf>) {
    let path = shared().map(|d| d.join("corpora/mcp/tools.jsonl"));
    let text = path.as_ref().and_then(|p| {
        println!("cargo:rerun-if-changed={}", p.display());
        std::fs::read_to_string(p).ok()
    });
    let mut tools: Vec<(String, String, Value)> = Vec::new();
    for line in text.iter().flat_map(|t| t.lines()) {
        let tool: Value = serde_json::from_str(line).unwrap();
        let schema = tool["inputSchema"].clone();
        if tool_schema_engine::Schema::parse(&schema).is_ok() {
            let name = tool["name"].as_str().unwrap().to_string();
            let description = tool["description"].as_str().unwrap_or("").to_string();
            tools.push((name, description, schema));
        }
    }
    (tools, path.filter(|_| text.is_some()))
}

/// One `tool_schema!` invocation for each of `tools`, `pub {form}McpI = ...`
/// (`form` as in [`declarations`]).
pub fn mcp_declarations(tools: &[(String, String, Value)], form: &str) -> String {
    let mut out = String::new();
    for (i, (name, description, schema)) in tools.iter().enumerate() {
        let parsed = tool_schema_engine::Schema::parse(schema).unwrap();
        write!(
            out,
            "tool_schema::tool_schema! {{\n    #[tool(name = {name:?}, description = {description:?}{})]\n    pub {form}Mcp{i} = ",
            allow(&parsed)
        )
        .unwrap();
        tokens(schema, &mut out);
        out.push_str("\n}\n");
    }
    out
}

/// Ends `out`, the MCP tools' declarations and table, with the constant `SOURCE`
/// (the corpus file read, `path`; `""` without the shared material) and writes it
/// to `$OUT_DIR/mcp.rs`.
pub fn finish_mcp(mut out: String, path: Option<std::path::PathBuf>) {
    let source = path.map(|p| p.display().to_string()).unwrap_or_default();
    writeln!(
        out,
        "\n/// The corpus file the tools were read from (`\"\"`: none, the shared material is absent).\npub const SOURCE: &str = {source:?};"
    )
    .unwrap();
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("mcp.rs");
    std::fs::write(dest, out).unwrap();
}
