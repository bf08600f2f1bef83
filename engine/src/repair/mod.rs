//! Opt-in repair: the unambiguous mistakes models make, mended and reported.
//!
//! Off by default: a call is repaired only where a program asks for it, per call
//! ([`Schema::repair`], [`Schema::repair_str`], [`ToolArgsExt::repair`](crate::ToolArgsExt::repair)(crate::ToolArgsExt::repair),
//! [`ToolArgsExt::repair_with`](crate::ToolArgsExt::repair_with)(crate::ToolArgsExt::repair_with), [`ToolArgsExt::repair_str`](crate::ToolArgsExt::repair_str)(crate::ToolArgsExt::repair_str)), so a tool opts in by
//! being called through them. What is mended:
//!
//! | mistake | read as | [`Coercion`] |
//! |---|---|---|
//! | a number written as a string, `"3"` | `3` | `NumberFromString` |
//! | a boolean written as a string, `"true"` | `true` | `BooleanFromString` |
//! | a JSON-encoded string holding the expected object or array, `"{\"a\": 1}"` | `{"a": 1}` | `ParsedJson` |
//! | a lone value where an array of it is expected, `"a"` | `["a"]` | `WrappedInArray` |
//! | an `enum` or `const` value in another case, when exactly one matches, `"Celsius"` | `"celsius"` | `EnumCase` |
//! | (text) a Markdown code fence around the arguments | the text inside | `CodeFence` |
//!
//! Each mends one violation of the report, at the place it names, and nothing
//! else: a value is never changed silently. Every change is listed ([`Change`]:
//! path, from, to) and the repaired value is validated again; [`Repaired`] holds
//! the value, the changes and that report (of the same back end: generated code
//! for a [`ToolArgs`](crate::ToolArgs) type, the interpreter for a [`Schema`]). A lone value
//! wrapped into an array whose items refuse its type is left as it was.
//! Repair runs a few rounds at most (a JSON string parsed may hold strings to
//! read in turn), each one validation of the call.
//!
//! ```
//! # use tool_schema_engine as tool_schema;
//! use serde_json::json;
//! use tool_schema::{Options, Schema};
//!
//! let schema = Schema::parse(&json!({
//!     "type": "object",
//!     "properties": {
//!         "days": {"type": "integer"},
//!         "unit": {"enum": ["celsius", "fahrenheit"]}
//!     }
//! })).unwrap();
//! let repaired = schema.repair(&json!({"days": "3", "unit": "Celsius"}), &Options::default());
//! assert_eq!(repaired.value, json!({"days": 3, "unit": "celsius"}));
//! assert!(repaired.report.is_valid());
//! assert_eq!(repaired.messages(), [
//!     "argument 'days' was \"3\", read as 3",
//!     "argument 'unit' was \"Celsius\", read as \"celsius\"",
//! ]);
//! ```

mod coerce;
mod fence;
mod report;
mod words;

pub use report::repair_report;

use crate::options::Options;
use crate::schema::Schema;
use crate::text::TextError;
use crate::violation::{received_value, Kind, Path, Report, Segment};
use serde_json::Value;
use std::collections::HashSet;

/// How a value was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Coercion {
    /// A number written as a string: `"3"` read as `3`.
    NumberFromString,
    /// A boolean written as a string: `"true"` read as `true`.
    BooleanFromString,
    /// A JSON-encoded string holding the expected object or array.
    ParsedJson,
    /// A lone value where an array of it is expected: `"a"` read as `["a"]`.
    WrappedInArray,
    /// An `enum` or `const` value in another case, when exactly one matches.
    EnumCase,
    /// The arguments' text inside a Markdown code fence (the text path only).
    CodeFence,
}

impl Coercion {
    /// A stable identifier: `number-from-string`, `boolean-from-string`,
    /// `parsed-json`, `wrapped-in-array`, `enum-case`, `code-fence`.
    pub fn code(self) -> &'static str {
        match self {
            Coercion::NumberFromString => "number-from-string",
            Coercion::BooleanFromString => "boolean-from-string",
            Coercion::ParsedJson => "parsed-json",
            Coercion::WrappedInArray => "wrapped-in-array",
            Coercion::EnumCase => "enum-case",
            Coercion::CodeFence => "code-fence",
        }
    }
}

/// One change repair made.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Change {
    /// Where: the value's path from the arguments object (the root for
    /// [`Coercion::CodeFence`]).
    pub path: Path,
    /// How the value was read.
    pub coercion: Coercion,
    /// The value as the call sent it (a shortened copy, as a violation keeps
    /// one; for a code fence, the text as a string).
    pub from: Value,
    /// The value it was read as (a shortened copy; for a code fence, the text
    /// inside it as a string).
    pub to: Value,
}

/// What repair gives: the value, every change made, and the report of
/// validating the repaired value.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Repaired {
    /// The arguments as repaired (the call itself when nothing was changed).
    pub value: Value,
    /// The changes, in the order they were made.
    pub changes: Vec<Change>,
    /// The report of the repaired value.
    pub report: Report,
}

impl Repaired {
    /// Whether the repaired value is valid.
    pub fn is_valid(&self) -> bool {
        self.report.is_valid()
    }
}

/// The most rounds of repair (each validates the call once, or twice when a
/// wrapped value is put back).
const ROUNDS: usize = 4;

/// Repairs `args`, `validate` giving the report of a value: the driver every
/// entry point shares.
#[doc(hidden)]
pub fn repair_by(args: &Value, options: &Options, validate: impl Fn(&Value) -> Report) -> Repaired {
    let mut value = args.clone();
    let mut changes = Vec::new();
    let mut report = validate(&value);
    // Paths where wrapping into an array was put back: not tried again.
    let mut refused: HashSet<Path> = HashSet::new();
    for _ in 0..ROUNDS {
        let first = changes.len();
        mend(&mut value, &report, options, &refused, &mut changes);
        if changes.len() == first {
            break;
        }
        report = validate(&value);
        if put_back_wraps(&mut value, &report, &mut changes, first, &mut refused) {
            report = validate(&value);
        }
    }
    Repaired {
        value,
        changes,
        report,
    }
}

/// Applies the coercions that mend `report`'s violations (one per place) to
/// `value`, noting them in `changes`. The places mended this round are kept in
/// a set: each violation is looked up once, whatever the number of changes.
fn mend(
    value: &mut Value,
    report: &Report,
    options: &Options,
    refused: &HashSet<Path>,
    changes: &mut Vec<Change>,
) {
    let mut mended: HashSet<&Path> = HashSet::new();
    let mut cases = coerce::Cases::default();
    for v in &report.violations {
        if mended.contains(&v.path) {
            continue;
        }
        let Some(target) = value.pointer_mut(&v.path.to_pointer()) else {
            continue;
        };
        let Some((to, coercion)) = coerce::coerce(&v.kind, target, options, &mut cases) else {
            continue;
        };
        if coercion == Coercion::WrappedInArray && refused.contains(&v.path) {
            continue;
        }
        changes.push(Change {
            path: v.path.clone(),
            coercion,
            from: received_value(target),
            to: received_value(&to),
        });
        *target = to;
        mended.insert(&v.path);
    }
}

/// Puts back the values wrapped into an array (among `changes[first..]`) whose
/// element the new `report` refuses by type: it was not a lone value of the
/// array's items. Whether any was put back. The elements refused by type are
/// gathered in a set first, and the changes kept in one pass: linear in the
/// report and the changes.
fn put_back_wraps(
    value: &mut Value,
    report: &Report,
    changes: &mut Vec<Change>,
    first: usize,
    refused: &mut HashSet<Path>,
) -> bool {
    let wraps = changes[first..]
        .iter()
        .any(|c| c.coercion == Coercion::WrappedInArray);
    if !wraps {
        return false;
    }
    let mistyped: HashSet<&Path> = report
        .violations
        .iter()
        .filter(|v| matches!(v.kind, Kind::Type { .. }))
        .map(|v| &v.path)
        .collect();
    let wrong = |c: &Change| {
        if c.coercion != Coercion::WrappedInArray {
            return false;
        }
        let mut element = c.path.clone();
        element.push(Segment::Index(0));
        mistyped.contains(&element)
    };
    let mut kept = Vec::with_capacity(changes.len());
    let mut put_back = false;
    for (i, c) in std::mem::take(changes).into_iter().enumerate() {
        if i < first || !wrong(&c) {
            kept.push(c);
            continue;
        }
        if let Some(target) = value.pointer_mut(&c.path.to_pointer()) {
            if let Value::Array(items) = target {
                if let Some(lone) = items.pop() {
                    *target = lone;
                }
            }
        }
        refused.insert(c.path);
        put_back = true;
    }
    *changes = kept;
    put_back
}

/// Reads `text` for repair: the text inside a Markdown code fence that is the
/// whole of it (noted in `changes`), parsed as JSON.
fn read_text(text: &str, changes: &mut Vec<Change>) -> Result<Value, TextError> {
    let inner = match fence::unfenced(text) {
        Some(inner) => {
            changes.push(Change {
                path: Path::default(),
                coercion: Coercion::CodeFence,
                from: received_value(&Value::String(text.to_string())),
                to: received_value(&Value::String(inner.to_string())),
            });
            inner
        }
        None => text,
    };
    Ok(serde_json::from_str(inner)?)
}

/// [`repair_by`] on text: a code fence unwrapped, the rest parsed and repaired.
pub(crate) fn repair_text(
    text: &str,
    options: &Options,
    validate: impl Fn(&Value) -> Report,
) -> Result<Repaired, TextError> {
    let mut changes = Vec::new();
    let value = read_text(text, &mut changes)?;
    let mut repaired = repair_by(&value, options, validate);
    changes.append(&mut repaired.changes);
    repaired.changes = changes;
    Ok(repaired)
}

impl Schema {
    /// Repairs `args` (see [`crate::repair`]): the unambiguous mistakes mended,
    /// each change listed, the result validated again with
    /// [`Schema::validate_with`].
    pub fn repair(&self, args: &Value, options: &Options) -> Repaired {
        repair_by(args, options, |v| self.validate_with(v, options))
    }

    /// Repairs arguments given as JSON text: a Markdown code fence around them
    /// unwrapped (a change), then [`Schema::repair`] on the value. A member name
    /// repeated in the text is not reported (the value keeps one).
    ///
    /// # Errors
    ///
    /// A [`TextError`] when the text (inside its fence) is not one JSON value.
    pub fn repair_str(&self, text: &str, options: &Options) -> Result<Repaired, TextError> {
        repair_text(text, options, |v| self.validate_with(v, options))
    }
}
