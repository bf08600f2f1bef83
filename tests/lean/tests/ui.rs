//! Without the `engines` feature, what needs them is a compile error that names
//! the feature: a run-time schema, and the model or the exports of a derived type
//! the macros do not see whole (here one nesting another), where they are used.
//!
//! Regenerate the expected output after a deliberate change of wording:
//! `TRYBUILD=overwrite cargo test --manifest-path tests/lean/Cargo.toml --test ui`.

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
