// A pattern that is not a valid regular expression: an error at the pattern.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Lookup {
    #[arg(pattern = "^[a-z+$")]
    slug: String,
}

fn main() {}
