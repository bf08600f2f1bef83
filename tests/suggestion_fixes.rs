//! How often applying the suggestions once fixes a near miss (issue #15, item 1
//! and the measure of item 5), on the ground-truth calls of the BFCL sample
//! (`tests/data/bfcl/`, see its README): each argument name misspelt in five ways
//! (a dropped, doubled or swapped letter, another case, `snake_case` <->
//! `camelCase`), each string enum value in another case. A mechanical reader
//! renames each undeclared argument to its suggestion and replaces each value by
//! its suggestion; the call must come back exactly. The figures are printed
//! (`cargo test --test suggestion_fixes -- --nocapture`).

#[path = "support/bfcl.rs"]
mod bfcl;

use serde_json::{Map, Value};
use std::path::PathBuf;
use tool_schema::dialect::Dialect;
use tool_schema::{Kind, Options, Report, Schema, Suggestion, Undeclared};

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/bfcl")
}

/// The name misspelt in each of five ways (those that change it).
fn misspellings(name: &str) -> Vec<(&'static str, String)> {
    let chars: Vec<char> = name.chars().collect();
    let mid = chars.len() / 2;
    let mut out = Vec::new();
    let string = |cs: &[char]| cs.iter().collect::<String>();
    if chars.len() >= 3 {
        let mut dropped = chars.clone();
        dropped.remove(mid);
        out.push(("dropped", string(&dropped)));
    }
    let mut doubled = chars.clone();
    doubled.insert(mid, chars[mid]);
    out.push(("doubled", string(&doubled)));
    if chars.len() >= 2 && chars[mid - 1] != chars[mid] {
        let mut swapped = chars.clone();
        swapped.swap(mid - 1, mid);
        out.push(("swapped", string(&swapped)));
    }
    let upper = name.to_uppercase();
    if upper != name {
        out.push(("case", upper));
    }
    let other = if name.contains('_') {
        let mut camel = String::new();
        let mut up = false;
        for c in name.chars() {
            if c == '_' {
                up = true;
            } else if up {
                camel.extend(c.to_uppercase());
                up = false;
            } else {
                camel.push(c);
            }
        }
        camel
    } else {
        let mut snake = String::new();
        for c in name.chars() {
            if c.is_uppercase() {
                snake.push('_');
                snake.extend(c.to_lowercase());
            } else {
                snake.push(c);
            }
        }
        snake
    };
    if other != name {
        out.push(("snake-camel", other));
    }
    out
}

/// `args` with the suggestions of `report` applied once: each undeclared
/// top-level argument renamed to its suggestion, each value with a suggestion
/// replaced by it.
fn apply(args: &Value, report: &Report) -> Value {
    let mut out = args.clone();
    for v in &report.violations {
        match (&v.kind, &v.suggestion) {
            (Kind::Unexpected, Some(Suggestion::Name(to))) => {
                let Some(tool_schema::Segment::Key(from)) = v.path.segments().last() else {
                    continue;
                };
                if let Some(map) = out.as_object_mut() {
                    let renamed: Map<String, Value> = std::mem::take(map)
                        .into_iter()
                        .map(|(k, val)| {
                            if k == **from {
                                (to.clone(), val)
                            } else {
                                (k, val)
                            }
                        })
                        .collect();
                    *map = renamed;
                }
            }
            (_, Some(Suggestion::Value(to))) => {
                if let Some(target) = out.pointer_mut(&v.path.to_pointer()) {
                    *target = to.clone();
                }
            }
            _ => {}
        }
    }
    out
}

#[derive(Default)]
struct Tally {
    tried: usize,
    fixed: usize,
}

#[test]
fn applying_the_suggestions_once_fixes_near_misses() {
    let dir = data();
    let defs = bfcl::definitions(&dir);
    let schemas: Vec<Option<Schema>> = defs
        .iter()
        .map(|d| Dialect::Bfcl.parse(&d.parameters).ok())
        .collect();
    let options = Options::default().undeclared(Undeclared::RejectAlways);
    let mut tallies: std::collections::BTreeMap<&str, Tally> = Default::default();
    let mut misses = Vec::new();
    for call in bfcl::calls(&dir) {
        let Some(schema) = &schemas[call.def] else {
            continue;
        };
        if !call.expected.is_empty() || !schema.validate_with(&call.arguments, &options).is_valid()
        {
            continue;
        }
        let Some(args) = call.arguments.as_object() else {
            continue;
        };
        let mut mutants: Vec<(&'static str, Value)> = Vec::new();
        for (name, value) in args {
            for (how, typo) in misspellings(name) {
                if args.contains_key(&typo) {
                    continue;
                }
                let m: Map<String, Value> = args
                    .iter()
                    .map(|(k, v)| {
                        if k == name {
                            (typo.clone(), v.clone())
                        } else {
                            (k.clone(), v.clone())
                        }
                    })
                    .collect();
                mutants.push((how, Value::Object(m)));
            }
            if let Value::String(s) = value {
                let enum_values = schema
                    .root()
                    .property(name)
                    .and_then(|(_, p)| schema.node(p.node).enum_values.clone());
                if enum_values.is_some() && s.to_uppercase() != *s {
                    let mut m = args.clone();
                    m.insert(name.clone(), Value::String(s.to_uppercase()));
                    mutants.push(("enum-case", Value::Object(m)));
                }
            }
        }
        for (how, mutant) in mutants {
            let report = schema.validate_with(&mutant, &options);
            if report.is_valid() {
                continue;
            }
            let tally = tallies.entry(how).or_default();
            tally.tried += 1;
            if apply(&mutant, &report) == call.arguments {
                tally.fixed += 1;
            } else if misses.len() < 12 {
                misses.push(format!("{}: {mutant} -> {:?}", call.id, report.messages()));
            }
        }
    }
    let (mut tried, mut fixed) = (0, 0);
    for (how, t) in &tallies {
        println!(
            "{how:12} {:5} of {:5} fixed ({:.1}%)",
            t.fixed,
            t.tried,
            100.0 * t.fixed as f64 / t.tried as f64
        );
        tried += t.tried;
        fixed += t.fixed;
    }
    let rate = fixed as f64 / tried as f64;
    println!(
        "{:12} {fixed:5} of {tried:5} fixed ({:.1}%)",
        "all",
        100.0 * rate
    );
    for m in &misses {
        println!("  missed {m}");
    }
    assert!(tried > 1000, "{tried} mutations");
    assert!(rate >= 0.95, "{:.1}% fixed", 100.0 * rate);
}
