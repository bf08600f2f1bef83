//! The keywords of the 2020-12 applicator and validation vocabularies that apply
//! under a condition (`dependentRequired`, `dependentSchemas`, `if`/`then`/`else`)
//! or count matches (`contains`, `minContains`, `maxContains`), and
//! `patternProperties`.
//! Their violations (the kind, the condition that applied, the path, the
//! position), their words in the default format and their `json_report` fields;
//! how tool-call mode reads them (closed objects); their refusals and lints; and
//! their cost on hostile input. The JSON-Schema-Test-Suite files of each keyword
//! run in both back ends in `tests/compiled/tests/json_schema_test_suite.rs`.

use serde_json::{json, Value};
use tool_schema_engine::{json_report, Condition, Kind, Options, Path, Schema, Segment};

fn schema(v: Value) -> Schema {
    Schema::parse(&v).unwrap_or_else(|e| panic!("schema refused: {e}"))
}

fn refusal(v: Value) -> String {
    match Schema::parse(&v) {
        Ok(_) => panic!("accepted: {v}"),
        Err(e) => e.to_string(),
    }
}

fn messages(s: &Schema, args: Value) -> Vec<String> {
    s.validate(&args).messages()
}

fn spec_messages(s: &Schema, args: Value) -> Vec<String> {
    s.validate_with(&args, &Options::SPEC).messages()
}

fn key(k: &str) -> Segment {
    Segment::Key(k.to_string().into())
}

// ---------------------------------------------------------------------------------
// dependentRequired

fn payment() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {
            "amount": {"type": "number"},
            "card": {"type": "string"},
            "billing": {"type": "string"},
            "cvv": {"type": "string"}
        },
        "required": ["amount"],
        "dependentRequired": {"card": ["billing", "cvv"]}
    }))
}

#[test]
fn dependent_required_names_each_missing_name_and_why() {
    let s = payment();
    assert!(s.is_valid(&json!({"amount": 1})));
    assert!(s.is_valid(&json!({"amount": 1, "card": "x", "billing": "y", "cvv": "1"})));
    assert!(s.is_valid(&json!({"amount": 1, "billing": "y"})));
    let report = s.validate(&json!({"card": "x", "amount": 1}));
    assert_eq!(
        report.messages(),
        [
            "missing required argument 'billing', because 'card' is given",
            "missing required argument 'cvv', because 'card' is given",
        ]
    );
    let v = &report.violations()[0];
    assert_eq!(v.path, Path::from(vec![key("billing")]));
    // Positioned as a missing required argument: no argument, its declared index.
    assert_eq!(v.position.argument, None);
    assert_eq!(v.position.declared, Some(2));
    assert_eq!(
        v.kind,
        Kind::Conditional {
            condition: Condition::Present {
                member: Path::from(vec![key("card")])
            },
            problem: Box::new(Kind::Missing),
        }
    );
    assert_eq!(v.kind.code(), "conditional");
}

#[test]
fn dependent_required_comes_after_required_and_the_members() {
    let s = payment();
    assert_eq!(
        messages(&s, json!({"card": 5})),
        [
            "missing required argument 'amount'",
            "argument 'card' should be string, got integer",
            "missing required argument 'billing', because 'card' is given",
            "missing required argument 'cvv', because 'card' is given",
        ]
    );
}

#[test]
fn dependent_required_nested_words_and_report() {
    let s = schema(json!({
        "type": "object",
        "properties": {"ship": {"type": "object", "dependentRequired": {"express": ["phone"]}}}
    }));
    let report = s.validate(&json!({"ship": {"express": true}}));
    assert_eq!(
        report.messages(),
        ["missing required argument 'ship.phone', because 'ship.express' is given"]
    );
    let entry = &json_report(&report)["violations"][0];
    assert_eq!(entry["kind"], "conditional");
    assert_eq!(entry["pointer"], "/ship/phone");
    assert_eq!(entry["argument"], json!(0));
    assert_eq!(entry["condition"], "present");
    assert_eq!(entry["condition_pointer"], "/ship/express");
    assert_eq!(entry["problem"], json!({"kind": "missing"}));
}

#[test]
fn dependent_required_refusals_and_lints() {
    assert_eq!(
        refusal(json!({"dependentRequired": ["a"]})),
        "/dependentRequired: expected an object mapping names to arrays of property names, got an array"
    );
    assert_eq!(
        refusal(json!({"dependentRequired": {"a": "b"}})),
        "/dependentRequired/a: expected an array of property names, got a string"
    );
    assert_eq!(
        refusal(json!({"dependentRequired": {"a": ["b", 1]}})),
        "/dependentRequired/a/1: expected a property name, got a number"
    );
    let s = schema(json!({"type": "object", "dependentRequired": {"a": ["b", "b"]}}));
    let lints: Vec<String> = s.lints().iter().map(|l| l.to_string()).collect();
    assert_eq!(
        lints,
        ["/dependentRequired/a/1: \"b\" is already required when \"a\" is present [duplicate-required]"]
    );
    let s = schema(json!({"type": "string", "dependentRequired": {"a": ["b"]}}));
    assert_eq!(s.lints()[0].kind.code(), "keyword-type-mismatch");
}

// ---------------------------------------------------------------------------------
// dependentSchemas

fn shipping() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {
            "method": {"enum": ["post", "courier"]},
            "weight": {"type": "number"}
        },
        "dependentSchemas": {
            "method": {
                "properties": {"weight": {"maximum": 30}, "insured": {"type": "boolean"}},
                "required": ["weight"]
            }
        }
    }))
}

#[test]
fn dependent_schemas_apply_when_the_member_is_there() {
    let s = shipping();
    assert!(s.is_valid(&json!({})));
    assert!(s.is_valid(&json!({"weight": 100})));
    assert!(s.is_valid(&json!({"method": "post", "weight": 3})));
    assert_eq!(
        messages(&s, json!({"method": "post", "weight": 31})),
        ["argument 'weight' should be at most 30, got 31, because 'method' is given"]
    );
    let report = s.validate(&json!({"method": "post"}));
    assert_eq!(
        report.messages(),
        ["missing required argument 'weight', because 'method' is given"]
    );
    let entry = &json_report(&report)["violations"][0];
    assert_eq!(entry["condition"], "present");
    assert_eq!(entry["condition_pointer"], "/method");
}

#[test]
fn tool_call_mode_lets_through_names_a_conditional_subschema_declares() {
    // `insured` is declared only by the dependent schema: in tool-call mode the
    // object is closed by the node declaring `properties`, and a conditional
    // subschema's names count as declared there; the subschema itself closes
    // nothing (it would refuse `method`).
    let s = shipping();
    assert!(s.is_valid(&json!({"method": "post", "weight": 3, "insured": true})));
    assert_eq!(
        messages(&s, json!({"method": "post", "weight": 3, "gift": true})),
        ["unexpected argument 'gift'"]
    );
    assert_eq!(
        messages(&s, json!({"method": "post", "weight": 3, "insured": 1})),
        ["argument 'insured' should be boolean, got integer, because 'method' is given"]
    );
    // `additionalProperties: false` still refuses them, as JSON Schema does.
    let closed = schema(json!({
        "type": "object",
        "properties": {"a": {}},
        "additionalProperties": false,
        "dependentSchemas": {"a": {"properties": {"b": {}}}}
    }));
    assert_eq!(
        messages(&closed, json!({"a": 1, "b": 2})),
        ["unexpected argument 'b'"]
    );
    assert_eq!(
        spec_messages(&closed, json!({"a": 1, "b": 2})),
        ["unexpected argument 'b'"]
    );
}

#[test]
fn a_false_dependent_schema_refuses_the_object() {
    let s = schema(
        json!({"type": "object", "properties": {"a": {}, "b": {}}, "dependentSchemas": {"a": false}}),
    );
    assert!(s.is_valid(&json!({"b": 1})));
    let report = s.validate(&json!({"a": 1}));
    assert_eq!(
        report.messages(),
        ["no arguments are allowed, because 'a' is given"]
    );
}

// ---------------------------------------------------------------------------------
// if / then / else

fn notify() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {
            "channel": {"enum": ["email", "sms"]},
            "address": {"type": "string"},
            "phone": {"type": "string"},
            "retries": {
                "type": ["integer", "string"],
                "if": {"type": "integer"},
                "then": {"minimum": 1},
                "else": {"enum": ["auto"]}
            }
        },
        "required": ["channel"],
        "if": {"properties": {"channel": {"const": "email"}}},
        "then": {"required": ["address"]},
        "else": {"required": ["phone"], "properties": {"voice": {"type": "boolean"}}}
    }))
}

#[test]
fn then_applies_when_if_holds_and_says_so() {
    let s = notify();
    assert!(s.is_valid(&json!({"channel": "email", "address": "a@b.c"})));
    let report = s.validate(&json!({"channel": "email", "phone": "1"}));
    assert_eq!(
        report.messages(),
        ["missing required argument 'address', because arguments match the 'if' schema"]
    );
    let v = &report.violations()[0];
    assert_eq!(
        v.kind,
        Kind::Conditional {
            condition: Condition::IfHeld {
                at: Path::from(vec![])
            },
            problem: Box::new(Kind::Missing),
        }
    );
    let entry = &json_report(&report)["violations"][0];
    assert_eq!(entry["condition"], "if-held");
    assert_eq!(entry["condition_pointer"], "");
    assert_eq!(entry["problem"]["kind"], "missing");
}

#[test]
fn else_applies_when_if_fails_and_says_so() {
    let s = notify();
    assert!(s.is_valid(&json!({"channel": "sms", "phone": "1"})));
    assert_eq!(
        messages(&s, json!({"channel": "sms"})),
        ["missing required argument 'phone', because arguments do not match the 'if' schema"]
    );
    // On a nested value: the condition names it.
    assert_eq!(
        messages(&s, json!({"channel": "sms", "phone": "1", "retries": 0})),
        ["argument 'retries' should be at least 1, got 0, because argument 'retries' matches the 'if' schema"]
    );
    assert_eq!(
        messages(&s, json!({"channel": "sms", "phone": "1", "retries": "x"})),
        ["argument 'retries' should be \"auto\", got \"x\", because argument 'retries' does not match the 'if' schema"]
    );
    let report = s.validate(&json!({"channel": "sms", "phone": "1", "retries": "x"}));
    assert_eq!(
        json_report(&report)["violations"][0]["condition_pointer"],
        "/retries"
    );
}

#[test]
fn the_if_schema_closes_nothing_in_tool_call_mode() {
    // `if` declares only `channel`: were it closed, `address` would make it fail
    // and `else` apply. Names declared by `then`/`else` (`voice`) are accepted.
    let s = notify();
    assert!(s.is_valid(&json!({"channel": "email", "address": "a@b.c"})));
    assert!(s.is_valid(&json!({"channel": "sms", "phone": "1", "voice": true})));
    assert_eq!(
        messages(&s, json!({"channel": "sms", "phone": "1", "voice": 1})),
        ["argument 'voice' should be boolean, got integer, because arguments do not match the 'if' schema"]
    );
    assert_eq!(
        messages(&s, json!({"channel": "sms", "phone": "1", "fax": 1})),
        ["unexpected argument 'fax'"]
    );
}

#[test]
fn a_conditional_requirement_of_a_declared_name_is_no_lint() {
    // `then`/`else`/`dependentSchemas` require names their parent declares: the
    // usual way to write a conditional requirement, not `required_undeclared`.
    assert!(notify().lints().is_empty());
    assert!(shipping().lints().is_empty());
    let s = schema(json!({
        "type": "object",
        "properties": {"a": {}},
        "if": {"required": ["a"]},
        "then": {"required": ["zz"]}
    }));
    let lints: Vec<String> = s.lints().iter().map(|l| l.to_string()).collect();
    assert_eq!(
        lints,
        ["/then/required/0: required property \"zz\" is not declared in properties [required-undeclared]"]
    );
}

#[test]
fn if_without_a_branch_and_branches_without_if_are_linted_and_inert() {
    let s = schema(json!({"type": "object", "if": false, "then": false}));
    assert!(s.lints().is_empty());
    assert!(s.is_valid(&json!({})));
    let s = schema(json!({"type": "string", "then": {"minLength": 9}, "else": false}));
    let lints: Vec<String> = s.lints().iter().map(|l| l.to_string()).collect();
    assert_eq!(
        lints,
        [
            "/then: then has no effect without if [without-if]",
            "/else: else has no effect without if [without-if]",
        ]
    );
    assert!(s.validate_with(&json!("x"), &Options::SPEC).is_valid());
    let s = schema(json!({"type": "string", "if": {"minLength": 9}}));
    assert_eq!(
        s.lints()[0].to_string(),
        "/if: if has no effect without then or else [without-if]"
    );
    assert!(s.validate_with(&json!("x"), &Options::SPEC).is_valid());
    assert_eq!(
        refusal(json!({"if": 1, "then": {}})),
        "/if: expected a schema (an object or a boolean), got a number"
    );
}

#[test]
fn a_chain_of_nested_conditions_is_bounded_by_the_hop_budget() {
    // `if` inside `if` inside ...: each an in-place hop, refused past the budget.
    let mut v = json!({"minimum": 1});
    for _ in 0..20 {
        v = json!({"if": v, "then": {"minimum": 0}});
    }
    assert!(refusal(v).contains("nested $ref/allOf/anyOf/oneOf/not/if/then/else/dependentSchemas"));
}

// ---------------------------------------------------------------------------------
// contains / minContains / maxContains

fn tagged() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {
            "tags": {"type": "array", "contains": {"const": "urgent"}},
            "picks": {
                "type": "array",
                "items": {"type": "integer"},
                "contains": {"minimum": 10},
                "minContains": 2,
                "maxContains": 3
            }
        }
    }))
}

#[test]
fn contains_counts_the_matching_elements() {
    let s = tagged();
    assert!(s.is_valid(&json!({"tags": ["a", "urgent"], "picks": [10, 1, 11]})));
    let report = s.validate(&json!({"tags": ["a", "b"]}));
    assert_eq!(
        report.messages(),
        ["argument 'tags' should have at least 1 item matching {\"const\":\"urgent\"}, got 0"]
    );
    assert_eq!(
        report.violations()[0].kind,
        Kind::Contains {
            schema: json!({"const": "urgent"}),
            at_least: true,
            limit: 1,
            count: 0
        }
    );
    assert_eq!(
        messages(&s, json!({"picks": [10, 1]})),
        ["argument 'picks' should have at least 2 items matching {\"minimum\":10}, got 1"]
    );
    let report = s.validate(&json!({"picks": [10, 11, 12, 13, 1]}));
    assert_eq!(
        report.messages(),
        ["argument 'picks' should have at most 3 items matching {\"minimum\":10}, got 4"]
    );
    let entry = &json_report(&report)["violations"][0];
    assert_eq!(entry["kind"], "contains");
    assert_eq!(entry["expected"], json!({"minimum": 10}));
    assert_eq!(entry["at_least"], json!(false));
    assert_eq!(entry["limit"], json!(3));
    assert_eq!(entry["received"], json!(4));
    // Reported after the elements' own violations.
    assert_eq!(
        messages(&s, json!({"picks": ["x", 1]})),
        [
            "argument 'picks[0]' should be integer, got string",
            // `minimum` says nothing of a string: "x" matches.
            "argument 'picks' should have at least 2 items matching {\"minimum\":10}, got 1",
        ]
    );
}

#[test]
fn min_contains_zero_and_the_lints() {
    let s = schema(json!({"type": "array", "contains": false, "minContains": 0}));
    assert!(s.validate_with(&json!([1, 2]), &Options::SPEC).is_valid());
    let s = schema(json!({"type": "array", "minContains": 2, "maxContains": 1}));
    let lints: Vec<String> = s.lints().iter().map(|l| l.to_string()).collect();
    assert_eq!(
        lints,
        [
            "/minContains: minContains 2 is greater than maxContains 1: no array is accepted [minimum-above-maximum]",
            "/minContains: minContains has no effect without contains [without-contains]",
            "/maxContains: maxContains has no effect without contains [without-contains]",
        ]
    );
    assert!(s.validate_with(&json!([]), &Options::SPEC).is_valid());
    assert_eq!(
        refusal(json!({"contains": {}, "minContains": -1})),
        "/minContains: expected a non-negative integer, got -1"
    );
}

#[test]
fn contains_over_a_hundred_thousand_items_is_linear() {
    let s = schema(json!({
        "type": "object",
        "properties": {
            "xs": {"type": "array", "contains": {"type": "string", "pattern": "^z"}, "maxContains": 100000}
        }
    }));
    let many: Vec<Value> = (0..100_000).map(|i| json!(format!("a{i}"))).collect();
    let start = std::time::Instant::now();
    // No match: every element tried once by the yes/no walk, once by the report.
    let report = s.validate(&json!({"xs": many}));
    assert_eq!(report.len(), 1);
    let mut all: Vec<Value> = (0..100_001).map(|_| json!("z")).collect();
    assert!(!s.is_valid(&json!({"xs": all.clone()})));
    all.pop();
    assert!(s.is_valid(&json!({"xs": all})));
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
}

// ---------------------------------------------------------------------------------
// patternProperties

fn labels() -> Schema {
    schema(json!({
        "type": "object",
        "properties": {"name": {"type": "string"}, "x-id": {"type": "string"}},
        "patternProperties": {
            "^x-": {"maxLength": 4},
            "id$": {"pattern": "^[0-9]+$"}
        }
    }))
}

#[test]
fn pattern_properties_check_every_matching_member() {
    let s = labels();
    assert!(s.is_valid(&json!({"name": "n", "x-id": "12", "x-a": "b", "uid": "7"})));
    // A declared name is checked against its schema, then every matching pattern's.
    assert_eq!(
        messages(&s, json!({"x-id": "12345"})),
        ["argument 'x-id' should be at most 4 characters long, got 5",]
    );
    assert_eq!(
        messages(&s, json!({"x-id": 3, "uid": "z"})),
        [
            "argument 'x-id' should be string, got integer",
            "argument 'uid' should match the pattern ^[0-9]+$, got \"z\"",
        ]
    );
    // `x-uid` matches both patterns.
    assert_eq!(
        messages(&s, json!({"x-uid": "abcde"})),
        [
            "argument 'x-uid' should be at most 4 characters long, got 5",
            "argument 'x-uid' should match the pattern ^[0-9]+$, got \"abcde\"",
        ]
    );
}

#[test]
fn a_name_matching_a_pattern_is_declared_in_tool_call_mode() {
    let s = labels();
    // Matched by a pattern: not `unexpected`; matched by none: `unexpected`.
    assert!(s.is_valid(&json!({"x-color": "red"})));
    assert_eq!(
        messages(&s, json!({"color": "red"})),
        ["unexpected argument 'color'"]
    );
    // A map described by patterns alone is closed to other names in tool-call
    // mode, open in spec mode.
    let map = schema(json!({
        "type": "object",
        "properties": {
            "env": {"type": "object", "patternProperties": {"^[A-Z_]+$": {"type": "string"}}}
        }
    }));
    assert!(map.is_valid(&json!({"env": {"HOME": "/", "PATH": "/bin"}})));
    assert_eq!(
        messages(&map, json!({"env": {"home": "/"}})),
        ["unexpected argument 'env.home'"]
    );
    assert!(map
        .validate_with(&json!({"env": {"home": "/"}}), &Options::SPEC)
        .is_valid());
    // `additionalProperties` is for the names neither `properties` nor a pattern
    // names.
    let rest = schema(json!({
        "type": "object",
        "patternProperties": {"^n": {"type": "number"}},
        "additionalProperties": {"type": "boolean"}
    }));
    assert!(rest.is_valid(&json!({"n1": 1, "flag": true})));
    assert_eq!(
        messages(&rest, json!({"n1": true, "flag": 1})),
        [
            "argument 'n1' should be number, got boolean",
            "argument 'flag' should be boolean, got integer",
        ]
    );
}

#[test]
fn pattern_properties_refusals() {
    assert_eq!(
        refusal(json!({"patternProperties": {"(?=x)": {}}})),
        refusal(json!({"pattern": "(?=x)"})).replace("/pattern", "/patternProperties/(?=x)")
    );
    assert_eq!(
        refusal(json!({"patternProperties": {"^a": 1}})),
        "/patternProperties/^a: expected a schema (an object or a boolean), got a number"
    );
}

#[test]
fn many_patterns_over_many_members_stay_linear() {
    // 300 patterns, 20,000 members: each name is matched against all patterns in
    // one pass.
    let mut patterns = serde_json::Map::new();
    for i in 0..300 {
        patterns.insert(format!("^k{i}_"), json!({"type": "integer"}));
    }
    let s = schema(json!({"type": "object", "patternProperties": patterns}));
    let mut args = serde_json::Map::new();
    for i in 0..20_000 {
        args.insert(format!("k{}_{i}", i % 300), json!(i));
    }
    let start = std::time::Instant::now();
    assert!(s.is_valid(&Value::Object(args.clone())));
    args.insert("k7_x".into(), json!("no"));
    let report = s.validate(&Value::Object(args));
    assert_eq!(
        report.messages(),
        ["argument 'k7_x' should be integer, got string"]
    );
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
}

// ---------------------------------------------------------------------------------
// cost

#[test]
fn many_dependencies_on_a_wide_object_stay_linear() {
    // 2,000 entries, each needing 50 names, against an object with 2,000
    // members: each entry is a lookup per needed name.
    let n = 2_000;
    let mut deps = serde_json::Map::new();
    for i in 0..n {
        let needs: Vec<String> = (0..50).map(|j| format!("p{}", (i + j) % n)).collect();
        deps.insert(format!("p{i}"), json!(needs));
    }
    let s =
        schema(json!({"type": "object", "additionalProperties": true, "dependentRequired": deps}));
    let mut args = serde_json::Map::new();
    for i in 0..n {
        args.insert(format!("p{i}"), json!(i));
    }
    let start = std::time::Instant::now();
    assert!(s.is_valid(&Value::Object(args.clone())));
    args.remove("p7");
    let report = s.validate(&Value::Object(args));
    assert_eq!(report.len() + report.omitted, 49);
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}
