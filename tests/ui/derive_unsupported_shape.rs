// Inputs the derive does not take: a unit struct, generic parameters. (A type
// containing itself is taken: see tests/derive_recursion.rs; enums with data,
// newtype and tuple structs: tests/derive_tagged_enums.rs.)
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Ping;

#[derive(ToolArgs)]
struct Wrapper<T> {
    inner: T,
}

fn main() {}
