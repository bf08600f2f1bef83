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
//! the repository root, and the cases reach `tests/ui/schemas/` by climbing four
//! levels: `include!("../../../../tests/ui/schemas/NAME.json")`. This assumes the
//! default target directory (`<repository>/target`); with `CARGO_TARGET_DIR` set
//! elsewhere the include! cases fail.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui-pass/*.rs");
}
