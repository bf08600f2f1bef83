//! Tools declared as a crate without tool-schema's `engines` feature declares
//! them: `tool_schema!` literals, a derived struct the macro sees whole, and a
//! derived struct nesting another (whose model and exports are made at run time,
//! so that only its validators work here; using its model is an error `cargo
//! check` reports, see `fail/`). A struct flattening another, validated on its
//! model, is an error at its derive (`fail/flatten_validate.rs`).

use serde::Deserialize;
use tool_schema::{tool_schema, ToolArgs};

tool_schema! {
    /// Get the current weather for a city.
    pub GetWeather = {
        "type": "object",
        "properties": {
            "city": { "type": "string", "minLength": 1, "pattern": "^[A-Z]" },
            "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] }
        },
        "required": ["city"],
        "additionalProperties": false
    }
}

tool_schema! {
    /// Leave a note.
    pub Note = {
        "type": "object",
        "properties": { "text": { "type": "string" } }
    }
}

/// Search the catalogue.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
pub struct Search {
    /// Words to look for.
    #[arg(min_length = 1)]
    pub query: String,
    /// How many results.
    #[arg(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

/// Where to deliver.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
pub struct Address {
    /// The street and number.
    pub street: String,
}

/// Order a delivery to an address.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
pub struct Deliver {
    /// Where to.
    pub to: Address,
}

/// Two of a kind: a generic type, whose validators are its generated code and
/// its argument's.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
pub struct Pair<T> {
    pub left: T,
    pub right: T,
}

/// A count: a standard type named by a newtype the macros see whole, which a
/// generic type takes without `engines` (`Pair<Count>`, where `Pair<u8>` is an
/// error naming the feature: `fail/std_generic_argument.rs`).
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
pub struct Count(pub u8);
