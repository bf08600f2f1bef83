//! The BFCL sample and the MCP corpus declared with the typed form of `tool_schema!` (see
//! `build.rs`): each definition's Rust types, validator and round trip, for
//! `tests/bfcl.rs`.

use serde_json::Value;
use tool_schema::{Options, Report, ToolArgs};

/// A compiled validator.
pub type Validate = fn(&Value, &Options) -> Report;

/// A tool's schema (`ToolArgs::schema`).
pub type SchemaOf = fn() -> &'static Value;

/// A typed parse, then the typed value written back as JSON.
pub type RoundTrip = fn(&Value, &Options) -> Result<Value, Report>;

/// `args` parsed into `T` with `options`, then serialised: the JSON the typed
/// value writes, or the parse's report.
pub fn round_trip<T>(args: &Value, options: &Options) -> Result<Value, Report>
where
    T: ToolArgs + serde::de::DeserializeOwned + serde::Serialize,
{
    let typed = T::parse_with(args, options)?;
    Ok(serde_json::to_value(&typed).expect("a typed value serialises"))
}

/// The typed BFCL definitions (`BFCL`).
pub mod bfcl {
    include!(concat!(env!("OUT_DIR"), "/bfcl.rs"));
}

/// The typed tools of the shared MCP corpus (`MCP`; empty without the shared
/// material).
pub mod mcp {
    include!(concat!(env!("OUT_DIR"), "/mcp.rs"));
}

/// The schemas of the property test, typed (`PROPS`; see `gen_schemas.rs`).
pub mod props {
    include!(concat!(env!("OUT_DIR"), "/props.rs"));
}
