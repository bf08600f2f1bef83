// A struct flattening another is validated by the interpreter on its model,
// which it has only from the parser: an error at its derive.
use serde::Deserialize;
use tool_schema::ToolArgs;

/// Paging of a listing.
#[derive(ToolArgs, Deserialize)]
pub struct Paging {
    /// The page, from 1.
    pub page: u32,
}

/// List the orders.
#[derive(ToolArgs, Deserialize)]
pub struct ListOrders {
    /// Whose.
    pub customer: String,
    #[serde(flatten)]
    pub paging: Paging,
}

fn main() {
    let _ = ListOrders::validate(&serde_json::json!({"customer": "ada", "page": 1}));
}
