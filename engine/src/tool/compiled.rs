//! What the validators the macros generate share: the reporting walk of a call,
//! out of line, so that a tool's `validate_with` holds only the valid path.

use super::ToolArgs;
use crate::options::Options;
use crate::violation::{Budget, Position, Report, Sink, Trail};
use serde_json::Value;

/// The full report of a call that the valid path of `T`'s generated
/// `validate_with` did not accept: the root's type (`root_has_type`: the schema
/// says it), the nesting limit (`declared` gives a top-level argument's index
/// among the declared properties; not measured again when `known_within` says the
/// valid path found the call within it), then `T`'s reporting walk, told that
/// the boolean walk refused the call (it did, when the first two pass).
#[cold]
#[inline(never)]
pub fn collect_report<T: ToolArgs + ?Sized>(
    args: &Value,
    options: &Options,
    root_has_type: bool,
    known_within: bool,
    declared: impl Fn(&str) -> Option<usize>,
) -> Report {
    let mut out = Vec::new();
    let budget = Budget::new(options.max_violations);
    if !crate::interp::root_not_object(root_has_type, args, options, &mut out) {
        let deep = match known_within {
            true => None,
            false => crate::depth::check_call(args, options, declared),
        };
        if let Some(deep) = deep {
            out.push(deep);
        } else {
            T::__validate_at(
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
