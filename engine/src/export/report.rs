//! What an export did and what it refused: [`ExportReport`] (every change, printable)
//! and [`ExportError`] (every problem, each with its JSON pointer and provider rule).

use super::Target;
pub use crate::export_records::ChangeKind;
use std::fmt;

/// A property that strict mode made required and nullable although the tool's schema
/// lets it be absent: an explicit `null` there stands for "absent" (validate calls of
/// a strict tool with [`Options::null_is_absent`](crate::Options::null_is_absent)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NullableOptional {
    /// JSON pointer to the object schema that declares the property.
    pub object_pointer: String,
    /// The property's name.
    pub property: String,
    /// JSON pointer to the property's schema (`{object_pointer}/properties/{property}`).
    pub pointer: String,
    /// The property already accepted `null` in the tool's schema: there a `null` the
    /// model sends may mean `null` itself or "absent", which the schema cannot tell.
    pub already_nullable: bool,
}

/// One change an export made, at a JSON pointer into the exported schema.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Change {
    /// The tool's name (empty for a schema exported on its own).
    pub tool: String,
    /// JSON pointer into the exported parameters schema (`""` is its root).
    pub pointer: String,
    /// What kind of change.
    pub kind: ChangeKind,
    /// What changed, in words.
    pub what: String,
    /// Why: the provider rule or the reason the change keeps the schema's meaning.
    pub why: String,
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} ({})",
            display_pointer(&self.pointer),
            Shown(&self.what),
            Shown(&self.why)
        )
    }
}

/// Every change an export made, in the order made. `Display` prints one per line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExportReport {
    changes: Vec<Change>,
}

impl ExportReport {
    pub(crate) fn from_changes(changes: Vec<Change>) -> ExportReport {
        ExportReport { changes }
    }

    /// The changes, in the order made.
    pub fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// True when the export is the schema as given.
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// The changes of one kind.
    pub fn of_kind(&self, kind: ChangeKind) -> impl Iterator<Item = &Change> + '_ {
        self.changes.iter().filter(move |c| c.kind == kind)
    }
}

impl fmt::Display for ExportReport {
    /// One change a line; the changes of each named tool under a `tool 'name':` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut tool: Option<&str> = None;
        for (i, c) in self.changes.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            if c.tool.is_empty() {
                write!(f, "{c}")?;
                continue;
            }
            if tool != Some(c.tool.as_str()) {
                writeln!(f, "tool '{}':", Shown(&c.tool))?;
                tool = Some(&c.tool);
            }
            write!(f, "  {c}")?;
        }
        Ok(())
    }
}

/// One reason a schema cannot be exported to a provider.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Problem {
    /// The tool's name (empty for a schema exported on its own).
    pub tool: String,
    /// JSON pointer to the offending schema (into the schema being exported; `""` is
    /// its root; `$ref` targets are named where they are used once inlined).
    pub pointer: String,
    /// What is wrong.
    pub message: String,
    /// The provider rule it breaks.
    pub rule: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.tool.is_empty() {
            write!(f, "tool '{}' ", Shown(&self.tool))?;
        }
        write!(
            f,
            "at {}: {} ({})",
            display_pointer(&self.pointer),
            Shown(&self.message),
            Shown(&self.rule)
        )
    }
}

/// A schema (or a toolbox) a provider cannot take as it is: every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExportError {
    /// The provider the export was for.
    pub target: Target,
    /// Every problem, in schema order.
    pub problems: Vec<Problem>,
}

impl ExportError {
    /// True when some problem is at `pointer` and its message contains `needle`.
    pub fn mentions(&self, pointer: &str, needle: &str) -> bool {
        self.problems.iter().any(|p| {
            p.pointer == pointer && (p.message.contains(needle) || p.rule.contains(needle))
        })
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot export to {}:", self.target)?;
        for p in &self.problems {
            write!(f, "\n  {p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ExportError {}

fn display_pointer(pointer: &str) -> Shown<'_> {
    Shown(if pointer.is_empty() {
        "(root)"
    } else {
        pointer
    })
}

/// Text from a schema as printed by the `Display` impls here (see [`shown`]).
pub(crate) struct Shown<'a>(pub &'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&shown(self.0, super::limits::MAX_SHOWN_CHARS))
    }
}

/// `text` with control and bidirectional-formatting characters written as `\u{..}`
/// (as they are they would reach a terminal, a log or a model), cut after `max`
/// characters with `...`.
pub(crate) fn shown(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max + 3));
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push_str("...");
            break;
        }
        let bidi = matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || bidi {
            out.push_str(&format!("\\u{{{:04x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}
