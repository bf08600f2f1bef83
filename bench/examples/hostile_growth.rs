//! Time and peak memory of every hostile-input class (issue #11) at each of its
//! sizes, once, with the growth from one size to the next: what "linear" is
//! checked against.
//!
//! ```sh
//! cargo run --release -p tool-schema-bench --example hostile_growth
//! cargo run --release -p tool-schema-bench --example hostile_growth -- --old     # sizes capped (code before the fixes)
//! cargo run --release -p tool-schema-bench --example hostile_growth -- ref_chain # cases whose name contains it
//! ```
//!
//! Peak memory is counted by this binary's global allocator: the most bytes held
//! at once during the measured work, above what was held before it (the input is
//! built first and not counted). Growth columns: time and peak of this size over
//! the previous one's, next to the ratio of the input sizes. Runs on a thread with
//! a 1 GiB stack so that code recursing in proportion to its input is measured too.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use tool_schema_bench::hostile::{CASES, STACK};

struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = HELD.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            grew(new_size - layout.size());
        } else {
            HELD.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn human(bytes: usize) -> String {
    match bytes {
        b if b >= 10 << 20 => format!("{} MB", b >> 20),
        b if b >= 10 << 10 => format!("{} KB", b >> 10),
        b => format!("{b} B"),
    }
}

fn run(old: bool, filter: Option<String>) {
    println!(
        "| case | n | input | time | peak | time growth | peak growth | input growth | answer |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for case in CASES {
        if filter.as_deref().is_some_and(|f| !case.name.contains(f)) {
            continue;
        }
        let mut previous: Option<(usize, f64, usize)> = None;
        let sizes: &[usize] = if old { case.old_sizes } else { &case.sizes };
        for &n in sizes {
            let (input, work) = (case.prepare)(n);
            let before = HELD.load(Ordering::Relaxed);
            PEAK.store(before, Ordering::Relaxed);
            let start = Instant::now();
            let answer = std::hint::black_box(work());
            let secs = start.elapsed().as_secs_f64();
            let peak = PEAK.load(Ordering::Relaxed).saturating_sub(before);
            let growth = |now: f64, then: f64| {
                if then > 0.0 {
                    format!("x{:.1}", now / then)
                } else {
                    String::new()
                }
            };
            let (tg, pg, ig) = match previous {
                Some((i0, t0, p0)) => (
                    growth(secs, t0),
                    growth(peak as f64, p0 as f64),
                    growth(input as f64, i0 as f64),
                ),
                None => Default::default(),
            };
            println!(
                "| {} | {n} | {} | {:.3} ms | {} | {tg} | {pg} | {ig} | {answer} |",
                case.name,
                human(input),
                secs * 1e3,
                human(peak),
            );
            previous = Some((input, secs, peak));
            drop(work);
        }
    }
    println!();
    for case in CASES {
        println!("- {}: {}", case.name, case.what);
    }
}

fn main() {
    let mut old = false;
    let mut filter = None;
    for arg in std::env::args().skip(1) {
        if arg == "--old" {
            old = true;
        } else {
            filter = Some(arg);
        }
    }
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || run(old, filter))
        .expect("spawn the measuring thread")
        .join()
        .expect("the measuring thread");
}
