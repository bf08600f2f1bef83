//! The contract between the macros and the runtimes, as generated code reaches
//! it (`::tool_schema::__private`; the facade re-exports this module and adds its
//! own macros): the small runtime's contract whole (`runtime/src/contract.rs`,
//! where nearly every item lives), and the few items that need the schema model,
//! listed here. `tests/generated_contract.rs` fails when the code generator
//! (`expand/src`) names an item listed nowhere, and when this list grows.
//!
//! Not a public API: an item may change in any release, together with the
//! macros of the same release.

pub use tool_schema_runtime::contract::*;

/// The model type, and the trait whose `compiled_schema` gives a tool's
/// (the interpreter validates a derived type that flattens another on it).
pub use crate::{Schema, ToolArgsExt};

/// The marker of a tool whose model the macros compiled (the lean build's
/// check), and the macro that implements it.
pub use crate::__compiled as compiled;
pub use crate::tool::Compiled;

/// The compiled model decoded on first use; a generic instantiation's model
/// made when the program runs; the derived text path's entry points.
pub use crate::tool::{
    declared_schema, fast_accepts, fast_parse, instance_model, parse_str_generic,
};

/// The initialiser of `ToolArgs::__EXPORTS`: the declared targets' exports, and
/// the others' where there is no run-time export (without `engines`).
pub use crate::__exports as exports;
