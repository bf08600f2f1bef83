//! The JSON-Schema-Test-Suite's groups whose patterns use Unicode property classes
//! (`\p{Letter}`, `\p{digit}`), with the `regex` feature (the default engine,
//! tool-schema's own, refuses them naming the feature; `tests/compiled` lists them so).
//! Every test of those groups passes through the interpreter and through the
//! validator `tool_schema!` compiles, and both report the same violations.
//!
//! `cargo test --features regex --test unicode_property_patterns` (CI runs it).

use serde_json::Value;
use tool_schema::{tool_schema, Draft, Options, Report, Schema, ToolArgs};

tool_schema! {
    #[tool(any_root)]
    pub Letters = {"type": "string", "pattern": "^\\p{Letter}+$"};
    #[tool(any_root)]
    pub LetterNames = {"type": "object", "patternProperties": {"^\\p{Letter}+$": {"type": "number"}}};
    #[tool(any_root)]
    pub Ecole = {"pattern": "\\p{Letter}cole"};
    #[tool(any_root)]
    pub Digits = {"pattern": "^\\p{digit}+$"};
    #[tool(any_root)]
    pub EcoleNames = {"type": "object", "additionalProperties": false, "patternProperties": {"\\p{Letter}cole": true}};
    #[tool(any_root)]
    pub DigitNames = {"type": "object", "additionalProperties": false, "patternProperties": {"^\\p{digit}+$": true}};
}

type Validate = fn(&Value, &Options) -> Report;

/// (draft directory, file, group description, the compiled validator of its schema).
const GROUPS: &[(&str, &str, &str, Validate)] = &[
    (
        "draft2020-12",
        "pattern.json",
        "pattern with Unicode property escape requires unicode mode",
        Letters::validate_with,
    ),
    (
        "draft2020-12",
        "patternProperties.json",
        "patternProperties with Unicode property escape",
        LetterNames::validate_with,
    ),
    (
        "draft2020-12",
        "optional/ecmascript-regex.json",
        "patterns always use unicode semantics with pattern",
        Ecole::validate_with,
    ),
    (
        "draft2020-12",
        "optional/ecmascript-regex.json",
        "pattern with non-ASCII digits",
        Digits::validate_with,
    ),
    (
        "draft2020-12",
        "optional/ecmascript-regex.json",
        "patterns always use unicode semantics with patternProperties",
        EcoleNames::validate_with,
    ),
    (
        "draft2020-12",
        "optional/ecmascript-regex.json",
        "patternProperties with non-ASCII digits",
        DigitNames::validate_with,
    ),
    (
        "draft7",
        "optional/ecmascript-regex.json",
        "patterns always use unicode semantics with pattern",
        Ecole::validate_with,
    ),
    (
        "draft7",
        "optional/ecmascript-regex.json",
        "pattern with non-ASCII digits",
        Digits::validate_with,
    ),
    (
        "draft7",
        "optional/ecmascript-regex.json",
        "patterns always use unicode semantics with patternProperties",
        EcoleNames::validate_with,
    ),
    (
        "draft7",
        "optional/ecmascript-regex.json",
        "patternProperties with non-ASCII digits",
        DigitNames::validate_with,
    ),
];

/// The exclusions of the suite's test in `tests/compiled`, which lists these
/// groups as refused without the feature.
#[allow(dead_code)]
#[path = "compiled/suite/exclusions.rs"]
mod exclusions;

/// Every group the suite's test lists as refused for want of the `regex`
/// feature runs here, and no other.
#[test]
fn every_group_refused_for_want_of_regex_runs_here() {
    let mut listed: Vec<(&str, &str, &str)> = exclusions::REFUSED
        .iter()
        .filter(|(.., reason)| *reason == exclusions::PROPERTY_CLASS)
        .map(|&(draft, file, group, ..)| (draft, file, group))
        .collect();
    let mut here: Vec<(&str, &str, &str)> = GROUPS
        .iter()
        .map(|&(draft, file, group, _)| (draft, file, group))
        .collect();
    listed.sort_unstable();
    here.sort_unstable();
    assert_eq!(listed, here);
}

fn group(draft: &str, file: &str, description: &str) -> Value {
    let path = format!(
        "{}/tests/data/json-schema-test-suite/{draft}/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let groups: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    groups
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["description"] == description)
        .unwrap_or_else(|| panic!("{path}: no group {description:?}"))
        .clone()
}

#[test]
fn property_classes_pass_the_suite_in_both_back_ends() {
    let mut ran = 0;
    for &(draft, file, description, compiled) in GROUPS {
        let g = group(draft, file, description);
        let dialect = if draft == "draft7" {
            Draft::Draft07
        } else {
            Draft::Draft2020_12
        };
        let schema = Schema::builder()
            .draft(dialect)
            .parse(&g["schema"])
            .unwrap_or_else(|e| panic!("{draft}/{file} {description}: refused: {e}"));
        for t in g["tests"].as_array().unwrap() {
            let (data, valid) = (&t["data"], t["valid"].as_bool().unwrap());
            let at = format!("{draft}/{file} {description}: {}", t["description"]);
            let interpreted = schema.validate_with(data, &Options::SPEC);
            let generated = compiled(data, &Options::SPEC);
            assert_eq!(interpreted.is_valid(), valid, "interpreter, {at}");
            assert_eq!(
                generated.messages(),
                interpreted.messages(),
                "compiled, {at}"
            );
            ran += 1;
        }
    }
    assert_eq!(ran, 33, "the ten groups hold 33 tests");
}
