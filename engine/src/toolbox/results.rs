//! An [`Outcome`] as each provider's tool-result JSON, and the message that
//! carries a turn's results back to the model.
//!
//! The shapes are in the [`toolbox`](crate::toolbox#the-shapes) documentation.
//!
//! Text is the output's text ([`Output::text`]: JSON output as compact JSON), or
//! an error's messages one per line. OpenAI has no error flag: an error result
//! is its messages, which read as what went wrong. MCP's `structuredContent` is
//! the output when it is a JSON object (the spec's "structured content", with its
//! JSON text in `content` for clients that read only text).

use super::outcome::{Outcome, Output};
use super::wire::Wire;
use crate::export::Target;
use serde_json::{json, Map, Value};

impl Outcome {
    /// This outcome as `target`'s tool-result JSON (see [the
    /// shapes](crate::toolbox#the-shapes)).
    pub fn to_provider(&self, target: Target) -> Value {
        let id = self.id.as_deref().unwrap_or_default();
        let text = self.text();
        match Wire::of(target) {
            Wire::Anthropic => {
                let mut block = json!({
                    "type": "tool_result",
                    "tool_use_id": id,
                    "content": text,
                });
                if self.is_error() {
                    block["is_error"] = Value::Bool(true);
                }
                block
            }
            Wire::OpenAiChat => json!({"role": "tool", "tool_call_id": id, "content": text}),
            Wire::OpenAiResponses => {
                json!({"type": "function_call_output", "call_id": id, "output": text})
            }
            Wire::Gemini => {
                let response = match &self.result {
                    Ok(Output::Json(value)) => json!({ "output": value }),
                    Ok(Output::Text(s)) => json!({ "output": s }),
                    Err(_) => json!({ "error": text }),
                };
                let mut call = Map::new();
                if let Some(id) = &self.id {
                    call.insert("id".into(), Value::from(id.as_str()));
                }
                call.insert("name".into(), Value::from(self.name.as_str()));
                call.insert("response".into(), response);
                json!({ "functionResponse": call })
            }
            Wire::Mcp => {
                let mut result = json!({
                    "content": [{"type": "text", "text": text}],
                    "isError": self.is_error(),
                });
                if let Ok(Output::Json(structured @ Value::Object(_))) = &self.result {
                    result["structuredContent"] = structured.clone();
                }
                result
            }
        }
    }
}

/// The message (or messages) that carries one turn's `results` (as
/// [`Outcome::to_provider`] writes them, in the calls' order) back to the model:
/// a user message for Anthropic and Gemini, the results themselves for OpenAI
/// (each a message or input item to append) and MCP.
pub fn reply(target: Target, results: Vec<Value>) -> Value {
    match Wire::of(target) {
        Wire::Anthropic => json!({"role": "user", "content": results}),
        Wire::Gemini => json!({"role": "user", "parts": results}),
        Wire::OpenAiChat | Wire::OpenAiResponses | Wire::Mcp => Value::Array(results),
    }
}
