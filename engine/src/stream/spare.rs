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
use std::thread::LocalKey;

/// Texts, and readers, kept per thread.
const KEPT: usize = 4;

/// A kept text buffer holds at most this many bytes.
const KEPT_BYTES: usize = 64 * 1024;

/// The things of one kind kept per thread: the one taken and given back
/// first (one checker at a time, the common case, takes it without touching
/// the list), and the others (up to [`KEPT`] in all). A place holds
/// nothing when it holds the thing's default.
struct Pool<T: Spare> {
    one: &'static LocalKey<Cell<T>>,
    others: &'static LocalKey<RefCell<Vec<T>>>,
}

/// A thing a [`Pool`] keeps: its default is "none".
trait Spare: Default + 'static {
    fn is_some(&self) -> bool;
}

impl Spare for Vec<u8> {
    #[inline(always)]
    fn is_some(&self) -> bool {
        self.capacity() != 0
    }
}

impl Spare for Option<Box<Kept>> {
    #[inline(always)]
    fn is_some(&self) -> bool {
        Option::is_some(self)
    }
}

thread_local! {
    static TEXT: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
    static TEXTS: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
    static READER: Cell<Option<Box<Kept>>> = const { Cell::new(None) };
    static READERS: RefCell<Vec<Option<Box<Kept>>>> = const { RefCell::new(Vec::new()) };
}

/// The kept text buffers.
const TEXTS_KEPT: Pool<Vec<u8>> = Pool {
    one: &TEXT,
    others: &TEXTS,
};

/// The kept readers, each in its box (taken and given back by a pointer).
const READERS_KEPT: Pool<Option<Box<Kept>>> = Pool {
    one: &READER,
    others: &READERS,
};

impl<T: Spare> Pool<T> {
    /// A kept one, or none.
    #[inline(always)]
    fn take(&self) -> T {
        let one = self.one.try_with(Cell::take).unwrap_or_default();
        if one.is_some() {
            return one;
        }
        self.take_other()
    }

    /// One from the list, or none.
    #[inline(never)]
    fn take_other(&self) -> T {
        let others = self.others.try_with(|l| l.try_borrow_mut().ok()?.pop());
        others.ok().flatten().unwrap_or_default()
    }

    /// Keeps `it`, when fewer than [`KEPT`] are kept.
    #[inline(always)]
    fn keep(&self, it: T) {
        if let Ok(other) = self.one.try_with(|one| one.replace(it)) {
            if other.is_some() {
                self.keep_other(other);
            }
        }
    }

    /// Keeps `it` in the list, when fewer than [`KEPT`] are kept in all.
    #[inline(never)]
    fn keep_other(&self, it: T) {
        let _ = self.others.try_with(|others| {
            if let Ok(mut others) = others.try_borrow_mut() {
                if others.len() < KEPT - 1 {
                    others.push(it);
                }
            }
        });
    }
}

/// A text buffer: a kept one, or new.
#[inline]
pub(super) fn take_text() -> Vec<u8> {
    TEXTS_KEPT.take()
}

/// Keeps `text` (emptied) for the next checker of this thread, when it is
/// small.
#[inline]
pub(super) fn keep_text(mut text: Vec<u8>) {
    if text.capacity() == 0 || text.capacity() > KEPT_BYTES {
        return;
    }
    text.clear();
    TEXTS_KEPT.keep(text);
}

/// A reader ready for a new call: a kept one, or new.
#[inline]
pub(super) fn take() -> Box<Kept> {
    READERS_KEPT.take().unwrap_or_default()
}

/// Keeps `kept` (made ready for a new call) for the next checker of this
/// thread, when its buffers are small.
#[inline]
pub(super) fn keep(mut kept: Box<Kept>) {
    if !kept.small() {
        return;
    }
    kept.reset();
    READERS_KEPT.keep(Some(kept));
}
