//! The text path against parse-then-validate: `Schema::validate_str(text)` must give
//! exactly what `serde_json::from_str::<Value>(text)` then `Schema::validate_with`
//! gives (the same report, or the same JSON error), under all 48 combinations of
//! the options, with each value written five ways (compact, pretty, escapes
//! everywhere, a repeated first member before or after).
//!
//! Over: every seed conformance case (public and generated), the schemas of
//! `tests/compiled/extra_schemas.jsonl` with random arguments, the BFCL sample,
//! the JSON-Schema-Test-Suite, the pydantic corpus of OpenAI strict mode, and the
//! MCP reference tools (from the shared material, when it is there). Each test
//! also checks that the checking pass settles valid calls by itself (no second
//! parse), except where it reads the whole call into a `Value` by design.

#[path = "../../tests/support/shared_material.rs"]
mod shared_material;
mod text_support;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use text_support::{all_options, generate, Diff, Rng, FEW};
use tool_schema_engine::seed::flat_to_json_schema;
use tool_schema_engine::{Dialect, Options, Schema};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn jsonl(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every (schema, arguments) pair a seed case holds; schema-only cases get
/// generated arguments.
fn seed_pairs(case: &Value, rng: &mut Rng) -> Vec<(Value, Value)> {
    let input = &case["input"];
    let generated = |schema: &Value, rng: &mut Rng| -> Vec<(Value, Value)> {
        (0..3)
            .map(|_| (schema.clone(), generate(schema, schema, rng, 0)))
            .collect()
    };
    match case["op"].as_str().unwrap() {
        "validate_arguments" => vec![(input["schema"].clone(), input["arguments"].clone())],
        "validate_args" => vec![(input["schema"].clone(), input["args"].clone())],
        "diff_problems" => vec![
            (input["schema_a"].clone(), input["args"].clone()),
            (input["schema_b"].clone(), input["args"].clone()),
        ],
        "validate_tool_call" => {
            let name = input["call"]["name"].as_str().unwrap_or("");
            let args = input["call"].get("arguments").cloned().unwrap_or(json!({}));
            match input["schemas"].get(name) {
                Some(tool) => {
                    let schema = tool
                        .get("parameters")
                        .cloned()
                        .unwrap_or(json!({"type": "object", "properties": {}}));
                    vec![(schema, args)]
                }
                None => vec![],
            }
        }
        "validate_call" => {
            let name = input["call"]["name"].as_str().unwrap_or("");
            let args = input["call"].get("args").cloned().unwrap_or(json!({}));
            match input["schemas"].get(name).map(flat_to_json_schema) {
                Some(Ok(schema)) => vec![(schema, args)],
                _ => vec![],
            }
        }
        "tighten_required" | "forbid_extras" => generated(&input["schema"], rng),
        op => panic!("unknown op {op}"),
    }
}

fn assert_all_settled(diff: &Diff, what: &str) {
    assert!(
        diff.missed.is_empty(),
        "{what}: {} valid calls left to the exact path:\n{}",
        diff.missed.len(),
        diff.missed
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn every_seed_case() {
    let options = all_options();
    let mut diff = Diff::default();
    let mut rng = Rng(7);
    let mut cases = 0;
    for file in [
        "../tests/data/seed-ops/examples.jsonl",
        "../tests/data/seed-ops/random.jsonl",
        "../tests/data/generated/seed_cases.jsonl",
    ] {
        for case in jsonl(&data(file)) {
            let id = case["id"].as_str().unwrap().to_string();
            for (schema, args) in seed_pairs(&case, &mut rng) {
                let Ok(parsed) = Schema::parse(&schema) else {
                    continue;
                };
                cases += 1;
                diff.compare_value(&id, &parsed, &args, &options);
                for _ in 0..2 {
                    let random = generate(&schema, &schema, &mut rng, 0);
                    diff.compare_value(&format!("{id} (random)"), &parsed, &random, &FEW);
                }
            }
        }
    }
    assert!(cases > 900, "{cases} seed cases");
    diff.assert_ok("seed cases");
    assert_all_settled(&diff, "seed cases");
}

/// Keywords under which the checking pass reads an object into a `Value` by
/// design (see `engine/src/text/plan.rs`).
const EXACT_PATH_KEYWORDS: [&str; 7] = [
    "dependentRequired",
    "dependentSchemas",
    "if",
    "contains",
    "patternProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
];

#[test]
fn extra_schemas_with_random_arguments() {
    let options = all_options();
    let mut diff = Diff::default();
    let mut rng = Rng(11);
    let schemas = jsonl(&data("../tests/compiled/extra_schemas.jsonl"));
    assert!(schemas.len() >= 10);
    for (i, schema) in schemas.iter().enumerate() {
        let parsed = Schema::parse(schema).unwrap_or_else(|e| panic!("schema {i}: {e}"));
        for n in 0..100 {
            let args = generate(schema, schema, &mut rng, 0);
            diff.compare_value(&format!("extra {i} #{n}"), &parsed, &args, &options);
        }
    }
    diff.assert_ok("extra schemas");
    // Objects under the keywords the pass leaves to the exact path by design.
    let buffered: Vec<String> = schemas
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            let text = s.to_string();
            EXACT_PATH_KEYWORDS
                .iter()
                .any(|k| text.contains(&format!("\"{k}\"")))
        })
        .map(|(i, _)| format!("extra {i} #"))
        .collect();
    diff.missed
        .retain(|m| !buffered.iter().any(|b| m.starts_with(b.as_str())));
    assert_all_settled(&diff, "extra schemas");
    assert!(diff.valid > 500, "{} valid calls", diff.valid);
}

#[test]
fn bfcl_sample() {
    let dir = data("../tests/data/bfcl");
    if !dir.join("definitions.jsonl").exists() {
        eprintln!("skipped: no BFCL sample in tests/data/bfcl");
        return;
    }
    let options = [
        Options::TOOL_CALL,
        Options::SPEC,
        Options::TOOL_CALL.null_is_absent(true),
    ];
    let defs = jsonl(&dir.join("definitions.jsonl"));
    let mut schemas: Vec<Option<(Value, Schema)>> = Vec::new();
    for d in &defs {
        let json = Dialect::Bfcl.to_json_schema(&d["parameters"]).ok();
        schemas.push(json.and_then(|j| Schema::parse(&j).ok().map(|s| (j, s))));
    }
    let mut diff = Diff::default();
    let mut rng = Rng(3);
    for call in jsonl(&dir.join("calls.jsonl")) {
        let def = call["def"].as_u64().unwrap() as usize;
        let Some((json, schema)) = &schemas[def] else {
            continue;
        };
        let id = call["id"].as_str().unwrap();
        diff.compare_value(id, schema, &call["arguments"], &options);
        let random = generate(json, json, &mut rng, 0);
        diff.compare_value(&format!("{id} (random)"), schema, &random, &options);
    }
    assert!(diff.checked > 10_000, "{} comparisons", diff.checked);
    diff.assert_ok("BFCL");
    assert_all_settled(&diff, "BFCL");
}

#[test]
fn json_schema_test_suite() {
    let dir = data("../tests/data/json-schema-test-suite/draft2020-12");
    if !dir.exists() {
        eprintln!("skipped: no JSON-Schema-Test-Suite in tests/data");
        return;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    if let Ok(format) = std::fs::read_dir(dir.join("optional/format")) {
        files.extend(format.map(|e| e.unwrap().path()));
    }
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    let options = all_options();
    let mut diff = Diff::default();
    let mut groups = 0;
    // Tests whose schema uses a keyword of `EXACT_PATH_KEYWORDS`: read into a
    // value by design.
    let mut by_keyword: Vec<String> = Vec::new();
    for file in &files {
        let groups_json: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let name = file.file_name().unwrap().to_string_lossy();
        for group in groups_json.as_array().unwrap() {
            let Ok(schema) = Schema::parse(&group["schema"]) else {
                continue;
            };
            groups += 1;
            let text = group["schema"].to_string();
            let exact = EXACT_PATH_KEYWORDS
                .iter()
                .any(|k| text.contains(&format!("\"{k}\"")));
            for test in group["tests"].as_array().unwrap() {
                let label = format!("{name}: {} / {}", group["description"], test["description"]);
                diff.compare_value(&label, &schema, &test["data"], &options);
                if exact {
                    by_keyword.push(label);
                }
            }
        }
    }
    assert!(groups > 150, "{groups} groups");
    diff.assert_ok("JSON-Schema-Test-Suite");
    let by_keyword: std::collections::HashSet<&str> =
        by_keyword.iter().map(String::as_str).collect();
    // An entry is "{label} ({style}): {options:?}: {text}".
    let label_of = |m: &str| -> Option<String> {
        let head = &m[..m.find("): Options {")?];
        Some(head[..head.rfind(" (")?].to_string())
    };
    diff.missed
        .retain(|m| !label_of(m).is_some_and(|l| by_keyword.contains(l.as_str())));
    let mut by_file = std::collections::BTreeMap::<&str, usize>::new();
    for m in &diff.missed {
        *by_file.entry(m.split(':').next().unwrap()).or_default() += 1;
    }
    eprintln!("JSTS valid calls left to the exact path, by file: {by_file:?}");
    // Only where the root is read into a value by design: `anyOf`, `oneOf`,
    // `not`, `uniqueItems`, `enum`/`const` of objects or arrays at the root,
    // several `allOf` branches constraining the root's members (the meta-schema
    // `defs.json` refers to, the dynamic references' targets, the loops of
    // `infinite-loop-detection.json` are such), or a keyword of
    // `EXACT_PATH_KEYWORDS`.
    let by_design = [
        "allOf",
        "anyOf",
        "const",
        "defs",
        "dynamicRef",
        "enum",
        "infinite-loop-detection",
        "items",
        "not",
        "oneOf",
        "ref",
        "uniqueItems",
    ];
    for file in by_file.keys() {
        let stem = file.trim_end_matches(".json");
        assert!(by_design.contains(&stem), "{file}: {by_file:?}");
    }
}

#[test]
fn pydantic_corpus_with_random_arguments() {
    let path = data("tests/data/openai-strict/cases.jsonl");
    if !path.exists() {
        eprintln!("skipped: no pydantic corpus");
        return;
    }
    let options = all_options();
    let mut diff = Diff::default();
    let mut rng = Rng(5);
    let mut schemas = 0;
    for case in jsonl(&path) {
        for schema in [
            &case["pydantic_schema"],
            &case["openai_tool"]["function"]["parameters"],
        ] {
            let Ok(parsed) = Schema::parse(schema) else {
                continue;
            };
            schemas += 1;
            for n in 0..60 {
                let args = generate(schema, schema, &mut rng, 0);
                diff.compare_value(&format!("{} #{n}", case["name"]), &parsed, &args, &options);
            }
        }
    }
    assert!(schemas >= 10, "{schemas} schemas");
    diff.assert_ok("pydantic corpus");
    assert_all_settled(&diff, "pydantic corpus");
}

/// The shared material's directory, if it is there (as `tests/compiled/build.rs`
/// finds it).
fn shared() -> Option<PathBuf> {
    let dir = std::env::var_os("TOOL_SCHEMA_SHARED")
        .or_else(|| std::env::var_os("SHARED"))
        .map(PathBuf::from)
        .unwrap_or_else(|| data("../../shared"));
    dir.is_dir().then_some(dir)
}

#[test]
fn mcp_reference_tools() {
    let Some(tools) = shared().map(|d| d.join("corpora/mcp/tools.jsonl")) else {
        shared_material::skip_without_shared("no shared material");
        return;
    };
    if !tools.exists() {
        shared_material::skip_without_shared("no MCP corpus in the shared material");
        return;
    }
    let tools = jsonl(&tools);
    let calls = jsonl(&data("../tests/compiled/mcp_calls.jsonl"));
    let options = all_options();
    let mut diff = Diff::default();
    let mut rng = Rng(13);
    for tool in &tools {
        let name = tool["name"].as_str().unwrap();
        let schema = &tool["inputSchema"];
        let parsed = Schema::parse(schema).unwrap_or_else(|e| panic!("{name}: {e}"));
        for call in calls.iter().filter(|c| c["tool"] == name) {
            diff.compare_value(name, &parsed, &call["arguments"], &options);
        }
        for n in 0..20 {
            let args = generate(schema, schema, &mut rng, 0);
            diff.compare_value(&format!("{name} #{n}"), &parsed, &args, &options);
        }
    }
    assert!(tools.len() >= 40);
    diff.assert_ok("MCP");
    assert_all_settled(&diff, "MCP");
}

#[test]
fn malformed_json_is_the_same_error() {
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
            "n": {"type": "integer", "minimum": 1}
        },
        "required": ["city"]
    }))
    .unwrap();
    let cases = [
        "",
        "   ",
        "{",
        "{\"city\"",
        "{\"city\": ",
        "{\"city\": \"Paris\"",
        "{\"city\": \"Paris\",}",
        "{\"city\": \"Paris\"} trailing",
        "{\"city\": \"Paris\"}}",
        "{city: \"Paris\"}",
        "{'city': 'Paris'}",
        "{\"city\": \"Paris\" \"n\": 1}",
        "{\"city\": \"Par\nis\"}",
        "{\"city\": \"\\x\"}",
        "{\"city\": \"\\ud800\"}",
        "{\"city\": \"Paris\", \"n\": 01}",
        "{\"city\": \"Paris\", \"n\": 1.}",
        "{\"city\": \"Paris\", \"n\": -}",
        "{\"city\": \"Paris\", \"n\": 1e400}",
        "{\"city\": \"Paris\", \"n\": NaN}",
        "{\"city\": \"Paris\", \"n\": True}",
        "{\"city\": \"Paris\", \"tags\": [\"a\",]}",
        "{\"city\": \"Paris\", \"tags\": [\"a\" \"b\"]}",
        "{\"city\": \"Paris\", \"tags\": [\"c\", }",
        // A violation before the syntax error: still a JSON error.
        "{\"city\": 3, \"n\": }",
        "{\"n\": 0, \"tags\": [\"z\"], ",
        "[1, 2",
        "\"unterminated",
        "nul",
        "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
    ];
    let mut diff = Diff::default();
    for text in cases {
        for options in all_options() {
            diff.compare("malformed", &schema, text, &options);
        }
        let err = schema.validate_str(text, &Options::default()).unwrap_err();
        assert!(err
            .message()
            .starts_with("the arguments are not valid JSON: "));
    }
    diff.assert_ok("malformed JSON");
    let err = schema
        .validate_str("{\"city\": \"Paris\",\n  \"n\": 1,}", &Options::default())
        .unwrap_err();
    assert_eq!((err.line(), err.column()), (2, 10));
    assert!(!err.is_truncated());
    let err = schema
        .validate_str("{\"city\": \"Pa", &Options::default())
        .unwrap_err();
    assert!(err.is_truncated());
}

#[test]
fn deep_nesting_and_big_numbers() {
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {
            "tree": {"$ref": "#/$defs/node"},
            "big": {"type": "integer", "maximum": 18446744073709551615u64},
            "f": {"type": "number", "exclusiveMaximum": 1e308}
        },
        "$defs": {"node": {
            "type": "object",
            "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}},
            "additionalProperties": false
        }}
    }))
    .unwrap();
    let mut deep = json!({});
    for _ in 0..60 {
        deep = json!({"kids": [deep]});
    }
    let mut diff = Diff::default();
    let options = all_options();
    diff.compare_value("deep", &schema, &json!({"tree": deep}), &options);
    for text in [
        r#"{"big": 18446744073709551615}"#,
        r#"{"big": 18446744073709551616}"#,
        r#"{"big": -9223372036854775808}"#,
        r#"{"big": -9223372036854775809}"#,
        r#"{"big": 1e2}"#,
        r#"{"big": 100.0}"#,
        r#"{"big": -0}"#,
        r#"{"big": -0.0}"#,
        r#"{"f": 1.7976931348623157e308}"#,
        r#"{"f": 5e-324}"#,
        r#"{"f": 123456789012345678901234567890}"#,
    ] {
        for o in &options {
            diff.compare("numbers", &schema, text, o);
        }
    }
    diff.assert_ok("deep nesting and numbers");
}

#[test]
fn wide_objects() {
    // 20 properties (names looked up by binary search) and 70 (more names than
    // the bit set holds: the object is read into a value).
    let mut rng = Rng(17);
    let mut diff = Diff::default();
    for width in [20usize, 70] {
        let mut properties = serde_json::Map::new();
        for i in 0..width {
            let schema = match i % 4 {
                0 => json!({"type": "integer", "minimum": 0}),
                1 => json!({"type": "string", "enum": ["a", "bb", "ccc"]}),
                2 => json!({"type": ["boolean", "null"]}),
                _ => json!({"type": "array", "items": {"type": "number"}}),
            };
            properties.insert(format!("p{i}_{}", "x".repeat(i % 3)), schema);
        }
        let required: Vec<Value> = properties.keys().step_by(3).map(|k| json!(k)).collect();
        let schema = json!({
            "type": "object",
            "properties": properties,
            "required": required,
            "minProperties": 3
        });
        let parsed = Schema::parse(&schema).unwrap();
        for n in 0..60 {
            let args = generate(&schema, &schema, &mut rng, 0);
            diff.compare_value(&format!("width {width} #{n}"), &parsed, &args, &FEW);
        }
    }
    diff.assert_ok("wide objects");
    assert!(diff.valid > 20, "{} valid calls", diff.valid);
}
