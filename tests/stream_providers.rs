//! The provider adapters of `tool_schema::stream` (`CallStreams`) on the
//! recorded streams of `tests/data/streams/` (see its README), and on an
//! unknown tool: the calls tracked by index, each doomed at the byte that
//! settles it, and finished with the tool's own `validate_str` report.

use serde_json::{json, Value};
use tool_schema::export::Target;
use tool_schema::toolbox::CallStreams;
use tool_schema::toolbox::{Toolbox, Validated};
use tool_schema::ToolArgsExt;
use tool_schema::{tool_schema, Options};

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

#[test]
fn openai_responses_parallel_calls_one_dispatched_one_doomed() {
    let events = events("openai_responses_parallel.jsonl");
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    let mut fed = Vec::new();
    for e in &events {
        fed.extend(streams.openai_responses(e));
    }
    // Started, fed by two deltas, and by `.done` (nothing left to feed), per call.
    assert_eq!(fed, [0, 0, 0, 0, 1, 1, 1, 1]);
    let whole: Vec<String> = events
        .iter()
        .filter(|e| e["type"] == "response.function_call_arguments.done")
        .map(|e| e["arguments"].as_str().unwrap().to_owned())
        .collect();
    let calls = streams.calls();
    assert_eq!(calls[0].progress().doomed_at(), None);
    // `30` is past the maximum of 16 at its second digit.
    let past = whole[1].find("30").unwrap() + 1;
    assert_eq!(calls[1].progress().doomed_at(), Some(past));
    let mut finished = streams.finish().into_iter();
    let good = finished.next().unwrap();
    assert_eq!(good.arguments, whole[0]);
    assert_eq!(good.id.as_deref(), Some("call_r1"));
    assert!(good.into_call().is_ok());
    let bad = finished.next().unwrap();
    assert_eq!(bad.arguments, whole[1]);
    assert_eq!(bad.report, GetForecast::validate_str(&whole[1]).unwrap());
    assert_eq!(
        bad.report.messages(),
        ["argument 'days' should be at most 16, got 30"]
    );
}

#[test]
fn openai_responses_done_feeds_what_the_deltas_missed() {
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    let added = json!({"type": "response.output_item.added", "output_index": 3,
        "item": {"type": "function_call", "call_id": "call_x", "name": "get_forecast", "arguments": ""}});
    let delta = json!({"type": "response.function_call_arguments.delta", "output_index": 3, "delta": "{\"city\""});
    let done = json!({"type": "response.function_call_arguments.done", "output_index": 3,
        "arguments": "{\"city\": \"Oslo\"}"});
    for e in [&added, &delta, &done] {
        assert_eq!(streams.openai_responses(e), Some(0));
    }
    let call = streams.finish().into_iter().next().unwrap();
    assert_eq!(call.arguments, "{\"city\": \"Oslo\"}");
    assert!(call.report.is_valid());
}

#[test]
fn gemini_partial_args_are_checked_as_they_arrive() {
    let events = events("gemini_vertex_partial_args.jsonl");
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    let mut doomed_after = None;
    for (i, e) in events.iter().enumerate() {
        for place in streams.gemini(e) {
            if place == 0 && streams.calls()[0].progress().is_doomed() {
                doomed_after = doomed_after.or(Some(i));
            }
        }
    }
    // Doomed by the piece `Kel` (event 3): no allowed unit starts with `K`.
    assert_eq!(doomed_after, Some(3));
    let first = r#"{"city":"Tromsø","unit":"Kelvin"}"#;
    assert_eq!(
        streams.calls()[0].progress().doomed_at(),
        Some(first.find("Kel").unwrap())
    );
    assert_eq!(streams.calls()[1].index, 1);
    let mut finished = streams.finish().into_iter();
    let bad = finished.next().unwrap();
    assert_eq!(bad.arguments, first);
    assert_eq!(bad.report, GetForecast::validate_str(first).unwrap());
    let good = finished.next().unwrap();
    assert_eq!(good.arguments, r#"{"city":"Oslo","days":5,"hourly":true}"#);
    assert!(good.report.is_valid());
}

#[test]
fn gemini_nested_paths_are_written_in_order() {
    let schema = tool_schema::Schema::parse(&json!({
        "type": "object",
        "properties": {
            "stops": {"type": "array", "items": {
                "type": "object", "properties": {"name": {"type": "string"}},
                "required": ["name"], "additionalProperties": false}},
            "mode": {"type": "string", "enum": ["car", "train"]}
        },
        "additionalProperties": false
    }))
    .unwrap();
    let mut streams = CallStreams::new(&Options::default()).schema("route", &schema);
    let part =
        |call: Value| json!({"candidates": [{"content": {"parts": [{"functionCall": call}]}}]});
    streams.gemini(&part(json!({"name": "route", "willContinue": true})));
    streams.gemini(&part(json!({"willContinue": true, "partialArgs": [
        {"jsonPath": "$.stops[0].name", "stringValue": "A \"1\""},
        {"jsonPath": "$.stops[1]['name']", "stringValue": "B"},
        {"jsonPath": "$.mode", "stringValue": "bus"}]})));
    // `bus` is no allowed mode: doomed at its `b`.
    let text = r#"{"stops":[{"name":"A \"1\""},{"name":"B"}],"mode":"bus"}"#;
    let progress = streams.calls()[0].progress();
    assert_eq!(progress.doomed_at(), Some(text.find("bus").unwrap()));
    streams.gemini(&part(json!({})));
    let call = streams.finish().into_iter().next().unwrap();
    assert_eq!(call.arguments, text);
    assert_eq!(
        call.report,
        schema.validate_str(text, &Options::default()).unwrap()
    );
}

#[test]
fn gemini_pieces_out_of_order_are_checked_whole_at_the_end() {
    let mut streams = CallStreams::new(&Options::default()).tool::<GetForecast>();
    let part =
        |call: Value| json!({"candidates": [{"content": {"parts": [{"functionCall": call}]}}]});
    streams.gemini(&part(json!({"name": "get_forecast", "willContinue": true,
        "partialArgs": [{"jsonPath": "$.city", "stringValue": "Oslo"},
                        {"jsonPath": "$.days", "numberValue": 2},
                        {"jsonPath": "$.city", "stringValue": "Bergen"}]})));
    // A member given again cannot be written in order: never doomed for it.
    assert!(!streams.calls()[0].progress().is_doomed());
    streams.gemini(&part(
        json!({"partialArgs": [{"jsonPath": "$.unit", "stringValue": "kelvin"}]}),
    ));
    let call = streams.finish().into_iter().next().unwrap();
    let assembled = r#"{"city":"Bergen","days":2,"unit":"kelvin"}"#;
    assert_eq!(call.arguments, assembled);
    assert_eq!(call.report, GetForecast::validate_str(assembled).unwrap());
    assert!(!call.report.is_valid());
}
