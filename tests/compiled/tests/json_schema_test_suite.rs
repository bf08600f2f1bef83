//! The JSON-Schema-Test-Suite (drafts 2020-12 and 7, required and optional;
//! `tests/data/json-schema-test-suite/`): every test of every group, through the
//! interpreter in spec mode (`Options::SPEC`; for `optional/format/*`, with formats
//! asserted) and through the validator `tool_schema!` compiled for the group's
//! schema (`build.rs`). Draft 7 files are read in draft 7 (the interpreter's
//! default dialect set with `Schema::builder().draft(..)`; the compiled schema
//! declares it in `$schema`). The suite's `remotes/` are registered under
//! `http://localhost:1234/` (compiled: embedded in the literal's `$defs`).
//!
//! A test passes when the verdict is the suite's `valid`, in both back ends; the two
//! back ends must also report identical violations, in spec and in tool-call mode.
//! A group whose schema the model refuses must be listed in
//! [`exclusions::REFUSED`] with the reason, a test whose verdict is wrong in
//! [`exclusions::WRONG`]; a listed group must be refused and a listed test wrong:
//! nothing is skipped silently.
//!
//! `cargo test -p tool-schema-compiled-tests --test json_schema_test_suite -- --nocapture`
//! prints the pass counts per file (the table in the README's "Keyword support").

#[path = "../suite/exclusions.rs"]
mod exclusions;

use serde_json::Value;
use std::collections::BTreeSet;
use tool_schema::Options;
use tool_schema_compiled_tests::suite::{compiled, compiled_is_valid, SUITE};
// `suite/walk.rs` names the runtime's items by this crate's name (build.rs has it).
use tool_schema as tool_schema_engine;

include!("../suite/walk.rs");

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

impl Count {
    fn add(&mut self, c: &Count) {
        self.groups += c.groups;
        self.tests += c.tests;
        self.excluded_groups += c.excluded_groups;
        self.excluded_tests += c.excluded_tests;
        self.interpreted += c.interpreted;
        self.compiled += c.compiled;
    }

    fn row(&self, name: &str) -> String {
        let run = self.tests - self.excluded_tests;
        format!(
            "| {name} | {} | {} | {}/{} | {}/{run} | {}/{run} |",
            self.groups,
            self.tests,
            self.excluded_groups,
            self.excluded_tests,
            self.interpreted,
            self.compiled
        )
    }
}

/// Whether `file` is one of the suite's optional files.
fn optional(file: &str) -> bool {
    file.starts_with("optional/")
}

#[test]
fn json_schema_test_suite() {
    let remotes = suite_remotes();
    let mut problems: Vec<String> = Vec::new();
    let mut table: Vec<(String, Count)> = Vec::new();
    let mut refused_used = BTreeSet::new();
    let mut wrong_used = BTreeSet::new();
    let mut compiled_seen = BTreeSet::new();
    let mut totals: Vec<(String, Count)> = Vec::new();
    for (dir, draft) in SUITE_DRAFTS {
        let builder = suite_builder(draft, &remotes);
        let root = suite_root().join(dir);
        let mut required = Count::default();
        let mut optional_total = Count::default();
        for file in suite_files(&root) {
            let text = std::fs::read_to_string(root.join(&file)).unwrap();
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
                    "{dir}/{file}: two groups named {description:?}"
                );
                count.groups += 1;
                count.tests += tests.len();
                let listed = exclusions::REFUSED.iter().position(|(d, f, g, _, _)| {
                    *d == dir && *f == file && (*g == description || *g == "*")
                });
                let interp = match (builder.parse(schema), listed) {
                    (Ok(s), None) => s,
                    (Err(e), Some(i)) => {
                        refused_used.insert(i);
                        let (.., refusal, reason) = exclusions::REFUSED[i];
                        if !e.to_string().contains(refusal) {
                            problems.push(format!(
                                "{dir}/{file} / {description:?}: listed as refused for {reason:?} (mentioning {refusal:?}), but refused with: {e}"
                            ));
                        }
                        count.excluded_groups += 1;
                        count.excluded_tests += tests.len();
                        continue;
                    }
                    (Err(e), None) => {
                        problems.push(format!(
                            "{dir}/{file} / {description:?}: refused but not listed in REFUSED: {e}"
                        ));
                        continue;
                    }
                    (Ok(s), Some(i)) if exclusions::REFUSED[i].2 == "*" => s,
                    (Ok(_), Some(i)) => {
                        problems.push(format!(
                            "{dir}/{file} / {description:?}: listed in REFUSED ({:?}) but accepted",
                            exclusions::REFUSED[i].4
                        ));
                        continue;
                    }
                };
                let (Some(comp), Some(comp_is_valid)) =
                    (compiled(dir, schema), compiled_is_valid(dir, schema))
                else {
                    problems.push(format!(
                        "{dir}/{file} / {description:?}: accepted but not compiled"
                    ));
                    continue;
                };
                compiled_seen.insert((dir, schema.to_string()));
                for test in tests {
                    let data = &test["data"];
                    let valid = test["valid"].as_bool().unwrap();
                    let test_description = test["description"].as_str().unwrap();
                    let what = format!(
                        "{dir}/{file} / {description:?} / {test_description:?}: schema {schema}, data {data}, valid {valid}"
                    );
                    let known = exclusions::WRONG.iter().position(|(d, f, g, t, _)| {
                        *d == dir
                            && *f == file
                            && (*g == description || *g == "*")
                            && (*t == test_description || *t == "*")
                    });
                    let wildcard = known.is_some_and(|i| exclusions::WRONG[i].3 == "*");
                    let a = interp.validate_with(data, &options);
                    let b = comp(data, &options);
                    match (a.is_valid() == valid, b.is_valid() == valid, known) {
                        (true, true, None) => {}
                        (true, true, Some(_)) if wildcard => {}
                        (false, _, Some(i)) | (_, false, Some(i)) => {
                            wrong_used.insert(i);
                        }
                        (_, _, Some(i)) => problems.push(format!(
                            "listed in WRONG ({:?}) but right in both back ends: {what}",
                            exclusions::WRONG[i].4
                        )),
                        (ia, ca, None) => {
                            if !ia {
                                problems.push(format!("interpreter: {what}\n  {a:?}"));
                            }
                            if !ca {
                                problems.push(format!("compiled: {what}\n  {b:?}"));
                            }
                        }
                    }
                    count.interpreted += usize::from(a.is_valid() == valid);
                    count.compiled += usize::from(b.is_valid() == valid);
                    if a != b && known.is_none() {
                        problems.push(format!(
                            "back ends disagree: {what}\n  interpreted {a:?}\n  compiled    {b:?}"
                        ));
                    }
                    if interp.is_valid_with(data, &options) != a.is_valid() {
                        problems.push(format!("is_valid_with differs from validate_with: {what}"));
                    }
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
            if optional(&file) {
                optional_total.add(&count);
            } else {
                required.add(&count);
            }
            table.push((format!("{dir}/{file}"), count));
        }
        totals.push((format!("**{dir} required**"), required));
        totals.push((format!("**{dir} optional**"), optional_total));
    }
    for (i, (dir, file, description, _, reason)) in exclusions::REFUSED.iter().enumerate() {
        if !refused_used.contains(&i) {
            problems.push(format!(
                "REFUSED names no group: {dir}/{file} / {description:?} ({reason})"
            ));
        }
    }
    for (i, (dir, file, group, test, reason)) in exclusions::WRONG.iter().enumerate() {
        if !wrong_used.contains(&i) {
            problems.push(format!(
                "WRONG names no wrong test: {dir}/{file} / {group:?} / {test:?} ({reason})"
            ));
        }
    }
    for (dir, text, _) in SUITE {
        if !compiled_seen.contains(&(*dir, text.to_string())) {
            problems.push(format!("compiled but never run: {dir}: {text}"));
        }
    }

    println!("| file | groups | tests | excluded (groups/tests) | interpreter | compiled |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (file, c) in &table {
        println!("{}", c.row(file));
    }
    let mut all = Count::default();
    for (name, c) in &totals {
        println!("{}", c.row(name));
        all.add(c);
    }
    println!("{}", all.row("**total**"));
    println!("{} distinct schemas compiled", SUITE.len());

    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    // Not vacuous.
    let run = all.tests - all.excluded_tests;
    assert!(all.tests > 3900 && run > 3000, "{run} of {} run", all.tests);
}
