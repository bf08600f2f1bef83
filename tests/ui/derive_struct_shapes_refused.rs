// Struct shapes the derive refuses: a flattened map beside deny_unknown_fields
// (serde refuses the pair; flattened structs: derive_flatten_refused.rs), a `default` serde would not use, a `default` the field's schema refuses,
// and #[arg] on a field of a tuple struct of several fields (a newtype's takes it:
// derive_newtype_arg.rs).
use std::collections::HashMap;
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
#[serde(deny_unknown_fields)]
struct FlattenDenied {
    #[serde(flatten)]
    rest: HashMap<String, u8>,
}

#[derive(ToolArgs)]
struct Defaults {
    #[arg(default = 10)]
    limit: u8,
    #[arg(default = 300)]
    #[serde(default)]
    page: u8,
}

#[derive(ToolArgs)]
struct Span(#[arg(minimum = 0)] f64, f64);

fn main() {}
