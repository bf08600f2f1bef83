// `#[arg(not_null)]` belongs on an `Option` field, takes no value, and has no
// place on a part (its items take `null` by their type) or beside a written schema.
use tool_schema::ToolArgs;

#[derive(ToolArgs, serde::Deserialize)]
struct Trip {
    #[arg(not_null)]
    days: u8,
    #[arg(not_null = true)]
    nights: Option<u8>,
    #[arg(items(not_null))]
    stops: Vec<Option<String>>,
    #[arg(not_null, schema = {"type": "string"})]
    note: Option<String>,
}

fn main() {}
