//! Output schemas: a declared type as the shape of a model's structured answer
//! (OpenAI Structured Outputs, Anthropic JSON outputs, Gemini response schemas)
//! or of a tool's structured result (MCP `outputSchema` and
//! `structuredContent`), and the answer read back with the same validator.
//!
//! Each format's schema is the one the matching tool export writes (the same
//! transforms, the same refusals and [`ExportReport`](super::ExportReport)), put
//! where the provider's request takes a response schema:
//!
//! | target | value | where it goes in the request |
//! | --- | --- | --- |
//! | [`Target::OpenAiChat`], [`Target::OpenAiChatStrict`] | `{"type": "json_schema", "json_schema": {name, description?, schema, strict}}` | `response_format` |
//! | [`Target::OpenAiResponses`], [`Target::OpenAiResponsesStrict`] | `{"type": "json_schema", name, description?, schema, strict}` | `text.format` |
//! | [`Target::Anthropic`], [`Target::AnthropicStrict`] | `{"format": {"type": "json_schema", "schema"}}`, the strict tool-use schema | `output_config` |
//! | [`Target::Gemini`] | `{"responseMimeType": "application/json", "responseSchema"}` (the OpenAPI subset) | fields of `generationConfig` |
//! | [`Target::GeminiJsonSchema`] | `{"responseMimeType": "application/json", "responseJsonSchema"}` | fields of `generationConfig` |
//! | [`Target::Mcp`] | the schema alone | the tool's `outputSchema` |
//!
//! Provider facts (from the documents named; not copied):
//! - OpenAI, <https://platform.openai.com/docs/guides/structured-outputs> and the
//!   API references of Chat Completions (`response_format` of type `json_schema`:
//!   `name` of letters, digits, `_` and `-`, at most 64; optional `description`;
//!   `schema`; `strict`) and Responses (`text.format`, the same members beside
//!   `type`). The strict schema subset is the one of strict function calling
//!   (`strict/`): optional properties become required and nullable, so the answer
//!   has a `null` for each one the model leaves out (read with [`Target::call_options`], as the calls of the same export are).
//! - Anthropic, <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>:
//!   JSON outputs are `output_config: {"format": {"type": "json_schema", "schema"}}`
//!   (the beta's top-level `output_format` moved there), constrained with the same
//!   schema subset as strict tool use, whatever the target says about strictness;
//!   the answer is the JSON text of the first text block.
//! - Gemini, <https://ai.google.dev/gemini-api/docs/structured-output> and
//!   <https://ai.google.dev/api/generate-content#generationconfig>:
//!   `responseMimeType: "application/json"` with `responseSchema` (a `Schema`, the
//!   subset of function `parameters`) or `responseJsonSchema` (JSON Schema, the
//!   subset of `parametersJsonSchema`), not both.
//! - MCP, <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>
//!   (Output schema, Structured content): a tool may declare `outputSchema`, a JSON
//!   Schema object whose root is `type: "object"`; a result then carries the value
//!   as `structuredContent` (and, for older clients, its JSON text in a text
//!   block), and must conform to the schema.

use super::{export, ExportError, ExportOptions, Exported, Target, ToolSpec};
use crate::text::{ParseError, TextError};
use crate::tool::{parse_str_with, validate_str_with, without_absent_nulls, ToolArgs};
use crate::violation::Report;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Map, Value};

/// `spec` as the response format of `target` (see the [module](self) table): the
/// value, every change made to the schema, and (OpenAI strict) the properties
/// whose `null` stands for "absent".
///
/// # Errors
///
/// The [`ExportError`] the tool export for the same target gives (a schema the
/// provider cannot take, a name outside its pattern).
pub fn response_format(
    target: Target,
    spec: &ToolSpec<'_>,
    options: &ExportOptions,
) -> Result<Exported, ExportError> {
    // Anthropic constrains JSON outputs with its strict subset in every case.
    let schema_target = match target {
        Target::Anthropic => Target::AnthropicStrict,
        other => other,
    };
    let mut exported = export(schema_target, spec, options)?;
    let schema = exported
        .value
        .pointer(schema_target.schema_pointer())
        .cloned();
    exported.value = wrap(target, spec, schema);
    Ok(exported)
}

/// The provider's response-format value around `schema` (`None`: Gemini's
/// `parameters` left unset for a type without properties).
fn wrap(target: Target, spec: &ToolSpec<'_>, schema: Option<Value>) -> Value {
    let schema = schema.unwrap_or_else(|| json!({"type": "object", "properties": {}}));
    let named = |strict: bool| {
        let mut m = Map::new();
        m.insert("name".into(), Value::from(spec.name));
        if !spec.description.is_empty() {
            m.insert("description".into(), Value::from(spec.description));
        }
        m.insert("schema".into(), schema.clone());
        m.insert("strict".into(), Value::Bool(strict));
        m
    };
    match target {
        Target::OpenAiChat | Target::OpenAiChatStrict => json!({
            "type": "json_schema",
            "json_schema": named(target.is_strict()),
        }),
        Target::OpenAiResponses | Target::OpenAiResponsesStrict => {
            let mut m = Map::new();
            m.insert("type".into(), "json_schema".into());
            m.extend(named(target.is_strict()));
            Value::Object(m)
        }
        Target::Anthropic | Target::AnthropicStrict => {
            json!({"format": {"type": "json_schema", "schema": schema}})
        }
        Target::Gemini => json!({"responseMimeType": "application/json", "responseSchema": schema}),
        Target::GeminiJsonSchema => {
            json!({"responseMimeType": "application/json", "responseJsonSchema": schema})
        }
        Target::Mcp => schema,
        _ => crate::export_records::unknown_target(target),
    }
}

/// Structured outputs for every declared type (blanket-implemented for every
/// [`ToolArgs`]): its response format for each provider, its MCP output schema,
/// and the model's answer validated and parsed with its own validator.
///
/// With the `tool-schema` crate (this example needs its macros, so it is not run
/// here; `tests/response_formats.rs` runs the same):
///
/// ```ignore
/// use tool_schema::export::{StructuredOutput, Target};
/// use tool_schema::ToolArgs;
///
/// /// A weather report.
/// #[derive(ToolArgs, serde::Deserialize)]
/// struct Forecast {
///     city: String,
///     #[arg(minimum = -100, maximum = 100)]
///     temperature: i32,
///     summary: Option<String>,
/// }
///
/// let format = Forecast::response_format(Target::OpenAiChatStrict)?;
/// assert_eq!(format["json_schema"]["name"], "forecast");
/// assert_eq!(format["json_schema"]["strict"], true);
/// // The model answers in the message's content, `null` for what it leaves out.
/// let answer = r#"{"city": "Paris", "temperature": 21, "summary": null}"#;
/// let forecast = Forecast::parse_answer(Target::OpenAiChatStrict, answer)?;
/// assert_eq!(forecast.summary, None);
/// ```
pub trait StructuredOutput: ToolArgs {
    /// This type as `target`'s response format, the value alone (see the
    /// [module](self) table).
    ///
    /// # Errors
    ///
    /// As [`response_format`].
    fn response_format(target: Target) -> Result<Value, ExportError> {
        response_format(target, &ToolSpec::of::<Self>(), &ExportOptions::default()).map(|e| e.value)
    }

    /// The OpenAI Chat Completions `response_format` (`strict` or not).
    ///
    /// # Errors
    ///
    /// As [`response_format`].
    fn openai_response_format(strict: bool) -> Result<Value, ExportError> {
        let target = if strict {
            Target::OpenAiChatStrict
        } else {
            Target::OpenAiChat
        };
        Self::response_format(target)
    }

    /// The MCP tool `outputSchema`.
    ///
    /// # Errors
    ///
    /// As [`response_format`] (MCP asks for an object schema at the root).
    fn mcp_output_schema() -> Result<Value, ExportError> {
        Self::response_format(Target::Mcp)
    }

    /// `value` as an MCP tool result's `structuredContent`: its JSON, without the
    /// `null`s serde writes for optional fields left empty (`Option::None`), so
    /// that it conforms to [`StructuredOutput::mcp_output_schema`]; checked: a
    /// value its own validator refuses is an error, never sent.
    ///
    /// # Errors
    ///
    /// The [`Report`] of the violations of the serialized value (a `Serialize`
    /// writing what the schema does not describe); a value serde cannot write as
    /// JSON is reported as not an object.
    fn structured_content(value: &Self) -> Result<Value, Report>
    where
        Self: Serialize,
    {
        let json = serde_json::to_value(value).unwrap_or(Value::Null);
        let schema = Self::schema();
        let json = without_absent_nulls(schema, schema, &json);
        Self::validate(&json).into_result()?;
        Ok(json)
    }

    /// Validates the model's answer (JSON text) to `target`'s response format,
    /// with the options of calls to `target`'s export ([`Target::call_options`]:
    /// for OpenAI strict, a `null` for an optional property is absent).
    ///
    /// # Errors
    ///
    /// A [`TextError`] when `text` is not one JSON value.
    fn validate_answer(target: Target, text: &str) -> Result<Report, TextError>
    where
        Self: Sized + 'static,
    {
        validate_str_with::<Self>(text, &target.call_options())
    }

    /// The model's answer (JSON text) to `target`'s response format, validated
    /// and read as `Self`: the value, or every violation.
    ///
    /// # Errors
    ///
    /// [`ParseError::Invalid`] with every violation, or [`ParseError::Malformed`].
    ///
    /// # Panics
    ///
    /// As [`ToolArgs::parse`]: when serde refuses what the validator accepts.
    fn parse_answer(target: Target, text: &str) -> Result<Self, ParseError>
    where
        Self: DeserializeOwned + Sized + 'static,
    {
        parse_str_with::<Self>(text, &target.call_options())
    }
}

impl<T: ToolArgs> StructuredOutput for T {}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(schema: &Value) -> ToolSpec<'_> {
        ToolSpec::new("forecast", "A weather report.", schema)
    }

    fn forecast() -> Value {
        json!({
            "type": "object",
            "properties": {
                "city": {"type": "string"},
                "summary": {"type": "string"}
            },
            "required": ["city"]
        })
    }

    fn format(target: Target) -> Value {
        let schema = forecast();
        response_format(target, &spec(&schema), &ExportOptions::default())
            .unwrap()
            .value
    }

    #[test]
    fn openai_chat_strict_wraps_the_strict_schema() {
        let f = format(Target::OpenAiChatStrict);
        assert_eq!(f["type"], "json_schema");
        let inner = &f["json_schema"];
        assert_eq!(inner["name"], "forecast");
        assert_eq!(inner["description"], "A weather report.");
        assert_eq!(inner["strict"], true);
        assert_eq!(inner["schema"]["required"], json!(["city", "summary"]));
        assert_eq!(
            inner["schema"]["properties"]["summary"]["type"],
            json!(["string", "null"])
        );
        assert_eq!(inner["schema"]["additionalProperties"], false);
        // The same schema the strict tool export writes.
        let schema = forecast();
        let tool = export(
            Target::OpenAiChatStrict,
            &spec(&schema),
            &ExportOptions::default(),
        )
        .unwrap()
        .value;
        assert_eq!(inner["schema"], tool["function"]["parameters"]);
    }

    #[test]
    fn every_target_puts_the_schema_where_its_request_takes_it() {
        assert_eq!(format(Target::OpenAiChat)["json_schema"]["strict"], false);
        assert_eq!(
            format(Target::OpenAiChat)["json_schema"]["schema"],
            forecast()
        );
        let r = format(Target::OpenAiResponsesStrict);
        assert_eq!(
            (r["type"].as_str(), r["name"].as_str()),
            (Some("json_schema"), Some("forecast"))
        );
        assert_eq!(r["strict"], true);
        for target in [Target::Anthropic, Target::AnthropicStrict] {
            let a = format(target);
            assert_eq!(a["format"]["type"], "json_schema");
            assert_eq!(a["format"]["schema"]["additionalProperties"], false);
        }
        let g = format(Target::Gemini);
        assert_eq!(g["responseMimeType"], "application/json");
        assert_eq!(g["responseSchema"]["properties"]["city"]["type"], "STRING");
        let g = format(Target::GeminiJsonSchema);
        assert_eq!(
            g["responseJsonSchema"]["properties"]["city"]["type"],
            "string"
        );
        assert_eq!(format(Target::Mcp), forecast());
    }

    #[test]
    fn a_schema_the_provider_cannot_take_is_refused() {
        let schema = json!({"type": "array", "items": {"type": "string"}});
        let err = response_format(Target::Mcp, &spec(&schema), &ExportOptions::default());
        assert!(err.is_err());
    }
}
