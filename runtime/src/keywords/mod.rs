//! The keywords: one module per keyword family, each holding the decisions that
//! the interpreter, the text path and generated code share.

pub mod format;
pub mod number;
