//! Without the `engines` feature, declared tools validate, read text, repair,
//! export what the macros compiled and run in a toolbox exactly as with it; what
//! needs the run-time engines answers with an error naming the feature.

use serde_json::{json, Value};
use tool_schema::export::{ExportOptions, Lossy, Target, ToolExport};
use tool_schema::toolbox::Validated;
use tool_schema::{parse_str, Format, ToolArgs, ToolArgsExt, Toolbox};
use tool_schema_lean_tests::{Address, Count, Deliver, GetWeather, Note, Pair, Search};

#[test]
fn a_declared_tool_validates_values_and_text() {
    let report = GetWeather::validate(&json!({"city": "paris", "units": "c"}));
    assert_eq!(
        report.messages(),
        [
            "argument 'city' should match the pattern ^[A-Z], got \"paris\"",
            "unexpected argument 'units' (did you mean 'unit'?)",
        ]
    );
    assert!(GetWeather::is_valid(&json!({"city": "Paris"})));
    let text = GetWeather::validate_str(r#"{"city": "Paris", "city": "Rome"}"#).unwrap();
    assert_eq!(text.messages(), ["argument 'city' is given more than once"]);
    let report = Search::validate(&json!({"query": "", "limit": 0}));
    assert_eq!(Format::Default.render(&report), report.messages());
    assert_eq!(report.len(), 2, "{report:?}");
}

#[test]
fn derived_tools_parse_typed_arguments_from_values_and_text() {
    let search: Search = parse_str(r#"{"query": "lamps", "limit": 3}"#).unwrap();
    assert_eq!(
        search,
        Search {
            query: "lamps".into(),
            limit: Some(3)
        }
    );
    assert_eq!(
        Search::parse(&json!({"query": "lamps"})).unwrap(),
        Search {
            query: "lamps".into(),
            limit: None
        }
    );
    // A type nesting another validates with the generated code of both.
    let deliver = Deliver::parse(&json!({"to": {"street": "1 Main St"}})).unwrap();
    assert_eq!(
        deliver.to,
        Address {
            street: "1 Main St".into()
        }
    );
    assert_eq!(
        Deliver::validate(&json!({"to": {}})).messages(),
        ["missing required argument 'to.street'"]
    );
}

#[test]
fn repair_mends_a_call_without_the_engines() {
    let repaired = Search::repair(&json!({"query": "lamps", "limit": "3"}));
    assert_eq!(repaired.value, json!({"query": "lamps", "limit": 3}));
    assert!(repaired.report.is_valid());
}

#[test]
fn the_compiled_exports_answer() {
    assert_eq!(
        GetWeather::anthropic().unwrap()["input_schema"]["required"],
        json!(["city"])
    );
    let strict = Note::export_to(Target::OpenAiChatStrict, &ExportOptions::default()).unwrap();
    assert_eq!(strict.value["function"]["strict"], true);
    assert_eq!(strict.nullable_optional[0].property, "text");
    let described = GetWeather::export_to(Target::AnthropicStrict, &ExportOptions::default());
    assert_eq!(
        described.unwrap().report.changes()[0].pointer,
        "/properties/city/minLength"
    );
    // A target's refusal was compiled too: the same error as with the engines.
    let refused = GetWeather::openai_chat_strict().unwrap_err();
    assert_eq!(refused.problems[0].pointer, "/properties/city/minLength");
    assert!(refused.problems[0]
        .message
        .contains("`minLength` cannot be expressed"));
    assert_eq!(Search::mcp().unwrap()["name"], "search");
}

#[test]
fn an_export_the_macros_did_not_compile_is_an_error_naming_the_feature() {
    let options = ExportOptions::default().lossy(Lossy::Refuse);
    let error = GetWeather::export_to(Target::Anthropic, &options).unwrap_err();
    assert!(error.to_string().contains("`engines` feature"), "{error}");
    // Deliver nests Address: the macros do not compile its exports.
    let error = Deliver::export_to(Target::Mcp, &ExportOptions::default()).unwrap_err();
    assert!(error.to_string().contains("`engines` feature"), "{error}");
}

fn anthropic_call(name: &str, input: Value) -> Value {
    json!({"type": "tool_use", "id": "toolu_1", "name": name, "input": input})
}

#[test]
fn a_toolbox_of_declared_tools_exports_and_dispatches() {
    let tools = Toolbox::new()
        .tool(|args: Validated<GetWeather>| json!({"city": args["city"]}))
        .tool(|args: Search| format!("{} results for {}", args.limit.unwrap_or(10), args.query));
    let list = tools.export(Target::Anthropic).unwrap().value;
    assert_eq!(list.as_array().map(Vec::len), Some(2));
    assert_eq!(list[1]["name"], "search");

    let ok = tools.dispatch(
        Target::Anthropic,
        &anthropic_call("search", json!({"query": "lamps"})),
    );
    assert_eq!(ok.unwrap()["content"], "10 results for lamps");
    let bad = tools
        .dispatch(
            Target::Anthropic,
            &anthropic_call("get_weather", json!({"city": 3})),
        )
        .unwrap();
    assert_eq!(bad["is_error"], true);
    assert!(bad["content"]
        .as_str()
        .unwrap()
        .contains("argument 'city' should be string"));
}

#[test]
fn a_generic_type_takes_a_newtype_of_a_standard_type() {
    // The schema `Pair<u8>` has with `engines`, validated by generated code.
    assert_eq!(
        Pair::<Count>::schema()["properties"]["right"],
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    assert_eq!(
        Pair::<Count>::validate(&json!({"left": 1, "right": 256})).messages(),
        ["argument 'right' should be at most 255, got 256"]
    );
    assert_eq!(
        Pair::<Count>::parse(&json!({"left": 1, "right": 2})).unwrap(),
        Pair {
            left: Count(1),
            right: Count(2)
        }
    );
}
