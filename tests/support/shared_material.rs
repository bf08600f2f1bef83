//! What a test does when the project's shared material (`../shared`: the seed
//! conformance cases, the BFCL and MCP corpora) is not there: it says so on the
//! terminal, past libtest's capture, and passes; or it fails when
//! `TOOL_SCHEMA_REQUIRE_SHARED=1` (as `.ci/run` sets) asks for the material.

use std::io::Write;

/// Reports that a test skips because `what` is missing (e.g. "no MCP corpus at
/// ../shared/corpora/mcp/tools.jsonl"); panics instead when the shared material is
/// required.
pub fn skip_without_shared(what: &str) {
    if std::env::var_os("TOOL_SCHEMA_REQUIRE_SHARED").is_some_and(|v| v == "1") {
        panic!("{what}, and TOOL_SCHEMA_REQUIRE_SHARED=1 requires the shared material");
    }
    // Written to the process's stderr, not through `eprintln!`, which libtest
    // captures for a passing test.
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED: {what} (set TOOL_SCHEMA_SHARED to the shared material, or put it at ../shared)"
    );
}
