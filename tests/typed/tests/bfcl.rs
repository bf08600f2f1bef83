//! The typed form on the BFCL sample (all 3270 python-style definitions with
//! `TOOL_SCHEMA_BFCL_ALL=1`): every definition of `build.rs` compiles as
//! `pub struct BfclN = { ... }`, and for every ground-truth call of
//! `tests/data/bfcl/calls.jsonl` whose definition is compiled, and every mutation
//! of the valid ones (`tests/support/bfcl.rs`), under each option: a call the
//! validator accepts parses and serialises back to the same JSON value (numbers by
//! value); a call it refuses is refused by the typed parse with the same report.

#[path = "../../support/bfcl.rs"]
mod bfcl;

use serde_json::Value;
use std::collections::HashMap;
use std::path::PathBuf;
use tool_schema::json::json_eq;
use tool_schema::{Options, Undeclared};
use tool_schema_typed_tests::bfcl::{ALL, BFCL};
use tool_schema_typed_tests::{RoundTrip, Validate};

const OPTIONS: [Options; 3] = [
    Options::TOOL_CALL,
    Options::TOOL_CALL.undeclared(Undeclared::RejectAlways),
    Options::TOOL_CALL.undeclared(Undeclared::RejectIfForbidden),
];

/// One call under every option; its problems pushed to `errors`. Whether the
/// validator accepted it in tool-call mode.
fn check(
    validate: Validate,
    typed: RoundTrip,
    args: &Value,
    what: &str,
    errors: &mut Vec<String>,
) -> bool {
    for options in OPTIONS {
        let report = validate(args, &options);
        match typed(args, &options) {
            Ok(back) if !json_eq(&back, args) => {
                errors.push(format!("{what} {options:?}: {args} came back as {back}"));
            }
            Ok(_) if !report.is_valid() => {
                errors.push(format!(
                    "{what} {options:?}: parsed, but the validator refuses {args}"
                ));
            }
            Err(parsed) if parsed != report => {
                errors.push(format!(
                    "{what} {options:?}: {args}\n  validate: {report:?}\n  parse:    {parsed:?}"
                ));
            }
            _ => {}
        }
    }
    validate(args, &Options::TOOL_CALL).is_valid()
}

#[test]
fn every_valid_call_parses_typed_and_round_trips() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/bfcl");
    let defs = bfcl::definitions(&dir);
    let compiled: HashMap<usize, (Validate, RoundTrip)> =
        BFCL.iter().map(|&(n, v, r)| (n, (v, r))).collect();
    let mut errors = Vec::new();
    let (mut calls, mut valid, mut mutations) = (0, 0, 0);
    // The calls that fit their definition (`expected` empty) and those the
    // validator accepts are the same.
    let mut fitting = 0;
    for call in bfcl::calls(&dir) {
        let Some(&(validate, typed)) = compiled.get(&call.def) else {
            continue;
        };
        calls += 1;
        fitting += usize::from(call.expected.is_empty());
        let what = format!(
            "call {} #{} (definition {})",
            call.id, call.call_index, call.def
        );
        let accepted = check(validate, typed, &call.arguments, &what, &mut errors);
        if accepted != call.expected.is_empty() {
            errors.push(format!(
                "{what}: accepted {accepted}, expected {:?}",
                call.expected
            ));
        }
        if accepted {
            valid += 1;
            for m in bfcl::mutations(&defs[call.def].parameters, &call.arguments) {
                mutations += 1;
                check(
                    validate,
                    typed,
                    &m.arguments,
                    &format!("{what}, mutated"),
                    &mut errors,
                );
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} problems:\n{}",
        errors.len(),
        errors[..errors.len().min(20)].join("\n")
    );
    assert_eq!(valid, fitting);
    if ALL {
        // Every python-style definition, so every call of the corpus: its 3073
        // calls that fit their definition parse typed and round-trip.
        assert_eq!((BFCL.len(), calls, valid), (3270, 3152, 3073));
    }
    eprintln!(
        "{} definitions, {calls} calls ({valid} valid), {mutations} mutations, each under {} options",
        BFCL.len(),
        OPTIONS.len()
    );
    // The sample is the compiled crate's: at least 300 definitions, their calls.
    assert!(BFCL.len() >= 300, "{} definitions", BFCL.len());
    assert!(
        calls >= 300 && valid >= 200 && mutations >= 500,
        "{calls} calls, {valid} valid, {mutations} mutations"
    );
}
