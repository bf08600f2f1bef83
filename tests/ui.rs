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
//! `CARGO_MANIFEST_DIR` the macro sees while the case compiles. trybuild compiles
//! the cases as a generated package at `<target dir>/tests/trybuild/tool-schema/`,
//! so that is `CARGO_MANIFEST_DIR`: before the cases run, this test copies
//! `tests/ui/schemas/` into that package, and the cases of `tests/ui-include/` and
//! `tests/ui-include-pass/` say `include!("schemas/NAME.json")`. The target
//! directory is the one this test was built in (`CARGO_TARGET_TMPDIR`'s parent),
//! so the cases pass whatever `CARGO_TARGET_DIR` is.

use std::path::Path;

#[test]
fn ui() {
    copy_schemas_into_trybuild_package();
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui-pass/*.rs");
    t.compile_fail("tests/ui-include/*.rs");
    t.pass("tests/ui-include-pass/*.rs");
}

/// Copies `tests/ui/schemas/*.json` to `<target dir>/tests/trybuild/<crate>/schemas/`,
/// where the include! cases find them.
fn copy_schemas_into_trybuild_package() {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("CARGO_TARGET_TMPDIR is <target dir>/tmp");
    let to = target
        .join("tests/trybuild")
        .join(env!("CARGO_PKG_NAME"))
        .join("schemas");
    std::fs::create_dir_all(&to).expect("trybuild's package directory");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/schemas");
    for entry in std::fs::read_dir(&from).expect("tests/ui/schemas") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            std::fs::copy(&path, to.join(path.file_name().unwrap())).expect("copy a schema");
        }
    }
}
