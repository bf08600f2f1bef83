//! `#[serde(flatten)]` of a struct deriving `ToolArgs` (issue #14): the flattened
//! struct's properties and `required` joined with the outer struct's own into one
//! flat object (what the strict exports take), validated as one object in one
//! report, alike by `validate`, `is_valid`, the interpreter, `parse` and
//! `parse_str`.

#[path = "support/reports.rs"]
mod reports;

use reports::report;
use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::export::ToolExport;
use tool_schema::{Schema, ToolArgs};

/// Paging, shared by several tools.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Paging {
    /// Results per page.
    #[arg(minimum = 1, maximum = 50)]
    limit: u8,
    cursor: Option<String>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Sorting {
    #[arg(values = ["asc", "desc"])]
    order: String,
}

/// Search the catalogue.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Search {
    #[arg(min_length = 1)]
    query: String,
    #[serde(flatten)]
    paging: Paging,
    #[serde(flatten)]
    sorting: Sorting,
}

/// A flattening struct, flattened and nested in turn.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Outer {
    #[serde(flatten)]
    search: Search,
    tag: Option<String>,
}

/// Every field optional (`#[serde(default)]` on the struct): none required
/// where it is flattened either.
#[derive(ToolArgs, Deserialize, Debug, PartialEq, Default)]
#[serde(default)]
struct Options {
    verbose: bool,
    #[arg(maximum = 3)]
    depth: u8,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Run {
    command: String,
    #[serde(flatten)]
    options: Options,
}

/// A generic struct's instantiation, flattened.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Window<T> {
    first: T,
    #[arg(max_items = 2)]
    rest: Vec<T>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Scan {
    name: String,
    #[serde(flatten)]
    window: Window<Sorting>,
}

/// For the strict exports: no string lengths.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[tool(targets(openai_strict, anthropic))]
struct Find {
    name: String,
    #[serde(flatten)]
    paging: Paging,
    #[serde(flatten)]
    sorting: Sorting,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Holder {
    search: Search,
    many: Vec<Outer>,
}

#[test]
fn one_flat_object() {
    let schema: Value = serde_json::from_str(Search::SCHEMA_JSON).unwrap();
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "minLength": 1},
                "limit": {"type": "integer", "description": "Results per page.", "minimum": 1, "maximum": 50},
                "cursor": {"type": ["string", "null"]},
                "order": {"type": "string", "enum": ["asc", "desc"]}
            },
            "required": ["query", "limit", "order"]
        })
    );
    assert_eq!(Search::schema(), &schema);
    let outer: Value = serde_json::from_str(Outer::SCHEMA_JSON).unwrap();
    assert_eq!(outer["required"], json!(["query", "limit", "order"]));
    assert_eq!(outer["properties"].as_object().unwrap().len(), 5);
    Schema::parse(Holder::schema()).unwrap();
}

#[test]
fn one_report() {
    assert!(report::<Search>(json!({"query": "q", "limit": 5, "order": "asc"})).is_empty());
    assert_eq!(
        report::<Search>(json!({"query": "", "limit": 0, "order": "up", "extra": 1})),
        vec![
            ("/query".to_string(), "min-length"),
            ("/limit".to_string(), "below-minimum"),
            ("/order".to_string(), "enum"),
            ("/extra".to_string(), "unexpected"),
        ]
    );
    assert_eq!(
        report::<Outer>(json!({"query": "q", "order": "asc"})),
        vec![("/limit".to_string(), "missing")]
    );
    assert_eq!(
        report::<Holder>(json!({
            "search": {"query": "q", "limit": 1, "order": "asc"},
            "many": [{"query": "q", "limit": 99, "order": "asc", "tag": 1}]
        })),
        vec![
            ("/many/0/limit".to_string(), "above-maximum"),
            ("/many/0/tag".to_string(), "type"),
        ]
    );
}

#[test]
fn parsed_by_serde() {
    let text = r#"{"query":"q","limit":5,"order":"desc","tag":"t"}"#;
    let outer: Outer = tool_schema::parse_str(text).unwrap();
    assert_eq!(
        outer.search.paging,
        Paging {
            limit: 5,
            cursor: None
        }
    );
    assert_eq!(
        outer,
        Outer::parse(&serde_json::from_str(text).unwrap()).unwrap()
    );
    assert!(tool_schema::parse_str::<Outer>(r#"{"query":"q","limit":0,"order":"desc"}"#).is_err());
}

#[test]
fn strict_exports_see_one_object() {
    let text = Find::openai_chat_strict().unwrap().to_string();
    assert!(text.contains("\"cursor\""), "{text}");
    assert!(!text.contains("allOf"), "{text}");
    Outer::anthropic().unwrap();
}

#[test]
fn a_defaulted_struct_adds_nothing_required() {
    let schema = Run::schema();
    assert_eq!(schema["required"], json!(["command"]));
    assert_eq!(
        schema["properties"]["depth"],
        json!({"type": "integer", "minimum": 0, "maximum": 3})
    );
    let run = Run::parse(&json!({"command": "ls", "depth": 2})).unwrap();
    assert_eq!(
        run.options,
        Options {
            verbose: false,
            depth: 2
        }
    );
    assert_eq!(
        report::<Run>(json!({"command": "ls", "depth": 4})),
        vec![("/depth".to_string(), "above-maximum")]
    );
}

#[test]
fn a_generic_instantiation_flattened() {
    let schema = Scan::schema();
    assert_eq!(schema["required"], json!(["name", "first", "rest"]));
    assert_eq!(
        schema["properties"]["first"],
        schema["properties"]["rest"]["items"]
    );
    assert_eq!(
        report::<Scan>(json!({"name": "n", "first": {"order": "up"}, "rest": [{}, {}, {}]})),
        vec![
            ("/first/order".to_string(), "enum"),
            ("/rest".to_string(), "max-items"),
            ("/rest/0/order".to_string(), "missing"),
            ("/rest/1/order".to_string(), "missing"),
            ("/rest/2/order".to_string(), "missing"),
        ]
    );
    let scan = Scan::parse(&json!({"name": "n", "first": {"order": "asc"}, "rest": []})).unwrap();
    assert_eq!(
        scan.window.first,
        Sorting {
            order: "asc".into()
        }
    );
}

/// Aliases, on the flattened struct's fields and on the outer's own.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Span {
    #[serde(alias = "max")]
    #[arg(minimum = 1)]
    limit: u8,
    #[serde(alias = "from")]
    cursor: Option<String>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Browse {
    #[serde(alias = "q")]
    query: String,
    #[serde(flatten)]
    span: Span,
}

#[test]
fn a_flattened_structs_aliases_are_the_joined_objects() {
    let schema: Value = serde_json::from_str(Browse::SCHEMA_JSON).unwrap();
    assert_eq!(
        schema["x-tool-schema-aliases"],
        json!({"query": ["q"], "limit": ["max"], "cursor": ["from"]})
    );
    // Read under an alias, as serde reads it.
    let call = json!({"q": "shoes", "max": 5, "from": "p2"});
    assert!(report::<Browse>(call.clone()).is_empty());
    let expected = Browse {
        query: "shoes".into(),
        span: Span {
            limit: 5,
            cursor: Some("p2".into()),
        },
    };
    assert_eq!(Browse::parse(&call).unwrap(), expected);
    assert_eq!(serde_json::from_value::<Browse>(call).unwrap(), expected);
    // The alias's value is the field's: checked, reported where it was written.
    assert_eq!(
        report::<Browse>(json!({"query": "a", "max": 0})),
        [("/max".to_string(), "below-minimum")]
    );
    // Both names of one field: serde refuses, so does the validator.
    let both = json!({"query": "a", "limit": 2, "max": 3});
    assert!(serde_json::from_value::<Browse>(both.clone()).is_err());
    assert_eq!(
        report::<Browse>(both),
        [("/max".to_string(), "same-argument")]
    );
    // The exports name the canonical arguments only.
    let exported = Browse::export_to(
        tool_schema::export::Target::OpenAiResponsesStrict,
        &Default::default(),
    )
    .unwrap();
    let text = exported.value.to_string();
    assert!(
        !text.contains("x-tool-schema-aliases") && !text.contains("\"max\""),
        "{text}"
    );
}
