//! The text and the readers of finished checkers, kept per thread for the
//! next checker: a warm thread checks a call without allocating, once its
//! first calls grew the buffers to the depth and sizes its calls need. At
//! most [`KEPT`] of each are kept, each only while its buffers are small (a
//! checker that read a huge call frees them). The text is kept apart from
//! the reader: a checker whose call the text path answers whole (see
//! [`super::whole`]) takes only a text buffer. A reader is taken and given
//! back whole, in its box, its buffers in it.

use super::Kept;
use std::cell::{Cell, RefCell};

/// Texts, and readers, kept per thread.
const KEPT: usize = 4;

/// A kept text buffer holds at most this many bytes.
const KEPT_BYTES: usize = 64 * 1024;

thread_local! {
    /// The reader taken and given back first (one checker at a time, the
    /// common case, takes it without touching the list).
    static KEPT_ONE: Cell<Option<Box<Kept>>> = const { Cell::new(None) };
    /// The other kept readers (up to [`KEPT`] in all), each in its box: one
    /// is taken and given back by a pointer.
    #[allow(clippy::vec_box)]
    static KEPT_OTHERS: RefCell<Vec<Box<Kept>>> = const { RefCell::new(Vec::new()) };
    /// The text buffer taken and given back first (one checker at a time,
    /// the common case, takes it without touching the list).
    static TEXT: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
    /// The other kept text buffers (up to [`KEPT`] in all).
    static TEXTS: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// A text buffer: a kept one, or new.
#[inline]
pub(super) fn take_text() -> Vec<u8> {
    let text = TEXT.try_with(Cell::take).unwrap_or_default();
    if text.capacity() != 0 {
        return text;
    }
    TEXTS
        .try_with(|spare| spare.try_borrow_mut().ok()?.pop())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Keeps `text` (emptied) for the next checker of this thread, when it is
/// small and fewer than [`KEPT`] are kept.
#[inline]
pub(super) fn keep_text(mut text: Vec<u8>) {
    if text.capacity() == 0 || text.capacity() > KEPT_BYTES {
        return;
    }
    text.clear();
    let Ok(other) = TEXT.try_with(|slot| slot.replace(text)) else {
        return;
    };
    if other.capacity() != 0 {
        keep_other_text(other);
    }
}

/// Keeps `text` in the list, when fewer than [`KEPT`] are kept in all.
#[inline(never)]
fn keep_other_text(text: Vec<u8>) {
    let _ = TEXTS.try_with(|spare| {
        if let Ok(mut spare) = spare.try_borrow_mut() {
            if spare.len() < KEPT - 1 {
                spare.push(text);
            }
        }
    });
}

/// A reader ready for a new call: a kept one, or new.
#[inline]
pub(super) fn take() -> Box<Kept> {
    if let Some(kept) = KEPT_ONE.try_with(Cell::take).ok().flatten() {
        return kept;
    }
    take_other()
}

/// A reader from the list, or new.
#[inline(never)]
fn take_other() -> Box<Kept> {
    KEPT_OTHERS
        .try_with(|spare| spare.try_borrow_mut().ok()?.pop())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Keeps `kept` (made ready for a new call) for the next checker of this
/// thread, when its buffers are small and fewer than [`KEPT`] are kept.
#[inline]
pub(super) fn keep(mut kept: Box<Kept>) {
    if !kept.small() {
        return;
    }
    kept.reset();
    let Ok(other) = KEPT_ONE.try_with(|slot| slot.replace(Some(kept))) else {
        return;
    };
    if let Some(other) = other {
        keep_other(other);
    }
}

/// Keeps `kept` in the list, when fewer than [`KEPT`] are kept in all.
#[inline(never)]
fn keep_other(kept: Box<Kept>) {
    let _ = KEPT_OTHERS.try_with(|spare| {
        if let Ok(mut spare) = spare.try_borrow_mut() {
            if spare.len() < KEPT - 1 {
                spare.push(kept);
            }
        }
    });
}
