//! Streaming: tool-call arguments checked while the model writes them.
//!
//! [`Schema::stream`] (and [`ToolArgsExt::stream`](crate::ToolArgsExt::stream) for a
//! declared tool) gives a [`Checker`]: [`Checker::feed`] it the bytes of the
//! arguments in chunks of any size, as a provider streams them; after each
//! chunk the [`Progress`] says whether the bytes so far can still become a
//! valid call (open) or not (doomed, with the violations known so far), and
//! [`Checker::finish`] gives the report [`Schema::validate_str`] gives on the
//! whole text.
//!
//! ```
//! # use tool_schema_engine as tool_schema;
//! use tool_schema::{Options, Schema};
//!
//! let schema = Schema::parse(&serde_json::json!({
//!     "type": "object",
//!     "properties": {
//!         "city": {"type": "string"},
//!         "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}
//!     },
//!     "required": ["city"]
//! })).unwrap();
//!
//! let mut checker = schema.stream(&Options::default());
//! assert!(!checker.feed(br#"{"city": "Oslo", "unit": "#).is_doomed());
//! // No allowed value starts with `C`: the call is doomed at that byte.
//! let progress = checker.feed(b"\"Celsius\"}");
//! assert!(progress.is_doomed());
//! assert_eq!(progress.doomed_at(), Some(26));
//! assert_eq!(progress.report().unwrap().messages(), [
//!     "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"C\"",
//! ]);
//! // The whole text's report, as `validate_str` gives it.
//! assert_eq!(checker.finish().messages(), [
//!     "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"Celsius\" (did you mean \"celsius\"?)",
//! ]);
//! ```
//!
//! # Sound, then prompt
//!
//! A call is doomed only when no continuation of the bytes fed can be valid:
//! never on a prefix of a valid call. Each keyword is decided at the first byte
//! where it can be, without guessing; the moments are listed in
//! `docs/streaming.md`. The violations of a doomed call are those of the
//! decisions that doomed it, about the value as far as it was written (an
//! `enum` miss names the string read so far); [`Checker::finish`] gives the
//! exact report.
//!
//! # Cost
//!
//! The work for a chunk is proportional to the chunk (times what the schema
//! asks at that place: its alternatives, the candidates of an `enum` or of the
//! declared names, narrowed in an order computed once per schema). Each byte is
//! read once, but for a plain member or item cut by a chunk's end where no
//! byte of it so far can doom the call: it waits, and is read again from its
//! first byte with the next chunk (at most 128 bytes; see `lean`), in one step
//! once whole. The checker keeps one frame per open value, reused from value
//! to value and, per thread, from checker to checker. A first chunk holding one
//! whole value is answered by the text path itself (see `whole`), so a call
//! fed whole costs about `validate_str`. The checker keeps the text fed:
//! [`Checker::finish`] answers a call the stream found valid, having decided
//! every keyword it met, from its own decisions, and asks
//! [`Schema::validate_str`] for the report of the others (a doomed call, or one
//! that met a keyword the stream leaves to the end).

mod alts;
mod bounds;
mod decided;
mod early;
mod frame;
mod items;
mod judge;
mod lean;
mod lex;
mod names;
mod plan;
mod prefix;
mod spare;
mod whole;

use crate::options::Options;
use crate::schema::Schema;
use crate::text::TextError;
use crate::violation::{Kind, Path, Position, Report, Violation};

/// How `finish` checks the whole text: a schema's own `validate_str`, or a
/// declared tool's (generated code).
#[derive(Clone, Copy)]
pub(crate) enum Exact<'a> {
    Schema(&'a Schema),
    Tool(fn(&str, &Options) -> Result<Report, TextError>),
}

/// A streaming checker of one call's arguments (see [the module](self)).
pub struct Checker<'a> {
    schema: &'a Schema,
    exact: Exact<'a>,
    options: Options,
    text: Vec<u8>,
    /// The reader and its decisions, made when the checker first reads a
    /// chunk itself (not for a call the text path answered whole).
    reading: Option<Reading<'a>>,
    /// The first chunk was one whole valid value, answered by the text path
    /// (see [`whole`]); only white space may follow.
    whole_valid: bool,
    /// The exact report of the text fed so far, when its first chunk was one
    /// whole value the text path answered (and nothing came after).
    exact_report: Option<Report>,
}

/// The reader and the decisions of a checker that reads its chunks.
struct Reading<'a> {
    /// The parts that borrow nothing from the schema, taken from those kept
    /// per thread (see [`spare`]) and given back when the checker drops.
    kept: Box<Kept>,
    /// What the checker precomputed per node of the schema.
    plan: &'a plan::Plan,
    /// The early tests that patterns and `propertyNames` decide on the
    /// string being read (most calls make none).
    early: Option<Box<early::Early<'a>>>,
}

impl Reading<'_> {
    /// Made ready to read a text from its start (its parts reset), after one
    /// whole value when the text path found the first chunk one (see
    /// [`whole`]).
    fn start(&mut self, whole_valid: bool) {
        if whole_valid {
            self.kept.lexer.read_whole();
        }
        self.early = None;
    }
}

/// The reader and the judge's state, with their buffers: one unit kept per
/// thread from checker to checker.
#[derive(Default)]
struct Kept {
    lexer: lex::Lexer,
    state: judge::State,
}

impl Kept {
    /// Whether its buffers are small enough to keep for another checker.
    fn small(&self) -> bool {
        self.lexer.small() && self.state.small()
    }

    /// Made ready for another call, its buffers kept.
    fn reset(&mut self) {
        self.lexer.reset();
        self.state.reset();
    }
}

impl std::fmt::Debug for Checker<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checker")
            .field("bytes", &self.text.len())
            .field("doomed_at", &self.doomed_at())
            .finish()
    }
}

/// Where a streamed call stands after a chunk.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub(crate) bytes: usize,
    pub(crate) doomed: Option<(usize, Report)>,
}

impl Progress {
    /// Whether no continuation of the bytes fed can be a valid call.
    pub fn is_doomed(&self) -> bool {
        self.doomed.is_some()
    }

    /// The violations known so far, when the call is doomed.
    pub fn report(&self) -> Option<&Report> {
        self.doomed.as_ref().map(|(_, r)| r)
    }

    /// The offset (from 0) of the byte at which the call became doomed.
    pub fn doomed_at(&self) -> Option<usize> {
        self.doomed.as_ref().map(|(at, _)| *at)
    }

    /// How many bytes were fed.
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

impl Schema {
    /// A streaming checker of arguments for this schema, with `options` (see
    /// [`crate::stream`]).
    #[inline]
    pub fn stream(&self, options: &Options) -> Checker<'_> {
        Checker::new(self, Exact::Schema(self), options)
    }
}

impl<'a> Checker<'a> {
    #[inline]
    pub(crate) fn new(schema: &'a Schema, exact: Exact<'a>, options: &Options) -> Checker<'a> {
        Checker {
            schema,
            exact,
            options: *options,
            text: spare::take_text(),
            reading: None,
            whole_valid: false,
            exact_report: None,
        }
    }

    /// The checker of a declared tool: `finish` runs the tool's own
    /// `validate_str`. Not a stable API (see `ToolArgsExt::stream`).
    #[doc(hidden)]
    #[inline]
    pub fn __for_tool(
        schema: &'static Schema,
        exact: fn(&str, &Options) -> Result<Report, TextError>,
        options: &Options,
    ) -> Checker<'static> {
        Checker::new(schema, Exact::Tool(exact), options)
    }

    /// Reads the next `chunk` of the arguments' text.
    pub fn feed(&mut self, chunk: &[u8]) -> Progress {
        let base = self.text.len();
        self.text.extend_from_slice(chunk);
        if chunk.is_empty() {
            return self.progress();
        }
        let mut halt = false;
        if base != 0 {
            // The first chunk's report is no longer the text's.
            self.exact_report = None;
        } else if whole::may_be_whole(chunk) {
            // A first chunk holding the whole value: the text path answers.
            if let Some(Ok(report)) = self.run_exact() {
                self.whole_valid = report.is_valid();
                self.exact_report = Some(report);
                if self.whole_valid {
                    return self.progress();
                }
                // Invalid: read up to the byte that dooms it, no further
                // (what follows one whole value is white space or not JSON,
                // so `finish` never asks where a cut-off text ended).
                halt = true;
            }
        }
        if self.reading.is_none() {
            self.reading = Some(self.new_reading());
        }
        self.read(base, (halt, false));
        self.progress()
    }

    /// A reader, its parts kept per thread (see [`spare`]); after one whole
    /// value when the text path found the first chunk one (see [`whole`]).
    fn new_reading(&self) -> Reading<'a> {
        let mut reading = Reading {
            kept: spare::take(),
            plan: plan::of(self.schema),
            early: None,
        };
        reading.start(self.whole_valid);
        reading
    }

    /// Reads the text from offset `base` (see [`lex::Lexer::feed`]), unless
    /// the call is doomed or the reader stopped judging.
    fn read(&mut self, base: usize, flags: (bool, bool)) {
        let Some(reading) = &mut self.reading else {
            return;
        };
        let Kept { lexer, state } = &mut *reading.kept;
        if state.doomed_at.is_some() || lexer.opaque() {
            return;
        }
        let (schema, plan, options) = (self.schema, reading.plan, &self.options);
        let mut judge = judge::Judge::new(schema, plan, options, &mut reading.early, state);
        lexer.feed(&self.text, base, &mut judge, flags);
    }

    /// The state of the decisions, once the checker reads.
    fn state(&self) -> Option<&judge::State> {
        self.reading.as_ref().map(|r| &r.kept.state)
    }

    /// The byte at which the call was doomed.
    fn doomed_at(&self) -> Option<usize> {
        self.state().and_then(|s| s.doomed_at)
    }

    /// The exact path on the text fed: `None` when it is not UTF-8.
    fn run_exact(&self) -> Option<Result<Report, TextError>> {
        let text = std::str::from_utf8(&self.text).ok()?;
        Some(match self.exact {
            Exact::Schema(schema) => schema.validate_str(text, &self.options),
            Exact::Tool(exact) => exact(text, &self.options),
        })
    }

    /// The text fed so far.
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    /// Where the call stands.
    pub fn progress(&self) -> Progress {
        let doomed = self.state().and_then(|s| {
            let at = s.doomed_at?;
            let budget = crate::violation::Budget::new(usize::MAX);
            let report = Report::collected(s.found.clone(), &budget, &self.options);
            Some((at, report))
        });
        Progress {
            bytes: self.text.len(),
            doomed,
        }
    }

    /// The report of the whole text: [`Schema::validate_str`]'s, or for text
    /// that is not one JSON value, one violation saying so: [`Kind::CutOff`]
    /// when it ended inside a value (at the innermost value open), else
    /// [`Kind::NotJson`].
    pub fn finish(mut self) -> Report {
        if let Some(report) = self.exact_report.take() {
            return report;
        }
        // A member left waiting for more text is read now (see `lean`).
        if self.reading.as_ref().is_some_and(|r| r.kept.lexer.waits()) {
            self.read(self.text.len(), (false, true));
        }
        // Every keyword met was decided by the stream, and none failed: valid.
        let decided_valid = match &self.reading {
            Some(r) => {
                r.kept.state.doomed_at.is_none()
                    && !r.kept.state.deferred
                    // The reader checked each string's UTF-8; the rest is ASCII.
                    && r.kept.lexer.complete()
            }
            None => self.whole_valid,
        };
        if decided_valid {
            return Report::valid_for(&self.options);
        }
        let Some(result) = self.run_exact() else {
            let e = std::str::from_utf8(&self.text).unwrap_err();
            return not_json(format!("invalid UTF-8 at byte {}", e.valid_up_to()));
        };
        match result {
            Ok(report) => report,
            Err(e) if e.is_truncated() => {
                let kind = Kind::CutOff {
                    at: self.text.len() as u64,
                };
                let path = self.cut_path();
                Report::new(vec![Violation::new(kind, path, Position::default())])
            }
            Err(e) => not_json(e.json_error().to_string()),
        }
    }

    /// The path of the innermost value open where the text stops, as a
    /// reader that read all of it says. A reader stopped at a doom (it reads
    /// no chunk after the one that dooms the call) is replaced by one that
    /// reads the whole text, so the place does not depend on the chunks.
    fn cut_path(&mut self) -> Path {
        if let Some(reading) = &mut self.reading {
            if reading.kept.state.doomed_at.is_some() {
                reading.kept.reset();
                reading.start(self.whole_valid);
                self.read(0, (false, true));
            }
        }
        self.state().map(judge::State::path).unwrap_or_default()
    }
}

impl Drop for Checker<'_> {
    fn drop(&mut self) {
        spare::keep_text(std::mem::take(&mut self.text));
        // Most checkers the text path answered whole made no reader.
        if self.reading.is_none() {
            return;
        }
        if let Some(reading) = self.reading.take() {
            spare::keep(reading.kept);
        }
    }
}

/// The report of text that is not JSON.
fn not_json(message: String) -> Report {
    let kind = Kind::NotJson { message };
    Report::new(vec![Violation::new(
        kind,
        Path::default(),
        Position::default(),
    )])
}

#[cfg(test)]
mod tests {
    use super::{frame::Frame, Checker, Kept, Reading};

    /// The memory an open call holds besides its text and its values' frames,
    /// as docs/streaming.md states it: the checker, the reader's parts that
    /// borrow the schema (inline in the checker) and those kept per thread.
    #[test]
    fn an_open_call_is_small() {
        let (checker, reading, kept, frame) = (
            std::mem::size_of::<Checker>(),
            std::mem::size_of::<Reading>(),
            std::mem::size_of::<Kept>(),
            std::mem::size_of::<Frame>(),
        );
        println!("checker {checker} B (reading {reading} B), kept {kept} B, frame {frame} B");
        assert!(checker <= 160 && reading <= 24 && kept <= 360 && frame <= 256);
    }

    /// Each level of `{"a": {"a": ...}}` doubles the alternatives of the one
    /// above when expanded (the root's two `oneOf` branches, met again at
    /// each level through `$ref`): no frame holds more than
    /// `MAX_ALTERNATIVES`, however deep, and the call is checked as
    /// `validate_str` checks it.
    #[test]
    fn alternatives_do_not_grow_with_depth() {
        // The branches declare the names too (tool-call mode closes every
        // node of the arguments object), without descending.
        let names = serde_json::json!({"a": {}, "b": {}});
        let schema = crate::Schema::parse(&serde_json::json!({
            "oneOf": [
                {"type": "object", "properties": names},
                {"type": "object", "properties": names, "required": ["b"]}
            ],
            "properties": {"a": {"$ref": "#"}, "b": {"type": "integer"}}
        }))
        .unwrap();
        let depth = 20;
        let text = format!("{}{{}}{}", "{\"a\": ".repeat(depth), "}".repeat(depth));
        for options in [crate::Options::default(), crate::Options::SPEC] {
            let mut checker = schema.stream(&options);
            let mut most = 0;
            for byte in text.as_bytes().chunks(1) {
                assert!(!checker.feed(byte).is_doomed());
                let state = &checker.reading.as_ref().unwrap().kept.state;
                let open = state.frames[..state.depth].iter().map(|f| f.alts.len());
                most = most.max(open.max().unwrap_or(0));
                assert!(most <= super::alts::MAX_ALTERNATIVES, "{most} alternatives");
            }
            assert!(
                most >= 16,
                "the expansion still doubles while it may: {most}"
            );
            let exact = schema.validate_str(&text, &options).unwrap();
            assert_eq!(checker.finish(), exact);
        }
    }
}
