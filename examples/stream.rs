//! Tool calls checked while the model writes them (`tool_schema::stream`):
//! two recorded provider streams (`tests/data/streams/`, written by hand in
//! the providers' documented event shapes) are replayed event by event into a
//! `CallStreams`, which checks each call's arguments as its pieces arrive.
//!
//! - Anthropic: the model writes `"unit": "Celsius"` (the schema allows
//!   `"celsius"` and `"fahrenheit"`); the call is doomed at the `C`, and the
//!   example prints that byte, what the rest of the call cost (bytes, and
//!   tokens at 4 bytes a token), and the tool result to send back.
//! - OpenAI Chat: two parallel calls; the first is dispatched, the second gives
//!   an undeclared argument and gets an error result.
//!
//! ```text
//! cargo run --example stream
//! ```

use serde_json::Value;
use tool_schema::export::Target;
use tool_schema::toolbox::CallStreams;
use tool_schema::toolbox::{Toolbox, Validated};
use tool_schema::{tool_schema, Options};

tool_schema! {
    /// Get the weather forecast for a city.
    pub GetForecast = include!("tests/data/streams/get_forecast.json")
}

/// The events of a recorded stream, one JSON value a line.
fn events(name: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/streams/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

fn main() {
    let toolbox = Toolbox::new().tool(|args: Validated<GetForecast>| {
        let city = args.value()["city"].as_str().unwrap_or_default().to_owned();
        format!("{city}: sunny, 21 degrees")
    });

    println!("== Anthropic: a wrong-case enum value mid-call");
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    let mut doomed_at = None;
    for event in events("anthropic_enum_case.jsonl") {
        let Some(place) = streams.anthropic(&event) else {
            continue;
        };
        let progress = streams.calls()[place].progress();
        if let (None, Some(at)) = (doomed_at, progress.doomed_at()) {
            doomed_at = Some(at);
            let report = progress.report().expect("a doomed call has a report");
            println!("doomed at byte {at}: {}", report.messages().join("; "));
        }
    }
    for call in streams.finish() {
        let total = call.arguments.len();
        if let Some(at) = doomed_at {
            let rest = total - at - 1;
            println!(
                "the call is {total} bytes: {rest} bytes (about {} tokens) came after the byte that doomed it",
                rest.div_ceil(4)
            );
        }
        match call.into_call() {
            Ok(call) => println!("dispatch: {}", toolbox.run(Target::Anthropic, call).text()),
            Err(outcome) => println!("tool result: {}", outcome.to_provider(Target::Anthropic)),
        }
    }

    println!("\n== OpenAI Chat: two parallel calls");
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    for chunk in events("openai_chat_parallel.jsonl") {
        for place in streams.openai_chat(&chunk) {
            let call = &streams.calls()[place];
            let progress = call.progress();
            let state = match progress.doomed_at() {
                Some(at) => format!("doomed at byte {at}"),
                None => "open".to_owned(),
            };
            println!(
                "  {} {}: {} bytes, {state}",
                call.id.as_deref().unwrap_or("?"),
                call.name,
                progress.bytes()
            );
        }
    }
    for call in streams.finish() {
        let id = call.id.clone().unwrap_or_default();
        match call.into_call() {
            Ok(call) => println!(
                "{id} dispatched: {}",
                toolbox.run(Target::OpenAiChat, call).text()
            ),
            Err(outcome) => println!(
                "{id} tool result: {}",
                outcome.to_provider(Target::OpenAiChat)
            ),
        }
    }
}
