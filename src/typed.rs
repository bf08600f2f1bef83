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

/// Writes the constant of a typed `const` (its JSON text `json`, written by the
/// macro, so always JSON).
#[cfg(feature = "typed")]
pub fn write_const<S: serde::Serializer>(json: &str, serializer: S) -> Result<S::Ok, S::Error> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(serde::ser::Error::custom)?;
    serde::Serialize::serialize(&value, serializer)
}

/// Reads the constant of a typed `const` (JSON text `json`): any value equal to
/// it (numbers by value, `1` and `1.0` alike), else an error naming it.
#[cfg(feature = "typed")]
pub fn read_const<'de, D: serde::Deserializer<'de>>(json: &str, de: D) -> Result<(), D::Error> {
    use serde::de::Error;
    let expected: serde_json::Value = serde_json::from_str(json).map_err(D::Error::custom)?;
    let value = <serde_json::Value as serde::Deserialize>::deserialize(de)?;
    if crate::json::json_eq(&value, &expected) {
        Ok(())
    } else {
        Err(D::Error::custom(format_args!(
            "expected the constant {json}, got {value}"
        )))
    }
}

/// Implements serde for the unit-like type `$name` of a typed `const` (JSON text
/// `$json`): it writes the constant and reads it alone; `$name::JSON` is the text.
#[cfg(feature = "typed")]
#[doc(hidden)]
#[macro_export]
macro_rules! __typed_const {
    ($name:ident, $json:literal) => {
        impl $name {
            /// The constant, as JSON text.
            pub const JSON: &'static str = $json;
        }

        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::__private::typed::write_const($json, serializer)
            }
        }

        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::__private::typed::read_const($json, deserializer).map(|()| $name)
            }
        }
    };
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
