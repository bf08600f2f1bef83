// #[serde(flatten)] of a struct whose aliases name what the flattening type (or
// another flattened struct) declares, or the other way round: serde would give
// the member to one field only.
use serde::Deserialize;
use tool_schema::ToolArgs;

#[derive(ToolArgs, Deserialize)]
struct Paging {
    #[serde(alias = "max")]
    limit: u32,
}

#[derive(ToolArgs, Deserialize)]
struct Cursor {
    #[serde(alias = "max")]
    cursor: String,
}

#[derive(ToolArgs, Deserialize)]
struct PropertyAndAlias {
    max: u8,
    #[serde(flatten)]
    paging: Paging,
}

#[derive(ToolArgs, Deserialize)]
struct AliasAndProperty {
    #[serde(alias = "limit")]
    size: u8,
    #[serde(flatten)]
    paging: Paging,
}

#[derive(ToolArgs, Deserialize)]
struct TwoAliases {
    #[serde(flatten)]
    paging: Paging,
    #[serde(flatten)]
    cursor: Cursor,
}

fn main() {}
