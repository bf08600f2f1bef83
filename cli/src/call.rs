//! One line of `check`'s input read as a call: the tool it names, where its
//! definition is, and its arguments (a JSON value, or JSON text as OpenAI sends it).

use crate::input::type_word;
use serde_json::{Map, Value};
use tool_schema_engine::export::Target;
use tool_schema_engine::toolbox;
pub use tool_schema_engine::toolbox::Arguments;

/// A call read from a line.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The tool's name (empty when a self-contained line's function has none).
    pub name: String,
    /// The definition: on the line itself, or to look up by name.
    pub definition: Definition,
    pub arguments: Arguments,
}

/// Where a call's definition is.
#[derive(Clone, Debug, PartialEq)]
pub enum Definition {
    /// On the line: the function's `parameters`, in the command's dialect.
    Inline(Value),
    /// In the `--tools` file, under the call's name.
    Named,
}

/// Reads `line` (one parsed JSONL line) as a call; `with_tools` tells whether call
/// records (which name a tool of `--tools`) may be used. The error says why the
/// line cannot be used.
pub fn read(line: Value, with_tools: bool) -> Result<Call, String> {
    let Value::Object(mut map) = line else {
        return Err(format!("expected a JSON object, got {}", type_word(&line)));
    };
    if let Some(Value::Object(f)) = map.get("function") {
        if !f.contains_key("arguments") {
            return self_contained(&mut map);
        }
    }
    if !with_tools {
        return Err(
            "no \"function\" with \"parameters\": a line without its definition needs --tools FILE"
                .into(),
        );
    }
    record(map)
}

/// `{"function": {name, description, parameters}, "arguments": ...}`.
fn self_contained(map: &mut Map<String, Value>) -> Result<Call, String> {
    let Some(Value::Object(mut function)) = map.remove("function") else {
        unreachable!("checked by the caller")
    };
    let name = match function.get("name") {
        Some(Value::String(s)) => s.clone(),
        _ => String::new(),
    };
    let parameters = function
        .remove("parameters")
        .ok_or("the \"function\" has no \"parameters\"")?;
    let arguments = map
        .remove("arguments")
        .ok_or("the line has no \"arguments\"")?;
    Ok(Call {
        name,
        definition: Definition::Inline(parameters),
        arguments: arguments_of(arguments),
    })
}

/// A call record naming a tool of `--tools`, read by the library's reader of each
/// provider's shape (`toolbox::Call::from_provider`), the shape told by the record:
/// an Anthropic `tool_use` block, an OpenAI Responses `function_call`, an OpenAI
/// `tool_calls` entry (`function`), a Gemini `functionCall`; anything else is read
/// as MCP `tools/call` params `{"name", "arguments"}` (or the whole request), whose
/// `arguments` may here also be JSON text.
fn record(map: Map<String, Value>) -> Result<Call, String> {
    let kind = map.get("type").and_then(Value::as_str);
    let target = match kind {
        Some("tool_use") => Target::Anthropic,
        Some("function_call") => Target::OpenAiResponses,
        _ if map.get("function").is_some_and(Value::is_object) => Target::OpenAiChat,
        _ if map.contains_key("functionCall") => Target::Gemini,
        _ => Target::Mcp,
    };
    if target == Target::Mcp {
        if let Some(Value::String(text)) = map.get("arguments") {
            let name = match map.get("name") {
                Some(Value::String(name)) => name.clone(),
                _ => return Err("the call has no \"name\" string".into()),
            };
            return Ok(Call {
                name,
                definition: Definition::Named,
                arguments: Arguments::Text(text.clone()),
            });
        }
    }
    let call =
        toolbox::Call::from_provider(target, &Value::Object(map)).map_err(|e| e.to_string())?;
    Ok(Call {
        name: call.name,
        definition: Definition::Named,
        arguments: call.arguments,
    })
}

fn arguments_of(value: Value) -> Arguments {
    match value {
        Value::String(text) => Arguments::Text(text),
        other => Arguments::Json(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn named(v: Value) -> (String, Arguments) {
        let c = read(v, true).unwrap();
        assert_eq!(c.definition, Definition::Named);
        (c.name, c.arguments)
    }

    #[test]
    fn reads_every_record_form() {
        let args = Arguments::Json(json!({"city": "Paris"}));
        let text = Arguments::Text("{\"city\": \"Paris\"}".into());
        let plain = json!({"name": "w", "arguments": {"city": "Paris"}});
        assert_eq!(named(plain), ("w".into(), args.clone()));
        let anthropic =
            json!({"type": "tool_use", "id": "t1", "name": "w", "input": {"city": "Paris"}});
        assert_eq!(named(anthropic), ("w".into(), args.clone()));
        let openai = json!({"id": "c1", "type": "function", "function": {"name": "w", "arguments": "{\"city\": \"Paris\"}"}});
        assert_eq!(named(openai), ("w".into(), text.clone()));
        let responses = json!({"type": "function_call", "call_id": "c", "name": "w", "arguments": "{\"city\": \"Paris\"}"});
        assert_eq!(named(responses), ("w".into(), text.clone()));
        let gemini = json!({"functionCall": {"name": "w", "args": {"city": "Paris"}}});
        assert_eq!(named(gemini), ("w".into(), args.clone()));
        let plain_text = json!({"name": "w", "arguments": "{\"city\": \"Paris\"}"});
        assert_eq!(named(plain_text), ("w".into(), text));
        let mcp = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "w", "arguments": {"city": "Paris"}}});
        assert_eq!(named(mcp), ("w".into(), args));
        // MCP and Gemini calls may leave the arguments out: none is `{}`.
        assert_eq!(
            named(json!({"name": "w"})),
            ("w".into(), Arguments::Json(json!({})))
        );
    }

    #[test]
    fn reads_a_self_contained_line_with_or_without_tools() {
        let line =
            json!({"function": {"name": "w", "parameters": {"type": "dict"}}, "arguments": {}});
        for with_tools in [false, true] {
            let c = read(line.clone(), with_tools).unwrap();
            assert_eq!(c.definition, Definition::Inline(json!({"type": "dict"})));
            assert_eq!(c.name, "w");
        }
    }

    #[test]
    fn says_why_a_line_cannot_be_used() {
        assert!(read(json!([1]), true).unwrap_err().contains("got an array"));
        assert!(read(json!({"name": "w", "arguments": {}}), false)
            .unwrap_err()
            .contains("needs --tools"));
        assert!(read(json!({"name": 3, "arguments": {}}), true)
            .unwrap_err()
            .contains("`name` is not a string"));
        assert!(
            read(json!({"type": "tool_use", "name": "w", "input": {}}), true)
                .unwrap_err()
                .contains("no `id`")
        );
        assert!(
            read(json!({"function": {"name": "w"}, "arguments": {}}), false)
                .unwrap_err()
                .contains("no \"parameters\"")
        );
        assert!(
            read(json!({"function": {"name": "w", "parameters": {}}}), false)
                .unwrap_err()
                .contains("no \"arguments\"")
        );
    }
}
