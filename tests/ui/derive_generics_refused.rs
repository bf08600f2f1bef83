// Generic parameters the derive does not take (lifetimes, const parameters), a
// generic type holding itself, a generic untagged enum, a bound without type
// parameters, and a parameter that does not implement `ToolArgs`.
use serde::Deserialize;
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Borrowed<'a> {
    name: &'a str,
}

#[derive(ToolArgs)]
struct Sized<T, const N: usize> {
    items: Vec<T>,
}

#[derive(ToolArgs)]
struct Tree<T> {
    value: T,
    children: Vec<Tree<T>>,
}

#[derive(ToolArgs, Deserialize)]
#[serde(untagged)]
enum OneOf<A, B> {
    A(A),
    B(B),
}

#[derive(ToolArgs)]
#[tool(bound = "String: Clone")]
struct Plain {
    name: String,
}

#[derive(ToolArgs)]
#[tool(bound = "T: +")]
struct BadBound<T> {
    item: T,
}

#[derive(ToolArgs, Deserialize)]
struct Pair<T> {
    left: T,
    right: T,
}

fn main() {
    // A standard type the derive takes as a field is a generic argument too
    // (`Pair<String>`); one it refuses is not.
    let _ = <Pair<String> as ToolArgs>::NAME;
    let _ = <Pair<std::time::Duration> as ToolArgs>::NAME;
}
