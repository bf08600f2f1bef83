//! The streaming checker (`tool_schema::stream`) on the BFCL corpus sample
//! (`tests/data/bfcl/`, see its README) and its mutations:
//!
//! - soundness: a valid call, fed one byte at a time and in random chunks, is
//!   never doomed; a doomed call is invalid as a whole;
//! - chunking does not matter: the byte at which a call is doomed is the same
//!   whatever the chunks (one byte, random sizes, the whole text at once);
//! - exactness: `finish` gives `validate_str`'s report;
//! - promptness: the share of mutated calls doomed before their last byte.

#[path = "support/bfcl.rs"]
mod bfcl;

use std::path::PathBuf;
use tool_schema::dialect::Dialect;
use tool_schema::stream::Progress;
use tool_schema::{Options, Report, Schema, Undeclared};

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/bfcl")
}

/// The options the checks run with: tool-call mode, and the `bfcl_check`
/// runner's (every undeclared name refused).
fn all_options() -> [Options; 2] {
    [
        Options::default(),
        Options::default().undeclared(Undeclared::RejectAlways),
    ]
}

/// A small deterministic generator of chunk sizes.
struct Chunks(u64);

impl Chunks {
    fn next(&mut self, max: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        1 + (self.0 >> 33) as usize % max
    }
}

/// What streaming `text` in the chunks `sizes` gives: the byte at which it was
/// doomed (first seen after the chunk holding it), every progress, and the
/// final report.
fn stream(
    schema: &Schema,
    options: &Options,
    text: &[u8],
    mut size: impl FnMut() -> usize,
) -> (Option<usize>, Vec<Progress>, Report) {
    let mut checker = schema.stream(options);
    let mut seen = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let end = (at + size()).min(text.len());
        seen.push(checker.feed(&text[at..end]));
        at = end;
    }
    let doomed = seen.iter().find_map(Progress::doomed_at);
    (doomed, seen, checker.finish())
}

/// Every call of the corpus with its schema, as compact and as pretty text.
fn cases() -> Vec<(Schema, String, String)> {
    let defs = bfcl::definitions(&data());
    let mut out = Vec::new();
    for c in bfcl::calls(&data()) {
        let Ok(schema) = Dialect::Bfcl.parse(&defs[c.def].parameters) else {
            continue;
        };
        let mut texts = vec![serde_json::to_string(&c.arguments).unwrap()];
        texts.push(serde_json::to_string_pretty(&c.arguments).unwrap());
        for m in bfcl::mutations(&defs[c.def].parameters, &c.arguments) {
            texts.push(serde_json::to_string(&m.arguments).unwrap());
        }
        for t in texts {
            out.push((schema.clone(), c.id.clone(), t));
        }
    }
    out
}

#[test]
fn valid_calls_are_never_doomed_and_finish_exactly() {
    let mut chunks = Chunks(7);
    let (mut valid, mut checked) = (0, 0);
    let mut failures = Vec::new();
    for (schema, id, text) in cases() {
        for options in all_options() {
            let exact = schema.validate_str(&text, &options).unwrap();
            let (one, bytes, report) = stream(&schema, &options, text.as_bytes(), || 1);
            checked += 1;
            if exact.is_valid() {
                valid += 1;
                if let Some(at) = one {
                    let why = bytes.iter().find_map(Progress::report).unwrap();
                    failures.push(format!(
                        "{id}: valid {text} doomed at byte {at}: {:?}",
                        why.messages()
                    ));
                }
            } else if one.is_some() && bytes.last().is_some_and(|p| !p.is_doomed()) {
                failures.push(format!("{id}: {text}: doomed, then open again"));
            }
            if report != exact {
                failures.push(format!(
                    "{id}: {text}: finish {:?} != validate_str {:?}",
                    report.messages(),
                    exact.messages()
                ));
            }
            // `None`: the whole text in one chunk (the text path answers it).
            for max in [Some(3), Some(16), Some(64), None] {
                let mut size = || max.map_or(usize::MAX, |max| chunks.next(max));
                let (doomed, _, again) = stream(&schema, &options, text.as_bytes(), &mut size);
                if doomed != one || again != exact {
                    failures.push(format!(
                        "{id}: {text}: chunks up to {max:?}: doomed at {doomed:?}, one byte at a time {one:?}"
                    ));
                }
            }
        }
    }
    assert!(valid > 3000, "{valid} valid calls of {checked}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

/// Promptness: the mutated calls that are invalid, and how many are doomed
/// before their last byte. Printed with `--nocapture`.
#[test]
fn most_mutated_calls_are_doomed_before_their_last_byte() {
    let defs = bfcl::definitions(&data());
    let options = Options::default().undeclared(Undeclared::RejectAlways);
    let (mut invalid, mut early) = (0usize, 0usize);
    let mut saved = 0usize;
    for c in bfcl::calls(&data())
        .iter()
        .filter(|c| c.expected.is_empty())
    {
        let schema = Dialect::Bfcl.parse(&defs[c.def].parameters).unwrap();
        for m in bfcl::mutations(&defs[c.def].parameters, &c.arguments) {
            let text = serde_json::to_string(&m.arguments).unwrap();
            if schema.validate_str(&text, &options).unwrap().is_valid() {
                continue;
            }
            invalid += 1;
            let (doomed, _, _) = stream(&schema, &options, text.as_bytes(), || 1);
            if let Some(at) = doomed.filter(|&at| at + 1 < text.len()) {
                early += 1;
                saved += text.len() - at - 1;
            }
        }
    }
    let share = early as f64 / invalid as f64;
    println!(
        "mutated BFCL calls: {invalid} invalid, {early} doomed before their last byte ({:.1}%), {saved} bytes not waited for",
        share * 100.0
    );
    assert!(invalid > 3000);
    assert!(share >= 0.6, "{:.1}% doomed early", share * 100.0);
}
