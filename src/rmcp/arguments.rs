//! A `tools/call`'s arguments read for a handler: validated by a tool's
//! validator, then deserialised by serde, without a panic on either path.

use crate::{Options, Report, ToolArgs};
use rmcp::model::JsonObject;
use rmcp::serde::de::DeserializeOwned;
use rmcp::ErrorData;
use serde_json::Value;

/// Why the arguments did not reach the handler.
pub(super) enum Refused {
    /// The validator refused them: the model's mistake, every violation.
    Invalid(Report),
    /// The validator accepted what the handler's type refuses (a hand-written
    /// `Deserialize`, another type than the tool's): the server's bug, a protocol
    /// error.
    Unreadable(ErrorData),
}

/// The call's `arguments` (absent: `{}`) validated by `T` in tool-call mode and
/// read as `A`. As in [`ToolArgs::parse`], serde reads no float as an integer, so
/// the validator does not accept one either.
pub(super) fn read<T: ToolArgs, A: DeserializeOwned>(
    arguments: Option<JsonObject>,
) -> Result<A, Refused> {
    let arguments = Value::Object(arguments.unwrap_or_default());
    let report = T::validate_with(&arguments, &Options::default().integer_floats(false));
    if !report.is_valid() {
        return Err(Refused::Invalid(report));
    }
    A::deserialize(&arguments).map_err(|e| {
        Refused::Unreadable(ErrorData::internal_error(
            format!(
                "the arguments of tool `{}` passed validation but serde refused them: {e}",
                T::NAME
            ),
            None,
        ))
    })
}
