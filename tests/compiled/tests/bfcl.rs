//! The compiled back end on the BFCL corpus: the definitions `build.rs` compiled
//! with `#[tool(dialect = "bfcl")]` (a sample of at least 300; all 3270 python-style
//! definitions with `TOOL_SCHEMA_BFCL_ALL=1`), every ground-truth call of
//! `tests/data/bfcl/calls.jsonl` whose definition is compiled, and the mutations of
//! the valid ones (`tests/support/bfcl.rs`): the compiled validator and the
//! interpreter give identical reports under every option, and exactly the expected
//! codes.

#[path = "../../support/bfcl.rs"]
mod bfcl;

use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use tool_schema::dialect::{bfcl_tool_name, Dialect};
use tool_schema::render::bfcl_codes;
use tool_schema::{Options, Schema, Undeclared};
use tool_schema_compiled_tests::bfcl::{ALL, BFCL};
use tool_schema_compiled_tests::Validate;

const OPTIONS: [Options; 4] = [
    Options::TOOL_CALL,
    Options::TOOL_CALL.undeclared(Undeclared::RejectAlways),
    Options::TOOL_CALL.undeclared(Undeclared::RejectIfForbidden),
    Options::SPEC,
];

/// The options of the `bfcl_check` runner (and `OPTIONS[0]`, tool-call mode, gives
/// the same: the translation never writes `additionalProperties`).
const RUNNER: Options = Options::TOOL_CALL.undeclared(Undeclared::RejectAlways);

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/bfcl")
}

/// Both back ends on one call: identical reports under every option; the codes
/// under the runner's options.
fn both(
    schema: &Schema,
    compiled: Validate,
    args: &Value,
    what: &str,
    errors: &mut Vec<String>,
) -> Vec<String> {
    for options in OPTIONS {
        let a = schema.validate_with(args, &options);
        let b = compiled(args, &options);
        if a != b {
            errors.push(format!(
                "{what} {options:?}: {args}\n  interpreted: {a:?}\n  compiled:    {b:?}"
            ));
        }
    }
    let codes = bfcl_codes(&compiled(args, &RUNNER));
    if codes != bfcl_codes(&compiled(args, &Options::TOOL_CALL)) {
        errors.push(format!(
            "{what}: tool-call mode and the runner's options differ on {args}"
        ));
    }
    codes
}

#[test]
fn compiled_bfcl_definitions_agree_with_the_interpreter() {
    let defs = bfcl::definitions(&data());
    let compiled: HashMap<usize, (&str, &str, Validate)> = BFCL
        .iter()
        .map(|(n, name, p, f)| (*n, (*name, *p, *f)))
        .collect();
    if ALL {
        assert_eq!(BFCL.len(), 3270);
    } else {
        assert!(BFCL.len() >= 300, "{} compiled definitions", BFCL.len());
    }
    // The tool name is BFCL's with `.` as `_`; the schema is the interpreter's.
    let mut schemas: HashMap<usize, Schema> = HashMap::new();
    for (n, name, parameters, _) in BFCL {
        assert_eq!(*name, bfcl_tool_name(&defs[*n].name), "#{n}");
        let parameters: Value = serde_json::from_str(parameters).unwrap();
        schemas.insert(*n, Dialect::Bfcl.parse(&parameters).unwrap());
    }

    let mut errors = Vec::new();
    let mut calls = 0;
    let mut failing_calls = 0;
    let mut mutations: BTreeMap<&str, usize> = BTreeMap::new();
    for c in bfcl::calls(&data()) {
        let Some(&(_, _, f)) = compiled.get(&c.def) else {
            continue;
        };
        let schema = &schemas[&c.def];
        let what = format!("{} #{}", c.id, c.call_index);
        calls += 1;
        failing_calls += usize::from(!c.expected.is_empty());
        let codes = both(schema, f, &c.arguments, &what, &mut errors);
        if codes != c.expected {
            errors.push(format!(
                "{what}: expected {:?}, compiled gives {codes:?}",
                c.expected
            ));
        }
        if !c.expected.is_empty() {
            continue;
        }
        for m in bfcl::mutations(&defs[c.def].parameters, &c.arguments) {
            *mutations.entry(m.kind).or_default() += 1;
            let what = format!("{what} {}", m.kind);
            let codes = both(schema, f, &m.arguments, &what, &mut errors);
            if codes != m.expected {
                errors.push(format!(
                    "{what}: {} expected {:?}, compiled gives {codes:?}",
                    m.arguments, m.expected
                ));
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} errors:\n{}",
        errors.len(),
        errors.join("\n")
    );
    println!(
        "{} compiled definitions; {calls} calls ({failing_calls} with errors); mutations {mutations:?}",
        BFCL.len()
    );
    // Every call with errors has its definition compiled.
    assert_eq!(failing_calls, 79);
    if ALL {
        assert_eq!(calls, 3152);
    } else {
        assert!(calls >= 500, "{calls} calls");
    }
    for kind in bfcl::KINDS {
        assert!(
            mutations.contains_key(kind),
            "no {kind} mutation: {mutations:?}"
        );
    }
}
