//! The forms of `tool_schema!`: a schema read from a file, names, descriptions,
//! several tools in one invocation, unknown keywords as annotations, and agreement
//! with the interpreter.

use serde_json::json;
use tool_schema::{tool_schema, Schema, ToolArgs};

tool_schema! {
    pub FromFile = include!("tests/schemas/get_weather.json");

    #[tool(name = "lookup-v2", description = "Look a thing up.")]
    /// This doc comment is not the description: the attribute wins.
    pub(crate) Lookup = {
        "type": "object",
        "properties": {"q": {"type": "string"}, "limit": {"type": ["integer", "null"], "maximum": 50}},
        "required": ["q"],
        "additionalProperties": false
    };

    pub NoArgs = { "type": "object", "properties": {} };

    // A misspelt keyword and one of another draft: annotations, when asked; a
    // `$ref` names a schema inside an unknown keyword.
    #[tool(annotate_unknown_keywords)]
    pub Annotated = {
        "$schema": "https://json-schema.org/draft/2019-09/schema",
        "type": "object",
        "vendor-shapes": {"short": {"maxLength": 3}},
        "properties": {
            "code": {"$ref": "#/vendor-shapes/short", "maxLenght": 1},
            "tags": {"type": "array", "prefixItems": [{"type": "integer"}]}
        }
    }
}

#[test]
fn unknown_keywords_as_annotations() {
    let interpreted = Schema::builder()
        .annotate_unknown_keywords(true)
        .parse(Annotated::schema())
        .unwrap();
    for (call, valid) in [
        (json!({"code": "abc", "tags": ["x"]}), true),
        (json!({"code": "abcd"}), false),
        (json!({"tags": [1, "x"]}), true),
    ] {
        let report = Annotated::validate(&call);
        assert_eq!(report.is_valid(), valid, "{call}: {report:?}");
        assert_eq!(report, interpreted.validate(&call), "{call}");
    }
    // Without the setting the schema is refused at the misspelt keyword.
    let e = Schema::parse(Annotated::schema()).unwrap_err();
    assert!(e.to_string().contains("maxLenght"), "{e}");
}

#[test]
fn schema_from_a_file() {
    assert_eq!(FromFile::NAME, "from_file");
    // No doc comment: the schema's own description describes the tool.
    assert_eq!(FromFile::DESCRIPTION, "Get the current weather for a city.");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/schemas/get_weather.json"
    ))
    .unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(FromFile::schema(), &value);
    assert_eq!(
        FromFile::validate(&json!({"days": 20})).messages(),
        [
            "missing required argument 'city'",
            "argument 'days' should be at most 16, got 20"
        ]
    );
}

#[test]
fn names_and_descriptions() {
    assert_eq!(Lookup::NAME, "lookup-v2");
    assert_eq!(Lookup::DESCRIPTION, "Look a thing up.");
    assert_eq!(NoArgs::NAME, "no_args");
    assert_eq!(NoArgs::DESCRIPTION, "");
    assert_eq!(
        NoArgs::validate(&json!({"x": 1})).messages(),
        ["unexpected argument 'x'"]
    );
    assert_eq!(
        NoArgs::validate(&json!("x")).messages(),
        ["arguments should be object, got string"]
    );
}

#[test]
fn compiled_equals_interpreted_on_a_few_calls() {
    let interp = Schema::parse(Lookup::schema()).unwrap();
    for call in [
        json!({"q": "a"}),
        json!({"q": "a", "limit": null}),
        json!({"q": 1, "limit": 51, "x": true}),
        json!({"limit": 2.5}),
        json!([]),
        json!(null),
    ] {
        assert_eq!(Lookup::validate(&call), interp.validate(&call), "{call}");
    }
}
