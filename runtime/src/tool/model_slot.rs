//! Where a tool keeps its model once decoded: a `static` of the tool's own,
//! holding a type this crate does not know (the engine's `Schema`).

use std::any::Any;
use std::sync::OnceLock;

/// A tool's decoded model, made on first use and kept for the program's life
/// (see `ToolArgs::__model_slot`): found again at the cost of one load and a
/// type check.
pub struct ModelSlot(OnceLock<Box<dyn Any + Send + Sync>>);

impl ModelSlot {
    /// An empty slot (for a `static`).
    pub const fn new() -> ModelSlot {
        ModelSlot(OnceLock::new())
    }

    /// The value kept here, made by `make` on first use.
    ///
    /// # Panics
    ///
    /// If the slot holds a value of another type than `T` (one type only is
    /// ever kept in a tool's slot: the engine's model).
    pub fn get_or_make<T: Any + Send + Sync>(
        &'static self,
        make: impl FnOnce() -> T,
    ) -> &'static T {
        self.0
            .get_or_init(|| Box::new(make()))
            .downcast_ref::<T>()
            .expect("a tool's model slot holds the engine's model only")
    }
}

impl Default for ModelSlot {
    fn default() -> ModelSlot {
        ModelSlot::new()
    }
}

#[cfg(test)]
mod tests {
    use super::ModelSlot;

    #[test]
    fn made_once_and_kept() {
        static SLOT: ModelSlot = ModelSlot::new();
        let first: &String = SLOT.get_or_make(|| "model".to_string());
        let again: &String = SLOT.get_or_make(|| unreachable!("made once"));
        assert!(std::ptr::eq(first, again));
    }
}
