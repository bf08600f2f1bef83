//! The standard types' validators, on values: each standard type's schema is
//! one of a few shapes (a scalar of one JSON type with its bounds, lengths,
//! `format` or `pattern`; an array of one item type, or of fixed item types; a
//! map of one value type; `anyOf` branches), and each shape is walked here with
//! the same keyword decisions, in the same order and with the same words, as
//! the engine's interpreter walks the type's schema text (the engine's tests
//! compare the two on every standard type, over values and option sets).

use crate::json::{JsonType, TypeSet};
use crate::keywords::applicators::{alternatives, Rule};
use crate::keywords::count::Violated;
use crate::keywords::number::{bound, Bound};
use crate::keywords::object::rejects_undeclared;
use crate::keywords::{array, count, format, string, types};
use crate::model_parts::Additional;
use crate::options::Options;
use crate::pattern::Pattern;
use crate::violation::{received_str, Kind, Position, Sink, Trail};
use serde_json::{Number, Value};

pub(super) use crate::collect::Walk;

/// A numeric bound as the schema text writes it.
#[derive(Clone, Copy)]
pub(super) enum Limit {
    U(u64),
    I(i64),
    F(f64),
}

impl Limit {
    fn number(self) -> Number {
        match self {
            Limit::U(u) => Number::from(u),
            Limit::I(i) => Number::from(i),
            Limit::F(f) => Number::from_f64(f).expect("a standard type's bound is finite"),
        }
    }
}

/// A type's compiled `pattern`, made on first use (see [`pattern_in`]).
pub(super) type PatternOf = fn() -> &'static Pattern;

/// The `pattern` of `schema` (a standard type's schema, parsed), compiled once
/// into `cell`.
///
/// # Panics
///
/// Without tool-schema's `pattern` feature, which compiles patterns (the
/// interpreter refuses such a schema the same way).
#[cfg(any(feature = "chrono", feature = "url"))]
pub(super) fn pattern_in(
    cell: &'static std::sync::OnceLock<Pattern>,
    schema: &Value,
) -> &'static Pattern {
    cell.get_or_init(|| {
        let source = schema.get("pattern").and_then(Value::as_str).unwrap_or_default();
        crate::pattern::compile(source, crate::pattern::MAX_PATTERN_SIZE).unwrap_or_else(|e| {
            panic!("the pattern of a standard type's schema is refused ({e}): it needs tool-schema's `pattern` feature")
        })
    })
}

/// The schema of a standard scalar type: one JSON type and its keywords.
#[derive(Clone, Copy)]
pub(super) struct Scalar {
    pub ty: JsonType,
    pub minimum: Option<Limit>,
    pub maximum: Option<Limit>,
    /// `minLength` and `maxLength` of 1 (a `char`).
    pub one_char: bool,
    pub format: Option<&'static str>,
    pub pattern: Option<PatternOf>,
}

impl Scalar {
    /// A scalar of type `ty` and no other keyword.
    pub const fn of(ty: JsonType) -> Scalar {
        Scalar {
            ty,
            minimum: None,
            maximum: None,
            one_char: false,
            format: None,
            pattern: None,
        }
    }

    /// An integer type's range.
    pub const fn range(self, minimum: Option<Limit>, maximum: Option<Limit>) -> Scalar {
        Scalar {
            minimum,
            maximum,
            ..self
        }
    }
}

/// The type check, first of a node's checks (a mismatch ends them): `ty`, and
/// `null` where `nullable`.
fn typed(
    ty: JsonType,
    nullable: bool,
    value: &Value,
    trail: &Trail<'_>,
    pos: Position,
    options: &Options,
    out: &mut Sink<'_>,
) -> bool {
    types::report(
        TypeSet::single(ty),
        nullable,
        value,
        options,
        trail,
        pos,
        out,
    )
}

/// A scalar type's checks on `value`.
pub(super) fn scalar(
    s: &Scalar,
    nullable: bool,
    value: &Value,
    trail: &Trail<'_>,
    pos: Position,
    options: &Options,
    out: &mut Sink<'_>,
) {
    if !typed(s.ty, nullable, value, trail, pos, options, out) {
        return;
    }
    match value {
        Value::Number(n) => {
            for b in Bound::ALL {
                let limit = match b {
                    Bound::Minimum => s.minimum,
                    Bound::Maximum => s.maximum,
                    _ => None,
                };
                if let Some(kind) = limit.and_then(|l| bound(b, &l.number(), n)) {
                    out.report(|| kind, trail, pos);
                }
            }
        }
        Value::String(text) => {
            if s.one_char {
                let limits = (Some(1), Some(1));
                let words: (Violated, Violated) = (string::too_short, string::too_long);
                count::report(limits, string::length(text), words, (trail, pos), out);
            }
            if let Some(pattern) = s.pattern.map(|of| of()) {
                if !pattern.is_match(text) {
                    let kind = || Kind::Pattern {
                        pattern: pattern.source.clone(),
                        received: received_str(text),
                    };
                    out.report(kind, trail, pos);
                }
            }
            if let Some(name) = s.format.filter(|_| options.formats) {
                if !format::check(name, text) {
                    let kind = || Kind::Format {
                        format: name.to_string(),
                        received: received_str(text),
                    };
                    out.report(kind, trail, pos);
                }
            }
        }
        _ => {}
    }
}

/// The items of an array type: one schema for every item, or one per place
/// (`prefixItems`, the others refused: `items: false`).
#[derive(Clone, Copy)]
pub(super) enum Items<'a> {
    Each(Walk),
    Fixed(&'a [Walk]),
}

/// The schema of a standard array type.
#[derive(Clone, Copy)]
pub(super) struct ArrayOf<'a> {
    pub items: Items<'a>,
    pub min_items: Option<u64>,
    pub max_items: Option<u64>,
    pub unique: bool,
}

/// An array type's checks on `value`: the type, the counts, `uniqueItems`, then
/// each item in order.
pub(super) fn array_of(
    a: &ArrayOf<'_>,
    nullable: bool,
    value: &Value,
    trail: &Trail<'_>,
    pos: Position,
    options: &Options,
    out: &mut Sink<'_>,
) {
    if !typed(JsonType::Array, nullable, value, trail, pos, options, out) {
        return;
    }
    let Value::Array(items) = value else {
        return;
    };
    let limits = (a.min_items, a.max_items);
    let words: (Violated, Violated) = (array::too_few, array::too_many);
    count::report(limits, items.len() as u64, words, (trail, pos), out);
    if a.unique {
        if let Some(kind) = array::unique(items) {
            out.report(|| kind, trail, pos);
        }
    }
    for (i, item) in items.iter().enumerate() {
        let at = trail.index(i);
        match a.items {
            Items::Each(walk) => walk(item, &at, pos, options, out),
            Items::Fixed(walks) => match walks.get(i) {
                Some(walk) => walk(item, &at, pos, options, out),
                None => out.report(|| Kind::NotAllowed, &at, pos),
            },
        }
    }
}

/// A map type's checks on `value` (`additionalProperties` of the values' type):
/// the type, then each member's value, placed as an argument at the root.
pub(super) fn map_of(
    values: Walk,
    nullable: bool,
    value: &Value,
    trail: &Trail<'_>,
    pos: Position,
    options: &Options,
    out: &mut Sink<'_>,
) {
    if !typed(JsonType::Object, nullable, value, trail, pos, options, out) {
        return;
    }
    let Value::Object(map) = value else {
        return;
    };
    let root = trail.is_root();
    for (i, (key, member)) in map.iter().enumerate() {
        let at = Position::at(root, Some(i), None, pos);
        values(member, &trail.key(key), at, options, out);
    }
}

/// `anyOf` of `branches`, then `{"type": "null"}` where `nullable`.
pub(super) fn any_of(
    branches: &[Walk],
    nullable: bool,
    value: &Value,
    trail: &Trail<'_>,
    pos: Position,
    options: &Options,
    out: &mut Sink<'_>,
) {
    let n = branches.len() + usize::from(nullable);
    let run = |i: usize, sink: &mut Sink<'_>| match branches.get(i) {
        Some(walk) => walk(value, trail, pos, options, sink),
        None => null(value, trail, pos, options, sink),
    };
    alternatives(Rule::AnyOf, n, run, trail, pos, out);
}

/// `{"type": "null"}`.
pub(super) fn null(
    value: &Value,
    trail: &Trail<'_>,
    pos: Position,
    options: &Options,
    out: &mut Sink<'_>,
) {
    typed(JsonType::Null, false, value, trail, pos, options, out);
}

/// A schema without `type` or declared names (`Value`'s `{}`, `IpAddr`'s
/// `anyOf` of strings) on `value`: any value, except that the arguments object
/// itself is closed in tool-call mode, as the interpreter reads such a root
/// (`keywords::object::rejects_undeclared` of a closed object): each of its
/// members is then an undeclared argument. The type's other keywords come
/// after (the interpreter's object checks come before its applicators).
pub(super) fn untyped(
    value: &Value,
    trail: &Trail<'_>,
    pos: Position,
    options: &Options,
    out: &mut Sink<'_>,
) {
    let Value::Object(map) = value else {
        return;
    };
    let root = trail.is_root();
    if !root || !rejects_undeclared(options.undeclared, true, Additional::Unspecified) {
        return;
    }
    for (i, key) in map.keys().enumerate() {
        let at = Position::at(root, Some(i), None, pos);
        out.report(|| Kind::Unexpected, &trail.key(key), at);
    }
}
