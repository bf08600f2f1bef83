// serde attributes that would make serde accept something the schema does not say:
// refused at the attribute, with the reason.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
struct Paging {
    page: u32,
}

#[derive(ToolArgs)]
struct Search {
    #[serde(borrow)]
    query: String,
    #[serde(flatten)]
    paging: Paging,
    #[serde(deserialize_with = "lenient")]
    limit: u32,
}

#[derive(ToolArgs)]
#[serde(untagged)]
enum Unit {
    Celsius,
    #[serde(other)]
    Other,
}

#[derive(ToolArgs)]
#[serde(tag = "type", rename_all = "camel")]
enum Mode {
    Fast,
}

fn main() {}
