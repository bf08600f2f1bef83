// `#[arg(values = [..])]`: each value must be one the field takes, the list must be
// a non-empty array of literals, and only scalar fields take it.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Bad {
    #[arg(values = [1, "two"])]
    level: u8,
    #[arg(values = [300])]
    small: u8,
    #[arg(values = [])]
    empty: String,
    #[arg(values = ["a"])]
    tags: Vec<String>,
}

fn main() {}
