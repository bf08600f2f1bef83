// Inputs the derive does not take: a tuple struct, a unit struct, generic
// parameters. (A type containing itself is taken: see tests/derive_recursion.rs;
// enums with data: tests/derive_tagged_enums.rs.)
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Pair(u8, u8);

#[derive(ToolArgs)]
struct Ping;

#[derive(ToolArgs)]
struct Wrapper<T> {
    inner: T,
}

fn main() {}
