//! The corpora of `tests/compiled` (`corpus_decls`: the BFCL sample, or all
//! 3270 python-style definitions with `TOOL_SCHEMA_BFCL_ALL=1`, the MCP tools of
//! the shared material when it is there), each tool declared with the
//! typed form of `tool_schema!` (`pub struct BfclN = { ... }`) into
//! `$OUT_DIR/bfcl.rs` and `$OUT_DIR/mcp.rs`, with the tables `BFCL` (definition
//! number, validator, typed round trip) and `MCP` (tool name, the same).

#[path = "../compiled/corpus_decls.rs"]
mod corpus_decls;
mod gen_schemas;

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // The sample of `tests/compiled`, or with `TOOL_SCHEMA_BFCL_ALL=1` every
    // python-style definition of `tests/data/bfcl/`.
    println!("cargo:rerun-if-env-changed=TOOL_SCHEMA_BFCL_ALL");
    let all = std::env::var("TOOL_SCHEMA_BFCL_ALL").is_ok_and(|v| v == "1");
    let chosen = if all {
        corpus_decls::every_local()
    } else {
        corpus_decls::chosen(false, || None)
    };
    let mut out = corpus_decls::declarations(&chosen, "struct ");
    writeln!(
        out,
        "\n/// Whether `BFCL` holds every python-style definition (`TOOL_SCHEMA_BFCL_ALL=1`).\npub const ALL: bool = {all};"
    )
    .unwrap();
    out.push_str("\n/// `(definition number, validator, typed round trip)`.\npub const BFCL: &[(usize, crate::Validate, crate::RoundTrip)] = &[\n");
    for (n, _, _) in &chosen {
        writeln!(
            out,
            "    ({n}, <Bfcl{n} as tool_schema::ToolArgs>::validate_with, crate::round_trip::<Bfcl{n}>),"
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("bfcl.rs");
    std::fs::write(dest, out).unwrap();
    mcp();
    props();
    generators();
}

/// The generator corpus (`tests/data/generators/*.json`: schemars, pydantic and
/// zod-to-json-schema output), typed, with the table `GENERATORS`.
fn generators() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/generators");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let tools = files.iter().map(|path| {
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let schema = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let ident = name
            .split('_')
            .map(|w| w[..1].to_uppercase() + &w[1..])
            .collect();
        let attr = format!("#[tool(name = {name:?}{{allow}})]");
        (name, ident, attr, schema)
    });
    modules("generators.rs", "GENERATORS", tools);
}

/// The schemas of the property test (`gen_schemas`), typed, with the table
/// `PROPS`.
fn props() {
    println!("cargo:rerun-if-changed=gen_schemas.rs");
    let schemas = gen_schemas::schemas(PROPS_SEED, PROPS_COUNT);
    let tools = schemas.into_iter().enumerate().map(|(i, schema)| {
        let attr = format!("#[tool(description = \"Generated schema {i}.\"{{allow}})]");
        (format!("prop{i}"), format!("Prop{i}"), attr, schema)
    });
    modules("props.rs", "PROPS", tools);
}

/// Writes `$OUT_DIR/{file}`: each of `tools` (module name, type name,
/// attributes with `{allow}` where the lints it needs go, schema) declared in the
/// typed form in a module of its own (their `$defs` types are named by their
/// keys, which repeat), and the table `{table}` (tool name, validator, typed
/// round trip, schema).
fn modules(
    file: &str,
    table_name: &str,
    tools: impl Iterator<Item = (String, String, String, serde_json::Value)>,
) {
    let mut out = String::new();
    let mut table = format!(
        "\n/// `(tool name, validator, typed round trip, schema)`.\npub const {table_name}: &[(&str, crate::Validate, crate::RoundTrip, crate::SchemaOf)] = &[\n"
    );
    for (module, ident, attr, schema) in tools {
        let parsed = tool_schema_engine::Schema::parse(&schema)
            .unwrap_or_else(|e| panic!("{module} is refused: {e}\n{schema}"));
        let attr = attr.replace("{allow}", &corpus_decls::allow(&parsed));
        write!(
            out,
            "pub mod {module} {{\ntool_schema::tool_schema! {{\n    {attr}\n    pub struct {ident} = "
        )
        .unwrap();
        corpus_decls::tokens(&schema, &mut out);
        out.push_str("\n}\n}\n");
        let t = format!("{module}::{ident}");
        writeln!(
            table,
            "    (<{t} as tool_schema::ToolArgs>::NAME, <{t} as tool_schema::ToolArgs>::validate_with, crate::round_trip::<{t}>, <{t} as tool_schema::ToolArgs>::schema),"
        )
        .unwrap();
    }
    out.push_str(&table);
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join(file);
    std::fs::write(dest, out).unwrap();
}

/// The property test's schemas: how many, from which seed.
const PROPS_SEED: u64 = 32;
const PROPS_COUNT: usize = 48;

/// The MCP corpus's tools (none without the shared material), typed.
fn mcp() {
    let (tools, path) = corpus_decls::mcp_tools(corpus_decls::shared);
    let mut out = corpus_decls::mcp_declarations(&tools, "struct ");
    out.push_str("\n/// `(tool name, validator, typed round trip)`.\npub const MCP: &[(&str, crate::Validate, crate::RoundTrip)] = &[\n");
    for i in 0..tools.len() {
        writeln!(
            out,
            "    (<Mcp{i} as tool_schema::ToolArgs>::NAME, <Mcp{i} as tool_schema::ToolArgs>::validate_with, crate::round_trip::<Mcp{i}>),"
        )
        .unwrap();
    }
    out.push_str("];\n");
    corpus_decls::finish_mcp(out, path);
}
