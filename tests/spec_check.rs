//! `examples/spec_check.rs` answers its contract: one line per input line,
//! `{"valid": bool}` or `{"schema_error": "..."}`, the dialect from `$schema`.

#[path = "../examples/spec_check.rs"]
mod spec_check;

use serde_json::{json, Value};

fn answers(lines: &[Value]) -> Vec<Value> {
    answers_with(&[], lines)
}

/// The answers to `lines` with the command line `args`.
fn answers_with(args: &[&str], lines: &[Value]) -> Vec<Value> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let settings = spec_check::Settings::from_args(&args).unwrap();
    let mut input = String::new();
    for l in lines {
        input.push_str(&l.to_string());
        input.push_str("\n\n");
    }
    input.push_str("not json\n{\"schema\": {}}\n");
    let mut out = Vec::new();
    spec_check::run(&settings, input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn answers_the_contract() {
    let draft7 = "http://json-schema.org/draft-07/schema#";
    let got = answers(&[
        json!({"schema": {"type": "integer"}, "instance": 1.0}),
        json!({"schema": {"type": "integer"}, "instance": "1"}),
        // Spec mode: any root, undeclared properties allowed, formats annotate.
        json!({"schema": {"properties": {"a": {"format": "email"}}}, "instance": {"a": "x", "b": 1}}),
        // The dialect from `$schema`: draft 7's array `items` and `$ref` alone.
        json!({"schema": {"$schema": draft7, "items": [{"type": "string"}], "additionalItems": false}, "instance": ["a", 1]}),
        json!({"schema": {"$schema": draft7, "items": [{"type": "string"}]}, "instance": ["a", 1]}),
        json!({"schema": {"items": [{"type": "string"}]}, "instance": ["a"]}),
        // References: an embedded resource, the bundled meta-schema.
        json!({"schema": {"$ref": "https://json-schema.org/draft/2020-12/schema"}, "instance": {"type": "nope"}}),
        json!({"schema": {"$id": "http://x.example/a", "$ref": "b", "$defs": {"b": {"$id": "b", "minimum": 2}}}, "instance": 1}),
        json!({"schema": {"$ref": "http://x.example/missing"}, "instance": 1}),
    ]);
    let kinds: Vec<String> = got
        .iter()
        .map(|a| match (a.get("valid"), a.get("schema_error")) {
            (Some(v), None) => v.to_string(),
            (None, Some(Value::String(_))) => "schema_error".to_string(),
            _ => panic!("not in the contract: {a}"),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "true",
            "false",
            "true",
            "false",
            "true",
            "schema_error",
            "false",
            "false",
            "schema_error",
            "schema_error",
            "schema_error"
        ]
    );
    assert!(got[5]["schema_error"]
        .as_str()
        .unwrap()
        .contains("prefixItems"));
    assert!(got[8]["schema_error"]
        .as_str()
        .unwrap()
        .contains("nothing is fetched"));
}

/// The suite's remotes, as `--remotes` registers them.
const REMOTES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/json-schema-test-suite/remotes"
);

#[test]
fn registers_remotes_and_asserts_formats_when_asked() {
    let lines = [
        json!({"schema": {"$ref": "http://localhost:1234/integer.json"}, "instance": 1}),
        json!({"schema": {"$ref": "http://localhost:1234/integer.json"}, "instance": "a"}),
        // A nested folder, and a document whose own `$schema` is draft 2019-09.
        json!({"schema": {"$ref": "http://localhost:1234/nested/foo-ref-string.json"}, "instance": {"foo": 1}}),
        json!({"schema": {"$ref": "http://localhost:1234/draft2019-09/dependentRequired.json"}, "instance": {"foo": 1}}),
        json!({"schema": {"format": "ipv4"}, "instance": "1.2.3"}),
    ];
    let valid = |got: &[Value]| -> Vec<String> {
        got[..lines.len()]
            .iter()
            .map(|a| {
                a.get("valid")
                    .map_or("schema_error".to_string(), Value::to_string)
            })
            .collect()
    };
    assert_eq!(
        valid(&answers(&lines)),
        [
            "schema_error",
            "schema_error",
            "schema_error",
            "schema_error",
            "true"
        ]
    );
    assert_eq!(
        valid(&answers_with(&["--remotes", REMOTES, "--formats"], &lines)),
        ["true", "false", "false", "false", "false"]
    );
    // Another base: the suite's URIs name nothing then.
    let other = answers_with(
        &[
            "--remotes",
            REMOTES,
            "--remotes-base",
            "https://example.com/",
        ],
        &lines,
    );
    assert_eq!(valid(&other)[0], "schema_error");
    let moved = [json!({"schema": {"$ref": "https://example.com/integer.json"}, "instance": "a"})];
    let moved = answers_with(
        &[
            "--remotes",
            REMOTES,
            "--remotes-base",
            "https://example.com/",
        ],
        &moved,
    );
    assert_eq!(moved[0], json!({"valid": false}));
}

#[test]
fn annotates_unknown_keywords_when_asked() {
    let lines = [
        json!({"schema": {"maxLenght": 1, "examples": [{"type": "integer"}], "$ref": "#/examples/0"}, "instance": 12}),
    ];
    assert!(answers(&lines)[0]["schema_error"]
        .as_str()
        .unwrap()
        .contains("maxLenght"));
    let got = answers_with(&["--annotate-unknown-keywords"], &lines);
    assert_eq!(got[0], json!({"valid": true}));
    let not_integer = [json!({"schema": lines[0]["schema"], "instance": "12"})];
    assert_eq!(
        answers_with(&["--annotate-unknown-keywords"], &not_integer)[0],
        json!({"valid": false})
    );
}

#[test]
fn refuses_a_bad_command_line() {
    for (args, says) in [
        (&["--remote", "x"][..], "unknown argument"),
        (&["--remotes"][..], "needs a value"),
        (
            &["--remotes", "/nonexistent/folder"][..],
            "/nonexistent/folder",
        ),
    ] {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let error = spec_check::Settings::from_args(&args).err().unwrap();
        assert!(error.contains(says), "{args:?}: {error}");
    }
}
