// A standard type as a generic tool's argument needs the engines (its model is
// made when the program runs): the error names the feature and the newtype that
// does without it, at the field declaring `Pair<u8>`.
use tool_schema::ToolArgs;

/// Two of a kind.
#[derive(ToolArgs, serde::Deserialize)]
pub struct Pair<T> {
    pub left: T,
    pub right: T,
}

/// Counts, in a pair.
#[derive(ToolArgs, serde::Deserialize)]
pub struct Counts {
    pub pair: Pair<u8>,
}

fn main() {}
