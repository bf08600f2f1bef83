//! The typed form's property test: the schemas `gen_schemas.rs` drew at build
//! time (each compiled as `pub struct PropN = { ... }`), and calls drawn from each
//! at test time with the project's test generator (`tests/support/agreement.rs`:
//! calls meant valid, with a near miss now and then, and calls meant invalid).
//! Under each option, a call the validator accepts parses typed and serialises
//! back to the same JSON value (numbers by value); a call it refuses is refused
//! by the typed parse with the same report.

#![allow(dead_code)] // the generator's helpers for other tests

#[path = "../../support/agreement.rs"]
mod agreement;

use tool_schema_typed_tests::props::PROPS;
use tool_schema_typed_tests::{check_call, for_generator, OPTIONS};

/// Calls drawn per schema, half meant valid.
const CALLS: usize = 160;

#[test]
fn generated_calls_round_trip_or_are_refused_with_the_same_report() {
    let mut rng = agreement::Rng(0x7e5d_2032);
    let mut errors = Vec::new();
    let (mut valid, mut invalid, mut schemas_with_valid) = (0, 0, 0);
    for (name, validate, typed, schema) in PROPS {
        let view = for_generator(schema(), schema());
        let mut any_valid = false;
        for i in 0..CALLS {
            let call = agreement::generate(&mut rng, &view, 0, i % 2 == 0);
            if check_call(*validate, *typed, &call, name, &mut errors) {
                valid += 1;
                any_valid = true;
            } else {
                invalid += 1;
            }
        }
        schemas_with_valid += usize::from(any_valid);
    }
    eprintln!(
        "{} schemas, {valid} valid and {invalid} invalid calls (each under {} options), {} problems",
        PROPS.len(),
        OPTIONS.len(),
        errors.len()
    );
    assert!(
        errors.is_empty(),
        "{} problems:\n{}",
        errors.len(),
        errors[..errors.len().min(10)].join("\n")
    );
    // Both sides are exercised, on most schemas.
    assert!(
        valid >= PROPS.len() * CALLS / 4 && invalid >= PROPS.len() * CALLS / 4,
        "{valid} valid, {invalid} invalid calls"
    );
    assert!(
        schemas_with_valid * 10 >= PROPS.len() * 9,
        "{schemas_with_valid} of {} schemas got a valid call",
        PROPS.len()
    );
}
