//! The provider adapters of `tool_schema::stream` (`CallStreams`) on the
//! recorded streams of `tests/data/streams/` (see its README), and on an
//! unknown tool: the calls tracked by index, each doomed at the byte that
//! settles it, and finished with the tool's own `validate_str` report.

use serde_json::{json, Value};
use tool_schema::export::Target;
use tool_schema::toolbox::CallStreams;
use tool_schema::toolbox::{Toolbox, Validated};
use tool_schema::{tool_schema, Options, ToolArgs};

tool_schema! {
    /// Get the weather forecast for a city.
    pub GetForecast = include!("tests/data/streams/get_forecast.json")
}

fn events(name: &str) -> Vec<Value> {
    let path = format!("{}/tests/data/streams/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The arguments text of the call at `index` in a recorded stream, joined
/// from its pieces independently of the adapters.
fn joined(events: &[Value], pointer: &str, index: u64, at_index: &str) -> String {
    events
        .iter()
        .flat_map(|e| {
            e.pointer(pointer)
                .map(|v| match v {
                    Value::Array(a) => a.clone(),
                    other => vec![other.clone()],
                })
                .unwrap_or_default()
        })
        .filter(|entry| entry.pointer(at_index).and_then(Value::as_u64) == Some(index))
        .filter_map(|entry| {
            entry
                .pointer("/delta/partial_json")
                .or_else(|| entry.pointer("/function/arguments"))
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .collect()
}

#[test]
fn anthropic_call_is_doomed_at_the_wrong_case_and_finishes_exactly() {
    let events = events("anthropic_enum_case.jsonl");
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    let mut first_doomed = None;
    for e in &events {
        if let Some(place) = streams.anthropic(e) {
            first_doomed = first_doomed.or(streams.calls()[place].progress().doomed_at());
        }
    }
    let deltas: Vec<Value> = events
        .iter()
        .filter(|e| e["type"] == "content_block_delta")
        .cloned()
        .collect();
    let text = joined(&deltas, "", 1, "/index");
    let wrong = text.find("\"Celsius").unwrap() + 1;
    assert_eq!(first_doomed, Some(wrong));
    let calls = streams.finish();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].id.as_deref(), Some("toolu_01"));
    assert_eq!(calls[0].arguments, text);
    assert_eq!(calls[0].report, GetForecast::validate_str(&text).unwrap());
    let outcome = calls.into_iter().next().unwrap().into_call().unwrap_err();
    let result = outcome.to_provider(Target::Anthropic);
    assert_eq!(result["is_error"], true);
    assert_eq!(result["tool_use_id"], "toolu_01");
}

#[test]
fn openai_chat_parallel_calls_one_dispatched_one_doomed() {
    let events = events("openai_chat_parallel.jsonl");
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    for e in &events {
        streams.openai_chat(e);
    }
    let texts: Vec<String> = (0..2)
        .map(|i| joined(&events, "/choices/0/delta/tool_calls", i, "/index"))
        .collect();
    let calls = streams.calls();
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].progress().doomed_at(), None);
    let undeclared = texts[1].find("\"language").unwrap() + 1;
    assert_eq!(calls[1].progress().doomed_at(), Some(undeclared));
    let toolbox = Toolbox::new().tool(|args: Validated<GetForecast>| {
        format!("{} ok", args.value()["city"].as_str().unwrap_or_default())
    });
    let mut finished = streams.finish().into_iter();
    let good = finished.next().unwrap();
    assert_eq!(good.arguments, texts[0]);
    let outcome = toolbox.run(Target::OpenAiChat, good.into_call().unwrap());
    assert_eq!(outcome.text(), "Tokyo ok");
    let bad = finished.next().unwrap();
    assert_eq!(bad.report, GetForecast::validate_str(&texts[1]).unwrap());
    let result = bad.into_call().unwrap_err().to_provider(Target::OpenAiChat);
    assert_eq!(result["tool_call_id"], "call_b2");
    assert_eq!(result["content"], "unexpected argument 'language'");
}

#[test]
fn an_unknown_tool_is_doomed_at_once_with_its_did_you_mean() {
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    let start = json!({"type": "content_block_start", "index": 0,
        "content_block": {"type": "tool_use", "id": "toolu_9", "name": "get_forcast", "input": {}}});
    let place = streams.anthropic(&start).unwrap();
    let progress = streams.calls()[place].progress();
    assert_eq!(progress.doomed_at(), Some(0));
    assert_eq!(
        progress.report().unwrap().messages(),
        ["unknown tool 'get_forcast' (did you mean 'get_forecast'?); available tools: 'get_forecast'"]
    );
    let delta = json!({"type": "content_block_delta", "index": 0,
        "delta": {"type": "input_json_delta", "partial_json": "{\"city\": \"Oslo\"}"}});
    assert_eq!(streams.anthropic(&delta), Some(place));
    let call = streams.finish().into_iter().next().unwrap();
    let result = call.into_call().unwrap_err().to_provider(Target::Anthropic);
    assert_eq!(result["is_error"], true);
}

#[test]
fn a_cut_off_call_says_where_it_stopped() {
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    let chunk = json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_1",
        "function": {"name": "get_forecast", "arguments": "{\"city\": \"Os"}}]}}]});
    assert_eq!(streams.openai_chat(&chunk), [0]);
    assert!(!streams.calls()[0].progress().is_doomed());
    let call = streams.finish().into_iter().next().unwrap();
    assert_eq!(
        call.report.messages(),
        ["argument 'city' is cut off after byte 12: the text ended inside it; send the whole call"]
    );
}
