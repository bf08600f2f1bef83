//! What a violation is: its kind with the facts of the broken keyword, the
//! condition it was found under, the count bounds, and the suggestion of a fix.

use super::path::{Path, Position};
use crate::json::{JsonType, TypeSet};
use serde_json::{Number, Value};
use std::borrow::Cow;
use std::sync::Arc;

/// What is wrong, with the facts a message needs.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Kind {
    /// A `required` property is absent. The path names the absent property.
    Missing,
    /// A property that the schema does not declare (or forbids) is present.
    Unexpected,
    /// The value's type is not one of the declared types.
    Type {
        expected: TypeSet,
        received: JsonType,
    },
    /// The value is not one of the `enum` values. `allowed` is the schema's list,
    /// shared (not copied) by every violation that names it; `received` is a
    /// shortened copy of the value (see [`received_value`](crate::violation::received_value)).
    Enum {
        allowed: Arc<[Value]>,
        received: Value,
    },
    /// The value is not the `const` value (`received`: a shortened copy, see
    /// [`received_value`](crate::violation::received_value)).
    Const { expected: Value, received: Value },
    /// A number below `minimum`.
    BelowMinimum { limit: Number, received: Number },
    /// A number above `maximum`.
    AboveMaximum { limit: Number, received: Number },
    /// A number not above `exclusiveMinimum`.
    ExclusiveMinimum { limit: Number, received: Number },
    /// A number not below `exclusiveMaximum`.
    ExclusiveMaximum { limit: Number, received: Number },
    /// A number that is not a multiple of `multipleOf`.
    MultipleOf { divisor: Number, received: Number },
    /// A string shorter than `minLength` (in Unicode code points).
    MinLength { limit: u64, length: u64 },
    /// A string longer than `maxLength` (in Unicode code points).
    MaxLength { limit: u64, length: u64 },
    /// A string that does not match `pattern` (the schema's source, shared by
    /// every violation that names it; `received`: a shortened copy, see
    /// [`received_str`](crate::violation::received_str)).
    Pattern { pattern: Arc<str>, received: String },
    /// A string that is not valid for its `format` (`received`: a shortened copy).
    Format { format: String, received: String },
    /// A number outside the range of its numeric `format` (`uint8`: 0 to 255;
    /// `float`: within `f32`'s range): `limit` is the end it lies beyond, the
    /// lower one when `at_least`.
    FormatRange {
        format: String,
        at_least: bool,
        limit: Number,
        received: Number,
    },
    /// An array with fewer than `minItems` elements.
    MinItems { limit: u64, count: u64 },
    /// An array with more than `maxItems` elements.
    MaxItems { limit: u64, count: u64 },
    /// An array whose elements `first` and `second` are equal under `uniqueItems`.
    UniqueItems { first: usize, second: usize },
    /// An array with too few elements matching `contains` (fewer than
    /// `minContains`, 1 by default: `at_least`) or too many (more than
    /// `maxContains`): `schema` is the `contains` subschema, `count` the number of
    /// matching elements.
    Contains {
        schema: Value,
        at_least: bool,
        limit: u64,
        count: u64,
    },
    /// An object with fewer than `minProperties` properties.
    MinProperties { limit: u64, count: u64 },
    /// An object with more than `maxProperties` properties.
    MaxProperties { limit: u64, count: u64 },
    /// A property name that breaks `propertyNames`; `problem` says how (a kind
    /// about the name as a string value). `name` is a shortened copy.
    PropertyName { name: String, problem: Box<Kind> },
    /// The schema is `false`: no value is allowed here.
    NotAllowed,
    /// The value matches the `not` schema.
    Not { schema: Value },
    /// The value matches none of the `anyOf` alternatives; each alternative's
    /// violations are kept. (A mismatch that reads simply, such as `string or
    /// null`, is reported as a [`Kind::Type`] instead.)
    AnyOf { alternatives: Vec<Vec<Violation>> },
    /// The value matches none of the `oneOf` alternatives.
    OneOfNone { alternatives: Vec<Vec<Violation>> },
    /// The value matches several `oneOf` alternatives (their indices).
    OneOfMany { matched: Vec<usize> },
    /// A violation of a subschema that applied only under a condition (`then`,
    /// `else`, `dependentSchemas`) or of a name needed only under one
    /// (`dependentRequired`: `problem` is [`Kind::Missing`]); `condition` says
    /// which held. The path and position are the problem's own.
    Conditional {
        condition: Condition,
        problem: Box<Kind>,
    },
    /// The call names a tool that does not exist.
    UnknownTool { name: String, known: Vec<String> },
    /// A property is given more than once in the arguments' JSON text (found on
    /// the text path only: a `serde_json::Value` keeps one of them). The path
    /// names the repeated property.
    Duplicate,
    /// A property given under two of its names at once (its name and an alias,
    /// or two aliases: `x-tool-schema-aliases`, serde's `alias`): the path names
    /// the later name, `other` the first one the call gave.
    SameArgument { other: String },
    /// An object or array nested more than `limit` levels
    /// ([`Options::max_depth`](crate::Options::max_depth)); the path names the
    /// first container past the limit. Reported alone: nothing else of the call
    /// is checked.
    TooDeep { limit: usize },
    /// A problem found by the tool's own check on the typed arguments, after
    /// the schema's checks passed (see [`crate::custom`]): `code` names it for
    /// programs (`end-before-start`), `message` says what is wrong after the
    /// argument's name (`should be after 'start'`).
    Custom {
        code: Cow<'static, str>,
        message: String,
    },
    /// The text of the arguments ended inside a value (a generation cut short,
    /// as at `max_tokens`): `at` is its length in bytes, the path names the
    /// innermost value left open (see `tool_schema_engine::stream`).
    CutOff { at: u64 },
    /// The text of the arguments is not JSON: `message` says where and why (see
    /// `tool_schema_engine::stream`).
    NotJson { message: String },
}

impl Kind {
    /// A stable identifier for the kind: `missing`, `unexpected`, `type`, `enum`,
    /// `const`, `below-minimum`, `above-maximum`, `exclusive-minimum`,
    /// `exclusive-maximum`, `multiple-of`, `min-length`, `max-length`, `pattern`,
    /// `format`, `format-range`, `min-items`, `max-items`, `unique-items`, `contains`,
    /// `min-properties`,
    /// `max-properties`, `property-name`, `not-allowed`, `not`, `any-of`,
    /// `one-of-none`, `one-of-many`, `conditional`, `unknown-tool`, `duplicate`,
    /// `same-argument`,
    /// `too-deep`, `custom` (a tool's own check; its own code is
    /// [`Kind::Custom`]'s `code`), `cut-off`, `not-json`.
    pub fn code(&self) -> &'static str {
        match self {
            Kind::Missing => "missing",
            Kind::Unexpected => "unexpected",
            Kind::Type { .. } => "type",
            Kind::Enum { .. } => "enum",
            Kind::Const { .. } => "const",
            Kind::BelowMinimum { .. } => "below-minimum",
            Kind::AboveMaximum { .. } => "above-maximum",
            Kind::ExclusiveMinimum { .. } => "exclusive-minimum",
            Kind::ExclusiveMaximum { .. } => "exclusive-maximum",
            Kind::MultipleOf { .. } => "multiple-of",
            Kind::MinLength { .. } => "min-length",
            Kind::MaxLength { .. } => "max-length",
            Kind::Pattern { .. } => "pattern",
            Kind::Format { .. } => "format",
            Kind::FormatRange { .. } => "format-range",
            Kind::MinItems { .. } => "min-items",
            Kind::MaxItems { .. } => "max-items",
            Kind::UniqueItems { .. } => "unique-items",
            Kind::Contains { .. } => "contains",
            Kind::MinProperties { .. } => "min-properties",
            Kind::MaxProperties { .. } => "max-properties",
            Kind::PropertyName { .. } => "property-name",
            Kind::NotAllowed => "not-allowed",
            Kind::Not { .. } => "not",
            Kind::AnyOf { .. } => "any-of",
            Kind::OneOfNone { .. } => "one-of-none",
            Kind::OneOfMany { .. } => "one-of-many",
            Kind::Conditional { .. } => "conditional",
            Kind::UnknownTool { .. } => "unknown-tool",
            Kind::Duplicate => "duplicate",
            Kind::SameArgument { .. } => "same-argument",
            Kind::TooDeep { .. } => "too-deep",
            Kind::Custom { .. } => "custom",
            Kind::CutOff { .. } => "cut-off",
            Kind::NotJson { .. } => "not-json",
        }
    }
}

/// Why a subschema (or a required name) applied: the condition of a
/// [`Kind::Conditional`] violation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Condition {
    /// The `if` subschema accepted the value at `at`, so `then` applied.
    IfHeld { at: Path },
    /// The `if` subschema refused the value at `at`, so `else` applied.
    IfFailed { at: Path },
    /// The object has the member at `member`, so its `dependentRequired` names or
    /// its `dependentSchemas` subschema applied.
    Present { member: Path },
}

impl Condition {
    /// A stable identifier: `if-held`, `if-failed`, `present`.
    pub fn code(&self) -> &'static str {
        match self {
            Condition::IfHeld { .. } => "if-held",
            Condition::IfFailed { .. } => "if-failed",
            Condition::Present { .. } => "present",
        }
    }

    /// The path the condition is about: the value `if` was asked about, or the
    /// present member.
    pub fn path(&self) -> &Path {
        match self {
            Condition::IfHeld { at } | Condition::IfFailed { at } => at,
            Condition::Present { member } => member,
        }
    }
}

/// What a count bound counts: the characters of a string, the items of an array,
/// the members of an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Counted {
    /// Unicode code points of a string.
    Characters,
    /// Elements of an array.
    Items,
    /// Members of an object.
    Properties,
}

/// A broken count bound (the length, item and member-count keywords), in one
/// shape for every format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CountBound {
    /// What is counted.
    pub counted: Counted,
    /// A lower bound (the value has too few); otherwise an upper bound.
    pub at_least: bool,
    /// The bound.
    pub limit: u64,
    /// The count the value has.
    pub actual: u64,
}

impl Kind {
    /// The count bound this kind says was broken; `None` for every other kind.
    pub fn count_bound(&self) -> Option<CountBound> {
        let (counted, at_least, limit, actual) = match *self {
            Kind::MinLength { limit, length } => (Counted::Characters, true, limit, length),
            Kind::MaxLength { limit, length } => (Counted::Characters, false, limit, length),
            Kind::MinItems { limit, count } => (Counted::Items, true, limit, count),
            Kind::MaxItems { limit, count } => (Counted::Items, false, limit, count),
            Kind::MinProperties { limit, count } => (Counted::Properties, true, limit, count),
            Kind::MaxProperties { limit, count } => (Counted::Properties, false, limit, count),
            _ => return None,
        };
        Some(CountBound {
            counted,
            at_least,
            limit,
            actual,
        })
    }
}

/// What the call most likely meant, where a problem is close to exactly one
/// answer: a fact of the violation (formats write it in their words, e.g. `(did
/// you mean 'city'?)`). Close: at most a third of the letters differ (case,
/// `_` and `-` aside), and no other answer is as close.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Suggestion {
    /// A name: the declared property an undeclared argument
    /// ([`Kind::Unexpected`]) likely misspells, or the known tool an unknown
    /// tool name ([`Kind::UnknownTool`]) likely misspells.
    Name(String),
    /// The allowed value an `enum` or `const` miss ([`Kind::Enum`],
    /// [`Kind::Const`]) is close to: `"celsius"` for `"Celsius"`.
    Value(Value),
}

impl Suggestion {
    /// The suggestion as JSON: the name as a string, or the value itself.
    pub fn to_json(&self) -> Value {
        match self {
            Suggestion::Name(name) => Value::String(name.clone()),
            Suggestion::Value(value) => value.clone(),
        }
    }
}

/// One problem with one value of a call.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Violation {
    /// What is wrong, with the facts a message needs.
    pub kind: Kind,
    /// Where in the call: the value's path from the arguments object.
    pub path: Path,
    /// Which top-level argument it belongs to.
    pub position: Position,
    /// What the call most likely meant, when the problem is close to exactly one
    /// answer (an undeclared argument close to a declared name, an `enum` or
    /// `const` miss close to one allowed value, an unknown tool close to a known
    /// one); `None` otherwise.
    pub suggestion: Option<Suggestion>,
}
