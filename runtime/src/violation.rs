//! The facts a validator reports: one [`Violation`] per problem, collected in a
//! [`Report`]. Words are written by [`crate::format`], never here.

use crate::json::{JsonType, TypeSet};
use serde_json::{Number, Value};
use std::borrow::Cow;
use std::fmt;

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
                Segment::Key(k) => {
                    for c in k.chars() {
                        match c {
                            '~' => out.push_str("~0"),
                            '/' => out.push_str("~1"),
                            c => out.push(c),
                        }
                    }
                }
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
                    out.push_str(k);
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
    // Only ASCII digits were written.
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Segment::Key(k) if i == 0 => f.write_str(k)?,
                Segment::Key(k) => write!(f, ".{k}")?,
                Segment::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
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
    /// The value is not one of the `enum` values.
    Enum {
        allowed: Vec<Value>,
        received: Value,
    },
    /// The value is not the `const` value.
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
    /// A string that does not match `pattern`.
    Pattern { pattern: String, received: String },
    /// A string that is not valid for its `format`.
    Format { format: String, received: String },
    /// An array with fewer than `minItems` elements.
    MinItems { limit: u64, count: u64 },
    /// An array with more than `maxItems` elements.
    MaxItems { limit: u64, count: u64 },
    /// An array whose elements `first` and `second` are equal under `uniqueItems`.
    UniqueItems { first: usize, second: usize },
    /// An object with fewer than `minProperties` properties.
    MinProperties { limit: u64, count: u64 },
    /// An object with more than `maxProperties` properties.
    MaxProperties { limit: u64, count: u64 },
    /// A property name that breaks `propertyNames`; `problem` says how (a kind
    /// about the name as a string value).
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
    /// The call names a tool that does not exist.
    UnknownTool { name: String, known: Vec<String> },
    /// An object or array nested more than `limit` levels
    /// ([`Options::max_depth`](crate::Options::max_depth)); the path names the
    /// first container past the limit. Reported alone: nothing else of the call
    /// is checked.
    TooDeep { limit: usize },
}

impl Kind {
    /// A stable identifier for the kind: `missing`, `unexpected`, `type`, `enum`,
    /// `const`, `below-minimum`, `above-maximum`, `exclusive-minimum`,
    /// `exclusive-maximum`, `multiple-of`, `min-length`, `max-length`, `pattern`,
    /// `format`, `min-items`, `max-items`, `unique-items`, `min-properties`,
    /// `max-properties`, `property-name`, `not-allowed`, `not`, `any-of`,
    /// `one-of-none`, `one-of-many`, `unknown-tool`, `too-deep`.
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
            Kind::MinItems { .. } => "min-items",
            Kind::MaxItems { .. } => "max-items",
            Kind::UniqueItems { .. } => "unique-items",
            Kind::MinProperties { .. } => "min-properties",
            Kind::MaxProperties { .. } => "max-properties",
            Kind::PropertyName { .. } => "property-name",
            Kind::NotAllowed => "not-allowed",
            Kind::Not { .. } => "not",
            Kind::AnyOf { .. } => "any-of",
            Kind::OneOfNone { .. } => "one-of-none",
            Kind::OneOfMany { .. } => "one-of-many",
            Kind::UnknownTool { .. } => "unknown-tool",
            Kind::TooDeep { .. } => "too-deep",
        }
    }
}

/// One problem with one value of a call.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    pub kind: Kind,
    pub path: Path,
    pub position: Position,
}

impl fmt::Display for Violation {
    /// The default, model-facing sentence (see [`crate::format::message`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::format::message(self))
    }
}

/// Every violation of one call, in a deterministic order: at each object, missing
/// required properties (in `required` order), then each present property in the
/// call's order with its own violations (type; else enum, const, bounds; then what
/// is nested inside it, depth first).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub violations: Vec<Violation>,
}

impl Report {
    /// No violations: the call may run.
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty()
    }

    /// The violations.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Number of violations.
    pub fn len(&self) -> usize {
        self.violations.len()
    }

    /// Whether there are no violations.
    pub fn is_empty(&self) -> bool {
        self.violations.is_empty()
    }

    /// `Ok(())` when valid, else the report itself.
    pub fn into_result(self) -> Result<(), Report> {
        if self.is_valid() {
            Ok(())
        } else {
            Err(self)
        }
    }

    /// The default messages, one per violation.
    #[inline]
    pub fn messages(&self) -> Vec<String> {
        if self.violations.is_empty() {
            return Vec::new();
        }
        crate::format::Format::Default.render(self)
    }
}

impl fmt::Display for Report {
    /// The default messages joined with `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.violations.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Report {}

/// Where a validator puts what it finds: a list of violations, or (to probe an
/// `anyOf` alternative, a `not`, ...) only whether there was one. Violations are
/// built lazily, so probing a value, valid or not, allocates nothing.
#[doc(hidden)]
pub struct Sink<'a> {
    list: Option<&'a mut Vec<Violation>>,
    failed: bool,
}

impl<'a> Sink<'a> {
    /// A sink that keeps every violation in `list`.
    #[inline]
    pub fn collect(list: &'a mut Vec<Violation>) -> Sink<'a> {
        Sink {
            list: Some(list),
            failed: false,
        }
    }

    /// A sink that only notes whether anything was reported.
    #[inline]
    pub fn probe() -> Sink<'static> {
        Sink {
            list: None,
            failed: false,
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

    /// The out-of-line part of [`Sink::report`]: every call site stays small, so
    /// that validators inline where no violation is found.
    #[cold]
    #[inline(never)]
    fn push(&mut self, kind: Kind, trail: &Trail<'_>, position: Position) {
        if let Some(list) = self.list.as_deref_mut() {
            list.push(Violation {
                kind,
                path: trail.to_path(),
                position,
            });
        }
    }

    /// Records violations already built (collecting) or only the failure (probing).
    pub fn extend(&mut self, violations: Vec<Violation>) {
        if violations.is_empty() {
            return;
        }
        self.failed = true;
        if let Some(list) = self.list.as_deref_mut() {
            list.extend(violations);
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

    /// Moves the violations collected since `from` before those collected from
    /// `mark` to `from` (missing properties, found after the pass over the members,
    /// come first), keeping the order within each run.
    #[inline]
    pub fn move_back(&mut self, mark: usize, from: usize) {
        if let Some(list) = self.list.as_deref_mut() {
            let len = list.len();
            if mark < from && from < len {
                list[mark..].rotate_right(len - from);
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
                TrailSeg::Key(k) => segs.push(Segment::Key(Cow::Owned(k.to_string()))),
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
}
