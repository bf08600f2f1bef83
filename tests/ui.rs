//! Compile-time diagnostics of `tool_schema!`: every promised compile error has a
//! case in `tests/ui/`, with the expected compiler output next to it (`.stderr`).
//! `tests/ui-pass/` holds invocations that must compile (allowed lints, include!).
//!
//! Regenerate the expected output after a deliberate change of wording or span:
//!
//! ```text
//! TRYBUILD=overwrite cargo test --test ui
//! ```
//!
//! then read every changed `.stderr`: the caret must sit under the offending token
//! and the message must name the JSON pointer.
//!
//! `include!("...")` paths in a `tool_schema!` invocation are relative to the
//! `CARGO_MANIFEST_DIR` the macro sees while the test crate compiles. trybuild
//! compiles the cases as a generated package at
//! `<target dir>/tests/trybuild/tool-schema/`, so that is `CARGO_MANIFEST_DIR`, not
//! the repository root, and the cases in `tests/ui-include/` and
//! `tests/ui-include-pass/` reach `tests/ui/schemas/` by climbing four levels:
//! `include!("../../../../tests/ui/schemas/NAME.json")`. That holds only with the
//! default target directory (`<repository>/target`, as CI runs): with
//! `CARGO_TARGET_DIR` elsewhere those cases are skipped (said on stderr), and
//! every other case runs. `tests/macro_forms.rs` checks `include!` itself under
//! any target directory.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui-pass/*.rs");
    if default_target_dir() {
        t.compile_fail("tests/ui-include/*.rs");
        t.pass("tests/ui-include-pass/*.rs");
    } else {
        eprintln!(
            "tests/ui-include*: skipped, CARGO_TARGET_DIR is not <repository>/target \
             (their include! paths climb from trybuild's package in the target directory)"
        );
    }
}

/// Whether the target directory is `<repository>/target`, where the include!
/// cases' relative paths lead back to the repository.
fn default_target_dir() -> bool {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    match std::env::var_os("CARGO_TARGET_DIR") {
        None => true,
        Some(dir) => {
            let dir = std::path::Path::new(&dir);
            let dir = if dir.is_absolute() {
                dir.to_path_buf()
            } else {
                std::env::current_dir()
                    .map(|c| c.join(dir))
                    .unwrap_or_default()
            };
            match (dir.canonicalize(), root.join("target").canonicalize()) {
                (Ok(a), Ok(b)) => a == b,
                _ => false,
            }
        }
    }
}
