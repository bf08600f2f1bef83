//! Tests of the `unevaluated` keyword decisions (`tool_schema_runtime::keywords::unevaluated`) on
//! models the parser builds.

use crate::keywords::unevaluated::*;
use crate::schema::node_checks::unevaluated::collects;
use crate::schema::{Additional, Schema};
use serde_json::json;

#[test]
fn own_members_are_declared_patterned_or_all_with_additional() {
    let s = Schema::parse(&json!({
        "properties": {"a": {}},
        "patternProperties": {"^x-": {}}
    }))
    .unwrap();
    let node = s.root();
    let map = json!({"a": 1, "b": 2, "x-c": 3});
    let map = map.as_object().unwrap();
    let mut ev = Evaluated::new();
    let declared = |k: &str| node.property(k).is_some();
    let additional = node.additional != Additional::Unspecified;
    own_members(
        additional,
        node.pattern_set.as_ref(),
        map,
        declared,
        &mut ev,
    );
    assert!(ev.has(0) && !ev.has(1) && ev.has(2));
    let mut ev = Evaluated::new();
    own_members(true, None, map, |_| false, &mut ev);
    assert!(ev.is_all());
}

#[test]
fn not_and_plain_nodes_collect_nothing() {
    let s = Schema::parse(&json!({"not": {"properties": {"a": {}}}})).unwrap();
    assert!(!collects(s.root()));
    let s = Schema::parse(&json!({"if": {"properties": {"a": {}}}})).unwrap();
    assert!(collects(s.root()));
}
