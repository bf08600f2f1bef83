// #[serde(flatten)] of a struct where the derive cannot join it: a name both
// declare, an Option, beside a flattened map or deny_unknown_fields, in an enum's
// variant or a generic type, a type that is not a struct of named fields.
use serde::Deserialize;
use std::collections::HashMap;
use tool_schema::ToolArgs;

#[derive(ToolArgs, Deserialize)]
struct Paging {
    limit: u32,
    cursor: Option<String>,
}

#[derive(ToolArgs, Deserialize)]
struct Cursor {
    cursor: String,
}

#[derive(ToolArgs, Deserialize)]
struct Clash {
    limit: u8,
    #[serde(flatten)]
    paging: Paging,
}

#[derive(ToolArgs, Deserialize)]
struct ClashBetween {
    #[serde(flatten)]
    paging: Paging,
    #[serde(flatten)]
    cursor: Cursor,
}

#[derive(ToolArgs, Deserialize)]
struct Optional {
    #[serde(flatten)]
    paging: Option<Paging>,
}

#[derive(ToolArgs, Deserialize)]
struct WithMap {
    #[serde(flatten)]
    paging: Paging,
    #[serde(flatten)]
    rest: HashMap<String, u8>,
}

#[derive(ToolArgs, Deserialize)]
#[serde(deny_unknown_fields)]
struct Denied {
    #[serde(flatten)]
    paging: Paging,
}

#[derive(ToolArgs, Deserialize)]
#[serde(tag = "op")]
enum InVariant {
    List {
        #[serde(flatten)]
        paging: Paging,
    },
}

#[derive(ToolArgs, Deserialize)]
struct InGeneric<T> {
    item: T,
    #[serde(flatten)]
    paging: Paging,
}

#[derive(ToolArgs, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Mode {
    Fast,
    Slow,
}

#[derive(ToolArgs, Deserialize)]
struct NotAStruct {
    #[serde(flatten)]
    mode: Mode,
}

fn main() {}
