// Inputs the derive does not take: a tuple struct, a unit struct, generic
// parameters, an enum variant with fields, a type containing itself.
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

#[derive(ToolArgs)]
struct Tree {
    label: String,
    children: Vec<Tree>,
}

fn main() {}
