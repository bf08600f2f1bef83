// A declared target checks the nested types too: each nested type records, per
// target, the first problem of its schema (its own nested types included), and
// the outer derive stops the build at the field's type when a declared target has
// one. Lossy changes count unless #[tool(allow(lossy_export))].
use std::collections::HashMap;
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Labels {
    labels: HashMap<String, String>,
}

#[derive(ToolArgs)]
struct Inner {
    #[arg(min_length = 2)]
    code: String,
    sub: Labels,
}

#[derive(ToolArgs)]
struct Fine {
    name: String,
}

/// Refused twice: `Inner` (its own `minLength`) and `Labels` (a map), through an
/// `Option<Vec<_>>`. `Fine` passes.
#[derive(ToolArgs)]
#[tool(targets(openai_strict))]
struct Outer {
    inner: Inner,
    maybe: Option<Vec<Labels>>,
    fine: Fine,
}

#[derive(ToolArgs)]
struct Bounded {
    #[arg(exclusive_minimum = 0)]
    level: f64,
}

/// Anthropic strict describes the bound instead of enforcing it: an error here,
/// allowed below.
#[derive(ToolArgs)]
#[tool(targets(anthropic_strict))]
struct Lossy {
    bounded: Bounded,
}

/// Allowed.
#[derive(ToolArgs)]
#[tool(targets(anthropic_strict), allow(lossy_export))]
struct LossyAllowed {
    bounded: Bounded,
}

fn main() {}
