//! How a validator reads a schema where tool calls and JSON Schema differ.

/// When a property that `properties` does not declare is a violation.
///
/// An object is *closed* when its schema declares `properties`, and the arguments
/// object of a call (the root) is always closed: a tool's argument list is what
/// it declares. Objects whose schema declares no `properties` (free-form maps) are
/// open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Undeclared {
    /// Tool-call mode (the default): undeclared properties of a closed object are
    /// violations unless `additionalProperties: true`; `additionalProperties: false`
    /// closes any object.
    #[default]
    RejectUnlessAllowed,
    /// Like [`Undeclared::RejectUnlessAllowed`], but `additionalProperties: true`
    /// does not open a closed object (seeds 000, 001 and 003).
    RejectAlways,
    /// JSON Schema semantics: a violation only where `additionalProperties: false`
    /// (seed 002).
    RejectIfForbidden,
}

/// Settings of one validation run. `Options::default()` is tool-call mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// When an undeclared property is a violation.
    pub undeclared: Undeclared,
    /// Whether the arguments must be an object even where the root schema declares
    /// no `type` (tool-call mode: a tool's arguments are always an object, so
    /// `"Paris"` is never a valid call of `{"properties": {"city": {}}}`).
    pub object_root: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options::TOOL_CALL
    }
}

impl Options {
    /// Tool-call mode, the default.
    pub const TOOL_CALL: Options = Options {
        undeclared: Undeclared::RejectUnlessAllowed,
        object_root: true,
    };

    /// These options with `object_root` set.
    pub const fn object_root(mut self, object_root: bool) -> Options {
        self.object_root = object_root;
        self
    }

    /// These options with `undeclared` set.
    pub const fn undeclared(mut self, undeclared: Undeclared) -> Options {
        self.undeclared = undeclared;
        self
    }

    /// Whether an undeclared property of an object is a violation, given what its
    /// schema says. Shared by the interpreter and generated code.
    #[doc(hidden)]
    #[inline]
    pub const fn rejects_undeclared(
        &self,
        closed: bool,
        additional: crate::schema::Additional,
    ) -> bool {
        use crate::schema::Additional;
        match (self.undeclared, additional) {
            (_, Additional::Forbidden) => true,
            (Undeclared::RejectIfForbidden, _) => false,
            (Undeclared::RejectAlways, _) => closed,
            (Undeclared::RejectUnlessAllowed, Additional::Allowed) => false,
            (Undeclared::RejectUnlessAllowed, _) => closed,
        }
    }
}
