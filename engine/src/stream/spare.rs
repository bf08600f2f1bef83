//! The buffers of finished checkers, kept per thread for the next checker:
//! a warm thread checks a call without allocating, once its first calls grew
//! the buffers to the depth and sizes its calls need. At most [`KEPT`] sets
//! are kept, each only while its buffers are small (a checker that read a
//! huge call frees them). The text is kept apart from the reader's buffers:
//! a checker whose call the text path answers whole (see [`super::whole`])
//! takes only a text buffer.

use super::frame::Frame;
use super::prefix::Prefixes;
use crate::schema::NodeId;
use std::cell::{Cell, RefCell};

/// Sets of buffers kept per thread.
const KEPT: usize = 4;

/// A kept text or token buffer holds at most this many bytes.
const KEPT_BYTES: usize = 64 * 1024;

/// A kept frame stack is at most this deep.
const KEPT_DEPTH: usize = 32;

/// What a checker that reads allocates: its frames, its scratch list, the
/// prefix tests' lists, the reader's stack and token.
#[derive(Default)]
pub(super) struct Buffers {
    pub frames: Vec<Frame>,
    pub scratch: Vec<NodeId>,
    pub prefixes: Prefixes<'static>,
    pub open: Vec<bool>,
    pub token: Vec<u8>,
}

thread_local! {
    static SPARE: RefCell<Vec<Buffers>> = const { RefCell::new(Vec::new()) };
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

/// A set of buffers: kept ones, or new.
pub(super) fn take() -> Buffers {
    SPARE
        .try_with(|spare| spare.try_borrow_mut().ok()?.pop())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Keeps `buffers` (emptied) for the next checker of this thread, when they
/// are small and fewer than [`KEPT`] sets are kept.
pub(super) fn keep(mut buffers: Buffers) {
    let small = buffers.token.capacity() <= KEPT_BYTES
        && buffers.frames.len() <= KEPT_DEPTH
        && buffers.frames.iter().all(Frame::small)
        && buffers.prefixes.small();
    if !small {
        return;
    }
    buffers.scratch.clear();
    buffers.open.clear();
    buffers.token.clear();
    let _ = SPARE.try_with(|spare| {
        if let Ok(mut spare) = spare.try_borrow_mut() {
            if spare.len() < KEPT {
                spare.push(buffers);
            }
        }
    });
}
