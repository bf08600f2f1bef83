//! `string` keywords at a model node: the node's constants handed to the
//! value-level decisions of `crate::keywords::string`.

use crate::keywords::count;
use crate::keywords::string::*;
use crate::options::Options;
use crate::schema::{Node, Pattern};
use crate::violation::{received_str, Kind, Position, Sink, Trail};

/// Whether `s` matches `node`'s `pattern` (or it has none).
#[inline]
fn pattern_ok(node: &Node, s: &str) -> bool {
    if let Some(p) = &node.pattern {
        return p.is_match(s);
    }
    true
}

/// The violation of pattern `p` by string `s` (or, in the stream, by a
/// string starting as `s` whose every continuation misses it).
pub(crate) fn pattern_missed(p: &Pattern, s: &str) -> Kind {
    Kind::Pattern {
        pattern: p.source.clone(),
        received: received_str(s),
    }
}

/// Whether `s` is valid for `node`'s `format`, when `options` assert formats.
#[inline]
fn format_ok(node: &Node, s: &str, options: &Options) -> bool {
    match &node.format {
        Some(format) if node.asserts_format(options) => crate::keywords::format::check(format, s),
        _ => true,
    }
}

/// The yes/no walk: whether `s` satisfies `node`'s string keywords.
#[inline(never)]
pub(crate) fn valid(node: &Node, s: &str, options: &Options) -> bool {
    length_ok(node.min_length, node.max_length, s)
        && pattern_ok(node, s)
        && format_ok(node, s, options)
}

/// The reporting walk: every string keyword of `node` that `s` breaks.
#[inline]
pub(crate) fn report(
    node: &Node,
    s: &str,
    options: &Options,
    trail: &Trail<'_>,
    pos: Position,
    out: &mut Sink<'_>,
) {
    if !length_ok(node.min_length, node.max_length, s) {
        count::report(
            (node.min_length, node.max_length),
            length(s),
            (too_short, too_long),
            (trail, pos),
            out,
        );
    }
    if let Some(p) = &node.pattern {
        if !p.is_match(s) {
            out.report(|| pattern_missed(p, s), trail, pos);
        }
    }
    if let Some(format) = &node.format {
        if !format_ok(node, s, options) {
            let kind = || Kind::Format {
                format: format.clone(),
                received: received_str(s),
            };
            out.report(kind, trail, pos);
        }
    }
}
