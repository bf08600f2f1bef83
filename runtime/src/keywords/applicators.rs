//! The applicators that combine the verdicts of subschemas: `anyOf`, `oneOf`,
//! `not`, `propertyNames`, and those that apply a subschema under a condition
//! (`dependentSchemas`, `if`/`then`/`else`: [`conditional`]). `run` closures validate against one subschema, so the
//! interpreter and generated code share the decision and its wording. (`$ref` and
//! `allOf` apply subschemas to the same value and need no decision of their own.)

use crate::json::{JsonType, TypeSet};
use crate::violation::{Condition, Kind, Position, Sink, Trail, Violation};
use serde_json::Value;

/// Whether `alternative` failed only because the value at `trail` is of another
/// type (so it says nothing about the value's content).
fn type_miss(alternative: &[Violation], here: &crate::Path) -> bool {
    matches!(alternative, [v] if &v.path == here && matches!(v.kind, Kind::Type { .. }))
}

/// The values every alternative allows, when each failed only because the value at
/// `here` is none of its `const` or `enum` values (each value once, in order; repeats
/// found hashed, as `uniqueItems` finds them, so a long `enum` costs linear time).
fn value_misses(alternatives: &[Vec<Violation>], here: &crate::Path) -> Option<Vec<Value>> {
    if alternatives.is_empty() {
        return None;
    }
    let mut allowed: Vec<Value> = Vec::new();
    for alternative in alternatives {
        let [v] = alternative.as_slice() else {
            return None;
        };
        if &v.path != here {
            return None;
        }
        match &v.kind {
            Kind::Const { expected, .. } => allowed.push(expected.clone()),
            Kind::Enum {
                allowed: values, ..
            } => allowed.extend(values.iter().cloned()),
            _ => return None,
        }
    }
    let mut repeated = vec![false; allowed.len()];
    super::array::each_duplicate(&allowed, |_, j| {
        repeated[j] = true;
        true
    });
    let mut repeats = repeated.into_iter();
    allowed.retain(|_| !repeats.next().unwrap_or(false));
    Some(allowed)
}

/// Reports an `anyOf` (or `oneOf`, `one_of = true`) that no alternative matched,
/// readably: when every alternative wanted another type, one type violation with
/// all of them (`should be string or null`); when every alternative is values the
/// value is not (`oneOf` of `const`s, as generators write an enum), one enum
/// violation with all of them; when exactly one alternative accepts
/// the value's type, that alternative's violations; otherwise every alternative.
fn none_matched(
    alternatives: Vec<Vec<Violation>>,
    one_of: bool,
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    // The alternatives were collected within `out`'s budget: given back, and
    // what is kept below is charged anew.
    out.release_all(&alternatives);
    if alternatives.iter().any(Vec::is_empty) {
        // The budget ran out while collecting (a failed alternative always has a
        // violation): the violation is counted, not shown.
        if one_of {
            out.report(|| Kind::OneOfNone { alternatives }, trail, position);
        } else {
            out.report(|| Kind::AnyOf { alternatives }, trail, position);
        }
        return;
    }
    let here = trail.to_path();
    if alternatives.iter().all(|a| type_miss(a, &here)) {
        let mut expected = TypeSet::EMPTY;
        let mut received = JsonType::Null;
        for a in &alternatives {
            if let Kind::Type {
                expected: e,
                received: r,
            } = &a[0].kind
            {
                for t in e.iter() {
                    expected = expected.with(t);
                }
                received = *r;
            }
        }
        out.report(|| Kind::Type { expected, received }, trail, position);
        return;
    }
    if let Some(allowed) = value_misses(&alternatives, &here) {
        // Every alternative is one value (`const`) or a list of them (`enum`), as
        // generators write an enum: it reads as one.
        let received = match &alternatives[0][0].kind {
            Kind::Const { received, .. } | Kind::Enum { received, .. } => received.clone(),
            _ => Value::Null,
        };
        out.report(
            || Kind::Enum {
                allowed: allowed.into(),
                received,
            },
            trail,
            position,
        );
        return;
    }
    let mut relevant = alternatives.iter().filter(|a| !type_miss(a, &here));
    if let (Some(only), None) = (relevant.next(), relevant.next()) {
        out.extend(only.clone());
        return;
    }
    if one_of {
        out.report(|| Kind::OneOfNone { alternatives }, trail, position);
    } else {
        out.report(|| Kind::AnyOf { alternatives }, trail, position);
    }
}

/// Whether alternative `i` accepts the value (probing: no allocation).
fn accepts(run: &impl Fn(usize, &mut Sink<'_>), i: usize) -> bool {
    let mut probe = Sink::probe();
    run(i, &mut probe);
    !probe.failed()
}

/// Every alternative's violations, collected within `out`'s budget.
fn collect(n: usize, run: &impl Fn(usize, &mut Sink<'_>), out: &Sink<'_>) -> Vec<Vec<Violation>> {
    (0..n)
        .map(|i| {
            let mut list = Vec::new();
            run(i, &mut out.nested(&mut list));
            list
        })
        .collect()
}

/// Which rule a list of alternatives follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// `anyOf`: at least one alternative accepts the value.
    AnyOf,
    /// `oneOf`: exactly one alternative accepts the value.
    OneOf,
}

/// `anyOf` or `oneOf` over `n` alternatives; `run(i, sink)` validates the value
/// against alternative `i`. A valid value costs one probe per alternative tried
/// (`anyOf` stops at the first that accepts) and no allocation.
pub fn alternatives(
    rule: Rule,
    n: usize,
    run: impl Fn(usize, &mut Sink<'_>),
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    let accepted = match rule {
        Rule::AnyOf if (0..n).any(|i| accepts(&run, i)) => return,
        Rule::AnyOf => 0,
        Rule::OneOf => match (0..n).filter(|&i| accepts(&run, i)).count() {
            1 => return,
            count => count,
        },
    };
    if out.is_probe() {
        out.fail();
        return;
    }
    if accepted == 0 {
        none_matched(
            collect(n, &run, out),
            rule == Rule::OneOf,
            trail,
            position,
            out,
        );
    } else {
        let matched: Vec<usize> = (0..n).filter(|&i| accepts(&run, i)).collect();
        out.report(|| Kind::OneOfMany { matched }, trail, position);
    }
}

/// A discriminated `anyOf`/`oneOf` (`tool_schema_engine::schema::Discriminator`), borrowed:
/// the tag's name, its values and the branch each selects.
#[derive(Clone, Copy, Debug)]
pub struct Tag<'a> {
    /// The property every branch requires.
    pub name: &'a str,
    /// Every tag value, in branch order.
    pub values: &'a [Value],
    /// For each of `values`, the branch it selects.
    pub branches: &'a [usize],
    /// The tag's index among every branch's declared properties, if the same.
    pub declared: Option<usize>,
    /// The branch is chosen by a member's name (`values` are names), not by
    /// the value of the property `name`.
    pub by_name: bool,
}

/// A discriminated `anyOf`/`oneOf` over `n` alternatives (as [`alternatives`]):
/// an object is accepted only by the branch its tag selects. So an object with a
/// known tag is validated against that branch alone, and its violations are the
/// report; an unknown tag is one [`Kind::Enum`] on the tag, with every allowed
/// value; a missing tag is [`Kind::Missing`] on it. Chosen by a member's name
/// ([`Tag::by_name`]): an object holding exactly one of the names goes to its
/// branch. Anything else (a value that is not an object, an object with none or
/// several of the names) is left to [`alternatives`]. The verdict is the same as
/// [`alternatives`]'s; a valid object costs one branch.
#[allow(clippy::too_many_arguments)]
pub fn tagged(
    rule: Rule,
    n: usize,
    run: impl Fn(usize, &mut Sink<'_>),
    tag: Tag<'_>,
    value: &Value,
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    let Value::Object(map) = value else {
        alternatives(rule, n, run, trail, position, out);
        return;
    };
    if tag.by_name {
        let mut named = map
            .keys()
            .filter_map(|k| tag.values.iter().position(|v| v.as_str() == Some(k)));
        match (named.next(), named.next()) {
            (Some(k), None) => run(tag.branches[k], out),
            _ => alternatives(rule, n, run, trail, position, out),
        }
        return;
    }
    let at = |argument: Option<usize>| match trail.is_root() {
        true => Position {
            argument,
            declared: tag.declared,
        },
        false => position,
    };
    let Some(given) = map.get(tag.name) else {
        out.report(|| Kind::Missing, &trail.key(tag.name), at(None));
        return;
    };
    // JSON equality, as `const` and `enum` compare (`1` is `1.0`).
    match tag
        .values
        .iter()
        .position(|v| crate::json::json_eq(v, given))
    {
        Some(k) => run(tag.branches[k], out),
        None => {
            let argument = map.keys().position(|k| k == tag.name);
            let kind = || Kind::Enum {
                allowed: tag.values.into(),
                received: crate::violation::received_value(given),
            };
            out.report(kind, &trail.key(tag.name), at(argument));
        }
    }
}

/// `not`: a violation when `run` accepts the value.
pub fn not(
    run: impl Fn(&mut Sink<'_>),
    schema: impl FnOnce() -> Value,
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    let mut probe = Sink::probe();
    run(&mut probe);
    if !probe.failed() {
        out.report(|| Kind::Not { schema: schema() }, trail, position);
    }
}

/// `propertyNames`: checks `name` (as a string value) with `run` and reports each
/// of its violations as a [`Kind::PropertyName`] at the object's path.
pub fn property_name(
    name: &str,
    run: impl Fn(&Value, &mut Sink<'_>),
    trail: &Trail<'_>,
    position: Position,
    out: &mut Sink<'_>,
) {
    let value = Value::String(name.to_string());
    if out.is_probe() {
        run(&value, out);
        return;
    }
    let mut problems = Vec::new();
    run(&value, &mut out.nested(&mut problems));
    out.release(&problems);
    if problems.is_empty() {
        return;
    }
    let name = crate::violation::received_str(name);
    for p in problems {
        let problem = Box::new(p.kind);
        out.report(
            || Kind::PropertyName {
                name: name.clone(),
                problem,
            },
            trail,
            position,
        );
    }
}

/// A subschema applied under a condition that held (`dependentSchemas` for a
/// present member, `then` or `else`): `run` validates the value against it, and
/// each of its violations is reported as a [`Kind::Conditional`] saying why it
/// applied, at the violation's own path and position. A probe only learns
/// whether it failed.
pub fn conditional(
    condition: impl FnOnce() -> Condition,
    run: impl FnOnce(&mut Sink<'_>),
    out: &mut Sink<'_>,
) {
    if out.is_probe() {
        run(out);
        return;
    }
    let mut problems = Vec::new();
    let failed = {
        let mut sink = out.nested(&mut problems);
        run(&mut sink);
        sink.failed()
    };
    if failed {
        out.fail();
    }
    out.release(&problems);
    if problems.is_empty() {
        return;
    }
    let condition = condition();
    let wrapped = problems
        .into_iter()
        .map(|p| {
            // The problem's suggestion stays with it.
            let suggestion = p.suggestion;
            let mut v = Violation::new(
                Kind::Conditional {
                    condition: condition.clone(),
                    problem: Box::new(p.kind),
                },
                p.path,
                p.position,
            );
            v.suggestion = suggestion;
            v
        })
        .collect();
    out.extend(wrapped);
}

/// `if`/`then`/`else`: `run_if` probes the value against `if`; then
/// `run_branch(held, sink)` validates it against `then` (`held`) or `else`, each
/// violation reported with the condition ([`conditional`]: `IfHeld` or
/// `IfFailed` at `trail`). Only for a node with `if` and at least one branch.
pub fn if_then_else(
    run_if: impl FnOnce(&mut Sink<'_>),
    run_branch: impl FnOnce(bool, &mut Sink<'_>),
    trail: &Trail<'_>,
    out: &mut Sink<'_>,
) {
    let mut probe = Sink::probe();
    run_if(&mut probe);
    let held = !probe.failed();
    let condition = || {
        let at = trail.to_path();
        if held {
            Condition::IfHeld { at }
        } else {
            Condition::IfFailed { at }
        }
    };
    conditional(condition, |sink| run_branch(held, sink), out);
}

/// `dependentSchemas`, one entry: when the object `map` has `name`, `run`
/// validates the object against the entry's subschema ([`conditional`]).
pub fn dependent_schema(
    map: &serde_json::Map<String, Value>,
    name: &str,
    run: impl FnOnce(&mut Sink<'_>),
    trail: &Trail<'_>,
    out: &mut Sink<'_>,
) {
    if map.contains_key(name) {
        let member = || Condition::Present {
            member: trail.key(name).to_path(),
        };
        conditional(member, run, out);
    }
}
