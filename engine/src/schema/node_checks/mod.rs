//! The keywords of a model node, decided: each function hands the node's
//! constants to the value-level decision of `crate::keywords` (which generated
//! code calls with the same constants written out), so a keyword's decision
//! exists once. The interpreter, the text path and the model's own analyses
//! call these.

pub mod array;
pub mod enum_const;
pub mod number;
pub mod object;
pub mod string;
pub mod unevaluated;

#[cfg(test)]
mod alias_tests;
#[cfg(test)]
mod unevaluated_tests;
