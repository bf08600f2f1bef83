//! The words of a declared tool's reports: its name in the summary, its
//! schema's descriptions after missing arguments.

use super::{Compiled, ToolArgs};
use crate::render::Words;
use crate::ToolArgsExt;

/// Both, for a declared tool: its name in the summary, its schema's
/// descriptions after missing arguments ([`ToolArgsExt::words`]).
pub(crate) fn for_tool<T: ToolArgs + Compiled + 'static>() -> Words<'static> {
    Words::new()
        .summary(T::NAME)
        .describe_missing(T::compiled_schema())
}
