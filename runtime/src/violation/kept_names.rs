//! Declared names kept for the program's life, so that the [`Path`] of a
//! violation borrows them (`Segment::Key(Cow::Borrowed)`) instead of copying
//! each into a new `String`: generated code names declared properties by
//! `'static` literals; a schema read at run time keeps its names here when it
//! is parsed (the interpreter's paths then allocate no name of the schema).
//!
//! Bounded: each distinct name is kept once, whichever schema declares it,
//! and once [`KEPT_NAMES_BYTES`] are taken no further name is kept (a path
//! then copies it, as it copies a name the call sent). A name longer than
//! [`KEPT_NAME_BYTES`] is never kept: a path cuts it.
//!
//! [`Path`]: crate::violation::Path

use super::KEPT_NAME_BYTES;
use std::collections::HashSet;
use std::sync::{OnceLock, PoisonError, RwLock};

/// The most bytes all kept names may take, each counted with
/// 32 bytes more for its place in the store (the set's entry, the
/// allocation's header).
pub const KEPT_NAMES_BYTES: usize = 1 << 20;

/// What keeping one name costs besides its bytes (its entry in the set, the
/// allocation's header), counted against [`KEPT_NAMES_BYTES`].
const PER_NAME_BYTES: usize = 32;

#[derive(Default)]
struct Store {
    names: HashSet<&'static str>,
    bytes: usize,
}

static STORE: OnceLock<RwLock<Store>> = OnceLock::new();

/// `name` kept for the program's life: the same `&'static str` for equal
/// names; `None` when it is longer than [`KEPT_NAME_BYTES`] or the store is
/// full.
pub fn keep(name: &str) -> Option<&'static str> {
    keep_in(STORE.get_or_init(Default::default), name, KEPT_NAMES_BYTES)
}

/// [`keep`] in `store`, which may hold up to `max` bytes.
fn keep_in(store: &RwLock<Store>, name: &str, max: usize) -> Option<&'static str> {
    if name.len() > KEPT_NAME_BYTES {
        return None;
    }
    let read = store.read().unwrap_or_else(PoisonError::into_inner);
    if let Some(&kept) = read.names.get(name) {
        return Some(kept);
    }
    drop(read);
    let mut store = store.write().unwrap_or_else(PoisonError::into_inner);
    if let Some(&kept) = store.names.get(name) {
        return Some(kept);
    }
    let cost = name.len() + PER_NAME_BYTES;
    if store.bytes + cost > max {
        return None;
    }
    store.bytes += cost;
    let kept: &'static str = Box::leak(name.to_owned().into_boxed_str());
    store.names.insert(kept);
    Some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_names_are_kept_once() {
        let a = keep("kept_names_test_city").expect("room for a short name");
        let b = keep(&String::from("kept_names_test_city")).expect("kept");
        assert_eq!(a, "kept_names_test_city");
        assert!(std::ptr::eq(a, b));
    }

    #[test]
    fn names_a_path_cuts_are_not_kept() {
        let long = "n".repeat(KEPT_NAME_BYTES + 1);
        assert_eq!(keep(&long), None);
        let longest = "m".repeat(KEPT_NAME_BYTES);
        assert_eq!(keep(&longest), Some(longest.as_str()));
    }

    #[test]
    fn a_full_store_keeps_no_new_name() {
        let store = RwLock::new(Store::default());
        let max = 2 * (PER_NAME_BYTES + 4);
        let first = keep_in(&store, "aaaa", max).expect("room");
        assert!(keep_in(&store, "bbbb", max).is_some());
        assert_eq!(keep_in(&store, "cccc", max), None);
        assert!(std::ptr::eq(
            keep_in(&store, "aaaa", max).expect("kept"),
            first
        ));
    }
}
