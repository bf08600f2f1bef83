//! The two tools of `examples/tools.rs`, declared with `tool_schema!`, as every
//! provider expects them: Anthropic (plain and strict tool use), OpenAI Chat
//! Completions and Responses (plain and strict), Gemini (`parameters` and
//! `parametersJsonSchema`) and MCP; then each strict transform's report, and the
//! toolboxes.
//!
//! ```text
//! cargo run --example providers
//! ```

use serde_json::Value;
use tool_schema::export::{self, ExportError, ExportOptions, Target, ToolExport, ToolSpec};
use tool_schema::tool_schema;

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

    /// Place an order for a product.
    #[tool(name = "place_order")]
    pub Order = {
        "type": "object",
        "properties": {
            "sku": { "type": "string" },
            "qty": { "type": "integer", "minimum": 1, "maximum": 100 },
            "note": { "type": ["string", "null"] },
            "lines": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "sku": { "type": "string" },
                        "qty": { "type": "integer", "minimum": 1 }
                    },
                    "required": ["sku", "qty"]
                }
            }
        },
        "required": ["sku", "qty"],
        "additionalProperties": false
    }
}

fn print(label: &str, value: Result<Value, ExportError>) {
    println!("-- {label}");
    match value {
        Ok(v) => println!("{v}"),
        Err(e) => println!("{e}"),
    }
}

fn show<T: ToolExport>() {
    println!("==== tool {}", T::NAME);
    print("Anthropic", T::anthropic());
    print("Anthropic, strict tool use", T::anthropic_strict());
    print("OpenAI Chat Completions", T::openai_chat());
    print("OpenAI Chat Completions, strict", T::openai_chat_strict());
    print("OpenAI Responses", T::openai_responses());
    print("OpenAI Responses, strict", T::openai_responses_strict());
    print("Gemini, parameters", T::gemini());
    print("Gemini, parametersJsonSchema", T::gemini_json_schema());
    print("MCP", T::mcp());
    for target in [
        Target::OpenAiChatStrict,
        Target::AnthropicStrict,
        Target::Gemini,
    ] {
        if let Ok(out) = T::export_to(target, &ExportOptions::default()) {
            println!("-- what the {target} export changed\n{}", out.report);
        }
    }
    if let Ok(strict) = T::openai_strict_schema() {
        for p in strict.nullable_optional() {
            println!(
                "-- OpenAI strict: '{}' at {} is optional; its null means \"absent\"",
                p.property, p.pointer
            );
        }
    }
    println!();
}

fn main() {
    show::<GetWeather>();
    show::<Order>();
    let tools = [ToolSpec::of::<GetWeather>(), ToolSpec::of::<Order>()];
    for target in [Target::OpenAiResponsesStrict, Target::Gemini, Target::Mcp] {
        let out = export::toolbox(target, &tools, &ExportOptions::default()).map(|e| e.value);
        print(&format!("toolbox for {target}"), out);
    }
}
