//! `number` keywords at a model node: the node's constants handed to the
//! value-level decisions of `crate::keywords::number`.

use crate::keywords::format;
use crate::keywords::number::*;
use crate::options::Options;
use crate::schema::Node;
use crate::violation::{Position, Sink, Trail};
use serde_json::Number;

/// The prepared bounds of a node; `None` when it has none.
pub(crate) fn limits(node: &Node) -> Option<Box<Limits>> {
    let limits = Bound::ALL.map(|b| limit_of(b, node));
    limits
        .iter()
        .any(Option::is_some)
        .then(|| Box::new(Limits::new(limits)))
}

/// The yes/no walk: whether `n` satisfies `node`'s number keywords, its bounds
/// prepared in `limits` (see [`limits`]).
#[inline(never)]
pub(crate) fn valid_prepared(
    node: &Node,
    limits: Option<&Limits>,
    n: &Number,
    options: &Options,
) -> bool {
    limits.is_none_or(|l| l.within(n))
        && node.multiple_of.as_ref().is_none_or(|d| multiple_of(n, d))
        && format_ok(node, n, options)
}

/// Whether `n` satisfies `node`'s number keywords.
#[inline]
pub(crate) fn valid(node: &Node, n: &Number, options: &Options) -> bool {
    Bound::ALL
        .into_iter()
        .all(|b| limit_of(b, node).is_none_or(|limit| within(b, limit, n)))
        && node.multiple_of.as_ref().is_none_or(|d| multiple_of(n, d))
        && format_ok(node, n, options)
}

/// Whether `n` is within `node`'s numeric format, when `options` assert formats.
#[inline]
fn format_ok(node: &Node, n: &Number, options: &Options) -> bool {
    match node.numeric_format {
        Some(f) if node.asserts_format(options) => format::numeric_ok(f, n),
        _ => true,
    }
}

/// The reporting walk: every number keyword of `node` that `n` breaks.
#[inline]
pub(crate) fn report(
    node: &Node,
    n: &Number,
    options: &Options,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) {
    for b in Bound::ALL {
        if let Some(kind) = limit_of(b, node).and_then(|limit| bound(b, limit, n)) {
            out.report(|| kind, trail, pos);
        }
    }
    if let Some(kind) = node.multiple_of.as_ref().and_then(|d| multiple(d, n)) {
        out.report(|| kind, trail, pos);
    }
    if let Some(f) = node.numeric_format.filter(|_| node.asserts_format(options)) {
        if let Some(kind) = format::numeric_violation(f, n) {
            out.report(|| kind, trail, pos);
        }
    }
}

/// The limit of bound `b` in `node`, if the node has the keyword.
#[inline]
pub fn limit_of(b: Bound, node: &Node) -> Option<&Number> {
    {
        match b {
            Bound::Minimum => node.minimum.as_ref(),
            Bound::Maximum => node.maximum.as_ref(),
            Bound::ExclusiveMinimum => node.exclusive_minimum.as_ref(),
            Bound::ExclusiveMaximum => node.exclusive_maximum.as_ref(),
        }
    }
}
