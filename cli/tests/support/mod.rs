//! What the tests of the `tool-schema` binary share: their data, the command, the
//! BFCL sample of the repository, and reading JSON from a run's output.

#![allow(dead_code)]

use assert_cmd::assert::Assert;
use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

/// A file of `cli/tests/data`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The `tool-schema` binary.
pub fn cmd() -> Command {
    Command::cargo_bin("tool-schema").unwrap()
}

/// The lines of a file of the repository's BFCL sample (`tests/data/bfcl`).
pub fn sample(name: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/bfcl")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A run's standard output, one JSON value a line.
pub fn json_lines(run: Assert) -> Vec<Value> {
    String::from_utf8(run.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A run's standard output as one JSON value.
pub fn json_out(run: Assert) -> Value {
    serde_json::from_slice(&run.get_output().stdout).unwrap()
}

/// The shared material's directory (`$TOOL_SCHEMA_SHARED`, `$SHARED`, or `shared`
/// beside the workspace), if it holds `file`; otherwise says so (or fails when
/// `TOOL_SCHEMA_REQUIRE_SHARED=1`) and gives `None`.
pub fn shared_file(file: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("TOOL_SCHEMA_SHARED")
        .or_else(|| std::env::var_os("SHARED"))
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"));
    let path = dir.join(file);
    if path.is_file() {
        return Some(path);
    }
    shared_material::skip_without_shared(&format!("no {}", path.display()));
    None
}

#[path = "../../../tests/support/shared_material.rs"]
mod shared_material;
