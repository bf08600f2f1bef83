//! What the typed form of `tool_schema!` (`pub struct Name = { ... }`) needs in
//! the facade: serde with its derives (reached by the generated
//! `#[serde(crate = "::tool_schema::__private::serde")]`, so that the user's crate
//! needs no `serde` of its own), and the reading of an optional member that may
//! be `null`. Used by generated code only.

/// Reads a member that is present as `Some`, `null` included: with
/// `#[serde(default)]` (absent: `None`), an optional property whose value may be
/// `null` keeps absent and `null` apart (`Option<Option<T>>`, `Option<Value>`),
/// and writes each back as it came.
#[cfg(feature = "typed")]
pub fn present<'de, D, T>(de: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    T::deserialize(de).map(Some)
}

/// Written once by each typed declaration: nothing with the `typed` feature, a
/// compile error naming it without.
#[cfg(feature = "typed")]
#[doc(hidden)]
#[macro_export]
macro_rules! __typed_form {
    () => {};
}

/// See the `typed` version above.
#[cfg(not(feature = "typed"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __typed_form {
    () => {
        ::core::compile_error!(
            "the typed form of tool_schema! (`pub struct Name = { ... }`) needs tool-schema's `typed` feature (on by default)"
        );
    };
}
