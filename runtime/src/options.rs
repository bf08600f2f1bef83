//! How a validator reads a schema where tool calls and JSON Schema differ.

/// When a property that `properties` does not declare is a violation.
///
/// An object is *closed* when its schema declares `properties`, and the arguments
/// object of a call (the root) is always closed: a tool's argument list is what
/// it declares. Where the root schema declares its arguments through a `$ref`,
/// `allOf`, `anyOf` or `oneOf`, the subschemas that declare them close it. Objects
/// whose schema declares no `properties` (free-form maps) are open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
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

/// The default of [`Options::max_violations`].
pub const DEFAULT_MAX_VIOLATIONS: usize = 100;

/// The default of [`Options::max_report_bytes`].
pub const DEFAULT_MAX_REPORT_BYTES: usize = 16 * 1024;

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
    /// Whether `format` is asserted (tool-call mode) or only an annotation (JSON
    /// Schema's default, spec mode).
    pub formats: bool,
    /// Whether a float with no fractional part (`1.0`) counts as an `integer`
    /// (JSON Schema, spec mode) or as a `number` only (tool-call mode: the model
    /// wrote a float where an integer was asked).
    pub integer_floats: bool,
    /// Whether an explicit `null` for a property that is not `required` counts as
    /// absent (OpenAI strict mode sends `null` for every optional property it
    /// leaves out, since strict schemas make every property required and nullable).
    pub null_is_absent: bool,
    /// The most violations a [`Report`](crate::Report) keeps (default
    /// [`DEFAULT_MAX_VIOLATIONS`], 100), counting those inside `anyOf`/`oneOf`
    /// alternatives; the others are counted in
    /// [`Report::omitted`](crate::Report::omitted). Applied while validating, so
    /// a call with a million wrong values builds at most this many violations.
    /// Missing required arguments are kept before the violations they precede.
    pub max_violations: usize,
    /// The most bytes the words of a report take (default
    /// [`DEFAULT_MAX_REPORT_BYTES`], 16 KiB) in every format: messages past it
    /// are left out (a single longer message is cut with `…`) and the last line
    /// says `... and N more problems`. The JSON text of
    /// [`json_report`](crate::json_report) stays within it too, plus
    /// [`JSON_REPORT_SLACK`](crate::render::JSON_REPORT_SLACK) bytes.
    pub max_report_bytes: usize,
    /// How many levels of objects and arrays a call may nest (the arguments
    /// object is level 1). A deeper call gets one violation,
    /// [`Kind::TooDeep`](crate::Kind::TooDeep), at the first container past the
    /// limit, and nothing else is checked: every walk of a call (validation,
    /// reports, serde reading a valid one) then recurses at most this many
    /// levels. Default 128, about serde_json's own limit on text (127 nested
    /// containers); the native stack a level costs is in `docs/limits.md`.
    pub max_depth: usize,
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
        formats: true,
        integer_floats: false,
        null_is_absent: false,
        max_violations: DEFAULT_MAX_VIOLATIONS,
        max_report_bytes: DEFAULT_MAX_REPORT_BYTES,
        max_depth: Options::DEFAULT_MAX_DEPTH,
    };

    /// Spec mode: JSON Schema 2020-12 where it differs from tool-call mode. `1.0` is
    /// an integer; undeclared properties are allowed unless `additionalProperties`
    /// says otherwise; `format` is an annotation; any value may be validated.
    pub const SPEC: Options = Options {
        undeclared: Undeclared::RejectIfForbidden,
        object_root: false,
        formats: false,
        integer_floats: true,
        null_is_absent: false,
        max_violations: DEFAULT_MAX_VIOLATIONS,
        max_report_bytes: DEFAULT_MAX_REPORT_BYTES,
        max_depth: Options::DEFAULT_MAX_DEPTH,
    };

    /// The default of [`Options::max_depth`]: 128 levels, also the depth the schema
    /// model's expansion analysis covers (`tool_schema_engine::schema::ANALYSED_DEPTH` is this
    /// constant).
    pub const DEFAULT_MAX_DEPTH: usize = 128;

    /// These options with `max_depth` set: calls may nest objects and arrays
    /// `max_depth` levels (0 refuses any object or array, the arguments object
    /// included).
    pub const fn max_depth(mut self, max_depth: usize) -> Options {
        self.max_depth = max_depth;
        self
    }

    /// These options with `formats` set.
    pub const fn formats(mut self, formats: bool) -> Options {
        self.formats = formats;
        self
    }

    /// These options with `null_is_absent` set.
    pub const fn null_is_absent(mut self, null_is_absent: bool) -> Options {
        self.null_is_absent = null_is_absent;
        self
    }

    /// These options with `integer_floats` set.
    pub const fn integer_floats(mut self, integer_floats: bool) -> Options {
        self.integer_floats = integer_floats;
        self
    }

    /// The JSON type of `value` under these options (`1.0` is an `integer` when
    /// [`Options::integer_floats`] is set).
    #[inline]
    pub fn type_of(&self, value: &serde_json::Value) -> crate::JsonType {
        match value {
            serde_json::Value::Number(n) if self.integer_floats && n.is_f64() => match n.as_f64() {
                Some(f) if f.fract() == 0.0 => crate::JsonType::Integer,
                _ => crate::JsonType::Number,
            },
            other => crate::JsonType::of(other),
        }
    }

    /// These options with `max_violations` set.
    pub const fn max_violations(mut self, max_violations: usize) -> Options {
        self.max_violations = max_violations;
        self
    }

    /// These options with `max_report_bytes` set.
    pub const fn max_report_bytes(mut self, max_report_bytes: usize) -> Options {
        self.max_report_bytes = max_report_bytes;
        self
    }

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
}
