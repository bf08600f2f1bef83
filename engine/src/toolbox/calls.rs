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
///
/// Its words name the provider whose shape the value is in, when it is another's:
/// `not an Anthropic tool call: no list of calls found (the value is in the shape
/// of an OpenAI Chat Completions turn)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    target: Target,
    problem: String,
    /// The other provider whose shape the value is in, and whether as a turn.
    other: Option<(Wire, bool)>,
}

impl ShapeError {
    pub(crate) fn new(target: Target, problem: impl Into<String>) -> ShapeError {
        ShapeError {
            target,
            problem: problem.into(),
            other: None,
        }
    }

    /// The error, naming the other provider `value` is a call (or with `turn`, a
    /// turn) of, if any.
    fn in_shape_of(mut self, value: &Value, turn: bool) -> ShapeError {
        if self.other.is_none() {
            let shape = if turn {
                turn_shape(value)
            } else {
                call_shape(value)
            };
            self.other = shape
                .filter(|&w| w != Wire::of(self.target))
                .map(|w| (w, turn));
        }
        self
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
        let expected = Wire::of(self.target).with_article();
        write!(f, "not {expected} tool call: {}", self.problem)?;
        if let Some((other, turn)) = self.other {
            let what = if turn { "turn" } else { "tool call" };
            write!(
                f,
                " (the value is in the shape of {} {what})",
                other.with_article()
            )?;
        }
        Ok(())
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
        Call::read(target, call).map_err(|e| e.in_shape_of(call, false))
    }

    /// [`Call::from_provider`], without naming another provider's shape.
    fn read(target: Target, call: &Value) -> Result<Call, ShapeError> {
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
        let wire = Wire::of(target);
        let list = calls_in(wire, turn).ok_or_else(|| {
            ShapeError::new(target, "no list of calls found").in_shape_of(turn, true)
        })?;
        let mut calls = Vec::new();
        for c in list {
            if is_call(wire, c) {
                calls.push(Call::from_provider(target, c)?);
            }
        }
        Ok(calls)
    }
}

/// The list holding the calls of a turn in `wire`'s shape (its other parts too).
fn calls_in(wire: Wire, turn: &Value) -> Option<Vec<&Value>> {
    match wire {
        Wire::Anthropic => list_in(turn, &["/content"]),
        Wire::OpenAiChat => list_in(turn, &["/tool_calls", "/choices/0/message/tool_calls"])
            .or_else(|| no_calls(turn, &["/role", "/choices/0/message"])),
        Wire::OpenAiResponses => list_in(turn, &["/output"]),
        Wire::Gemini => list_in(turn, &["/parts", "/candidates/0/content/parts"]),
        Wire::Mcp => turn.as_array().map(|a| a.iter().collect()),
    }
}

/// Whether `part`, an item of a turn's list in `wire`'s shape, is a tool call.
fn is_call(wire: Wire, part: &Value) -> bool {
    match wire {
        Wire::Anthropic => part.get("type").is_some_and(|t| t == "tool_use"),
        Wire::OpenAiChat | Wire::Mcp => true,
        Wire::OpenAiResponses => part.get("type").is_some_and(|t| t == "function_call"),
        Wire::Gemini => part.get("functionCall").is_some(),
    }
}

/// The provider whose call shape `call` is in, told by what only that shape has
/// (Anthropic's `"type": "tool_use"`, OpenAI Chat's `function` object, ...;
/// MCP's `{name, arguments}` last, as the loosest).
fn call_shape(call: &Value) -> Option<Wire> {
    let kind = call.get("type").and_then(Value::as_str);
    Wire::ALL.into_iter().find(|wire| match wire {
        Wire::Anthropic => kind == Some("tool_use"),
        Wire::OpenAiChat => call.get("function").is_some_and(Value::is_object),
        Wire::OpenAiResponses => kind == Some("function_call"),
        Wire::Gemini => call.get("functionCall").is_some_and(Value::is_object),
        Wire::Mcp => {
            call.get("method").is_some_and(|m| m == "tools/call")
                || (call.get("name").is_some_and(Value::is_string)
                    && call.get("arguments").is_some_and(Value::is_object))
        }
    })
}

/// The provider whose turn shape `turn` is in: the first whose list of calls is
/// there and holds a call of its own shape.
fn turn_shape(turn: &Value) -> Option<Wire> {
    Wire::ALL.into_iter().find(|&wire| {
        calls_in(wire, turn).is_some_and(|list| {
            list.iter()
                .any(|c| is_call(wire, c) && call_shape(c) == Some(wire))
        })
    })
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
