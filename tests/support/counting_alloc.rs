//! A counting global allocator for tests that prove a path allocates nothing.
//! Included by `#[path]` from the test crates that need it; each declares
//! `#[global_allocator] static GLOBAL: Counting = Counting;` itself.
//!
//! It counts only on the current thread and only while a measured region is open,
//! so other tests running in parallel do not disturb the count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;

pub struct Counting;

thread_local! {
    static MEASURING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

fn note() {
    // `try_with`: the allocator may run while thread-locals are being torn down.
    let _ = MEASURING.try_with(|m| {
        if m.get() {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

/// Runs `f` and returns its result with the number of allocations it made on this
/// thread. The result is dropped by the caller, outside the measured region.
pub fn allocations<R>(f: impl FnOnce() -> R) -> (R, usize) {
    COUNT.with(|c| c.set(0));
    MEASURING.with(|m| m.set(true));
    let r = black_box(f());
    MEASURING.with(|m| m.set(false));
    (r, COUNT.with(|c| c.get()))
}
