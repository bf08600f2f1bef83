//! What a call comes to: the handler's [`Output`], or a [`Failure`] the model is
//! told about in words, gathered with the call's id and name in an [`Outcome`].

use crate::text::TextError;
use crate::violation::Report;
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;

/// What a handler returns for a call it completed.
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// Text for the model.
    Text(String),
    /// A JSON value: sent as JSON text where the provider takes text, as the
    /// value itself where it takes JSON (Gemini's `response.output`, and MCP's
    /// `structuredContent` when it is an object).
    Json(Value),
}

impl Output {
    /// The output as the text a provider that takes text is sent: the text
    /// itself, or the value as compact JSON.
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Output::Text(s) => Cow::Borrowed(s),
            Output::Json(v) => Cow::Owned(v.to_string()),
        }
    }
}

impl From<String> for Output {
    fn from(s: String) -> Output {
        Output::Text(s)
    }
}

impl From<&str> for Output {
    fn from(s: &str) -> Output {
        Output::Text(s.to_owned())
    }
}

impl From<Value> for Output {
    fn from(v: Value) -> Output {
        Output::Json(v)
    }
}

/// What a handler may return: an [`Output`] (or a `String`, `&str`,
/// `serde_json::Value`), or a `Result` of one with an error that displays
/// (`String`, `std::io::Error`, `anyhow::Error`, ...). An error becomes an error
/// result carrying its `Display` text.
pub trait HandlerOutput {
    /// The output, or the error's text.
    fn into_output(self) -> Result<Output, String>;
}

impl HandlerOutput for Output {
    fn into_output(self) -> Result<Output, String> {
        Ok(self)
    }
}

impl HandlerOutput for String {
    fn into_output(self) -> Result<Output, String> {
        Ok(Output::Text(self))
    }
}

impl HandlerOutput for &str {
    fn into_output(self) -> Result<Output, String> {
        Ok(Output::from(self))
    }
}

impl HandlerOutput for Value {
    fn into_output(self) -> Result<Output, String> {
        Ok(Output::Json(self))
    }
}

impl<O: Into<Output>, E: fmt::Display> HandlerOutput for Result<O, E> {
    fn into_output(self) -> Result<Output, String> {
        self.map(Into::into).map_err(|e| e.to_string())
    }
}

/// Why a call did not reach its handler, or what its handler reported: each is
/// an error result, its text [`Failure::messages`].
#[derive(Debug)]
#[non_exhaustive]
pub enum Failure {
    /// No tool has the call's name: a report of one
    /// [`Kind::UnknownTool`](crate::Kind::UnknownTool) violation, whose message
    /// names the closest tool (`did you mean 'get_weather'?`, letter case
    /// ignored) and every tool.
    UnknownTool(Report),
    /// The arguments text is not JSON (OpenAI sends the arguments as text).
    NotJson(TextError),
    /// The arguments break the tool's schema: every violation.
    Invalid(Report),
    /// The handler returned an error: its text.
    Handler(String),
}

impl Failure {
    /// What the model is told, one line each: the default format's messages
    /// ([`Report::messages`]), [`TextError::message`], or the handler's error.
    pub fn messages(&self) -> Vec<String> {
        match self {
            Failure::UnknownTool(report) | Failure::Invalid(report) => report.messages(),
            Failure::NotJson(e) => vec![e.message()],
            Failure::Handler(text) => vec![text.clone()],
        }
    }

    /// The violations, for an unknown tool or invalid arguments.
    pub fn report(&self) -> Option<&Report> {
        match self {
            Failure::UnknownTool(report) | Failure::Invalid(report) => Some(report),
            Failure::NotJson(_) | Failure::Handler(_) => None,
        }
    }
}

impl fmt::Display for Failure {
    /// The messages, one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.messages().join("\n"))
    }
}

impl std::error::Error for Failure {}

/// One call's outcome: the call's id and name, and the handler's output or the
/// failure. [`Outcome::to_provider`] writes it as the provider's result JSON.
#[derive(Debug)]
#[non_exhaustive]
pub struct Outcome {
    /// The call's id ([`Call::id`](super::Call::id)).
    pub id: Option<String>,
    /// The tool's name as the call wrote it.
    pub name: String,
    /// The handler's output, or why there is none.
    pub result: Result<Output, Failure>,
}

impl Outcome {
    /// Whether the result is an error result.
    pub fn is_error(&self) -> bool {
        self.result.is_err()
    }

    /// The result's text: the output's [`Output::text`], or the failure's
    /// messages, one per line.
    pub fn text(&self) -> Cow<'_, str> {
        match &self.result {
            Ok(output) => output.text(),
            Err(failure) => Cow::Owned(failure.to_string()),
        }
    }
}
