//! The words of a declared tool's reports: its name in the summary, its
//! schema's descriptions after missing arguments.

use super::{Compiled, ToolArgs};
use crate::render::Words;

/// Both, for a declared tool: its name in the summary, its schema's
/// descriptions after missing arguments ([`ToolArgs::words`]).
pub(crate) fn for_tool<T: ToolArgs + Compiled + 'static>() -> Words<'static> {
    Words::new()
        .summary(T::NAME)
        .describe_missing(T::compiled_schema())
}
