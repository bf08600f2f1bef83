//! A slot in which a later stage keeps what it derives from a schema (the text
//! path's plan), built on first use by that stage. The model neither knows nor
//! names what the slot holds, so it depends on no stage that reads it.

use std::any::Any;
use std::fmt;
use std::sync::OnceLock;

/// What a later stage derived from a [`super::Schema`], built once on first use.
/// A clone starts empty and every slot compares equal: a schema's identity is its
/// nodes alone.
#[derive(Default)]
pub(crate) struct Derived(OnceLock<Box<dyn Any + Send + Sync>>);

impl Derived {
    /// The value of type `T` kept here, built by `build` on first use.
    ///
    /// One stage owns the slot and always asks for the same `T` (the text path,
    /// its plan), so the value kept is always a `T`.
    pub(crate) fn get_or_build<T: Any + Send + Sync>(&self, build: impl FnOnce() -> T) -> &T {
        self.0
            .get_or_init(|| Box::new(build()))
            .downcast_ref::<T>()
            .expect("a schema's derived slot holds the type its one owner builds")
    }
}

impl Clone for Derived {
    fn clone(&self) -> Derived {
        Derived::default()
    }
}

impl PartialEq for Derived {
    fn eq(&self, _: &Derived) -> bool {
        true
    }
}

impl fmt::Debug for Derived {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Derived")
    }
}
