//! Repair for a declared tool: each round checked by the tool's own validator.

use super::ToolArgs;
use crate::options::Options;
use crate::repair::{repair_by, repair_text, Repaired};
use crate::text::TextError;
use serde_json::Value;

/// [`ToolArgsExt::repair_with`]: the typed tool's own validator checks each round.
pub(crate) fn repair_tool<T: ToolArgs + ?Sized>(args: &Value, options: &Options) -> Repaired {
    repair_by(args, options, |v| T::validate_with(v, options))
}

/// [`ToolArgsExt::repair_str`].
pub(crate) fn repair_tool_str<T: ToolArgs + ?Sized>(
    text: &str,
    options: &Options,
) -> Result<Repaired, TextError> {
    repair_text(text, options, |v| T::validate_with(v, options))
}
