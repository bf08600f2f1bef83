//! The hostile-input group (issue #11): every class of `tool_schema_bench::hostile`
//! at its sizes (1k and 10k where the class has a size in elements; 100k too with
//! `TOOL_SCHEMA_HOSTILE_FULL=1`; the `hostile_growth` example runs every size once).
//!
//! ```sh
//! cargo bench -p tool-schema-bench --bench hostile -- --quick
//! cargo bench -p tool-schema-bench --bench hostile -- ref_chain     # a filter
//! TOOL_SCHEMA_HOSTILE_FULL=1 cargo bench ...  # the largest sizes too
//! TOOL_SCHEMA_HOSTILE_OLD=1 cargo bench ...   # the smaller sizes for code before the fixes
//! ```
//!
//! Runs on a thread with a 1 GiB stack so that code recursing in proportion to its
//! input can be measured too (the tests check the 2 MiB stack). Time only: the
//! `hostile_growth` example prints peak memory per size.

use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use tool_schema_bench::hostile::{CASES, STACK};

fn hostile(c: &mut Criterion) {
    let old = std::env::var_os("TOOL_SCHEMA_HOSTILE_OLD").is_some();
    let full = std::env::var_os("TOOL_SCHEMA_HOSTILE_FULL").is_some();
    let testing = !std::env::args().any(|a| a == "--bench");
    for case in CASES {
        let mut group = c.benchmark_group(format!("hostile/{}", case.name));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(200))
            .measurement_time(Duration::from_secs(1));
        let sizes: &[usize] = if old { case.old_sizes } else { &case.sizes };
        // The largest size only with TOOL_SCHEMA_HOSTILE_FULL: one iteration of some
        // classes at 100k takes seconds, and criterion wants ten.
        let sizes = if full {
            sizes
        } else {
            &sizes[..sizes.len() - 1]
        };
        // `cargo test --all-targets` runs this binary without `--bench` (criterion's
        // test mode, each benchmark once, in a debug build): the smallest size only.
        let sizes = if testing { &sizes[..1] } else { sizes };
        for &n in sizes {
            let (size, work) = (case.prepare)(n);
            group.throughput(Throughput::Bytes(size as u64));
            group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
                b.iter(|| black_box(work()))
            });
        }
        group.finish();
    }
}

fn main() {
    std::thread::Builder::new()
        .name("hostile".into())
        .stack_size(STACK)
        .spawn(|| {
            let mut c = Criterion::default().configure_from_args();
            hostile(&mut c);
            c.final_summary();
        })
        .expect("spawn the benchmark thread")
        .join()
        .expect("the benchmark thread");
}
