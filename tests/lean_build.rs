//! tool-schema without `engines` (`default-features = false, features =
//! ["pattern"]`), as a crate declaring its tools may build it: `tests/lean` is
//! that crate, a workspace of its own so that
//! this workspace's features (which turn `engines` on) do not reach it. This test
//! runs the real cargo on it: its tests must pass, and each program of
//! `tests/lean/fail/` must fail to build with the error that names the feature,
//! at the use that needs it.
//!
//! The builds go to a target directory of their own under this test's
//! (`CARGO_TARGET_TMPDIR`), so they pass whatever `CARGO_TARGET_DIR` is.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn lean_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lean")
}

fn cargo(args: &[&str]) -> Output {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lean");
    Command::new(cargo)
        .args(args)
        .arg("--locked")
        .arg("--manifest-path")
        .arg(lean_dir().join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
        // The outer build's settings are for this workspace, not that one.
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .output()
        .expect("cargo runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_crate_without_engines_builds_and_its_tests_pass() {
    let out = cargo(&["test", "--no-fail-fast"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    // The lean crate's tests ran (not zero of them).
    assert!(
        stdout.contains("test a_toolbox_of_declared_tools_exports_and_dispatches ... ok"),
        "{stdout}"
    );
    assert!(stdout.contains("test ui ... ok"), "{stdout}");
}

/// Checks program `bin` of `tests/lean/fail/` (`cargo check`, as an IDE does: the
/// error must not wait for a build) and returns its error output, asserting
/// that the check failed.
fn refused(bin: &str) -> String {
    let out = cargo(&["check", "--features", "fail-cases", "--bin", bin]);
    let stderr = text(&out.stderr);
    assert!(
        !out.status.success(),
        "{bin} passed `cargo check` without `engines`:\n{stderr}"
    );
    stderr
}

/// Where the first error of `stderr` is: `fail/<bin>.rs:<line>`.
fn first_error_at(stderr: &str) -> &str {
    let at = stderr
        .split("error")
        .nth(1)
        .and_then(|e| e.split(" --> ").nth(1))
        .unwrap_or_default();
    at.split(':').next().unwrap_or_default()
}

#[test]
fn exporting_a_type_without_compiled_exports_is_an_error_of_cargo_check() {
    let stderr = refused("nested_export");
    assert!(
        stderr.contains("the schema of `Deliver` is read when the program runs")
            && stderr.contains("needs tool-schema's `engines` feature"),
        "{stderr}"
    );
    // At the call, in the user's program.
    assert_eq!(first_error_at(&stderr), "fail/nested_export.rs", "{stderr}");
    assert!(stderr.contains("Deliver::anthropic()"), "{stderr}");
}

#[test]
fn using_the_model_of_a_type_without_one_is_an_error_of_cargo_check() {
    // Reading text, a toolbox, and a struct that flattens another (validated
    // on its model: the error is at its derive).
    for (bin, named) in [
        ("nested_text_path", "Deliver::validate_str"),
        ("nested_in_toolbox", ".tool(|deliver: Deliver|"),
        ("flatten_validate", "#[derive(ToolArgs, Deserialize)]"),
    ] {
        let stderr = refused(bin);
        assert!(
            stderr.contains("needs tool-schema's `engines` feature")
                || stderr.contains("without tool-schema's `engines` feature"),
            "{bin}: {stderr}"
        );
        assert_eq!(
            first_error_at(&stderr),
            format!("fail/{bin}.rs"),
            "{bin}: {stderr}"
        );
        assert!(stderr.contains(named), "{bin}: {stderr}");
    }
}

#[test]
fn a_standard_type_as_a_generic_argument_is_an_error_naming_engines() {
    let stderr = refused("std_generic_argument");
    // The feature, and what to do: turn it on, or a newtype the macros see whole.
    assert!(
        stderr.contains(
            "`u8` does not implement `ToolArgs`: without tool-schema's `engines` feature"
        ) && stderr.contains("turn on tool-schema's `engines` feature")
            && stderr.contains("struct Count(u8);`, and write `Pair<Count>`"),
        "{stderr}"
    );
    // At the user's declaration: the field whose type is `Pair<u8>`.
    assert_eq!(
        first_error_at(&stderr),
        "fail/std_generic_argument.rs",
        "{stderr}"
    );
    assert!(stderr.contains("pub pair: Pair<u8>,"), "{stderr}");
}

/// The lean crate's tools, compiled here with `engines` (the run-time export).
#[allow(dead_code)]
#[path = "lean/src/lib.rs"]
mod lean_tools;

/// `T`'s run-time export to each target, as `compiled_exports` prints a line.
fn run_time_lines<T: tool_schema::ToolArgs>() -> Vec<String> {
    use tool_schema::export::{export, ExportOptions, Target, ToolSpec};
    Target::ALL
        .into_iter()
        .map(|target| {
            let (definition, problems) =
                match export(target, &ToolSpec::of::<T>(), &ExportOptions::default()) {
                    Ok(e) => (e.value.to_string(), Vec::new()),
                    Err(e) => (String::new(), e.problems),
                };
            let problems: Vec<String> = problems.into_iter().map(|p| p.message).collect();
            format!(
                "{}\t{}\t{definition}\t{}",
                T::NAME,
                target.id(),
                problems.join("|")
            )
        })
        .collect()
}

#[test]
fn without_engines_every_target_is_compiled_as_the_run_time_export() {
    let out = cargo(&["run", "--quiet", "--example", "compiled_exports"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    let compiled: Vec<&str> = stdout.lines().collect();
    // Every target of each whole tool, though none declares one: a lean build
    // has no run-time export to make the others.
    let mut expected = run_time_lines::<lean_tools::GetWeather>();
    expected.extend(run_time_lines::<lean_tools::Note>());
    expected.extend(run_time_lines::<lean_tools::Search>());
    assert_eq!(compiled, expected);
}
