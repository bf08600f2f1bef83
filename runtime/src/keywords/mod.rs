//! The keyword decisions on values: one module per keyword family holding the
//! decisions that the interpreter, the text path and generated code share, each
//! looking at a value and constants, never at a model node (the node-level
//! checks over them are `schema::node_checks`, the vocabulary table
//! `schema::vocabulary`): each comparison is written once (a
//! count against its `min*`/`max*` limit in `count`, a number against its bound
//! in [`number::Bound::breaks`]). The words of a violation are a format's job
//! (`crate::render`).

pub mod alias;
pub mod applicators;
pub mod array;
pub mod count;
mod draft;
pub mod enum_const;
pub mod format;
mod format_pointer;
mod format_regex;
mod format_uri;
pub mod number;
pub mod object;
pub mod string;
pub mod types;
pub mod unevaluated;

/// A JSON Schema draft.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draft {
    /// Draft 7.
    Draft07,
    /// Draft 2019-09 (read as 2020-12, but for `items` as an array with
    /// `additionalItems`).
    Draft2019_09,
    /// Draft 2020-12.
    Draft2020_12,
}
