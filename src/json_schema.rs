//! `schemars::JsonSchema` for the types the macros declare (feature `schemars`).
//!
//! The macros cannot see which features the user's `tool-schema` has, so the code
//! they generate calls [`json_schema_impl!`](crate::__json_schema_impl), a
//! `macro_rules!` defined twice here: with the feature it implements
//! `JsonSchema` through [`json_schema`], without it it expands to nothing.

/// The schema schemars is given for `T`: `T::schema()` (without its aliases, as
/// every export writes it) with its `$defs` moved into
/// the generator's definitions and its local references moved with them (see
/// [`crate::export::embed`]), so it is right at the root of a document
/// (`schemars::schema_for!`, rmcp's `inputSchema`) and nested in another type's.
#[cfg(feature = "schemars")]
#[doc(hidden)]
pub fn json_schema<T: crate::ToolArgs>(
    name: &str,
    generator: &mut schemars::SchemaGenerator,
) -> schemars::Schema {
    let defs_ref = format!(
        "#{}",
        generator
            .settings()
            .definitions_path
            .trim_start_matches('#')
            .trim_end_matches('/')
    );
    // The macros accept no schema deeper than `embed` takes, nor one that is not
    // an object or a boolean (what `try_from` takes): the fallbacks (refuse
    // everything) are never reached.
    // Aliases are the validator's: the schema handed on names each argument once.
    let without_aliases = crate::export::without_aliases(T::schema());
    let schema = without_aliases.as_ref().unwrap_or(T::schema());
    crate::export::embed(schema, name, generator.definitions_mut(), &defs_ref)
        .and_then(|placed| schemars::Schema::try_from(placed).ok())
        .unwrap_or_else(|| schemars::Schema::from(false))
}

/// Implements `schemars::JsonSchema` for a declared tool type with its own schema
/// (feature `schemars`; see [`json_schema`]). Not a stable API.
#[cfg(feature = "schemars")]
#[doc(hidden)]
#[macro_export]
macro_rules! __json_schema_impl {
    // A generic derived type: the implementation's generics, the type with its
    // parameters, the where clause; each instantiation's id is its Rust type's
    // name (an id shared by two would read as one type to schemars).
    (@generic [$($impl:tt)*] [$($ty:tt)*] [$($where:tt)*] $name:ident) => {
        impl $($impl)* ::tool_schema::__private::schemars::JsonSchema for $($ty)* $($where)* {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(::core::stringify!($name))
            }

            fn schema_id() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(::core::any::type_name::<Self>())
            }

            fn json_schema(
                generator: &mut ::tool_schema::__private::schemars::SchemaGenerator,
            ) -> ::tool_schema::__private::schemars::Schema {
                ::tool_schema::__private::json_schema::<Self>(::core::stringify!($name), generator)
            }
        }
    };
    ($ty:ident) => {
        impl ::tool_schema::__private::schemars::JsonSchema for $ty {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(::core::stringify!($ty))
            }

            fn schema_id() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(::core::concat!(
                    ::core::module_path!(),
                    "::",
                    ::core::stringify!($ty)
                ))
            }

            fn json_schema(
                generator: &mut ::tool_schema::__private::schemars::SchemaGenerator,
            ) -> ::tool_schema::__private::schemars::Schema {
                ::tool_schema::__private::json_schema::<$ty>(::core::stringify!($ty), generator)
            }
        }
    };
}

/// Without the feature `schemars`: nothing.
#[cfg(not(feature = "schemars"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __json_schema_impl {
    ($($any:tt)*) => {};
}
