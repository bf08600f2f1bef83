// Untagged enums: newtype variants (one of several schemas) and unit variants
// (`null`) only. A struct or tuple variant, a mixed enum (an untagged variant in a
// tagged enum), a newtype variant in a tagged enum and a variant holding the enum
// itself in place are refused, each at its place, with what to write instead.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
#[serde(untagged)]
enum Shape {
    Radius(f64),
    Square { side: f64 },
    Pair(f64, f64),
}

#[derive(ToolArgs)]
enum Mixed {
    Celsius,
    #[serde(untagged)]
    Other(String),
}

#[derive(ToolArgs)]
enum Tagged {
    Celsius,
    Kelvin(f64),
}

#[derive(ToolArgs)]
#[serde(untagged)]
enum Empty {
    #[serde(skip)]
    Never(u8),
}

// A variant holding the enum itself in place: serde would try it on the same value
// without end. Inside a Vec it is fine.
#[derive(ToolArgs)]
#[serde(untagged)]
enum Loop {
    Again(Box<Loop>),
    Maybe(Option<Box<Self>>),
    List(Vec<Loop>),
    Leaf(u8),
}

fn main() {}
