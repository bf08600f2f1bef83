// #[tool(validate = ...)]: a path to a function on the typed arguments; anything
// else is an error at the value, and a function of another signature is rustc's
// error at the path. tool_schema! has no typed arguments to check.
use tool_schema::custom::Problems;
use tool_schema::{tool_schema, ToolArgs};

#[derive(ToolArgs, serde::Deserialize)]
#[tool(validate = "check")]
struct NotAPath {
    city: String,
}

fn takes_a_value(_: NotAFunction, _: &mut Problems) {}

#[derive(ToolArgs, serde::Deserialize)]
#[tool(validate = takes_a_value)]
struct NotAFunction {
    city: String,
}

tool_schema! {
    #[tool(validate = check)]
    pub Search = {"type": "object", "properties": {"q": {"type": "string"}}}
}

fn main() {}

struct Declared;

tool_schema::impl_tool_args! {
    pub Declared = {"type": "object"}
}
