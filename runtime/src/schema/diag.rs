//! Problems found in a schema: errors (the schema is refused) and lints (accepted).

use std::fmt;

/// One problem at one place of a schema.
#[derive(Clone, Debug, PartialEq, Eq)]
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
            pointer: pointer.into(),
            message: message.into(),
            on_key: false,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pointer.is_empty() {
            write!(f, "(root): {}", self.message)
        } else {
            write!(f, "{}: {}", self.pointer, self.message)
        }
    }
}

/// A schema that cannot be honoured, with every problem found in it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// A lower bound above its upper bound (`minimum` > `maximum`, `minLength` >
    /// `maxLength`, ...): no value is accepted.
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
        }
    }
}

/// A probable mistake in an accepted schema.
#[derive(Clone, Debug, PartialEq, Eq)]
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
