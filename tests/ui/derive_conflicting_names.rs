// Two fields (or variants) that serde reads under the same name after renames: an
// error at the second one's name.
use tool_schema::ToolArgs;

#[derive(ToolArgs)]
#[serde(rename_all = "camelCase")]
struct Search {
    max_results: u8,
    #[serde(rename = "maxResults")]
    limit: u8,
    #[serde(rename = "query")]
    text: String,
    query: String,
}

#[derive(ToolArgs)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    #[serde(rename = "celsius")]
    Centigrade,
    Fahrenheit,
}

fn main() {}
