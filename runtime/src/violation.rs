//! The facts a validator reports: one [`Violation`] per problem, collected in a
//! [`Report`]. Words are written by [`crate::render`], never here.

use crate::json::{JsonType, TypeSet};
use serde_json::{Map, Number, Value};
use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

/// Names (path segments, property names) are displayed up to this many
/// characters, then cut with `…`.
pub(crate) const NAME_SHOWN: usize = 60;

/// One step of a path into the arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Segment {
    /// A property name: borrowed when the schema declares it (generated code
    /// names declared properties by `'static` literals), else owned.
    Key(Cow<'static, str>),
    /// An array index.
    Index(usize),
}

/// Where a violation is: the steps from the arguments object to the value.
///
/// Displayed as `filters.tags[2]`; the empty path is the arguments object itself.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Path(pub Vec<Segment>);

impl Path {
    /// The arguments object itself.
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }

    /// The steps.
    pub fn segments(&self) -> &[Segment] {
        &self.0
    }

    /// RFC 6901 JSON pointer: `/filters/tags/2`.
    pub fn to_pointer(&self) -> String {
        let mut out = String::new();
        for seg in &self.0 {
            out.push('/');
            match seg {
                Segment::Key(k) => out.push_str(&crate::json::pointer::escape_token(k)),
                Segment::Index(i) => out.push_str(&i.to_string()),
            }
        }
        out
    }
}

impl Path {
    /// The path as `Display` writes it (`filters.tags[2]`), appended to `out`
    /// without the formatting machinery.
    pub fn write_to(&self, out: &mut String) {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Segment::Key(k) => {
                    if i > 0 {
                        out.push('.');
                    }
                    crate::echo::push_name(out, k, NAME_SHOWN);
                }
                Segment::Index(n) => {
                    out.push('[');
                    push_u64(out, *n as u64);
                    out.push(']');
                }
            }
        }
    }

    /// An estimate of the displayed length, for sizing strings.
    #[doc(hidden)]
    pub fn text_len(&self) -> usize {
        self.0
            .iter()
            .map(|s| match s {
                Segment::Key(k) => k.len() + 1,
                Segment::Index(_) => 4,
            })
            .sum()
    }
}

/// `n` in decimal, appended to `out`.
#[doc(hidden)]
pub fn push_u64(out: &mut String, mut n: u64) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // ASCII digits, appended without checking them again as UTF-8.
    out.extend(buf[i..].iter().map(|&d| char::from(d)));
}

impl fmt::Display for Path {
    /// `filters.tags[2]`; names with control or bidi characters show them escaped
    /// (`\u001b`), and names longer than 60 characters are cut with `…` (see
    /// [`Path::to_pointer`] for the exact names).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

/// Which top-level argument a violation belongs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Position {
    /// Index of the argument among the call's arguments, in the call's order
    /// (`None` for a missing argument or the arguments object itself).
    pub argument: Option<usize>,
    /// Index of the argument among the schema's declared `properties`
    /// (`None` when undeclared, or for the arguments object itself).
    pub declared: Option<usize>,
}

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
    /// shortened copy of the value (see [`received_value`]).
    Enum {
        allowed: Arc<[Value]>,
        received: Value,
    },
    /// The value is not the `const` value (`received`: a shortened copy, see
    /// [`received_value`]).
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
    /// [`received_str`]).
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
    /// innermost value left open (see [`crate::stream`]).
    CutOff { at: u64 },
    /// The text of the arguments is not JSON: `message` says where and why (see
    /// [`crate::stream`]).
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

impl Violation {
    /// The violation `kind` of the value at `path`, found at `position` of the
    /// call's text (or [`Position::default`] when there is none), with the
    /// suggestion `kind`'s own facts give (an allowed value close to the one
    /// received, a known tool close to the unknown one).
    pub fn new(kind: Kind, path: Path, position: Position) -> Violation {
        let suggestion = crate::suggest::of_kind(&kind, &mut crate::suggest::Work::new());
        Violation {
            kind,
            path,
            position,
            suggestion,
        }
    }
}

/// Every violation of one call, in a deterministic order: at each object, missing
/// required properties (in `required` order), then each present property in the
/// call's order with its own violations (type; else enum, const, bounds; then what
/// is nested inside it, depth first).
///
/// A report is bounded: at most [`Options::max_violations`] violations are kept
/// (counting those inside `anyOf`/`oneOf` alternatives), the rest are only
/// counted in [`Report::omitted`], and missing required arguments are kept before
/// the members' violations they come before. Words are cut at
/// [`Options::max_report_bytes`] (see [`crate::render`]).
///
/// [`Options::max_violations`]: crate::Options::max_violations
/// [`Options::max_report_bytes`]: crate::Options::max_report_bytes
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Report {
    /// The violations kept, in report order.
    pub violations: Vec<Violation>,
    /// How many violations were found but not kept (the cap of
    /// [`Options::max_violations`](crate::Options::max_violations) was reached);
    /// `0` when the report is complete.
    pub omitted: usize,
    /// The most bytes the words of this report take
    /// ([`Options::max_report_bytes`](crate::Options::max_report_bytes) of the run).
    pub max_report_bytes: usize,
}

/// The report as [`json_report`](crate::json_report) writes it (`{"violations":
/// [...], "omitted": N}`), so that a report can be logged or stored with serde.
///
/// ```
/// # use tool_schema_runtime as tool_schema;
/// use tool_schema::{json_report, Schema};
///
/// let schema = Schema::parse(&serde_json::json!({
///     "type": "object",
///     "properties": {"qty": {"type": "integer", "minimum": 1}}
/// })).unwrap();
/// let report = schema.validate(&serde_json::json!({"qty": 0}));
/// assert_eq!(serde_json::to_value(&report).unwrap(), json_report(&report));
/// ```
impl serde::Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::render::json_report(self).serialize(serializer)
    }
}

/// The violation as [`json_report`](crate::json_report) writes each entry of
/// `"violations"` (its `kind`, `path`, `pointer`, `argument`, the kind's facts,
/// `suggestion`, `message`), its message within the default
/// [`Options::max_report_bytes`](crate::Options::max_report_bytes).
impl serde::Serialize for Violation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut json = crate::render::json_report(&Report::new(vec![self.clone()]));
        json["violations"][0].take().serialize(serializer)
    }
}

impl Default for Report {
    fn default() -> Report {
        Report {
            violations: Vec::new(),
            omitted: 0,
            max_report_bytes: crate::options::DEFAULT_MAX_REPORT_BYTES,
        }
    }
}

impl Report {
    /// The report of a call naming no tool: one [`Kind::UnknownTool`]
    /// violation listing the `known` tools, written within `options`'
    /// [`max_report_bytes`](crate::Options::max_report_bytes).
    pub fn unknown_tool(name: &str, known: Vec<String>, options: &crate::Options) -> Report {
        let kind = Kind::UnknownTool {
            name: name.to_owned(),
            known,
        };
        let mut report = Report::new(vec![Violation::new(
            kind,
            Path::default(),
            Position::default(),
        )]);
        report.max_report_bytes = options.max_report_bytes;
        report
    }

    /// A complete report of `violations` (nothing omitted), with the default
    /// rendering limit.
    pub fn new(violations: Vec<Violation>) -> Report {
        Report {
            violations,
            ..Report::default()
        }
    }

    /// The report of one run: what a [`Sink`] collected within `budget`, with
    /// `options`' limits.
    #[doc(hidden)]
    pub fn collected(
        mut violations: Vec<Violation>,
        budget: &Budget,
        options: &crate::Options,
    ) -> Report {
        let mut omitted = budget.omitted.get();
        // Only a cap of 0 (or a violation recorded outside the sink) gets here.
        if violations.len() > options.max_violations {
            omitted += violations.len() - options.max_violations;
            violations.truncate(options.max_violations);
        }
        Report {
            violations,
            omitted,
            max_report_bytes: options.max_report_bytes,
        }
    }

    /// The report of a valid call validated with `options`: nothing kept or
    /// omitted, `options`' rendering limit.
    #[inline]
    pub fn valid_for(options: &crate::Options) -> Report {
        Report {
            violations: Vec::new(),
            omitted: 0,
            max_report_bytes: options.max_report_bytes,
        }
    }

    /// No violations: the call may run.
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty() && self.omitted == 0
    }

    /// The violations.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Number of violations kept (see [`Report::omitted`] for the others).
    pub fn len(&self) -> usize {
        self.violations.len()
    }

    /// Whether there are no violations, kept or omitted.
    pub fn is_empty(&self) -> bool {
        self.is_valid()
    }

    /// `Ok(())` when valid, else the report itself.
    pub fn into_result(self) -> Result<(), Report> {
        if self.is_valid() {
            Ok(())
        } else {
            Err(self)
        }
    }

    /// Puts the violations of repeated properties (the text path's
    /// [`Kind::Duplicate`]) after the missing arguments that open the report,
    /// within the report's cap.
    #[doc(hidden)]
    pub fn add_duplicates(
        &mut self,
        duplicates: Vec<Violation>,
        more: usize,
        options: &crate::Options,
    ) {
        self.omitted += more;
        if duplicates.is_empty() {
            return;
        }
        let at = self
            .violations
            .iter()
            .take_while(|v| v.kind == Kind::Missing && v.path.0.len() == 1)
            .count();
        self.violations.splice(at..at, duplicates);
        let cap = options.max_violations;
        if self.violations.len() > cap {
            self.omitted += self.violations.len() - cap;
            self.violations.truncate(cap);
        }
    }
}

impl std::error::Error for Report {}

/// How many more violations one run may keep, shared by the sinks of the run
/// (nested ones collect `anyOf`/`oneOf` alternatives), and how many it dropped.
/// Every violation held in a list costs 1 (plus what it holds nested).
#[doc(hidden)]
#[derive(Debug)]
pub struct Budget {
    left: Cell<usize>,
    /// Missing properties kept beyond the cap, until `move_back` puts them before
    /// the violations they displace.
    over: Cell<usize>,
    omitted: Cell<usize>,
    /// What the run's suggestions may still compute (see [`crate::suggest::Work`]).
    work: Cell<usize>,
}

impl Budget {
    /// A budget of `max` violations.
    pub fn new(max: usize) -> Budget {
        Budget {
            left: Cell::new(max),
            over: Cell::new(0),
            omitted: Cell::new(0),
            work: Cell::new(crate::suggest::WORK_CELLS),
        }
    }

    /// How many violations were dropped.
    pub fn omitted(&self) -> usize {
        self.omitted.get()
    }

    fn charge(&self, weight: usize) -> bool {
        let left = self.left.get();
        if left >= weight {
            self.left.set(left - weight);
            true
        } else {
            false
        }
    }

    fn release(&self, weight: usize) {
        self.left.set(self.left.get() + weight);
    }
}

/// What a violation costs in a [`Budget`]: itself and the violations it holds.
fn weight(kind: &Kind) -> usize {
    1 + nested(kind)
}

fn nested(kind: &Kind) -> usize {
    match kind {
        Kind::AnyOf { alternatives } | Kind::OneOfNone { alternatives } => alternatives
            .iter()
            .flat_map(|vs| vs.iter())
            .map(|v| weight(&v.kind))
            .sum(),
        Kind::PropertyName { problem, .. } | Kind::Conditional { problem, .. } => nested(problem),
        _ => 0,
    }
}

/// Where a validator puts what it finds: a list of violations, or (to probe an
/// `anyOf` alternative, a `not`, ...) only whether there was one. Violations are
/// built lazily, so probing a value, valid or not, allocates nothing.
#[doc(hidden)]
pub struct Sink<'a> {
    list: Option<&'a mut Vec<Violation>>,
    failed: bool,
    budget: Option<&'a Budget>,
}

impl<'a> Sink<'a> {
    /// A sink that keeps every violation in `list`.
    #[inline]
    pub fn collect(list: &'a mut Vec<Violation>) -> Sink<'a> {
        Sink {
            list: Some(list),
            failed: false,
            budget: None,
        }
    }

    /// A sink that keeps violations in `list` while `budget` lasts, and counts
    /// the others.
    #[inline]
    pub fn collect_within(list: &'a mut Vec<Violation>, budget: &'a Budget) -> Sink<'a> {
        Sink {
            list: Some(list),
            failed: false,
            budget: Some(budget),
        }
    }

    /// [`Sink::collect_within`] for a value the boolean walk already refused:
    /// [`Sink::knows_refused`] says so from the start, and the generated walk
    /// goes straight to reporting.
    #[inline]
    pub fn collect_refused(list: &'a mut Vec<Violation>, budget: &'a Budget) -> Sink<'a> {
        Sink {
            list: Some(list),
            failed: true,
            budget: Some(budget),
        }
    }

    /// Whether this sink collects and has failed (something was reported, or it
    /// was made by [`Sink::collect_refused`]): asking the boolean walk before
    /// reporting would then gain nothing (the reporting walk finds nothing in a
    /// valid value either way).
    #[inline]
    pub fn knows_refused(&self) -> bool {
        self.failed && self.list.is_some()
    }

    /// A sink collecting into `list` within this sink's budget (for the
    /// violations of an alternative, which end up in this sink's report).
    #[inline]
    pub fn nested<'b>(&self, list: &'b mut Vec<Violation>) -> Sink<'b>
    where
        'a: 'b,
    {
        Sink {
            list: Some(list),
            failed: false,
            budget: self.budget,
        }
    }

    /// Gives back the budget of violations collected by [`Sink::nested`] sinks
    /// that are dropped or rewrapped (the caller records what it keeps anew).
    pub fn release(&self, violations: &[Violation]) {
        if let Some(b) = self.budget {
            b.release(violations.iter().map(|v| weight(&v.kind)).sum());
        }
    }

    /// [`Sink::release`] for each list.
    pub fn release_all(&self, lists: &[Vec<Violation>]) {
        for l in lists {
            self.release(l);
        }
    }

    /// A sink that only notes whether anything was reported.
    #[inline]
    pub fn probe() -> Sink<'static> {
        Sink {
            list: None,
            failed: false,
            budget: None,
        }
    }

    /// Records a violation; `kind` is built only when collecting.
    #[inline]
    pub fn report(&mut self, kind: impl FnOnce() -> Kind, trail: &Trail<'_>, position: Position) {
        self.failed = true;
        if self.list.is_some() {
            self.push(kind(), trail, position);
        }
    }

    /// Whether a violation of `kind` may be kept (charging the budget with its
    /// weight, the violations it holds included: what a nested sink collected
    /// for it was given back with [`Sink::release`]); counts it as omitted when
    /// not. A missing property is always kept: `move_back` then drops what it
    /// displaces.
    fn admit(&self, kind: &Kind) -> bool {
        let Some(b) = self.budget else { return true };
        if b.charge(weight(kind)) {
            return true;
        }
        if *kind == Kind::Missing {
            b.over.set(b.over.get() + 1);
            return true;
        }
        b.omitted.set(b.omitted.get() + 1);
        false
    }

    /// The out-of-line part of [`Sink::report`]: every call site stays small, so
    /// that validators inline where no violation is found.
    #[cold]
    #[inline(never)]
    fn push(&mut self, kind: Kind, trail: &Trail<'_>, position: Position) {
        if !self.admit(&kind) {
            return;
        }
        let mut work = self.work();
        let suggestion = crate::suggest::of_kind(&kind, &mut work);
        self.keep_work(work);
        if let Some(list) = self.list.as_deref_mut() {
            // The path made before `kind` is moved: `kind` is then copied
            // once less on the way into the list.
            let path = trail.to_path();
            make_room(list);
            list.push(Violation {
                kind,
                path,
                position,
                suggestion,
            });
        }
    }

    /// Records violations already built (collecting) or only the failure (probing).
    pub fn extend(&mut self, violations: Vec<Violation>) {
        if violations.is_empty() {
            return;
        }
        self.failed = true;
        if self.list.is_none() {
            return;
        }
        for v in violations {
            if self.admit(&v.kind) {
                if let Some(list) = self.list.as_deref_mut() {
                    list.push(v);
                }
            }
        }
    }

    /// After the boolean walk refused a value: whether the reporting walk must
    /// run on it. A probe notes the failure and answers no (walking the value
    /// again would only find the same answer, and in generated code, where each
    /// level asks the boolean walk first, double the work at every level of a
    /// recursive schema); a collecting sink answers yes.
    #[inline]
    pub fn must_report(&mut self) -> bool {
        if self.list.is_none() {
            self.failed = true;
            return false;
        }
        true
    }

    /// Notes a failure without a violation (for probes).
    #[inline]
    pub fn fail(&mut self) {
        self.failed = true;
    }

    /// Whether anything was reported.
    #[inline]
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// Whether this sink only probes.
    #[inline]
    pub fn is_probe(&self) -> bool {
        self.list.is_none()
    }

    /// How many violations are collected so far (0 when probing).
    #[inline]
    pub fn mark(&self) -> usize {
        self.list.as_deref().map_or(0, Vec::len)
    }

    /// What the run's suggestions may still compute: taken from the run's budget
    /// (a whole budget without one), given back with [`Sink::keep_work`].
    pub fn work(&self) -> crate::suggest::Work {
        match self.budget {
            Some(b) => crate::suggest::Work::with(b.work.get()),
            None => crate::suggest::Work::new(),
        }
    }

    /// Gives back what is left of the work [`Sink::work`] took.
    pub fn keep_work(&self, work: crate::suggest::Work) {
        if let Some(b) = self.budget {
            b.work.set(work.left());
        }
    }

    /// The violations collected since `mark` (none when probing), for a pass
    /// that adds facts to them (see
    /// [`keywords::object::suggest_names`](crate::keywords::object::suggest_names)).
    #[inline]
    pub fn since(&mut self, mark: usize) -> &mut [Violation] {
        match self.list.as_deref_mut() {
            Some(list) if mark < list.len() => &mut list[mark..],
            _ => &mut [],
        }
    }

    /// Whether missing properties may be recorded before the members they come
    /// before ([`Sink::missing`] with `first`): no missing property kept beyond
    /// the cap is waiting to displace what follows it (always so without a
    /// budget). When one is, its displacement could reach those recorded first,
    /// so the members go first and the missing ones are moved before them
    /// ([`Sink::move_back`]), as they always were.
    #[inline]
    pub fn settled(&self) -> bool {
        self.budget.is_none_or(|b| b.over.get() == 0)
    }

    /// Records the required property at `trail` as missing: `first`, before the
    /// members' violations (charged to the budget only by
    /// [`Sink::charge_missing`] after them, so that the cap keeps what it kept
    /// when they were found last); otherwise as [`Sink::report`] does.
    #[inline]
    pub fn missing(&mut self, first: bool, trail: &Trail<'_>, position: Position) {
        if first {
            self.missing_first(trail, position);
        } else {
            self.report(|| Kind::Missing, trail, position);
        }
    }

    /// The out-of-line part of [`Sink::missing`] with `first`.
    #[cold]
    #[inline(never)]
    fn missing_first(&mut self, trail: &Trail<'_>, position: Position) {
        self.failed = true;
        if let Some(list) = self.list.as_deref_mut() {
            let path = trail.to_path();
            make_room(list);
            list.push(Violation {
                kind: Kind::Missing,
                path,
                position,
                suggestion: None,
            });
        }
    }

    /// Charges the `count` missing properties [`Sink::missing`] recorded first,
    /// once the members were walked: what admitting each then did (a missing
    /// property is always kept), and what [`Sink::move_back`] then did (those
    /// kept beyond the cap displace the last violations of the list). The list
    /// is the one `move_back` left, so the same ones are displaced.
    pub fn charge_missing(&mut self, count: usize) {
        let Some(b) = self.budget else { return };
        if count == 0 {
            return;
        }
        for _ in 0..count {
            if !b.charge(1) {
                b.over.set(b.over.get() + 1);
            }
        }
        if b.over.get() > 0 {
            if let Some(list) = self.list.as_deref_mut() {
                displace(list, b);
            }
        }
    }

    /// Moves the violations collected since `from` before those collected from
    /// `mark` to `from` (missing properties, found after the pass over the members,
    /// come first), keeping the order within each run. Missing properties kept
    /// beyond the cap then displace the last violations of the list (those that
    /// come after them), which are counted as omitted.
    #[inline]
    pub fn move_back(&mut self, mark: usize, from: usize) {
        if let Some(list) = self.list.as_deref_mut() {
            let len = list.len();
            if mark < from && from < len {
                move_tail_to(list, mark, from);
            }
            if let Some(b) = self.budget {
                if b.over.get() > 0 {
                    displace(list, b);
                }
            }
        }
    }
}

/// Moves `list[from..]` to `mark` (before `list[mark..from]`), keeping the order
/// within each part. A few violations (the common case: a missing property or
/// two) are moved one by one, each by one shift of the others: cheaper than a
/// rotation, which moves large elements piecewise.
fn move_tail_to(list: &mut Vec<Violation>, mark: usize, from: usize) {
    const FEW: usize = 4;
    let moved = list.len() - from;
    if moved > FEW {
        list[mark..].rotate_right(moved);
        return;
    }
    // The last one first: each goes before those moved after it.
    for _ in 0..moved {
        if let Some(v) = list.pop() {
            list.insert(mark, v);
        }
    }
}

/// How many violations a list first has room for: most refused calls have a
/// few, and room for three (some 800 bytes) stays within the sizes allocators
/// serve fastest (glibc's per-thread cache takes up to 1 KiB; the four a `Vec`
/// would first make room for take more).
const FIRST_ROOM: usize = 3;

/// Gives a list of violations not yet allocated room for [`FIRST_ROOM`], made
/// at that size (not grown to it).
#[inline(always)]
fn make_room(list: &mut Vec<Violation>) {
    if list.capacity() == 0 {
        *list = Vec::with_capacity(FIRST_ROOM);
    }
}

/// Drops violations from the end of `list` until the missing properties kept
/// beyond the cap are paid for.
#[cold]
fn displace(list: &mut Vec<Violation>, budget: &Budget) {
    while budget.over.get() > 0 {
        let Some(last) = list.pop() else {
            budget.over.set(0);
            break;
        };
        budget.omitted.set(budget.omitted.get() + 1);
        let w = weight(&last.kind);
        let over = budget.over.get();
        if w >= over {
            budget.over.set(0);
            budget.release(w - over);
        } else {
            budget.over.set(over - w);
        }
    }
}

/// The longest name (in bytes) a [`Path`] keeps of a name the call sent; longer
/// ones are cut (on a character boundary) and end with `…`.
pub const KEPT_NAME_BYTES: usize = 256;

/// The most bytes of strings (and string-like parts) a received value keeps.
pub const KEPT_VALUE_BYTES: usize = 1024;

/// The deepest a received value is kept; deeper arrays and objects become `"…"`.
/// Above 60, so that the quoted text of a message (60 characters) is the same as
/// for the whole value.
pub const KEPT_VALUE_DEPTH: usize = 64;

/// A copy of `s` of at most `max` bytes (cut on a character boundary, ending with
/// `…` when cut).
fn cut(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = String::with_capacity(end + 3);
    out.push_str(&s[..end]);
    out.push('…');
    out
}

/// The copy of a received string a violation keeps: the first
/// [`KEPT_VALUE_BYTES`] bytes, then `…`.
#[doc(hidden)]
pub fn received_str(s: &str) -> String {
    cut(s, KEPT_VALUE_BYTES)
}

/// One container of [`received_value`] being copied.
enum Copying<'v> {
    Array(Vec<Value>, std::slice::Iter<'v, Value>),
    Object(Map<String, Value>, serde_json::map::Iter<'v>, String),
}

/// The copy of a received value a violation keeps: strings, names and elements up
/// to [`KEPT_VALUE_BYTES`] in all, nesting up to [`KEPT_VALUE_DEPTH`]; what is
/// left out is marked `"…"` (a cut string ends with `…`, a cut array with a `"…"`
/// element, a cut object with a `"…": "…"` member, a container too deep is
/// `"…"`). Built without recursion, so a value of any depth is copied in bounded
/// stack; a value within the bounds is copied whole.
#[doc(hidden)]
pub fn received_value(value: &Value) -> Value {
    value_within(value, KEPT_VALUE_BYTES)
}

/// [`received_value`] keeping up to `max` bytes of strings and string-like parts
/// instead of [`KEPT_VALUE_BYTES`].
pub(crate) fn value_within(value: &Value, max: usize) -> Value {
    const MARK: &str = "…";
    let mut left = max;
    let mut stack: Vec<Copying<'_>> = Vec::new();
    let mut next = Some(value);
    loop {
        // The value copied, when one is complete.
        let mut done: Option<Value> = None;
        if let Some(v) = next.take() {
            match v {
                Value::Array(items) if stack.len() < KEPT_VALUE_DEPTH => {
                    left = left.saturating_sub(1);
                    stack.push(Copying::Array(Vec::new(), items.iter()));
                }
                Value::Object(map) if stack.len() < KEPT_VALUE_DEPTH => {
                    left = left.saturating_sub(1);
                    stack.push(Copying::Object(Map::new(), map.iter(), String::new()));
                }
                Value::Array(_) | Value::Object(_) => done = Some(Value::String(MARK.into())),
                Value::String(s) => {
                    let kept = cut(s, left);
                    left = left.saturating_sub(kept.len());
                    done = Some(Value::String(kept));
                }
                scalar => {
                    left = left.saturating_sub(8);
                    done = Some(scalar.clone());
                }
            }
        } else {
            // The next member of the innermost container, or the container itself.
            let Some(top) = stack.last_mut() else {
                return Value::Null;
            };
            let exhausted = left == 0;
            match top {
                Copying::Array(out, it) => match it.next() {
                    Some(_) if exhausted => {
                        out.push(Value::String(MARK.into()));
                        let Some(Copying::Array(out, _)) = stack.pop() else {
                            unreachable!()
                        };
                        done = Some(Value::Array(out));
                    }
                    Some(v) => next = Some(v),
                    None => {
                        let Some(Copying::Array(out, _)) = stack.pop() else {
                            unreachable!()
                        };
                        done = Some(Value::Array(out));
                    }
                },
                Copying::Object(out, it, key) => match it.next() {
                    Some(_) if exhausted => {
                        out.insert(MARK.into(), Value::String(MARK.into()));
                        let Some(Copying::Object(out, _, _)) = stack.pop() else {
                            unreachable!()
                        };
                        done = Some(Value::Object(out));
                    }
                    Some((k, v)) => {
                        let kept = cut(k, left.max(1));
                        left = left.saturating_sub(kept.len());
                        *key = kept;
                        next = Some(v);
                    }
                    None => {
                        let Some(Copying::Object(out, _, _)) = stack.pop() else {
                            unreachable!()
                        };
                        done = Some(Value::Object(out));
                    }
                },
            }
        }
        let Some(v) = done else { continue };
        match stack.last_mut() {
            None => return v,
            Some(Copying::Array(out, _)) => out.push(v),
            Some(Copying::Object(out, _, key)) => {
                out.insert(std::mem::take(key), v);
            }
        }
    }
}

/// A path under construction on the call stack: borrowed segments linked to their
/// parent, so that walking valid input allocates nothing. Turned into a [`Path`]
/// only when a violation is recorded.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Trail<'a> {
    parent: Option<&'a Trail<'a>>,
    seg: TrailSeg<'a>,
    depth: usize,
}

#[derive(Clone, Copy)]
enum TrailSeg<'a> {
    Root,
    Key(&'a str),
    Name(&'static str),
    Index(usize),
}

impl<'a> Trail<'a> {
    /// The arguments object.
    pub const ROOT: Trail<'static> = Trail {
        parent: None,
        seg: TrailSeg::Root,
        depth: 0,
    };

    /// The property `key` of the value at `self`.
    #[inline]
    pub fn key(&'a self, key: &'a str) -> Trail<'a> {
        Trail {
            parent: Some(self),
            seg: TrailSeg::Key(key),
            depth: self.depth + 1,
        }
    }

    /// The property `name` of the value at `self`, a name the schema declares:
    /// kept borrowed in the [`Path`] of a violation (no allocation).
    #[inline]
    pub fn name(&'a self, name: &'static str) -> Trail<'a> {
        Trail {
            parent: Some(self),
            seg: TrailSeg::Name(name),
            depth: self.depth + 1,
        }
    }

    /// Element `index` of the array at `self`.
    #[inline]
    pub fn index(&'a self, index: usize) -> Trail<'a> {
        Trail {
            parent: Some(self),
            seg: TrailSeg::Index(index),
            depth: self.depth + 1,
        }
    }

    /// How many steps the path has (0 at the arguments object).
    #[inline]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Whether this is the arguments object itself.
    #[inline]
    pub fn is_root(&self) -> bool {
        self.depth == 0
    }

    /// The owned path.
    pub fn to_path(&self) -> Path {
        let mut segs = Vec::with_capacity(self.depth);
        let mut cur = Some(self);
        while let Some(t) = cur {
            match t.seg {
                TrailSeg::Root => {}
                TrailSeg::Key(k) => segs.push(Segment::Key(Cow::Owned(cut(k, KEPT_NAME_BYTES)))),
                TrailSeg::Name(k) => segs.push(Segment::Key(Cow::Borrowed(k))),
                TrailSeg::Index(i) => segs.push(Segment::Index(i)),
            }
            cur = t.parent;
        }
        segs.reverse();
        Path(segs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_display_and_point() {
        let root = Trail::ROOT;
        let a = root.key("filters");
        let b = a.key("tags");
        let c = b.index(2);
        let p = c.to_path();
        assert_eq!(p.to_string(), "filters.tags[2]");
        assert_eq!(p.to_pointer(), "/filters/tags/2");
        assert!(Trail::ROOT.to_path().is_root());
        let odd = root.key("a/b~c");
        assert_eq!(odd.to_path().to_pointer(), "/a~1b~0c");
        assert_eq!(odd.to_path().to_string(), "a/b~c");
    }

    #[test]
    fn moving_the_tail_is_a_rotation() {
        let at = |i: usize| {
            Violation::new(
                Kind::TooDeep { limit: i },
                Path::default(),
                Position::default(),
            )
        };
        for len in 0..12 {
            for mark in 0..=len {
                for from in mark..=len {
                    let mut moved: Vec<Violation> = (0..len).map(at).collect();
                    let mut rotated = moved.clone();
                    move_tail_to(&mut moved, mark, from);
                    rotated[mark..].rotate_right(len - from);
                    assert_eq!(moved, rotated, "len {len}, mark {mark}, from {from}");
                }
            }
        }
    }
}
