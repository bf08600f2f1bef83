// Inputs the derive does not take: a unit struct. (A type containing itself is
// taken: see tests/derive_recursion.rs; enums with data, newtype and tuple
// structs: tests/derive_tagged_enums.rs; generic types: tests/derive_generics.rs
// and tests/ui/derive_generics_refused.rs.)
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Ping;

fn main() {}
