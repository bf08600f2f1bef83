// #[arg(format = "..")] takes the string formats the schema model checks, on
// strings; items(..), values(..) and keys(..) take the keys that apply to each
// item, map value or map key; a key for the items on the collection itself says
// how to write it.
use std::collections::HashMap;
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Bad {
    #[arg(format = "datetime")]
    when: String,
    #[arg(format = "date")]
    count: u32,
    #[arg(minimum = 1)]
    ids: Vec<u32>,
    #[arg(items(min_length = 1))]
    name: String,
    #[arg(keys(minimum = 1))]
    scores: HashMap<String, u32>,
    #[arg(items = 3)]
    list: Vec<String>,
    #[arg(values(max_length = 3))]
    tags: Vec<String>,
}

fn main() {}

fn schema_fn() -> serde_json::Value {
    serde_json::json!({"type": "string"})
}

#[derive(ToolArgs)]
struct BadSchemas {
    #[arg(schema = schema_fn)]
    from_fn: String,
    #[arg(schema = [1, 2])]
    not_object: String,
    #[arg(schema = {"type": "strin"})]
    refused: String,
    #[arg(schema = {"type": "string"}, min_length = 1)]
    both: String,
}
