//! The errors of the text path: arguments that are not JSON ([`TextError`]), and
//! for typed arguments, either that or the call's violations ([`ParseError`]).

use crate::violation::Report;
use std::fmt;

/// The arguments are not JSON: the text is malformed or cut short.
///
/// This is not a [`Kind`](crate::Kind) of violation: a violation is a fact about a
/// value, and there is no value. [`Schema::validate_str`](crate::Schema::validate_str)
/// answers exactly what `serde_json::from_str` followed by
/// [`Schema::validate_with`](crate::Schema::validate_with) answers, and the first
/// step fails here. [`TextError::message`] is a sentence for the model.
///
/// ```
/// # use tool_schema_engine as tool_schema;
/// use tool_schema::{Options, Schema};
///
/// let schema = Schema::parse(&serde_json::json!({"type": "object"})).unwrap();
/// let err = schema.validate_str("{\"city\": \"Paris\"", &Options::default()).unwrap_err();
/// assert_eq!((err.line(), err.column()), (1, 16));
/// assert!(err.is_truncated());
/// assert_eq!(
///     err.message(),
///     "the arguments are not valid JSON: EOF while parsing an object at line 1 column 16"
/// );
/// ```
#[derive(Debug)]
pub struct TextError {
    error: serde_json::Error,
}

impl TextError {
    /// The line (from 1) where the text stops being JSON.
    pub fn line(&self) -> usize {
        self.error.line()
    }

    /// The column (from 1, in bytes) where the text stops being JSON.
    pub fn column(&self) -> usize {
        self.error.column()
    }

    /// Whether the text ends before the value does (a generation cut short), as
    /// opposed to a syntax error inside it.
    pub fn is_truncated(&self) -> bool {
        self.error.is_eof()
    }

    /// A sentence for the model: `the arguments are not valid JSON: <what> at line
    /// L column C`.
    pub fn message(&self) -> String {
        format!("the arguments are not valid JSON: {}", self.error)
    }

    /// serde_json's error.
    pub fn json_error(&self) -> &serde_json::Error {
        &self.error
    }
}

impl From<serde_json::Error> for TextError {
    fn from(error: serde_json::Error) -> TextError {
        TextError { error }
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed JSON arguments: {}", self.error)
    }
}

impl std::error::Error for TextError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why typed arguments could not be read from text ([`parse_str`](crate::parse_str)).
#[derive(Debug)]
#[non_exhaustive]
pub enum ParseError {
    /// The text is JSON, but the call breaks its schema: every violation.
    Invalid(Report),
    /// The text is not JSON.
    Malformed(TextError),
}

impl ParseError {
    /// What to tell the model: one sentence per violation (the default format), or
    /// the one sentence of [`TextError::message`].
    pub fn messages(&self) -> Vec<String> {
        match self {
            ParseError::Invalid(report) => report.messages(),
            ParseError::Malformed(e) => vec![e.message()],
        }
    }

    /// The report, when the text is JSON.
    pub fn report(&self) -> Option<&Report> {
        match self {
            ParseError::Invalid(report) => Some(report),
            ParseError::Malformed(_) => None,
        }
    }
}

impl From<Report> for ParseError {
    fn from(report: Report) -> ParseError {
        ParseError::Invalid(report)
    }
}

impl From<TextError> for ParseError {
    fn from(e: TextError) -> ParseError {
        ParseError::Malformed(e)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Invalid(report) => write!(f, "invalid arguments: {report}"),
            ParseError::Malformed(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseError::Invalid(report) => Some(report),
            ParseError::Malformed(e) => Some(e),
        }
    }
}
