// serde reads an untagged enum as the first variant that reads the value; the
// validator accepts a value that any variant's schema accepts. Where an earlier
// variant reads, as itself, values its schema refuses and a later variant's schema
// accepts, parse would return the earlier variant for a call valid as the later
// one (issue 11): a compile error at the earlier variant's type.
use serde::Deserialize;
use tool_schema::ToolArgs;

#[derive(ToolArgs, Deserialize)]
struct Small {
    x: i64,
}

#[derive(ToolArgs, Deserialize)]
struct Big {
    x: i64,
    y: String,
}

// The enum: serde reads {"x": 1, "y": "s"} as `Small`, dropping `y`.
#[derive(ToolArgs, Deserialize)]
#[serde(untagged)]
enum Either {
    S(Small),
    B(Big),
}

// Closed to serde, but bounded: serde reads {"x": 50} as `Low`.
#[derive(ToolArgs, Deserialize)]
#[serde(deny_unknown_fields)]
struct Low {
    #[arg(maximum = 10)]
    x: u8,
}

#[derive(ToolArgs, Deserialize)]
#[serde(deny_unknown_fields)]
struct Any {
    x: u8,
}

#[derive(ToolArgs, Deserialize)]
#[serde(untagged)]
enum Bounded {
    L(Low),
    A(Any),
}

// An `f32` reads numbers past its range; an `f64` takes them.
#[derive(ToolArgs, Deserialize)]
#[serde(untagged)]
enum Width {
    Single(f32),
    Double(f64),
}

// Nested: an untagged enum holding the ambiguous struct is no better.
#[derive(ToolArgs, Deserialize)]
#[serde(untagged)]
enum Outer {
    Inner(Either),
    Other(Big),
}

fn main() {}
