//! Checks a schema cannot say ("`end` after `start`"), written in Rust on the
//! typed arguments: a tool's `ToolArgs::custom_checks`
//! (`#[tool(validate = path)]` on a derived type) reports each problem into
//! [`Problems`], with its path, a stable code and a message; they join the
//! report as [`Kind::Custom`] violations, worded and listed by every format like
//! the schema's own.
//!
//! They run after the schema checks pass, on the value serde read, in
//! `ToolArgs::parse`, `tool_schema_engine::parse_str` and a
//! `Toolbox`'s typed tools. `ToolArgs::validate`
//! checks the JSON against the schema alone (there is no typed value there).

use crate::options::Options;
use crate::violation::{Budget, Kind, Path, Position, Report, Segment, Sink, Violation};
use serde_json::Value;
use std::borrow::Cow;

/// Where the problems of a tool's own checks go: one [`Problems::add`] per
/// problem, in the order they should be reported.
///
/// ```
/// # use tool_schema_engine as tool_schema;
/// use tool_schema::custom::Problems;
/// use tool_schema::{Format, Path};
///
/// let mut problems = Problems::new();
/// problems.add("end", "end-before-start", "should be after 'start' (2026-03-02)");
/// problems.add(Path::root().key("rooms").index(1), "no-such-room", "names no room of the hotel");
/// let report = problems.into_report(None, None, &Default::default());
/// assert_eq!(Format::Default.render(&report), [
///     "argument 'end' should be after 'start' (2026-03-02)",
///     "argument 'rooms[1]' names no room of the hotel",
/// ]);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Problems {
    list: Vec<Problem>,
}

/// One problem found by a tool's own check.
#[derive(Clone, Debug, PartialEq)]
struct Problem {
    path: Path,
    code: Cow<'static, str>,
    message: String,
}

impl Problems {
    /// No problems yet.
    pub fn new() -> Problems {
        Problems::default()
    }

    /// A problem with the value at `path` (an argument's name, `&str`, or a
    /// [`Path`]; [`Path::root`] for the call as a whole): `code` names the kind of
    /// problem for programs (`end-before-start`), `message` says what is wrong
    /// after the argument's name, as the schema's messages do (`should be after
    /// 'start'` gives `argument 'end' should be after 'start'`).
    pub fn add(
        &mut self,
        path: impl Into<Path>,
        code: impl Into<Cow<'static, str>>,
        message: impl Into<String>,
    ) {
        self.list.push(Problem {
            path: path.into(),
            code: code.into(),
            message: message.into(),
        });
    }

    /// Whether no problem was added.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// How many problems were added.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// The problems as a report ([`Kind::Custom`] violations in the order added,
    /// at most [`Options::max_violations`], the rest counted as omitted). `args`,
    /// when given, is the call the problems are about: each violation's
    /// [`Position::argument`] is its argument's place there; `schema` (the tool's
    /// schema as JSON), its [`Position::declared`].
    pub fn into_report(
        self,
        args: Option<&Value>,
        schema: Option<&Value>,
        options: &Options,
    ) -> Report {
        let mut out = Vec::new();
        let budget = Budget::new(options.max_violations);
        {
            let mut sink = Sink::collect_within(&mut out, &budget);
            let violations = self
                .list
                .into_iter()
                .map(|p| {
                    let position = position(&p.path, args, schema);
                    let kind = Kind::Custom {
                        code: p.code,
                        message: p.message,
                    };
                    Violation::new(kind, p.path, position)
                })
                .collect();
            sink.extend(violations);
        }
        Report::collected(out, &budget, options)
    }
}

/// The position of the argument `path` starts with, in the call and among the
/// schema's declared properties.
fn position(path: &Path, args: Option<&Value>, schema: Option<&Value>) -> Position {
    let Some(Segment::Key(first)) = path.segments().first() else {
        return Position::default();
    };
    let place = |map: Option<&serde_json::Map<String, Value>>| {
        map.and_then(|m| m.keys().position(|k| k == first))
    };
    Position {
        argument: place(args.and_then(Value::as_object)),
        declared: place(
            schema
                .and_then(|s| s.get("properties"))
                .and_then(Value::as_object),
        ),
    }
}

impl Path {
    /// The arguments object itself; extend it with [`Path::key`] and
    /// [`Path::index`].
    pub fn root() -> Path {
        Path::default()
    }

    /// This path, then the member `key`.
    pub fn key(mut self, key: impl Into<String>) -> Path {
        self.push(Segment::Key(Cow::Owned(key.into())));
        self
    }

    /// This path, then the element `index`.
    pub fn index(mut self, index: usize) -> Path {
        self.push(Segment::Index(index));
        self
    }
}

impl From<&str> for Path {
    /// The top-level argument `name` (one step, not split at dots).
    fn from(name: &str) -> Path {
        Path::root().key(name)
    }
}

impl From<String> for Path {
    /// The top-level argument `name` (one step, not split at dots).
    fn from(name: String) -> Path {
        Path::root().key(name)
    }
}
