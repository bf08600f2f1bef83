// Inputs the derive does not take: a tuple struct, a unit struct, generic
// parameters, an enum variant with fields. (A type containing itself is taken:
// see tests/derive_recursion.rs.)
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Pair(u8, u8);

#[derive(ToolArgs)]
struct Ping;

#[derive(ToolArgs)]
struct Wrapper<T> {
    inner: T,
}

#[derive(ToolArgs)]
enum Shape {
    Circle { radius: f64 },
    Square,
}

fn main() {}
