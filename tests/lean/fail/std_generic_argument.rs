// A standard type as the argument of a generic tool, here in a field's type:
// its `ToolArgs` validates with the interpreter on its model, which needs the
// engines. (A method called on `Pair<u8>` itself, `Pair::<u8>::validate`, is
// rustc's E0599, which takes no message from the trait.)
use serde::Deserialize;
use tool_schema::ToolArgs;

/// Two of a kind.
#[derive(ToolArgs, Deserialize)]
pub struct Pair<T> {
    pub left: T,
    pub right: T,
}

/// A pair of counts, nested.
#[derive(ToolArgs, Deserialize)]
pub struct Counts {
    pub pair: Pair<u8>,
}

fn main() {
    let _ = Counts::validate(&serde_json::json!({"pair": {"left": 1, "right": 2}}));
}
