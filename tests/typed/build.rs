//! The corpora of `tests/compiled` (`corpus_decls`: the BFCL sample, the MCP
//! tools of the shared material when it is there), each tool declared with the
//! typed form of `tool_schema!` (`pub struct BfclN = { ... }`) into
//! `$OUT_DIR/bfcl.rs` and `$OUT_DIR/mcp.rs`, with the tables `BFCL` (definition
//! number, validator, typed round trip) and `MCP` (tool name, the same).

#[path = "../compiled/corpus_decls.rs"]
mod corpus_decls;

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
}

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
