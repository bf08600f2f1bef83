//! What the validators the macros generate share: the reporting walk of a call,
//! out of line, so that a tool's `validate_with` holds only the valid path, and
//! the root that is not an object (the interpreter's answer too).

use crate::json::{JsonType, TypeSet};
use crate::options::Options;
use crate::violation::{Budget, Kind, Position, Report, Sink, Trail, Violation};
use serde_json::Value;

/// A tool's reporting walk (`ToolArgs::__validate_at`).
pub type Walk = fn(&Value, &Trail<'_>, Position, &Options, &mut Sink<'_>);

/// The full report of a call that the valid path of `T`'s generated
/// `validate_with` did not accept: the root's type (`root_has_type`: the schema
/// says it), the nesting limit (`declared` gives a top-level argument's index
/// among the declared properties; not measured again when `known_within` says the
/// valid path found the call within it), then the tool's reporting walk `walk`, told that
/// the boolean walk refused the call (it did, when the first two pass).
#[cold]
#[inline(never)]
pub fn collect_report(
    args: &Value,
    options: &Options,
    root_has_type: bool,
    known_within: bool,
    declared: impl Fn(&str) -> Option<usize>,
    walk: Walk,
) -> Report {
    let mut out = Vec::new();
    let budget = Budget::new(options.max_violations);
    if !root_not_object(root_has_type, args, options, &mut out) {
        let deep = match known_within {
            true => None,
            false => crate::depth::check_call(args, options, declared),
        };
        if let Some(deep) = deep {
            out.push(deep);
        } else {
            walk(
                args,
                &Trail::ROOT,
                Position::default(),
                options,
                &mut Sink::collect_refused(&mut out, &budget),
            );
        }
    }
    Report::collected(out, &budget, options)
}

/// With [`Options::object_root`], records the violation of arguments that are not
/// an object under a root schema that declares no `type` (a declared `type` is
/// checked as usual). Returns whether it did. Shared with generated code.
#[doc(hidden)]
#[inline]
pub fn root_not_object(
    root_has_type: bool,
    args: &Value,
    options: &Options,
    out: &mut Vec<Violation>,
) -> bool {
    if root_has_type || !options.object_root || args.is_object() {
        return false;
    }
    out.push(Violation::new(
        Kind::Type {
            expected: TypeSet::single(JsonType::Object),
            received: JsonType::of(args),
        },
        Trail::ROOT.to_path(),
        Position::default(),
    ));
    true
}
