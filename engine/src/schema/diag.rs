//! Problems found in a schema: errors (the schema is refused) and lints (accepted).

use std::fmt;

/// The most characters of a diagnostic's message kept (a regex error quotes its
/// pattern; a lint may quote a name): longer ones are cut with `…`.
pub const DIAGNOSTIC_MESSAGE_CHARS: usize = 1000;

/// The most characters of a diagnostic's pointer kept.
pub const DIAGNOSTIC_POINTER_CHARS: usize = 4096;

/// One problem at one place of a schema.
///
/// What the schema holds is echoed escaped and shortened: control and bidi
/// characters are written as `\u001b`, a message is cut after
/// `DIAGNOSTIC_MESSAGE_CHARS` (1,000) characters and a pointer after
/// `DIAGNOSTIC_POINTER_CHARS` (4,096), with `…`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Diagnostic {
    /// JSON pointer of the offending value (`/properties/qty/minimum`); `""` is the
    /// schema itself.
    pub pointer: String,
    /// What is wrong, in words.
    pub message: String,
    /// Whether the problem is the member's key itself (an unknown or unsupported
    /// keyword) rather than its value. Tells the macros which token to point at.
    pub on_key: bool,
}

impl Diagnostic {
    pub(crate) fn new(pointer: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            pointer: tame(pointer.into(), DIAGNOSTIC_POINTER_CHARS),
            message: tame(message.into(), DIAGNOSTIC_MESSAGE_CHARS),
            on_key: false,
        }
    }
}

/// `text` escaped and cut as echoed schema text is.
fn tame(text: String, max: usize) -> String {
    if text.len() <= max && !text.chars().any(crate::echo::is_hostile) {
        return text;
    }
    crate::echo::name(&text, max)
}

impl fmt::Display for Diagnostic {
    /// `POINTER: MESSAGE`, escaped and cut as [`Diagnostic`] says (also for a
    /// diagnostic built by hand).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = crate::echo::name(&self.message, DIAGNOSTIC_MESSAGE_CHARS);
        if self.pointer.is_empty() {
            write!(f, "(root): {message}")
        } else {
            let pointer = crate::echo::name(&self.pointer, DIAGNOSTIC_POINTER_CHARS);
            write!(f, "{pointer}: {message}")
        }
    }
}

/// A schema that cannot be honoured, with every problem found in it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SchemaError {
    /// The problems, in the order of the schema's text.
    pub problems: Vec<Diagnostic>,
    /// The lints found beside them, so that every mistake can be reported at once.
    pub lints: Vec<Lint>,
}

impl SchemaError {
    /// An error with a single problem.
    pub fn single(pointer: impl Into<String>, message: impl Into<String>) -> SchemaError {
        SchemaError {
            problems: vec![Diagnostic::new(pointer, message)],
            lints: Vec::new(),
        }
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SchemaError {}

/// The kinds of mistake a schema may hold without being refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LintKind {
    /// `required` names a property that `properties` does not declare.
    RequiredUndeclared,
    /// `required` names the same property twice.
    DuplicateRequired,
    /// A lower bound above its upper bound (`minimum` > `maximum`, a minimum
    /// length, count or size above the maximum): no value is accepted.
    MinimumAboveMaximum,
    /// `enum` is empty: no value is accepted.
    EmptyEnum,
    /// An `enum` value is not of the declared `type`: it can never be accepted.
    EnumTypeMismatch,
    /// An `enum` value is listed twice.
    DuplicateEnum,
    /// The `const` value is not of the declared `type`: no value is accepted.
    ConstTypeMismatch,
    /// A keyword that applies only to other types than the declared ones
    /// (`minimum` on a string, `items` on an object, ...): it has no effect.
    KeywordTypeMismatch,
    /// The `type` list names the same type twice.
    DuplicateType,
    /// A `format` this validator does not know: kept as an annotation, never checked.
    UnknownFormat,
    /// `then` or `else` without `if`, or `if` without either: no effect.
    WithoutIf,
    /// `minContains` or `maxContains` without `contains`: no effect.
    WithoutContains,
}

impl LintKind {
    /// A stable identifier: `required-undeclared`, `minimum-above-maximum`, ...
    pub fn code(self) -> &'static str {
        match self {
            LintKind::RequiredUndeclared => "required-undeclared",
            LintKind::DuplicateRequired => "duplicate-required",
            LintKind::MinimumAboveMaximum => "minimum-above-maximum",
            LintKind::EmptyEnum => "empty-enum",
            LintKind::EnumTypeMismatch => "enum-type-mismatch",
            LintKind::DuplicateEnum => "duplicate-enum",
            LintKind::ConstTypeMismatch => "const-type-mismatch",
            LintKind::KeywordTypeMismatch => "keyword-type-mismatch",
            LintKind::DuplicateType => "duplicate-type",
            LintKind::UnknownFormat => "unknown-format",
            LintKind::WithoutIf => "without-if",
            LintKind::WithoutContains => "without-contains",
        }
    }
}

/// A probable mistake in an accepted schema.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Lint {
    pub kind: LintKind,
    /// Where, and what.
    pub diagnostic: Diagnostic,
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]", self.diagnostic, self.kind.code())
    }
}
