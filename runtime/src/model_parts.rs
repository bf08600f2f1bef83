//! The parts of the schema model that the value-level keyword decisions and
//! generated code name as well as the model: a node's index in its schema's
//! arena, and what `additionalProperties` says.

/// Index of a node in a `Schema`'s arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

/// What `additionalProperties` says about properties not declared in `properties`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Additional {
    /// The keyword is absent.
    #[default]
    Unspecified,
    /// `additionalProperties: true`.
    Allowed,
    /// `additionalProperties: false`.
    Forbidden,
    /// `additionalProperties: {schema}`: every undeclared property must match it.
    Schema(NodeId),
}
