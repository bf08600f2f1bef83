//! The typed form on the MCP reference servers' tools (`corpora/mcp/tools.jsonl`
//! of the shared material; see `tests/compiled/tests/mcp.rs` for why it is not
//! copied here): every `inputSchema` compiles as `pub struct McpN = { ... }`, and
//! every call of `tests/compiled/mcp_calls.jsonl`, under each option, parses
//! typed and round-trips when the validator accepts it and is refused with the
//! same report otherwise. Without the shared material this says so and passes.

use serde_json::Value;
use tool_schema::json::json_eq;
use tool_schema::{Options, Undeclared};
use tool_schema_typed_tests::mcp::{MCP, SOURCE};

const OPTIONS: [Options; 3] = [
    Options::TOOL_CALL,
    Options::TOOL_CALL.undeclared(Undeclared::RejectAlways),
    Options::TOOL_CALL.undeclared(Undeclared::RejectIfForbidden),
];

#[test]
fn every_tool_compiles_typed_and_its_calls_round_trip() {
    if SOURCE.is_empty() {
        eprintln!("the shared MCP corpus is absent: nothing checked");
        return;
    }
    assert_eq!(MCP.len(), 40, "every tool of the corpus is declared typed");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../compiled/mcp_calls.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let (mut valid, mut invalid) = (0, 0);
    let mut errors = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let name = case["tool"].as_str().unwrap();
        let &(_, validate, typed) = MCP
            .iter()
            .find(|(n, _, _)| *n == name)
            .unwrap_or_else(|| panic!("no tool {name}"));
        let args = &case["arguments"];
        for options in OPTIONS {
            let report = validate(args, &options);
            match typed(args, &options) {
                Ok(back) if report.is_valid() && json_eq(&back, args) => valid += 1,
                Err(parsed) if parsed == report => invalid += 1,
                other => errors.push(format!("{name} {options:?}: {args} -> {other:?}")),
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert!(
        valid >= 60 && invalid >= 60,
        "{valid} valid, {invalid} invalid"
    );
}
