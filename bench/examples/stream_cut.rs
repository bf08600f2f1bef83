//! The cost of chunk boundaries by where they cut: one benchmark call
//! (`bench/data`, valid) streamed by its compiled tool's checker, its text
//! split at the given byte offsets, 100 times a pass. Run under valgrind at
//! two pass counts and subtract, once with the cut to measure and once
//! without, for the instructions one boundary adds:
//!
//! ```sh
//! cargo build --release -p tool-schema-bench --example stream_cut
//! STREAM_CUT_CALL=job STREAM_CUT_AT=32,662 STREAM_CUT_ROUNDS=8 \
//!     valgrind --tool=callgrind target/release/examples/stream_cut
//! ```
//!
//! `STREAM_CUT_CALL` names the call (`search` by default), `STREAM_CUT_AT`
//! the offsets (increasing, comma-separated; none: fed whole),
//! `STREAM_CUT_ROUNDS` the passes (1).

use std::hint::black_box;

fn main() {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let call = match var("STREAM_CUT_CALL") {
        name if name.is_empty() => "search".to_string(),
        name => name,
    };
    let cuts: Vec<usize> = var("STREAM_CUT_AT")
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("STREAM_CUT_AT: byte offsets"))
        .collect();
    let rounds: usize = var("STREAM_CUT_ROUNDS").parse().unwrap_or(1);
    let bench = tool_schema_bench::BENCHES
        .iter()
        .find(|b| b.name == call)
        .expect("STREAM_CUT_CALL: weather, search, order or job");
    let checker = tool_schema_bench::compiled_stream(bench.name);
    let text = bench.valid.as_bytes();
    assert!(
        cuts.windows(2).all(|w| w[0] < w[1]) && cuts.last().is_none_or(|&c| c < text.len()),
        "STREAM_CUT_AT: increasing offsets inside the call's {} bytes",
        text.len()
    );
    for _ in 0..rounds * 100 {
        let mut stream = checker();
        let mut from = 0;
        for &to in cuts.iter().chain([text.len()].iter()) {
            black_box(stream.feed(black_box(&text[from..to])).is_doomed());
            from = to;
        }
        assert!(black_box(stream.finish()).is_valid());
    }
}
