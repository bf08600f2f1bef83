//! Schemas whose generated code takes the paths of large schemas (issue #17): an
//! object with more than 64 properties (its names looked up in a sorted table),
//! and objects nested 25 deep (functions that are not inlined). Both back ends
//! agree on a valid call and on every one-step change of it (a member removed,
//! given a wrong value, renamed; an undeclared member added), at every depth,
//! under every option; `is_valid_with` agrees with `validate_with`.

use serde_json::{json, Map, Value};
use tool_schema::{Options, Schema, Undeclared};
use tool_schema_compiled_tests::{compiled, IS_VALID, TOOLS};

/// The hand-written schema of `extra_schemas.jsonl` that declares `name`.
fn extra(name: &str) -> Value {
    let text = include_str!("../extra_schemas.jsonl");
    let line = text
        .lines()
        .rfind(|l| l.contains(&format!("\"{name}\"")))
        .expect("the schema is in extra_schemas.jsonl");
    serde_json::from_str(line).unwrap()
}

/// Every value one change away from `v`, in each of its objects.
fn changes(v: &Value, out: &mut Vec<Value>) {
    let Value::Object(m) = v else { return };
    let with = |m: Map<String, Value>| Value::Object(m);
    let keys: Vec<String> = m.keys().cloned().collect();
    for k in &keys {
        let mut removed = m.clone();
        removed.shift_remove(k);
        out.push(with(removed));
        for wrong in [json!([1]), json!(null), json!("toolong"), json!(-1)] {
            let mut changed = m.clone();
            changed.insert(k.clone(), wrong);
            out.push(with(changed));
        }
        let mut renamed = m.clone();
        let val = renamed.shift_remove(k).unwrap();
        renamed.insert(format!("{k}x"), val);
        out.push(with(renamed));
        let mut inner = Vec::new();
        changes(&m[k], &mut inner);
        for c in inner {
            let mut changed = m.clone();
            changed.insert(k.clone(), c);
            out.push(with(changed));
        }
    }
    let mut added = m.clone();
    added.insert("undeclared".into(), json!(1));
    out.push(with(added));
}

fn agree(schema: &Value, valid: &Value) -> usize {
    let interp = Schema::parse(schema).unwrap();
    let comp = compiled(schema).expect("compiled as an extra schema");
    let text = schema.to_string();
    let i = TOOLS.iter().position(|(t, _)| *t == text).unwrap();
    let is_valid = IS_VALID[i];
    let report = comp(valid, &Options::default());
    assert!(report.is_valid(), "{valid}: {:?}", report.messages());
    let mut cases = vec![valid.clone()];
    changes(valid, &mut cases);
    let mut invalid = 0;
    for args in &cases {
        for policy in [
            Undeclared::RejectUnlessAllowed,
            Undeclared::RejectAlways,
            Undeclared::RejectIfForbidden,
        ] {
            for flags in 0..4 {
                let o = Options::default()
                    .undeclared(policy)
                    .null_is_absent(flags & 1 == 1)
                    .object_root(flags & 2 == 2);
                let (a, b) = (interp.validate_with(args, &o), comp(args, &o));
                assert_eq!(a, b, "{args} under {o:?}");
                assert_eq!(is_valid(args, &o), b.is_valid(), "{args} under {o:?}");
                invalid += usize::from(!b.is_valid());
            }
        }
    }
    invalid
}

#[test]
fn a_wide_object_agrees() {
    let valid = json!({
        "p0": "ab", "p1": 3, "p2": "a", "p3": true, "p4": null, "p5": "x", "p10": "",
        "p15": "abc", "p19": 2.5,
        "inner": {"n3": 1.5, "n17": true, "n1": "a", "n2": true, "x1": 5, "n0": 0}
    });
    assert!(agree(&extra("p19"), &valid) > 100);
}

#[test]
fn a_wide_object_with_conditional_names_agrees() {
    let valid = json!({"c0": "a", "c1": 3, "extra": "s", "c16": 5, "c10": "c"});
    assert!(agree(&extra("c16"), &valid) > 50);
}

#[test]
fn a_deep_object_agrees() {
    let mut valid = json!({"name": "leaf"});
    for i in 0..24 {
        valid = json!({"name": "n", "count": i, "next": valid});
    }
    assert!(agree(&extra("next"), &valid) > 1000);
}
