//! Every tool call of a streamed model turn, each with its own [`Checker`]:
//! the tools they may name, the calls as they start and grow, and at the end
//! the calls to dispatch or the error results to send.

mod events;
mod json_path;

use super::{Arguments, Call, Failure, Outcome};
use crate::options::Options;
use crate::schema::Schema;
use crate::stream::{Checker, Exact, Progress};
use crate::text::TextError;
use crate::tool::{validate_str_with, Compiled, ToolArgs};
use crate::violation::{Kind, Path, Position, Report, Violation};
use crate::ToolArgsExt;
use serde_json::Value;

/// A tool a call may name: its schema, and how `finish` checks the whole text.
#[derive(Clone)]
struct Known<'a> {
    name: String,
    schema: &'a Schema,
    exact: Exact<'a>,
}

/// The tool calls of one streamed model turn, each checked as its arguments
/// arrive (see [`crate::stream`]). Fed by a provider's events
/// ([`CallStreams::anthropic`], [`CallStreams::openai_chat`],
/// [`CallStreams::openai_responses`], [`CallStreams::gemini`]).
pub struct CallStreams<'a> {
    known: Vec<Known<'a>>,
    options: Options,
    calls: Vec<StreamedCall<'a>>,
    /// The Gemini call whose pieces are arriving.
    gemini_open: Option<usize>,
    /// Gemini calls started (their index in the turn).
    gemini_calls: u64,
}

/// One call of the turn, as far as it was streamed.
pub struct StreamedCall<'a> {
    /// The provider's index of the call in the turn (Anthropic's content block
    /// index, OpenAI Chat's `tool_calls` index).
    pub index: u64,
    /// The call's id, once sent.
    pub id: Option<String>,
    /// The tool's name, once sent.
    pub name: String,
    /// The checker of its arguments; `None` for a tool no one declared.
    checker: Option<Checker<'a>>,
    /// Bytes of arguments received (for an unknown tool too).
    bytes: usize,
    /// The report of an unknown tool.
    unknown: Option<Report>,
    /// Its tool, for a text checked again at the end.
    known: Option<Known<'a>>,
    /// A Gemini call: its pieces written as text.
    writer: Option<Box<json_path::Writer>>,
    /// A Gemini piece whose `jsonPath` could not be read.
    unreadable: Option<String>,
}

/// A call of the turn once the stream ended: the arguments text and its report.
#[derive(Debug)]
pub struct FinishedCall {
    pub index: u64,
    pub id: Option<String>,
    pub name: String,
    /// The arguments text as received.
    pub arguments: String,
    /// The report of the whole text ([`Checker::finish`]), or of an unknown tool.
    pub report: Report,
    unknown: bool,
}

impl<'a> CallStreams<'a> {
    /// No tools yet; calls checked with `options`.
    pub fn new(options: &Options) -> CallStreams<'a> {
        CallStreams {
            known: Vec::new(),
            options: *options,
            calls: Vec::new(),
            gemini_open: None,
            gemini_calls: 0,
        }
    }

    /// Adds tool `name` with a run-time schema.
    pub fn schema(mut self, name: impl Into<String>, schema: &'a Schema) -> CallStreams<'a> {
        self.known.push(Known {
            name: name.into(),
            schema,
            exact: Exact::Schema(schema),
        });
        self
    }

    /// Adds a declared tool ([`ToolArgs::NAME`]): its calls finish with its own
    /// `validate_str`.
    pub fn tool<T: ToolArgs + Compiled + 'static>(mut self) -> CallStreams<'a> {
        self.known.push(Known {
            name: T::NAME.to_owned(),
            schema: T::compiled_schema(),
            exact: Exact::Tool(
                validate_str_with::<T> as fn(&str, &Options) -> Result<Report, TextError>,
            ),
        });
        self
    }

    /// The calls so far, in the order they started.
    pub fn calls(&self) -> &[StreamedCall<'a>] {
        &self.calls
    }

    /// A call starts: `index` in the turn, with its id and name when known.
    /// Returns its place in [`CallStreams::calls`].
    pub fn start(&mut self, index: u64, id: Option<String>, name: &str) -> usize {
        let known = self.known.iter().find(|k| k.name == name).cloned();
        let checker = known
            .as_ref()
            .map(|k| Checker::new(k.schema, k.exact, &self.options));
        let unknown = known.is_none().then(|| {
            let names = self.known.iter().map(|k| k.name.clone()).collect();
            Report::unknown_tool(name, names, &self.options)
        });
        self.calls.push(StreamedCall {
            index,
            id,
            name: name.to_owned(),
            checker,
            bytes: 0,
            unknown,
            known,
            writer: None,
            unreadable: None,
        });
        self.calls.len() - 1
    }

    /// The place of the call of `index`, if it started.
    pub fn find(&self, index: u64) -> Option<usize> {
        self.calls.iter().position(|c| c.index == index)
    }

    /// The next piece of the arguments of the call at `place`.
    pub fn feed(&mut self, place: usize, piece: &str) -> Progress {
        let call = &mut self.calls[place];
        call.bytes += piece.len();
        match &mut call.checker {
            Some(checker) => checker.feed(piece.as_bytes()),
            None => call.progress(),
        }
    }

    /// The whole arguments of the call at `place`: feeds what was not fed yet
    /// (when the pieces fed are where `whole` starts).
    fn feed_rest(&mut self, place: usize, whole: &str) {
        let Some(checker) = &self.calls[place].checker else {
            return;
        };
        let rest = match whole.as_bytes().strip_prefix(checker.text()) {
            Some(rest) if !rest.is_empty() => String::from_utf8_lossy(rest).into_owned(),
            _ => return,
        };
        self.feed(place, &rest);
    }

    /// One `partialArgs` piece of the Gemini call at `place`.
    fn gemini_piece(&mut self, place: usize, piece: &Value) {
        let path = piece.get("jsonPath").and_then(Value::as_str).unwrap_or("");
        let value = if let Some(s) = piece.get("stringValue") {
            s.clone()
        } else if let Some(n) = piece.get("numberValue") {
            n.clone()
        } else if let Some(b) = piece.get("boolValue") {
            b.clone()
        } else {
            Value::Null
        };
        let more = piece.get("willContinue").and_then(Value::as_bool) == Some(true);
        let call = &mut self.calls[place];
        let Some(writer) = call.writer.as_mut() else {
            return;
        };
        let Some(steps) = json_path::steps(path) else {
            call.unreadable.get_or_insert_with(|| path.to_owned());
            writer.unordered = true;
            return;
        };
        if let Some(text) = writer.piece(steps, value, more) {
            self.feed(place, &text);
        }
    }

    /// The Gemini call at `place` ends: its text is closed.
    fn gemini_end(&mut self, place: usize) {
        self.gemini_open = None;
        let call = &mut self.calls[place];
        let Some(writer) = call.writer.as_mut().filter(|w| !w.unordered) else {
            return;
        };
        let text = writer.end();
        self.feed(place, &text);
    }

    /// Every call, finished: the stream ended.
    pub fn finish(self) -> Vec<FinishedCall> {
        self.calls
            .into_iter()
            .map(|c| {
                let unknown = c.checker.is_none();
                let unordered = c.writer.as_ref().is_some_and(|w| w.unordered);
                let (arguments, report) = match (c.checker, c.unknown) {
                    (Some(_), _) if c.unreadable.is_some() => {
                        let path = c.unreadable.unwrap_or_default();
                        let message = format!("a piece's jsonPath `{path}` cannot be read");
                        let kind = Kind::NotJson { message };
                        let v = Violation::new(kind, Path::default(), Position::default());
                        (String::new(), Report::new(vec![v]))
                    }
                    (Some(_), _) if unordered => {
                        // Pieces out of order: put together by path, checked whole.
                        let text = c
                            .writer
                            .map(|w| w.assembled().to_string())
                            .unwrap_or_default();
                        let report = c.known.map_or_else(Report::default, |k| {
                            let mut checker = Checker::new(k.schema, k.exact, &self.options);
                            checker.feed(text.as_bytes());
                            checker.finish()
                        });
                        (text, report)
                    }
                    (Some(checker), _) => {
                        let text = String::from_utf8_lossy(checker.text()).into_owned();
                        (text, checker.finish())
                    }
                    (None, report) => (
                        String::new(),
                        report.unwrap_or_else(|| Report::new(Vec::new())),
                    ),
                };
                FinishedCall {
                    index: c.index,
                    id: c.id,
                    unknown,
                    name: c.name,
                    arguments,
                    report,
                }
            })
            .collect()
    }
}

impl StreamedCall<'_> {
    /// Where the call stands: an unknown tool is doomed at once.
    pub fn progress(&self) -> Progress {
        match (&self.checker, &self.unknown) {
            (Some(checker), _) => checker.progress(),
            (None, report) => Progress {
                bytes: self.bytes,
                doomed: Some((0, report.clone().unwrap_or_else(|| Report::new(Vec::new())))),
            },
        }
    }
}

impl FinishedCall {
    /// The call to dispatch when its arguments are valid (`Toolbox::run` runs
    /// it), else the error result's outcome, carrying the report
    /// ([`Outcome::to_provider`] writes it for the provider).
    pub fn into_call(self) -> Result<Call, Outcome> {
        if self.report.is_valid() {
            return Ok(Call {
                id: self.id,
                name: self.name,
                arguments: Arguments::Text(self.arguments),
            });
        }
        let failure = if self.unknown {
            Failure::UnknownTool(self.report)
        } else {
            Failure::Invalid(self.report)
        };
        Err(Outcome {
            id: self.id,
            name: self.name,
            result: Err(failure),
        })
    }
}
