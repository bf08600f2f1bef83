//! `ToolExport` on tools declared with `tool_schema!`: each method gives the same
//! definition as the `export` function it wraps, for the tool's own name,
//! description and schema.

use serde_json::json;
use tool_schema::export::{self, ExportOptions, Target, ToolExport, ToolSpec};
use tool_schema::{tool_schema, ToolArgs};

tool_schema! {
    /// Get the current weather for a city.
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string", "description": "City name" },
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] }
        },
        "required": ["city"]
    }

    /// Ping the server.
    #[tool(name = "ping")]
    pub Ping = { "type": "object", "title": "Ping", "properties": {} }
}

#[test]
fn methods_match_the_functions() {
    let (n, d, s) = (
        GetWeather::NAME,
        GetWeather::DESCRIPTION,
        GetWeather::schema(),
    );
    assert_eq!(
        GetWeather::anthropic().unwrap(),
        export::anthropic(n, d, s).unwrap()
    );
    assert_eq!(
        GetWeather::anthropic_strict().unwrap(),
        export::anthropic_strict(n, d, s).unwrap()
    );
    assert_eq!(
        GetWeather::openai_chat().unwrap(),
        export::openai_chat(n, d, s).unwrap()
    );
    assert_eq!(
        GetWeather::openai_chat_strict().unwrap(),
        export::openai_chat_strict(n, d, s).unwrap()
    );
    assert_eq!(
        GetWeather::openai_responses().unwrap(),
        export::openai_responses(n, d, s).unwrap()
    );
    assert_eq!(
        GetWeather::openai_responses_strict().unwrap(),
        export::openai_responses_strict(n, d, s).unwrap()
    );
    assert_eq!(
        GetWeather::gemini().unwrap(),
        export::gemini(n, d, s).unwrap()
    );
    assert_eq!(
        GetWeather::gemini_json_schema().unwrap(),
        export::gemini_json_schema(n, d, s).unwrap()
    );
    assert_eq!(
        GetWeather::mcp().unwrap(),
        export::mcp(n, None, d, s).unwrap()
    );
    for target in Target::ALL {
        let via_trait = GetWeather::export_to(target, &ExportOptions::default()).unwrap();
        let direct =
            export::export(target, &ToolSpec::new(n, d, s), &ExportOptions::default()).unwrap();
        assert_eq!(via_trait, direct, "{target}");
    }
}

#[test]
fn weather_for_openai_strict() {
    assert_eq!(
        GetWeather::openai_chat_strict().unwrap(),
        json!({
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Get the current weather for a city.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "city": {"type": "string", "description": "City name"},
                        "unit": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit", null]}
                    },
                    "required": ["city", "unit"],
                    "additionalProperties": false
                },
                "strict": true
            }
        })
    );
    let strict = GetWeather::openai_strict_schema().unwrap();
    assert_eq!(strict.nullable_optional()[0].property, "unit");
}

#[test]
fn a_tool_without_arguments() {
    assert_eq!(
        Ping::mcp().unwrap(),
        json!({"name": "ping", "title": "Ping", "description": "Ping the server.",
               "inputSchema": {"type": "object", "title": "Ping", "properties": {}}})
    );
    assert_eq!(
        Ping::gemini().unwrap(),
        json!({"name": "ping", "description": "Ping the server."})
    );
    let tools = [ToolSpec::of::<GetWeather>(), ToolSpec::of::<Ping>()];
    let gemini = export::toolbox(Target::Gemini, &tools, &ExportOptions::default()).unwrap();
    assert_eq!(
        gemini.value[0]["functionDeclarations"][1],
        json!({"name": "ping", "description": "Ping the server."})
    );
}
