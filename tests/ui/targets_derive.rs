// #[tool(targets(...))] on a derived struct: the error is at the attribute that
// brought the constraint in.
use serde::Deserialize;
use tool_schema::ToolArgs;

/// Look a word up.
#[derive(ToolArgs, Deserialize)]
#[tool(targets(openai_strict, gemini))]
pub struct Lookup {
    /// The word.
    #[arg(min_length = 2)]
    word: String,
    /// Results wanted.
    #[arg(minimum = 1, maximum = 50)]
    limit: Option<u32>,
}

fn main() {}
