//! The JSON-Schema-Test-Suite (draft 2020-12; `tests/data/json-schema-test-suite/`):
//! every test of every group, through the interpreter in spec mode
//! (`Options::SPEC`; for `optional/format/*`, with formats asserted) and through the
//! validator `tool_schema!` compiled for the group's schema (`build.rs`).
//!
//! A test passes when the verdict is the suite's `valid`, in both back ends; the two
//! back ends must also report identical violations, in spec and in tool-call mode.
//! A group whose schema the model refuses must be listed in [`EXCLUSIONS`] with the
//! reason, and a listed group must be refused: nothing is skipped silently.
//!
//! `cargo test -p tool-schema-compiled-tests --test json_schema_test_suite -- --nocapture`
//! prints the pass counts per file (the table in the README's "Keyword support").

use serde_json::Value;
use std::collections::BTreeSet;
use tool_schema::{Options, Schema};
use tool_schema_compiled_tests::suite::{compiled, compiled_is_valid, SUITE};

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../data/json-schema-test-suite/draft2020-12"
);

const ID: &str =
    "$id is not supported (no base-URI resolution: only \"#...\" references within the document)";
const URN: &str = "$id is not supported: the test is about URN base URIs";
const META: &str =
    "refers to the draft 2020-12 meta-schema, a remote document (only local references are supported)";

/// The groups whose schema the model refuses: (file, group description, what the
/// refusal must mention, reason). Every other group must be accepted and pass.
const EXCLUSIONS: &[(&str, &str, &str, &str)] = &[
    (
        "defs.json",
        "validate definition against metaschema",
        "only local references",
        META,
    ),
    (
        "not.json",
        "collect annotations inside a 'not', even if collection is disabled",
        "\"unevaluatedProperties\" is not supported",
        "unevaluatedProperties is not supported",
    ),
    (
        "ref.json",
        "remote ref, containing refs itself",
        "only local references",
        META,
    ),
    (
        "ref.json",
        "Recursive references between schemas",
        "\"$id\"",
        ID,
    ),
    (
        "ref.json",
        "ref creates new scope when adjacent to keywords",
        "\"unevaluatedProperties\" is not supported",
        "unevaluatedProperties is not supported",
    ),
    (
        "ref.json",
        "refs with relative uris and defs",
        "\"$id\"",
        ID,
    ),
    (
        "ref.json",
        "relative refs with absolute uris and defs",
        "\"$id\"",
        ID,
    ),
    (
        "ref.json",
        "$id must be resolved against nearest parent, not just immediate parent",
        "\"$id\"",
        ID,
    ),
    (
        "ref.json",
        "order of evaluation: $id and $ref",
        "\"$id\"",
        ID,
    ),
    (
        "ref.json",
        "order of evaluation: $id and $anchor and $ref",
        "\"$anchor\"",
        "$id and $anchor are not supported",
    ),
    (
        "ref.json",
        "order of evaluation: $id and $ref on nested schema",
        "\"$id\"",
        ID,
    ),
    (
        "ref.json",
        "simple URN base URI with $ref via the URN",
        "\"$id\"",
        URN,
    ),
    (
        "ref.json",
        "simple URN base URI with JSON pointer",
        "\"$id\"",
        URN,
    ),
    ("ref.json", "URN base URI with NSS", "\"$id\"", URN),
    ("ref.json", "URN base URI with r-component", "\"$id\"", URN),
    ("ref.json", "URN base URI with q-component", "\"$id\"", URN),
    (
        "ref.json",
        "URN base URI with URN and JSON pointer ref",
        "\"$id\"",
        URN,
    ),
    (
        "ref.json",
        "URN base URI with URN and anchor ref",
        "\"$anchor\"",
        "$id and $anchor are not supported: the test is about URN base URIs",
    ),
    (
        "ref.json",
        "URN ref with nested pointer ref",
        "\"$id\"",
        URN,
    ),
    ("ref.json", "ref to if", "\"$id\"", ID),
    ("ref.json", "ref to then", "\"$id\"", ID),
    ("ref.json", "ref to else", "\"$id\"", ID),
    (
        "ref.json",
        "ref with absolute-path-reference",
        "\"$id\"",
        ID,
    ),
    (
        "ref.json",
        "$id with file URI still resolves pointers - *nix",
        "\"$id\"",
        "$id is not supported (even where the references are local)",
    ),
    (
        "ref.json",
        "$id with file URI still resolves pointers - windows",
        "\"$id\"",
        "$id is not supported (even where the references are local)",
    ),
];

/// Pass counts of one file.
#[derive(Default)]
struct Count {
    groups: usize,
    tests: usize,
    excluded_groups: usize,
    excluded_tests: usize,
    interpreted: usize,
    compiled: usize,
}

/// The suite's files, by their name relative to `draft2020-12/`, in order.
fn files() -> Vec<String> {
    let mut out = Vec::new();
    for sub in ["", "optional/format/"] {
        let mut names: Vec<String> = std::fs::read_dir(format!("{DIR}/{sub}"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.ends_with(".json"))
            .map(|n| format!("{sub}{n}"))
            .collect();
        names.sort();
        out.extend(names);
    }
    out
}

#[test]
fn json_schema_test_suite() {
    let mut problems: Vec<String> = Vec::new();
    let mut table: Vec<(String, Count)> = Vec::new();
    let mut used = BTreeSet::new();
    let mut compiled_seen = BTreeSet::new();
    for file in files() {
        let text = std::fs::read_to_string(format!("{DIR}/{file}")).unwrap();
        let groups: Value = serde_json::from_str(&text).unwrap();
        let options = if file.starts_with("optional/format/") {
            Options::SPEC.formats(true)
        } else {
            Options::SPEC
        };
        let mut count = Count::default();
        let mut descriptions = BTreeSet::new();
        for group in groups.as_array().unwrap() {
            let description = group["description"].as_str().unwrap();
            let schema = &group["schema"];
            let tests = group["tests"].as_array().unwrap();
            assert!(
                descriptions.insert(description),
                "{file}: two groups named {description:?}"
            );
            count.groups += 1;
            count.tests += tests.len();
            let listed = EXCLUSIONS
                .iter()
                .position(|(f, d, _, _)| *f == file && *d == description);
            if let Some(i) = listed {
                used.insert(i);
            }
            let interp = match (Schema::parse(schema), listed) {
                (Ok(s), None) => s,
                (Err(e), Some(i)) => {
                    let (.., refusal, reason) = EXCLUSIONS[i];
                    if !e.to_string().contains(refusal) {
                        problems.push(format!(
                            "{file} / {description:?}: listed as refused for {reason:?} (mentioning {refusal:?}), but refused with: {e}"
                        ));
                    }
                    count.excluded_groups += 1;
                    count.excluded_tests += tests.len();
                    continue;
                }
                (Err(e), None) => {
                    problems.push(format!(
                        "{file} / {description:?}: refused but not listed in EXCLUSIONS: {e}"
                    ));
                    continue;
                }
                (Ok(_), Some(i)) => {
                    problems.push(format!(
                        "{file} / {description:?}: listed in EXCLUSIONS ({:?}) but accepted",
                        EXCLUSIONS[i].3
                    ));
                    continue;
                }
            };
            let Some(comp) = compiled(schema) else {
                problems.push(format!(
                    "{file} / {description:?}: accepted but not compiled"
                ));
                continue;
            };
            compiled_seen.insert(schema.to_string());
            for test in tests {
                let data = &test["data"];
                let valid = test["valid"].as_bool().unwrap();
                let what = format!(
                    "{file} / {description:?} / {:?}: schema {schema}, data {data}, valid {valid}",
                    test["description"].as_str().unwrap()
                );
                let a = interp.validate_with(data, &options);
                let b = comp(data, &options);
                if a.is_valid() == valid {
                    count.interpreted += 1;
                } else {
                    problems.push(format!("interpreter: {what}\n  {a:?}"));
                }
                if b.is_valid() == valid {
                    count.compiled += 1;
                } else {
                    problems.push(format!("compiled: {what}\n  {b:?}"));
                }
                if a != b {
                    problems.push(format!(
                        "back ends disagree: {what}\n  interpreted {a:?}\n  compiled    {b:?}"
                    ));
                }
                if interp.is_valid_with(data, &options) != a.is_valid() {
                    problems.push(format!("is_valid_with differs from validate_with: {what}"));
                }
                let comp_is_valid = compiled_is_valid(schema).expect("compiled above");
                if comp_is_valid(data, &options) != b.is_valid() {
                    problems.push(format!("compiled is_valid_with differs: {what}"));
                }
                // Tool-call mode too: the verdict may differ, the reports may not.
                let tool_call = Options::default();
                let (a, b) = (
                    interp.validate_with(data, &tool_call),
                    comp(data, &tool_call),
                );
                if a != b {
                    problems.push(format!(
                        "back ends disagree in tool-call mode: {what}\n  interpreted {a:?}\n  compiled    {b:?}"
                    ));
                }
            }
        }
        table.push((file, count));
    }
    for (i, (file, description, _, reason)) in EXCLUSIONS.iter().enumerate() {
        if !used.contains(&i) {
            problems.push(format!(
                "EXCLUSIONS names no group: {file} / {description:?} ({reason})"
            ));
        }
    }
    for (text, _) in SUITE {
        if !compiled_seen.contains(*text) {
            problems.push(format!("compiled but never run: {text}"));
        }
    }

    println!("| file | groups | tests | excluded (groups/tests) | interpreter | compiled |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut total = Count::default();
    for (file, c) in &table {
        let run = c.tests - c.excluded_tests;
        println!(
            "| {file} | {} | {} | {}/{} | {}/{run} | {}/{run} |",
            c.groups, c.tests, c.excluded_groups, c.excluded_tests, c.interpreted, c.compiled
        );
        total.groups += c.groups;
        total.tests += c.tests;
        total.excluded_groups += c.excluded_groups;
        total.excluded_tests += c.excluded_tests;
        total.interpreted += c.interpreted;
        total.compiled += c.compiled;
    }
    let run = total.tests - total.excluded_tests;
    println!(
        "| **total** | {} | {} | {}/{} | {}/{run} | {}/{run} |",
        total.groups,
        total.tests,
        total.excluded_groups,
        total.excluded_tests,
        total.interpreted,
        total.compiled
    );
    println!("{} distinct schemas compiled", SUITE.len());

    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // Not vacuous.
    assert!(
        total.tests > 1000 && run > 900,
        "{run} of {} run",
        total.tests
    );
}
