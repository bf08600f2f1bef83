//! Without the `engines` feature, what needs them is a compile error that names
//! the feature: a run-time schema, the model or the exports of a derived type
//! the macros do not see whole (here one nesting another), where they are used,
//! and a standard type as a generic argument (`Pair<u8>`), where it is declared.
//!
//! Regenerate the expected output after a deliberate change of wording:
//! `TRYBUILD=overwrite cargo test --manifest-path tests/lean/Cargo.toml --test ui`.

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
