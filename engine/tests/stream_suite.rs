//! The streaming checker (`crate::stream`) on every instance of the
//! JSON-Schema-Test-Suite copy (`tests/data/json-schema-test-suite`), compact
//! and pretty, in spec mode and in tool-call mode: a valid instance is never
//! doomed at any byte, the byte at which an invalid one is doomed is the same
//! whatever the chunks (one byte, random sizes, the whole text at once), and `finish` gives `validate_str`'s report.

#[path = "suite_support/mod.rs"]
mod suite_support;

use tool_schema_engine::{Options, Schema};

/// The byte at which streaming `text` in chunks of `size()` bytes dooms it,
/// and the final report.
fn stream(
    schema: &Schema,
    options: &Options,
    text: &[u8],
    mut size: impl FnMut() -> usize,
) -> (Option<usize>, tool_schema_engine::Report) {
    let mut checker = schema.stream(options);
    let mut doomed = None;
    let mut at = 0;
    while at < text.len() {
        let end = (at + size()).min(text.len());
        let progress = checker.feed(&text[at..end]);
        if let (None, Some(d)) = (doomed, progress.doomed_at()) {
            // Doomed as the chunk holding the doom byte is read, not later.
            assert!(
                (at..end).contains(&d),
                "doomed at {d}, told after {at}..{end}"
            );
        }
        doomed = doomed.or(progress.doomed_at());
        at = end;
    }
    (doomed, checker.finish())
}

#[test]
fn suite_instances_stream_soundly_and_finish_exactly() {
    let mut state = 11u64;
    let mut chunk = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        1 + (state >> 33) as usize % 16
    };
    let (mut valid, mut doomed_early, mut invalid) = (0, 0, 0);
    let mut failures = Vec::new();
    for draft in ["draft2020-12", "draft7"] {
        for (label, schema, values) in suite_support::groups(draft) {
            let Ok(schema) = Schema::parse(&schema) else {
                continue;
            };
            for value in &values {
                for text in [
                    serde_json::to_string(value).unwrap(),
                    serde_json::to_string_pretty(value).unwrap(),
                ] {
                    for options in [Options::SPEC, Options::default()] {
                        let Ok(exact) = schema.validate_str(&text, &options) else {
                            continue;
                        };
                        let (one, report) = stream(&schema, &options, text.as_bytes(), || 1);
                        let (chunked, again) =
                            stream(&schema, &options, text.as_bytes(), &mut chunk);
                        // In one chunk (the text path answers it, see `stream::whole`).
                        let (whole, at_once) =
                            stream(&schema, &options, text.as_bytes(), || usize::MAX);
                        if exact.is_valid() {
                            valid += 1;
                        } else {
                            invalid += 1;
                            doomed_early += usize::from(one.is_some_and(|at| at + 1 < text.len()));
                        }
                        if exact.is_valid() && one.is_some() {
                            failures.push(format!("{label}: valid {text} doomed at {one:?}"));
                        }
                        if report != exact || again != exact || at_once != exact {
                            failures.push(format!(
                                "{label}: {text}: finish {:?} != {:?}",
                                report.messages(),
                                exact.messages()
                            ));
                        }
                        if chunked != one || whole != one {
                            failures.push(format!(
                                "{label}: {text}: chunked {chunked:?}, whole {whole:?} != {one:?}"
                            ));
                        }
                    }
                }
            }
        }
    }
    println!("suite: {valid} valid, {invalid} invalid, {doomed_early} doomed before the last byte");
    assert!(
        valid > 2000 && invalid > 2000,
        "{valid} valid, {invalid} invalid"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}
