//! The streaming checker beside the text path, in one run: each of the four
//! benchmark calls, valid and invalid, checked by `T::validate_str` (`text`),
//! streamed whole (`stream_whole`: one `feed`, then `finish`) and in 16-byte
//! chunks (`stream_16`).
//!
//! ```sh
//! cargo bench -p tool-schema-bench --bench stream -- --quick
//! ```

use criterion::Criterion;
use std::hint::black_box;
use tool_schema_bench::{compiled_stream, compiled_validate_str, BENCHES};

fn stream(c: &mut Criterion) {
    for b in BENCHES {
        let text_path = compiled_validate_str(b.name);
        let checker = compiled_stream(b.name);
        for (input, text) in [("valid", b.valid), ("invalid", b.invalid)] {
            // Both paths give the same report (the tests check it on every corpus).
            let mut whole = checker();
            whole.feed(text.as_bytes());
            assert_eq!(whole.finish(), text_path(text).unwrap());
            let mut g = c.benchmark_group(format!("stream_{}_{input}", b.name));
            g.bench_function("text", |bn| bn.iter(|| text_path(black_box(text)).is_ok()));
            g.bench_function("stream_whole", |bn| {
                bn.iter(|| {
                    let mut s = checker();
                    black_box(s.feed(black_box(text.as_bytes())).is_doomed());
                    s.finish().is_valid()
                })
            });
            g.bench_function("stream_16", |bn| {
                bn.iter(|| {
                    let mut s = checker();
                    for piece in black_box(text.as_bytes()).chunks(16) {
                        black_box(s.feed(piece).is_doomed());
                    }
                    s.finish().is_valid()
                })
            });
            g.finish();
        }
    }
}

criterion::criterion_group!(benches, stream);
criterion::criterion_main!(benches);
