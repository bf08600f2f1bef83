// #[arg] on a field serde skips would describe nothing: an error at the attribute.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Search {
    query: String,
    #[serde(skip)]
    #[arg(maximum = 10)]
    cache_size: u32,
}

fn main() {}
