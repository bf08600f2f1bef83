//! A provider's tool-call JSON read into one shape, [`Call`]: the call's id, the
//! tool's name and the arguments as the provider sent them (a JSON value, or JSON
//! text for OpenAI).
//!
//! The shapes are in the [`toolbox`](crate::toolbox#the-shapes) documentation.

use super::wire::Wire;
use crate::export::Target;
use serde_json::{Map, Value};
use std::fmt;

/// One tool call, read from a provider's JSON ([`Call::from_provider`]) or built
/// in code ([`Call::new`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Call {
    /// The id the result must carry back: Anthropic's `id`, OpenAI Chat's `id`,
    /// OpenAI Responses' `call_id`, Gemini's optional `id`; `None` for MCP (the
    /// JSON-RPC request id belongs to the server's transport).
    pub id: Option<String>,
    /// The tool's name as the model wrote it.
    pub name: String,
    /// The arguments as the provider sent them.
    pub arguments: Arguments,
}

/// A call's arguments as the provider sent them.
#[derive(Clone, Debug, PartialEq)]
pub enum Arguments {
    /// A JSON value (Anthropic `input`, Gemini `args`, MCP `arguments`).
    Json(Value),
    /// JSON text (OpenAI's `arguments` string), read in one pass by the text path
    /// ([`crate::text`]): text that is not JSON is an error result, a repeated
    /// member name a violation.
    Text(String),
}

/// The JSON given as a call (or a turn) is not the provider's tool-call shape: a
/// mistake of the program, not of the model, so it is an error rather than an
/// error result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    target: Target,
    problem: String,
}

impl ShapeError {
    pub(crate) fn new(target: Target, problem: impl Into<String>) -> ShapeError {
        ShapeError {
            target,
            problem: problem.into(),
        }
    }

    /// The target whose shape was expected.
    pub fn target(&self) -> Target {
        self.target
    }

    /// What is wrong (`` `id` is not a string ``, ...).
    pub fn problem(&self) -> &str {
        &self.problem
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {} tool call: {}", self.target, self.problem)
    }
}

impl std::error::Error for ShapeError {}

impl Call {
    /// A call of `name` with `arguments` as a JSON value, without an id.
    pub fn new(name: impl Into<String>, arguments: Value) -> Call {
        Call {
            id: None,
            name: name.into(),
            arguments: Arguments::Json(arguments),
        }
    }

    /// The same call with `id`.
    pub fn with_id(mut self, id: impl Into<String>) -> Call {
        self.id = Some(id.into());
        self
    }

    /// Reads one call in `target`'s wire shape (see [the shapes](crate::toolbox#the-shapes)).
    ///
    /// # Errors
    ///
    /// A [`ShapeError`] when `call` is not that shape.
    pub fn from_provider(target: Target, call: &Value) -> Result<Call, ShapeError> {
        let err = |problem: &str| ShapeError::new(target, problem);
        let obj = call.as_object().ok_or_else(|| err("not a JSON object"))?;
        match Wire::of(target) {
            Wire::Anthropic => {
                expect_type(obj, "tool_use", target)?;
                let input = obj.get("input").ok_or_else(|| err("no `input`"))?;
                Ok(Call {
                    id: Some(string(obj, "id", target)?),
                    name: string(obj, "name", target)?,
                    arguments: Arguments::Json(input.clone()),
                })
            }
            Wire::OpenAiChat => {
                let function = obj
                    .get("function")
                    .and_then(Value::as_object)
                    .ok_or_else(|| err("no `function` object"))?;
                Ok(Call {
                    id: Some(string(obj, "id", target)?),
                    name: string(function, "name", target)?,
                    arguments: text_arguments(function, target)?,
                })
            }
            Wire::OpenAiResponses => {
                expect_type(obj, "function_call", target)?;
                Ok(Call {
                    id: Some(string(obj, "call_id", target)?),
                    name: string(obj, "name", target)?,
                    arguments: text_arguments(obj, target)?,
                })
            }
            Wire::Gemini => {
                let call = match obj.get("functionCall") {
                    Some(inner) => inner
                        .as_object()
                        .ok_or_else(|| err("`functionCall` is not an object"))?,
                    None => obj,
                };
                Ok(Call {
                    id: optional_string(call, "id", target)?,
                    name: string(call, "name", target)?,
                    arguments: Arguments::Json(object_or_empty(call, "args")),
                })
            }
            Wire::Mcp => {
                let params = match obj.get("method") {
                    Some(m) if m == "tools/call" => obj
                        .get("params")
                        .and_then(Value::as_object)
                        .ok_or_else(|| err("the request has no `params` object"))?,
                    Some(_) => return Err(err("the request's `method` is not `tools/call`")),
                    None => obj,
                };
                Ok(Call {
                    id: None,
                    name: string(params, "name", target)?,
                    arguments: Arguments::Json(object_or_empty(params, "arguments")),
                })
            }
        }
    }

    /// Reads every tool call of one model turn, in order (see [the
    /// shapes](crate::toolbox#the-shapes)); the turn's other parts (text,
    /// thinking, ...) are skipped.
    ///
    /// # Errors
    ///
    /// A [`ShapeError`] when `turn` is not that shape, or when one of its calls is
    /// not.
    pub fn from_turn(target: Target, turn: &Value) -> Result<Vec<Call>, ShapeError> {
        let err = |problem: &str| ShapeError::new(target, problem);
        let list = match Wire::of(target) {
            Wire::Anthropic => list_in(turn, &["/content"]),
            Wire::OpenAiChat => list_in(turn, &["/tool_calls", "/choices/0/message/tool_calls"])
                .or_else(|| no_calls(turn, &["/role", "/choices/0/message"])),
            Wire::OpenAiResponses => list_in(turn, &["/output"]),
            Wire::Gemini => list_in(turn, &["/parts", "/candidates/0/content/parts"]),
            Wire::Mcp => turn.as_array().map(|a| a.iter().collect()),
        }
        .ok_or_else(|| err("no list of calls found"))?;
        let is_call = |v: &&Value| match Wire::of(target) {
            Wire::Anthropic => v.get("type").is_some_and(|t| t == "tool_use"),
            Wire::OpenAiChat | Wire::Mcp => true,
            Wire::OpenAiResponses => v.get("type").is_some_and(|t| t == "function_call"),
            Wire::Gemini => v.get("functionCall").is_some(),
        };
        let mut calls = Vec::new();
        for c in list {
            if is_call(&c) {
                calls.push(Call::from_provider(target, c)?);
            }
        }
        Ok(calls)
    }
}

/// The array at the first of `pointers` that holds one, or `value` itself when it
/// is an array.
fn list_in<'v>(value: &'v Value, pointers: &[&str]) -> Option<Vec<&'v Value>> {
    if let Value::Array(items) = value {
        return Some(items.iter().collect());
    }
    pointers
        .iter()
        .find_map(|p| value.pointer(p).and_then(Value::as_array))
        .map(|items| items.iter().collect())
}

/// An empty list when `value` is a message (it has one of `pointers`) without
/// calls: an OpenAI Chat message leaves `tool_calls` out when there are none.
fn no_calls<'v>(value: &'v Value, pointers: &[&str]) -> Option<Vec<&'v Value>> {
    pointers
        .iter()
        .any(|p| value.pointer(p).is_some())
        .then(Vec::new)
}

fn expect_type(obj: &Map<String, Value>, expected: &str, target: Target) -> Result<(), ShapeError> {
    match obj.get("type") {
        Some(t) if t == expected => Ok(()),
        _ => Err(ShapeError::new(
            target,
            format!("`type` is not \"{expected}\""),
        )),
    }
}

fn string(obj: &Map<String, Value>, key: &str, target: Target) -> Result<String, ShapeError> {
    optional_string(obj, key, target)?.ok_or_else(|| ShapeError::new(target, format!("no `{key}`")))
}

fn optional_string(
    obj: &Map<String, Value>,
    key: &str,
    target: Target,
) -> Result<Option<String>, ShapeError> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(ShapeError::new(target, format!("`{key}` is not a string"))),
    }
}

/// OpenAI's `arguments`: JSON text (as documented), or a JSON value, which some
/// OpenAI-compatible servers send instead.
fn text_arguments(obj: &Map<String, Value>, target: Target) -> Result<Arguments, ShapeError> {
    match obj.get("arguments") {
        Some(Value::String(text)) => Ok(Arguments::Text(text.clone())),
        Some(value) => Ok(Arguments::Json(value.clone())),
        None => Err(ShapeError::new(target, "no `arguments`")),
    }
}

/// Gemini's `args` and MCP's `arguments`, which both may be left out for a call
/// without arguments: the value, or `{}`. (A value that is not an object goes to
/// the validator, which reports it.)
fn object_or_empty(obj: &Map<String, Value>, key: &str) -> Value {
    obj.get(key)
        .cloned()
        .unwrap_or_else(|| Value::Object(Map::new()))
}
