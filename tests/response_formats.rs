//! Output schemas (issue 13, item 3): a derived type as a provider's response
//! format (OpenAI Structured Outputs, Anthropic JSON outputs, Gemini response
//! schemas) and as an MCP `outputSchema` with its `structuredContent`; the model's
//! answer read back with the type's own validator, in the options its format
//! implies (OpenAI strict: a `null` for an optional field is absent).

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tool_schema::export::{StructuredOutput, Target, ToolExport};
use tool_schema::{Schema, ToolArgs};

/// A weather report.
#[derive(ToolArgs, Serialize, Deserialize, Debug, PartialEq)]
struct Forecast {
    /// City name.
    city: String,
    #[arg(minimum = -100, maximum = 100)]
    temperature: i32,
    sky: Sky,
    /// One sentence for the user.
    summary: Option<String>,
}

#[derive(ToolArgs, Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Sky {
    Clear,
    Cloudy,
    Rain,
}

/// A value with the strict schema's shape: every property present, `null` for
/// an optional one the model leaves out.
const STRICT_ANSWER: &str =
    r#"{"city": "Paris", "temperature": 21, "sky": "clear", "summary": null}"#;

fn paris() -> Forecast {
    Forecast {
        city: "Paris".into(),
        temperature: 21,
        sky: Sky::Clear,
        summary: None,
    }
}

#[test]
fn openai_response_format_is_the_strict_schema_under_json_schema() {
    let format = Forecast::openai_response_format(true).unwrap();
    let strict = Forecast::openai_strict_schema().unwrap();
    assert_eq!(
        format,
        json!({
            "type": "json_schema",
            "json_schema": {
                "name": "forecast",
                "description": "A weather report.",
                "schema": strict.schema,
                "strict": true
            }
        })
    );
    let loose = Forecast::openai_response_format(false).unwrap();
    assert_eq!(loose["json_schema"]["schema"], Forecast::schema().clone());
    assert_eq!(loose["json_schema"]["strict"], false);
    // Responses API: the same members beside `type`, for `text.format`.
    let responses = Forecast::response_format(Target::OpenAiResponsesStrict).unwrap();
    assert_eq!(responses["schema"], format["json_schema"]["schema"]);
    assert_eq!(responses["name"], "forecast");
}

#[test]
fn an_openai_strict_answer_parses_and_its_nulls_are_absent() {
    // What the strict schema forces the model to send is accepted...
    let schema =
        Schema::parse(&Forecast::openai_response_format(true).unwrap()["json_schema"]["schema"])
            .unwrap();
    let answer: Value = serde_json::from_str(STRICT_ANSWER).unwrap();
    assert!(schema.validate(&answer).is_valid());
    assert_eq!(
        Forecast::parse_answer(Target::OpenAiChatStrict, STRICT_ANSWER).unwrap(),
        paris()
    );
    // ... and without the format's options too: an `Option` field takes `null`.
    assert_eq!(
        Forecast::parse_answer(Target::Mcp, STRICT_ANSWER).unwrap(),
        paris()
    );
}

#[test]
fn a_wrong_answer_gets_every_violation() {
    let answer = r#"{"city": "", "temperature": 140, "sky": "Sunny", "mood": 1}"#;
    let report = Forecast::validate_answer(Target::AnthropicStrict, answer).unwrap();
    let expected = Forecast::validate(&serde_json::from_str(answer).unwrap()).messages();
    assert_eq!(report.messages(), expected);
    assert_eq!(report.len(), 3);
    let err = Forecast::parse_answer(Target::AnthropicStrict, answer).unwrap_err();
    assert_eq!(err.messages(), expected);
    // Not JSON at all.
    assert!(Forecast::validate_answer(Target::Gemini, "{\"city\": ").is_err());
}

#[test]
fn anthropic_and_gemini_formats() {
    let anthropic = Forecast::response_format(Target::Anthropic).unwrap();
    let strict_tool = Forecast::anthropic_strict().unwrap();
    assert_eq!(
        anthropic,
        json!({"format": {"type": "json_schema", "schema": strict_tool["input_schema"]}})
    );
    let gemini = Forecast::response_format(Target::Gemini).unwrap();
    assert_eq!(gemini["responseMimeType"], "application/json");
    assert_eq!(
        gemini["responseSchema"],
        Forecast::gemini().unwrap()["parameters"]
    );
    let gemini = Forecast::response_format(Target::GeminiJsonSchema).unwrap();
    assert_eq!(
        gemini["responseJsonSchema"],
        Forecast::gemini_json_schema().unwrap()["parametersJsonSchema"]
    );
    // Gemini answers without nulls: an absent field is absent.
    let answer = r#"{"city": "Oslo", "temperature": -3, "sky": "rain"}"#;
    let parsed = Forecast::parse_answer(Target::Gemini, answer).unwrap();
    assert_eq!(parsed.sky, Sky::Rain);
}

#[test]
fn mcp_output_schema_and_structured_content() {
    assert_eq!(
        Forecast::mcp_output_schema().unwrap(),
        Forecast::mcp().unwrap()["inputSchema"]
    );
    let content = Forecast::structured_content(&paris()).unwrap();
    // serde writes `"summary": null` for `None`; the schema says a string or
    // nothing, so the `null` is left out.
    assert_eq!(
        content,
        json!({"city": "Paris", "temperature": 21, "sky": "clear"})
    );
    assert!(Schema::parse(&Forecast::mcp_output_schema().unwrap())
        .unwrap()
        .validate(&content)
        .is_valid());
    // The content is checked against the schema it is declared with: this one
    // breaks the bound, and is not sent.
    let hot = Forecast {
        temperature: 140,
        ..paris()
    };
    assert_eq!(
        Forecast::structured_content(&hot).unwrap_err().messages(),
        ["argument 'temperature' should be at most 100, got 140"]
    );
}
