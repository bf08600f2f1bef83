//! Feature `schemars`: a type deriving `ToolArgs` is a `schemars::JsonSchema`
//! whose schema is tool-schema's (bounds, patterns, enums, descriptions,
//! `additionalProperties: false`), so whatever takes a `JsonSchema` (rmcp's
//! `Parameters<T>`, an OpenAPI generator) describes the arguments as tool-schema
//! validates them.
//!
//! ```text
//! cargo run --features schemars --example schemars_schema
//! ```

use serde::Deserialize;
use serde_json::Value;
use tool_schema::ToolArgs;

/// Search the documentation.
#[derive(ToolArgs, Deserialize)]
#[allow(dead_code)]
struct SearchDocs {
    /// What to look for.
    #[arg(min_length = 2)]
    query: String,
    /// How many results, at most.
    #[arg(minimum = 1, maximum = 50)]
    limit: Option<u8>,
    section: Option<Section>,
}

/// A part of the documentation.
#[derive(ToolArgs, Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum Section {
    Guide,
    Reference,
}

fn main() {
    let document = serde_json::to_value(schemars::schema_for!(SearchDocs)).unwrap();
    println!("{}", serde_json::to_string_pretty(&document).unwrap());

    // schemars' document is our schema plus the `$schema` and `title` schemars
    // writes at a document's root.
    let mut ours = document.clone();
    if let Value::Object(root) = &mut ours {
        root.shift_remove("$schema");
        root.shift_remove("title");
    }
    assert_eq!(&ours, SearchDocs::schema());
    assert_eq!(document["properties"]["limit"]["maximum"], 50);
    println!("schema_for!(SearchDocs) is SearchDocs::schema(), with `$schema` and `title`");
}
