//! The corpora of `tests/compiled` (`corpus_decls`: the BFCL sample, the MCP
//! tools of the shared material when it is there), each tool declared with the
//! typed form of `tool_schema!` (`pub struct BfclN = { ... }`) into
//! `$OUT_DIR/bfcl.rs` and `$OUT_DIR/mcp.rs`, with the tables `BFCL` (definition
//! number, validator, typed round trip) and `MCP` (tool name, the same).

#[path = "../compiled/corpus_decls.rs"]
mod corpus_decls;
mod gen_schemas;

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let chosen = corpus_decls::chosen(false, || None);
    let mut out = corpus_decls::declarations(&chosen, "struct ");
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
}

/// The schemas of the property test (`gen_schemas`), typed, with the table
/// `PROPS` (tool name, validator, typed round trip, schema).
fn props() {
    println!("cargo:rerun-if-changed=gen_schemas.rs");
    let mut out = String::new();
    let mut table = String::from(
        "\n/// `(tool name, validator, typed round trip, schema)`.\npub const PROPS: &[(&str, crate::Validate, crate::RoundTrip, crate::SchemaOf)] = &[\n",
    );
    for (i, schema) in gen_schemas::schemas(PROPS_SEED, PROPS_COUNT)
        .iter()
        .enumerate()
    {
        let parsed = tool_schema_runtime::Schema::parse(schema)
            .unwrap_or_else(|e| panic!("generated schema {i} is refused: {e}\n{schema}"));
        let allow = corpus_decls::allow(&parsed);
        let attr = match allow.strip_prefix(", ") {
            Some(allow) => format!("\n    #[tool({allow})]"),
            None => String::new(),
        };
        write!(
            out,
            "/// Generated schema {i} (its `$defs` types named by their keys, a module each).\npub mod prop{i} {{\ntool_schema::tool_schema! {{\n    /// Generated schema {i}.{attr}\n    pub struct Prop{i} = "
        )
        .unwrap();
        corpus_decls::tokens(schema, &mut out);
        out.push_str("\n}\n}\n");
        writeln!(
            table,
            "    (<prop{i}::Prop{i} as tool_schema::ToolArgs>::NAME, <prop{i}::Prop{i} as tool_schema::ToolArgs>::validate_with, crate::round_trip::<prop{i}::Prop{i}>, <prop{i}::Prop{i} as tool_schema::ToolArgs>::schema),"
        )
        .unwrap();
    }
    out.push_str(&table);
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("props.rs");
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
