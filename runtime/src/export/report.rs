//! What an export did and what it refused: [`ExportReport`] (every change, printable)
//! and [`ExportError`] (every problem, each with its JSON pointer and provider rule).

use super::Target;
use std::fmt;

/// What kind of change an export made to a schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChangeKind {
    /// Something the provider needs was added with no change of meaning
    /// (`properties: {}`, `items: {}`, `type: "object"` next to `properties`).
    Added,
    /// `additionalProperties: false` was added to an object.
    Closed,
    /// An optional property was listed in `required`; it already accepted `null`.
    Required,
    /// An optional property was listed in `required` and made to accept `null`.
    Nullable,
    /// A `$ref` was replaced by the schema it points to.
    Inlined,
    /// `oneOf` became `anyOf` (its branches are provably disjoint).
    OneOfToAnyOf,
    /// A one-branch `allOf` was merged into its parent schema.
    AllOfMerged,
    /// A `type` list became an `anyOf` of one branch per type.
    TypeListSplit,
    /// A keyword was rewritten into the provider's equivalent form (type names,
    /// `const` -> `enum`, exclusive integer bounds -> inclusive ones, ...).
    Converted,
    /// A constraint the provider cannot take was removed from the schema and written
    /// into its `description`; tool-schema's validator still enforces it.
    Described,
    /// An annotation (no validation meaning) or a keyword whose removal keeps what the
    /// validator accepts was removed.
    Removed,
    /// A keyword was kept, but the provider does not enforce it; tool-schema's
    /// validator does.
    NotEnforced,
}

/// One change an export made, at a JSON pointer into the exported schema.
#[derive(Clone, Debug, PartialEq, Eq)]
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
            self.what,
            self.why
        )
    }
}

/// Every change an export made, in the order made. `Display` prints one per line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
                writeln!(f, "tool '{}':", c.tool)?;
                tool = Some(&c.tool);
            }
            write!(f, "  {c}")?;
        }
        Ok(())
    }
}

/// One reason a schema cannot be exported to a provider.
#[derive(Clone, Debug, PartialEq, Eq)]
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
            write!(f, "tool '{}' ", self.tool)?;
        }
        write!(
            f,
            "at {}: {} ({})",
            display_pointer(&self.pointer),
            self.message,
            self.rule
        )
    }
}

/// A schema (or a toolbox) a provider cannot take as it is: every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
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

fn display_pointer(pointer: &str) -> &str {
    if pointer.is_empty() {
        "(root)"
    } else {
        pointer
    }
}

/// Collects changes, problems and nullable-optional properties during one export.
pub(crate) struct Ctx {
    pub tool: String,
    pub changes: Vec<Change>,
    pub problems: Vec<Problem>,
    pub nullable: Vec<super::strict::NullableOptional>,
}

impl Ctx {
    pub fn new(tool: &str) -> Ctx {
        Ctx {
            tool: tool.to_string(),
            changes: Vec::new(),
            problems: Vec::new(),
            nullable: Vec::new(),
        }
    }

    pub fn change(
        &mut self,
        pointer: &str,
        kind: ChangeKind,
        what: impl Into<String>,
        why: impl Into<String>,
    ) {
        self.changes.push(Change {
            tool: self.tool.clone(),
            pointer: pointer.to_string(),
            kind,
            what: what.into(),
            why: why.into(),
        });
    }

    pub fn refuse(&mut self, pointer: &str, message: impl Into<String>, rule: impl Into<String>) {
        let problem = Problem {
            tool: self.tool.clone(),
            pointer: pointer.to_string(),
            message: message.into(),
            rule: rule.into(),
        };
        if !self.problems.contains(&problem) {
            self.problems.push(problem);
        }
    }
}
