//! What an export did and what it refused: [`ExportReport`] (every change, printable)
//! and [`ExportError`] (every problem, each with its JSON pointer and provider rule).

use super::Target;
use std::collections::HashSet;
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

/// Collects changes, problems and nullable-optional properties during one export,
/// and keeps its budgets (see `notes/issue-11/exports.md` and [`super::limits`]).
pub(crate) struct Ctx {
    pub tool: String,
    pub changes: Vec<Change>,
    pub problems: Vec<Problem>,
    pub nullable: Vec<super::strict::NullableOptional>,
    /// The problems already recorded, so that a repeated one is recorded once
    /// (a hash set: checking the list would be quadratic in the number of problems).
    seen: HashSet<Problem>,
    /// JSON values `$ref` inlining may still copy ([`super::ExportOptions::inline_budget`]).
    pub inline_left: usize,
    /// The budget it started with, for the message.
    pub inline_budget: usize,
    /// Steps left for proving `oneOf` branches disjoint
    /// ([`super::limits::MAX_DISJOINTNESS_WORK`]).
    pub disjoint_work: usize,
    /// A budget ran out or the output grew too deep: every walk stops at once (the
    /// export is refused in any case).
    pub stopped: bool,
}

impl Ctx {
    pub fn new(tool: &str) -> Ctx {
        Ctx {
            tool: tool.to_string(),
            changes: Vec::new(),
            problems: Vec::new(),
            nullable: Vec::new(),
            seen: HashSet::new(),
            inline_left: super::limits::DEFAULT_INLINE_BUDGET,
            inline_budget: super::limits::DEFAULT_INLINE_BUDGET,
            disjoint_work: super::limits::MAX_DISJOINTNESS_WORK,
            stopped: false,
        }
    }

    /// A context whose inlining budget is the one `options` asks for.
    pub fn with_options(tool: &str, options: &super::ExportOptions) -> Ctx {
        let mut ctx = Ctx::new(tool);
        ctx.inline_left = options.inline_budget;
        ctx.inline_budget = options.inline_budget;
        ctx
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
        if self.seen.insert(problem.clone()) {
            self.problems.push(problem);
        }
    }

    /// Charges the copy of `weight` JSON values (an inlined `$ref` target at
    /// `pointer`) to the inlining budget. False (the export refused and stopped) when
    /// the budget cannot pay for it, or when the export has already stopped.
    pub fn charge_inline(&mut self, pointer: &str, weight: usize) -> bool {
        if self.stopped {
            return false;
        }
        match self.inline_left.checked_sub(weight) {
            Some(left) => {
                self.inline_left = left;
                true
            }
            None => {
                let budget = self.inline_budget;
                self.stop(
                    pointer,
                    format!("inlining `$ref`s here would copy more than {budget} JSON values in all (shared definitions multiply when inlined)"),
                    format!("tool-schema exports: the inlining budget (ExportOptions::inline_budget, default {})", super::limits::DEFAULT_INLINE_BUDGET),
                );
                false
            }
        }
    }

    /// Refuses the export at `pointer` when the exported schema would nest deeper
    /// than [`super::limits::MAX_SCHEMA_DEPTH`] levels (`depth` counts from 0 at the
    /// root); true when it stopped (or had already stopped).
    pub fn too_deep(&mut self, pointer: &str, depth: usize) -> bool {
        if self.stopped {
            return true;
        }
        if depth > super::limits::MAX_SCHEMA_DEPTH {
            self.stop(
                pointer,
                format!(
                    "the exported schema would nest deeper than {} levels (once `$ref`s are inlined)",
                    super::limits::MAX_SCHEMA_DEPTH
                ),
                "tool-schema exports: a bounded depth (limits::MAX_SCHEMA_DEPTH), so that no export recurses without bound",
            );
            return true;
        }
        false
    }

    /// Records a problem and stops every walk.
    pub fn stop(&mut self, pointer: &str, message: impl Into<String>, rule: impl Into<String>) {
        self.refuse(pointer, message, rule);
        self.stopped = true;
    }
}
