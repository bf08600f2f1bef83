//! The toolbox: each provider's call and result shapes (golden JSON, each citing
//! the provider documentation the shape comes from), dispatch errors, async
//! handlers run concurrently, and the export/dispatch round trip for every target.

#[path = "support/bfcl.rs"]
mod bfcl;

use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use tool_schema::dialect::Dialect;
use tool_schema::export::{ChangeKind, ExportOptions, Lossy, Naming, Target, ToolExport};
use tool_schema::toolbox::{reply, Call, Failure, Output, Toolbox, Validated};
use tool_schema::{tool_schema, Schema, ToolArgs};

/// Get the current weather for a city.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct GetWeather {
    /// City name
    city: String,
    unit: Option<Unit>,
    #[arg(minimum = 1, maximum = 16)]
    days: Option<u8>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Celsius,
    Fahrenheit,
}

tool_schema! {
    /// Search the documentation.
    pub SearchDocs = {
        "type": "object",
        "properties": {
            "query": { "type": "string", "minLength": 1 },
            "limit": { "type": "integer", "minimum": 1, "maximum": 50 }
        },
        "required": ["query"]
    }
}

fn weather(w: GetWeather) -> String {
    let unit = match w.unit.unwrap_or(Unit::Celsius) {
        Unit::Celsius => "C",
        Unit::Fahrenheit => "F",
    };
    format!("{}: 21{unit} for {} days", w.city, w.days.unwrap_or(1))
}

/// Three tools: typed (derive), `tool_schema!` (its JSON handed over validated,
/// answering JSON), dynamic (a run-time schema, failing on request).
fn toolbox() -> Toolbox {
    let echo = Schema::parse(&json!({
        "type": "object",
        "properties": {
            "text": {"type": "string", "description": "What to echo."},
            "fail": {"type": "boolean"}
        },
        "required": ["text"]
    }))
    .unwrap();
    Toolbox::new()
        .tool(weather)
        .tool(|args: Validated<SearchDocs>| {
            json!({"query": args["query"], "hits": args.get("limit").cloned().unwrap_or(json!(10))})
        })
        .dynamic("echo", "Echo the text.", echo, |args: Value| {
            if args["fail"] == true {
                Err(format!("echo refused {}", args["text"]))
            } else {
                Ok(args["text"].as_str().unwrap_or_default().to_owned())
            }
        })
}

// ---------------------------------------------------------------------------
// Golden shapes, one provider each.
// ---------------------------------------------------------------------------

/// Anthropic Messages API, "Handle tool calls"
/// (https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls):
/// the assistant message's `content` holds `tool_use` blocks `{type, id, name,
/// input}`; the answer is a `user` message of `tool_result` blocks `{type,
/// tool_use_id, content}`, with `is_error: true` for an error.
#[test]
fn anthropic_tool_use_and_tool_result() {
    let turn = json!({
        "id": "msg_01Aq9w938a90dw8q",
        "type": "message",
        "role": "assistant",
        "stop_reason": "tool_use",
        "content": [
            {"type": "text", "text": "Let me check."},
            {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {"city": "Oslo", "unit": "fahrenheit"}},
            {"type": "tool_use", "id": "toolu_01B", "name": "get_weather", "input": {"city": "Oslo", "unit": "Kelvin"}}
        ]
    });
    let results = toolbox().dispatch_turn(Target::Anthropic, &turn).unwrap();
    assert_eq!(
        reply(Target::Anthropic, results),
        json!({
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_01A", "content": "Oslo: 21F for 1 days"},
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_01B",
                    "content": "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"Kelvin\"",
                    "is_error": true
                }
            ]
        })
    );
}

/// OpenAI Chat Completions, "Function calling"
/// (https://platform.openai.com/docs/guides/function-calling, Chat Completions
/// tab): the assistant message's `tool_calls` entries `{id, type: "function",
/// function: {name, arguments}}`, `arguments` a JSON string; each result a
/// message `{role: "tool", tool_call_id, content}`.
#[test]
fn openai_chat_tool_calls_and_tool_messages() {
    let completion = json!({
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "choices": [{
            "index": 0,
            "finish_reason": "tool_calls",
            "message": {
                "role": "assistant",
                "content": null,
                "tool_calls": [
                    {"id": "call_a", "type": "function", "function": {"name": "search_docs", "arguments": "{\"query\":\"derive\",\"limit\":3}"}},
                    {"id": "call_b", "type": "function", "function": {"name": "search_docs", "arguments": "{\"query\":\"derive\""}}
                ]
            }
        }]
    });
    let results = toolbox()
        .dispatch_turn(Target::OpenAiChat, &completion)
        .unwrap();
    assert_eq!(
        reply(Target::OpenAiChat, results),
        json!([
            {"role": "tool", "tool_call_id": "call_a", "content": "{\"query\":\"derive\",\"hits\":3}"},
            {"role": "tool", "tool_call_id": "call_b", "content": "the arguments are not valid JSON: EOF while parsing an object at line 1 column 17"}
        ])
    );
    // The message alone, or its `tool_calls`, is read the same; a message
    // without calls has none.
    let message = &completion["choices"][0]["message"];
    let calls = Call::from_turn(Target::OpenAiChat, message).unwrap();
    assert_eq!(
        calls,
        Call::from_turn(Target::OpenAiChat, &message["tool_calls"]).unwrap()
    );
    assert_eq!(calls[0].id.as_deref(), Some("call_a"));
    let no_calls = json!({"role": "assistant", "content": "Done."});
    assert_eq!(Call::from_turn(Target::OpenAiChat, &no_calls).unwrap(), []);
}

/// OpenAI Responses API, "Function calling"
/// (https://platform.openai.com/docs/guides/function-calling, Responses tab): the
/// response's `output` items of `type: "function_call"` `{id, call_id, name,
/// arguments}`; each result an input item `{type: "function_call_output",
/// call_id, output}`.
#[test]
fn openai_responses_function_call_and_output() {
    let response = json!({
        "id": "resp_1",
        "object": "response",
        "output": [
            {"type": "reasoning", "id": "rs_1", "summary": []},
            {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "echo", "arguments": "{\"text\":\"hi\"}", "status": "completed"},
            {"type": "function_call", "id": "fc_2", "call_id": "call_2", "name": "echo", "arguments": "{\"text\":\"hi\",\"fail\":true}", "status": "completed"}
        ]
    });
    let results = toolbox()
        .dispatch_turn(Target::OpenAiResponses, &response)
        .unwrap();
    assert_eq!(
        results,
        [
            json!({"type": "function_call_output", "call_id": "call_1", "output": "hi"}),
            json!({"type": "function_call_output", "call_id": "call_2", "output": "echo refused \"hi\""}),
        ]
    );
}

/// Gemini API, "Function calling" (https://ai.google.dev/gemini-api/docs/function-calling)
/// and the `FunctionResponse` reference (https://ai.google.dev/api/caching#FunctionResponse):
/// the candidate's `content.parts` hold `{functionCall: {id?, name, args}}`; the
/// answer is a `user` content of `{functionResponse: {id?, name, response}}`
/// parts, the output under the `output` key and an error under `error`.
#[test]
fn gemini_function_call_and_function_response() {
    let response = json!({
        "candidates": [{
            "content": {
                "role": "model",
                "parts": [
                    {"functionCall": {"name": "get_weather", "args": {"city": "Lima", "days": 2}}},
                    {"functionCall": {"id": "fc-7", "name": "search_docs", "args": {"query": "enum"}}},
                    {"functionCall": {"name": "get_weather", "args": {"days": 0}}}
                ]
            },
            "finishReason": "STOP"
        }]
    });
    let results = toolbox().dispatch_turn(Target::Gemini, &response).unwrap();
    assert_eq!(
        reply(Target::Gemini, results),
        json!({
            "role": "user",
            "parts": [
                {"functionResponse": {"name": "get_weather", "response": {"output": "Lima: 21C for 2 days"}}},
                {"functionResponse": {"id": "fc-7", "name": "search_docs", "response": {"output": {"query": "enum", "hits": 10}}}},
                {"functionResponse": {"name": "get_weather", "response": {
                    "error": "missing required argument 'city'\nargument 'days' should be at least 1, got 0"
                }}}
            ]
        })
    );
}

/// MCP specification 2025-06-18, "Tools"
/// (https://modelcontextprotocol.io/specification/2025-06-18/server/tools): a
/// `tools/call` request's `params` `{name, arguments}`; the `CallToolResult`
/// `{content: [{type: "text", text}], isError}`, with `structuredContent` for
/// structured output (and its JSON text in `content`, for clients that read text).
#[test]
fn mcp_tools_call_and_call_tool_result() {
    let tools = toolbox();
    let request = json!({
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "search_docs", "arguments": {"query": "derive", "limit": 5}}
    });
    assert_eq!(
        tools.dispatch(Target::Mcp, &request).unwrap(),
        json!({
            "content": [{"type": "text", "text": "{\"query\":\"derive\",\"hits\":5}"}],
            "isError": false,
            "structuredContent": {"query": "derive", "hits": 5}
        })
    );
    let params = json!({"name": "search_docs", "arguments": {"query": "", "limit": 500}});
    assert_eq!(
        tools.dispatch(Target::Mcp, &params).unwrap(),
        json!({
            "content": [{"type": "text", "text": "argument 'query' should be at least 1 character long, got 0\nargument 'limit' should be at most 50, got 500"}],
            "isError": true
        })
    );
    let text = json!({"name": "echo", "arguments": {"text": "hi"}});
    assert_eq!(
        tools.dispatch(Target::Mcp, &text).unwrap(),
        json!({"content": [{"type": "text", "text": "hi"}], "isError": false})
    );
}

// ---------------------------------------------------------------------------
// Dispatch errors.
// ---------------------------------------------------------------------------

fn anthropic_call(name: &str, input: Value) -> Value {
    json!({"type": "tool_use", "id": "toolu_x", "name": name, "input": input})
}

fn error_text(result: &Value) -> &str {
    assert_eq!(result["is_error"], true, "{result}");
    result["content"].as_str().unwrap()
}

#[test]
fn an_unknown_tool_gets_the_closest_name_letter_case_ignored() {
    let tools = toolbox();
    let typo = tools
        .dispatch(Target::Anthropic, &anthropic_call("get_wether", json!({})))
        .unwrap();
    assert_eq!(
        error_text(&typo),
        "unknown tool 'get_wether' (did you mean 'get_weather'?); available tools: 'get_weather', 'search_docs', 'echo'"
    );
    let case = tools
        .dispatch(Target::Anthropic, &anthropic_call("Search_Docs", json!({})))
        .unwrap();
    assert!(
        error_text(&case).starts_with("unknown tool 'Search_Docs' (did you mean 'search_docs'?); ")
    );
    let far = tools
        .dispatch(Target::Anthropic, &anthropic_call("book_flight", json!({})))
        .unwrap();
    assert_eq!(
        error_text(&far),
        "unknown tool 'book_flight'; available tools: 'get_weather', 'search_docs', 'echo'"
    );
    // The outcome keeps the violation.
    let outcome = tools.run(Target::Anthropic, Call::new("get_wether", json!({})));
    match outcome.result {
        Err(Failure::UnknownTool(report)) => {
            assert_eq!(report.violations()[0].kind.code(), "unknown-tool")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_huge_unknown_name_is_answered_at_once_and_cut() {
    // No edit distance against a name of a megabyte: its cost is the product of
    // the two lengths.
    let name = "get_weather".repeat(100_000);
    let start = std::time::Instant::now();
    let result = toolbox()
        .dispatch(Target::Anthropic, &anthropic_call(&name, json!({})))
        .unwrap();
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
    let text = error_text(&result);
    assert!(text.len() < 2_000, "{} bytes", text.len());
    assert!(!text.contains("did you mean"), "{text}");
    assert!(
        text.ends_with("available tools: 'get_weather', 'search_docs', 'echo'"),
        "{text}"
    );
}

#[test]
fn invalid_arguments_get_every_message_and_never_reach_the_handler() {
    let calls = Arc::new(Mutex::new(0));
    let seen = Arc::clone(&calls);
    let tools = Toolbox::new().tool(move |w: GetWeather| {
        *seen.lock().unwrap() += 1;
        weather(w)
    });
    let result = tools
        .dispatch(
            Target::Anthropic,
            &anthropic_call(
                "get_weather",
                json!({"city": 3, "unit": "Celsius", "dayz": 2}),
            ),
        )
        .unwrap();
    assert_eq!(
        error_text(&result),
        [
            "argument 'city' should be string, got integer",
            "argument 'unit' should be one of \"celsius\", \"fahrenheit\", got \"Celsius\" (did you mean \"celsius\"?)",
            "unexpected argument 'dayz' (did you mean 'days'?)",
        ]
        .join("\n")
    );
    assert_eq!(*calls.lock().unwrap(), 0);
    let ok = tools
        .dispatch(
            Target::Anthropic,
            &anthropic_call("get_weather", json!({"city": "Rome"})),
        )
        .unwrap();
    assert_eq!(ok["content"], "Rome: 21C for 1 days");
    assert_eq!(*calls.lock().unwrap(), 1);
}

#[test]
fn text_arguments_are_read_in_one_pass_with_repeated_names_reported() {
    let call = json!({"id": "call_1", "type": "function", "function": {
        "name": "get_weather", "arguments": "{\"city\": \"Oslo\", \"city\": \"Rome\"}"
    }});
    let result = toolbox().dispatch(Target::OpenAiChat, &call).unwrap();
    assert_eq!(result["content"], "argument 'city' is given more than once");
    let not_json = json!({"id": "call_2", "type": "function", "function": {"name": "echo", "arguments": "{text: hi}"}});
    let result = toolbox().dispatch(Target::OpenAiChat, &not_json).unwrap();
    assert_eq!(
        result["content"],
        "the arguments are not valid JSON: key must be a string at line 1 column 2"
    );
}

#[test]
fn a_handler_error_is_an_error_result_with_its_text() {
    let tools = toolbox();
    let result = tools
        .dispatch(
            Target::Anthropic,
            &anthropic_call("echo", json!({"text": "x", "fail": true})),
        )
        .unwrap();
    assert_eq!(error_text(&result), "echo refused \"x\"");
    let outcome = tools.run(
        Target::Mcp,
        Call::new("echo", json!({"text": "x", "fail": true})),
    );
    assert!(matches!(&outcome.result, Err(Failure::Handler(text)) if text == "echo refused \"x\""));
    assert!(outcome.is_error());
}

#[test]
fn json_that_is_not_a_call_is_a_shape_error() {
    let tools = toolbox();
    let cases = [
        (
            Target::Anthropic,
            json!({"type": "text", "text": "hi"}),
            "`type` is not \"tool_use\"",
        ),
        (
            Target::Anthropic,
            json!({"type": "tool_use", "name": "echo", "input": {}}),
            "no `id`",
        ),
        (
            Target::OpenAiChat,
            json!({"id": "c", "function": {"name": "echo"}}),
            "no `arguments`",
        ),
        (
            Target::OpenAiResponses,
            json!({"type": "function_call", "name": "echo", "arguments": "{}"}),
            "no `call_id`",
        ),
        (
            Target::Gemini,
            json!({"functionCall": {"args": {}}}),
            "no `name`",
        ),
        (
            Target::Mcp,
            json!({"method": "tools/list", "params": {}}),
            "the request's `method` is not `tools/call`",
        ),
        (Target::Mcp, json!([1]), "not a JSON object"),
    ];
    for (target, call, problem) in cases {
        let err = tools.dispatch(target, &call).unwrap_err();
        assert_eq!(err.problem(), problem, "{target}: {call}");
        assert_eq!(err.target(), target);
    }
    let err = tools
        .dispatch_turn(Target::Anthropic, &json!({"role": "assistant"}))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "not an Anthropic tool call: no list of calls found"
    );
    // A value in another provider's shape: the words say whose.
    let openai_turn = json!({"role": "assistant", "tool_calls": [
        {"id": "c", "type": "function", "function": {"name": "echo", "arguments": "{}"}}
    ]});
    let err = tools
        .dispatch_turn(Target::AnthropicStrict, &openai_turn)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "not an Anthropic tool call: no list of calls found (the value is in the shape of an OpenAI Chat Completions turn)"
    );
    let gemini_turn = json!({"candidates": [{"content": {"parts": [
        {"functionCall": {"name": "echo", "args": {}}}
    ]}}]});
    let err = tools.dispatch_turn(Target::Mcp, &gemini_turn).unwrap_err();
    assert_eq!(
        err.to_string(),
        "not an MCP tool call: no list of calls found (the value is in the shape of a Gemini turn)"
    );
    let anthropic_call = json!({"type": "tool_use", "id": "t", "name": "echo", "input": {}});
    let err = tools
        .dispatch(Target::OpenAiChatStrict, &anthropic_call)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "not an OpenAI Chat Completions tool call: no `function` object (the value is in the shape of an Anthropic tool call)"
    );
    let err = tools
        .dispatch(Target::Gemini, &json!({"functionCall": {"args": {}}}))
        .unwrap_err();
    assert_eq!(err.to_string(), "not a Gemini tool call: no `name`");
}

// ---------------------------------------------------------------------------
// Async handlers.
// ---------------------------------------------------------------------------

/// Two async tools that can only finish together: `wait` waits for the signal
/// `signal` sends. Run one after the other, the turn would never end.
fn rendezvous() -> Toolbox {
    let (tx, rx) = tokio::sync::watch::channel(false);
    let tx = Arc::new(tx);
    let wait = Schema::parse(&json!({"type": "object", "properties": {}})).unwrap();
    let signal = wait.clone();
    Toolbox::new()
        .dynamic_async("wait", "Wait for the signal.", wait, move |_| {
            let mut rx = rx.clone();
            async move {
                rx.wait_for(|sent| *sent)
                    .await
                    .map(|_| "signalled")
                    .map_err(|e| e.to_string())
            }
        })
        .dynamic_async("signal", "Send the signal.", signal, move |_| {
            let tx = Arc::clone(&tx);
            async move {
                // The signal is sent from inside the future, after a wait: `wait`
                // ends only if both futures are polled together.
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                if tx.send(true).is_ok() {
                    "sent"
                } else {
                    "no one waits"
                }
            }
        })
        .tool(weather)
}

#[tokio::test]
async fn one_turns_async_handlers_run_concurrently_results_in_call_order() {
    let tools = rendezvous();
    let turn = json!([
        {"type": "tool_use", "id": "t1", "name": "wait", "input": {}},
        {"type": "tool_use", "id": "t2", "name": "get_weather", "input": {"city": "Oslo"}},
        {"type": "tool_use", "id": "t3", "name": "signal", "input": {}},
        {"type": "tool_use", "id": "t4", "name": "signal", "input": {"extra": 1}}
    ]);
    let results = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        tools.dispatch_turn_async(Target::Anthropic, &turn),
    )
    .await
    .expect("the turn's handlers did not run concurrently")
    .unwrap();
    let contents: Vec<&Value> = results.iter().map(|r| &r["content"]).collect();
    assert_eq!(
        contents,
        [
            &json!("signalled"),
            &json!("Oslo: 21C for 1 days"),
            &json!("sent"),
            &json!("unexpected argument 'extra'")
        ]
    );
    let ids: Vec<&Value> = results.iter().map(|r| &r["tool_use_id"]).collect();
    assert_eq!(ids, ["t1", "t2", "t3", "t4"]);
}

#[tokio::test]
async fn the_dispatch_future_is_send() {
    let tools = rendezvous();
    let turn = json!({"role": "model", "parts": [
        {"functionCall": {"name": "signal", "args": {}}},
        {"functionCall": {"name": "wait", "args": {}}}
    ]});
    let results =
        tokio::spawn(async move { tools.dispatch_turn_async(Target::Gemini, &turn).await })
            .await
            .unwrap()
            .unwrap();
    assert_eq!(
        results[0]["functionResponse"]["response"],
        json!({"output": "sent"})
    );
    assert_eq!(
        results[1]["functionResponse"]["response"],
        json!({"output": "signalled"})
    );
}

/// A future that is pending until `flag` is set, then ready; it asks to be
/// polled again each time (it needs no runtime).
struct Until {
    flag: Arc<std::sync::atomic::AtomicBool>,
}

impl std::future::Future for Until {
    type Output = ();
    fn poll(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<()> {
        if self.flag.load(std::sync::atomic::Ordering::SeqCst) {
            std::task::Poll::Ready(())
        } else {
            cx.waker().wake_by_ref();
            std::task::Poll::Pending
        }
    }
}

#[test]
fn plain_dispatch_turn_runs_a_turns_async_handlers_together_without_a_runtime() {
    let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (waits, sets) = (Arc::clone(&flag), flag);
    let empty = Schema::parse(&json!({"type": "object", "properties": {}})).unwrap();
    let tools = Toolbox::new()
        .dynamic_async("wait", "", empty.clone(), move |_| {
            let until = Until {
                flag: Arc::clone(&waits),
            };
            async move {
                until.await;
                "done waiting"
            }
        })
        .dynamic_async("set", "", empty, move |_| {
            let flag = Arc::clone(&sets);
            async move {
                flag.store(true, std::sync::atomic::Ordering::SeqCst);
                "set"
            }
        });
    let turn = json!([
        {"functionCall": {"name": "wait", "args": {}}},
        {"functionCall": {"name": "set"}}
    ]);
    let results = tools.dispatch_turn(Target::Gemini, &turn).unwrap();
    let outputs: Vec<&Value> = results
        .iter()
        .map(|r| &r["functionResponse"]["response"]["output"])
        .collect();
    assert_eq!(outputs, ["done waiting", "set"]);
}

#[test]
fn plain_dispatch_runs_an_async_handler_that_needs_no_runtime() {
    let tools = Toolbox::new().tool_async(|w: GetWeather| async move {
        let text = weather(w);
        Ok::<_, String>(Output::Text(text))
    });
    let call = json!({"functionCall": {"name": "get_weather", "args": {"city": "Kyiv"}}});
    let result = tools.dispatch(Target::Gemini, &call).unwrap();
    assert_eq!(
        result["functionResponse"]["response"]["output"],
        "Kyiv: 21C for 1 days"
    );
}

// ---------------------------------------------------------------------------
// Export, and the export/dispatch round trip.
// ---------------------------------------------------------------------------

#[test]
fn export_gives_every_definition_and_refuses_clashing_names() {
    let tools = toolbox();
    let exported = tools.export(Target::Gemini).unwrap();
    let names: Vec<&Value> = exported.value[0]["functionDeclarations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["name"])
        .collect();
    assert_eq!(names, ["get_weather", "search_docs", "echo"]);
    let mcp = tools.export(Target::Mcp).unwrap();
    // A dynamic tool exports its schema as given, annotations included.
    assert_eq!(
        mcp.value["tools"][2],
        json!({"name": "echo", "description": "Echo the text.", "inputSchema": {
            "type": "object",
            "properties": {
                "text": {"type": "string", "description": "What to echo."},
                "fail": {"type": "boolean"}
            },
            "required": ["text"]
        }})
    );

    let twice = toolbox().tool(weather);
    let err = twice.export(Target::Anthropic).unwrap_err();
    assert!(
        err.to_string()
            .contains("two tools are named 'get_weather'"),
        "{err}"
    );
    // Calls still go to the first tool of the name.
    let result = twice
        .dispatch(
            Target::Anthropic,
            &anthropic_call("get_weather", json!({"city": "Oslo"})),
        )
        .unwrap();
    assert_eq!(result["content"], "Oslo: 21C for 1 days");
}

#[test]
fn export_checks_the_providers_request_limits() {
    let schema = Schema::parse(&json!({"type": "object", "properties": {}})).unwrap();
    let many = (0..129).fold(Toolbox::new(), |tools, i| {
        tools.dynamic(format!("tool_{i}"), "", schema.clone(), |_| "ok")
    });
    let err = many.export(Target::OpenAiChat).unwrap_err();
    assert!(err.to_string().contains("at most 128 functions"), "{err}");
    assert!(many.export(Target::Anthropic).is_ok());
}

/// A call as `target`'s model would send it, `args` as JSON (OpenAI: as text).
fn provider_call(target: Target, name: &str, args: &Value) -> Value {
    match target {
        Target::Anthropic | Target::AnthropicStrict => {
            json!({"type": "tool_use", "id": "toolu_1", "name": name, "input": args})
        }
        Target::OpenAiChat | Target::OpenAiChatStrict => json!({
            "id": "call_1", "type": "function",
            "function": {"name": name, "arguments": args.to_string()}
        }),
        Target::OpenAiResponses | Target::OpenAiResponsesStrict => json!({
            "type": "function_call", "id": "fc_1", "call_id": "call_1", "name": name,
            "arguments": args.to_string()
        }),
        Target::Gemini | Target::GeminiJsonSchema => {
            json!({"functionCall": {"name": name, "args": args}})
        }
        _ => json!({"name": name, "arguments": args}),
    }
}

/// `args` completed as the exported schema's grammar makes the model complete
/// them: every property the export made required but `args` leaves out is sent
/// as `null` (which the export must then allow).
fn as_the_grammar_sends(exported_schema: &Value, args: &Value) -> Value {
    let mut args = args.clone();
    for name in exported_schema["required"].as_array().into_iter().flatten() {
        let name = name.as_str().unwrap();
        if args.get(name).is_none() {
            let allowed = &exported_schema["properties"][name];
            let nullable = allowed["type"]
                .as_array()
                .is_some_and(|t| t.contains(&json!("null")))
                || allowed["anyOf"]
                    .as_array()
                    .is_some_and(|a| a.contains(&json!({"type": "null"})));
            assert!(
                nullable,
                "{name} is required but not nullable in {exported_schema}"
            );
            args[name] = Value::Null;
        }
    }
    args
}

/// The round trip for every target: export, a call the provider's grammar
/// produces for that export (OpenAI strict: `null` for each optional argument),
/// dispatch; the handler gets the typed arguments.
#[test]
fn export_then_dispatch_round_trips_for_every_target() {
    let received = Arc::new(Mutex::new(Vec::new()));
    let (sink, sink2, sink3) = (
        Arc::clone(&received),
        Arc::clone(&received),
        Arc::clone(&received),
    );
    let note = Schema::parse(&json!({
        "type": "object",
        "properties": {
            "text": {"type": "string"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "pinned": {"type": "boolean"}
        },
        "required": ["text"]
    }))
    .unwrap();
    let tools = Toolbox::new()
        .tool(move |w: GetWeather| {
            sink.lock().unwrap().push(format!("{w:?}"));
            "ok"
        })
        .tool(move |s: Validated<SearchDocs>| {
            sink2.lock().unwrap().push(s.to_string());
            "ok"
        })
        .dynamic("note", "Take a note.", note, move |args: Value| {
            sink3.lock().unwrap().push(args.to_string());
            "ok"
        });
    let describe = ExportOptions::new().lossy(Lossy::Describe);
    for target in Target::ALL {
        received.lock().unwrap().clear();
        // `minLength` is outside OpenAI's strict subset: described, and enforced
        // by the validator all the same.
        let exported = tools.export_with(target, &describe).unwrap();
        let definitions = match target {
            Target::Gemini | Target::GeminiJsonSchema => &exported.value[0]["functionDeclarations"],
            Target::Mcp => &exported.value["tools"],
            _ => &exported.value,
        };
        for (i, (name, args)) in [
            ("get_weather", json!({"city": "Oslo", "unit": "celsius"})),
            ("search_docs", json!({"query": "q"})),
            ("note", json!({"text": "t", "tags": ["a"]})),
        ]
        .into_iter()
        .enumerate()
        {
            let schema = definitions[i]
                .pointer(target.schema_pointer())
                .unwrap_or_else(|| panic!("{target}: {}", definitions[i]));
            let sent = as_the_grammar_sends(schema, &args);
            assert_eq!(
                sent != args,
                target.sends_null_for_absent(),
                "{target}: {sent}"
            );
            let call = Call::from_provider(target, &provider_call(target, name, &sent)).unwrap();
            let outcome = tools.run(target, call);
            assert!(
                !outcome.is_error(),
                "{target}: {name} {sent} -> {}",
                outcome.text()
            );
        }
        assert_eq!(
            *received.lock().unwrap(),
            [
                "GetWeather { city: \"Oslo\", unit: Some(Celsius), days: None }",
                "{\"query\":\"q\"}",
                "{\"text\":\"t\",\"tags\":[\"a\"]}",
            ],
            "{target}"
        );
    }
}

#[test]
fn an_option_fields_null_is_none_for_every_target() {
    // A derived `Option` field takes `null` (serde's `None`) whatever the
    // target, strict or not.
    let tools = toolbox();
    let call = provider_call(
        Target::OpenAiChat,
        "get_weather",
        &json!({"city": "Oslo", "unit": null, "days": null}),
    );
    for target in [Target::OpenAiChat, Target::OpenAiChatStrict] {
        let result = tools.dispatch(target, &call).unwrap();
        assert_eq!(result["content"], "Oslo: 21C for 1 days", "{target}");
    }
    let args = json!({"city": "Oslo", "unit": null, "days": null});
    let none = GetWeather {
        city: "Oslo".into(),
        unit: None,
        days: None,
    };
    assert_eq!(GetWeather::parse(&args).unwrap(), none);
    assert_eq!(
        GetWeather::parse_for(Target::OpenAiChat, &args).unwrap(),
        none
    );
    assert_eq!(
        GetWeather::parse_for(Target::OpenAiChatStrict, &args).unwrap(),
        none
    );
    // Not a `null` for a required argument.
    assert_eq!(
        GetWeather::parse(&json!({"city": null}))
            .unwrap_err()
            .messages(),
        ["argument 'city' should be string, got null"]
    );
    assert!(
        tools
            .options_for(Target::OpenAiResponsesStrict)
            .null_is_absent
    );
    assert!(!tools.options_for(Target::AnthropicStrict).null_is_absent);
}

/// Every BFCL entry (the python definitions its ground-truth calls name, as the
/// leaderboard offers them together) in a toolbox mapping names to `target`'s
/// pattern: the export takes every name (`math.factorial` is written
/// `math_factorial` for Anthropic and OpenAI, each rename reported), and each
/// ground-truth call, made with the name the export gave, runs its own tool.
/// Returns how many tools were renamed, calls dispatched and entries refused
/// (for their schemas, never their names).
fn bfcl_with_mapped_names(target: Target, naming: &Naming) -> (usize, usize, usize) {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bfcl");
    let defs = bfcl::definitions(&data);
    let calls = bfcl::calls(&data);
    let mut entries: Vec<(&str, Vec<&bfcl::Call>)> = Vec::new();
    for c in &calls {
        match entries.last_mut() {
            Some((id, group)) if *id == c.id => group.push(c),
            _ => entries.push((&c.id, vec![c])),
        }
    }
    let describe = ExportOptions::new().lossy(Lossy::Describe);
    let (mut renamed, mut dispatched, mut refused) = (0, 0, Vec::new());
    for (id, group) in &entries {
        let mut tools = Toolbox::new().naming(naming.clone());
        let mut own: Vec<&str> = Vec::new();
        for c in group {
            let d = &defs[c.def];
            if own.contains(&d.name.as_str()) {
                continue;
            }
            own.push(&d.name);
            let schema = Dialect::Bfcl.parse(&d.parameters).unwrap();
            let name = d.name.clone();
            tools = tools.dynamic(d.name.clone(), "", schema, move |_: Value| name.clone());
        }
        let exported = match tools.export_with(target, &describe) {
            Ok(e) => e,
            Err(e) => {
                assert!(
                    !e.problems.iter().any(|p| p.rule.contains("name")),
                    "{id}: {e}"
                );
                refused.push(format!("{id}: {e}"));
                continue;
            }
        };
        let names = tools.provider_names(target).unwrap();
        let definitions = match target {
            Target::Gemini | Target::GeminiJsonSchema => &exported.value[0]["functionDeclarations"],
            Target::Mcp => &exported.value["tools"],
            _ => &exported.value,
        };
        let name_at = if matches!(target, Target::OpenAiChat | Target::OpenAiChatStrict) {
            "/function/name"
        } else {
            "/name"
        };
        for (i, own_name) in own.iter().enumerate() {
            let written = definitions[i].pointer(name_at).unwrap();
            assert_eq!(written, names[i].as_str(), "{target} {id}");
            assert!(follows_pattern(target, &names[i]), "{target}: {}", names[i]);
            let reported = exported
                .report
                .of_kind(ChangeKind::Renamed)
                .any(|c| c.tool == *own_name && c.what.contains(names[i].as_str()));
            assert_eq!(reported, names[i] != *own_name, "{target} {id} {own_name}");
            renamed += usize::from(reported);
        }
        for c in group.iter().filter(|c| c.expected.is_empty()) {
            let own_name = &defs[c.def].name;
            let i = own.iter().position(|n| n == own_name).unwrap();
            let call = provider_call(target, &names[i], &c.arguments);
            let result = tools.dispatch(target, &call).unwrap();
            let outcome = tools.run(target, Call::from_provider(target, &call).unwrap());
            assert!(
                !outcome.is_error(),
                "{target} {id}: {} -> {result}",
                names[i]
            );
            assert_eq!(outcome.text(), *own_name, "{target} {id}");
            dispatched += 1;
        }
    }
    eprintln!(
        "{target} ({naming:?}): {} entries, {renamed} renamed, {dispatched} calls dispatched, {} refused for their schemas",
        entries.len(),
        refused.len()
    );
    (renamed, dispatched, refused.len())
}

/// [`bfcl_with_mapped_names`] without and with a server prefix; without the
/// mapping, the names Anthropic and OpenAI refuse are refused.
fn bfcl_exports_and_dispatches_with_mapped_names(target: Target) {
    let (renamed, dispatched, refused) = bfcl_with_mapped_names(target, &Naming::map());
    let dotted = matches!(
        target,
        Target::Gemini | Target::GeminiJsonSchema | Target::Mcp
    );
    // 777 of BFCL's 1848 python names have a dot, which only Gemini and MCP take.
    assert_eq!(renamed > 0, !dotted, "{target}");
    let prefixed = bfcl_with_mapped_names(target, &Naming::map_with_prefix("bfcl"));
    assert_eq!(prefixed.1, dispatched, "{target}");
    assert_eq!(prefixed.2, refused, "{target}");
    assert!(prefixed.0 > renamed, "{target}");
    // 3073 valid ground-truth calls; only entries a strict mode or Gemini's
    // `parameters` cannot express (any-typed values, free-form objects) are left.
    assert!(
        dispatched > 3000 && refused < 20,
        "{target}: {dispatched} {refused}"
    );

    let factorial =
        Schema::parse(&json!({"type": "object", "properties": {"number": {"type": "integer"}}}))
            .unwrap();
    let kept = Toolbox::new().dynamic("math.factorial", "", factorial, |_| "");
    assert_eq!(kept.export(target).is_err(), !dotted, "{target}");
}

/// `name` follows `target`'s documented tool name pattern (written out here
/// again, independently of the library's rule).
fn follows_pattern(target: Target, name: &str) -> bool {
    let plain = |extra: &str, max: usize| {
        (1..=max).contains(&name.len())
            && name.bytes().all(|b| {
                b.is_ascii_alphanumeric() || b"_-".contains(&b) || extra.as_bytes().contains(&b)
            })
    };
    match target {
        Target::Gemini | Target::GeminiJsonSchema => {
            plain(".:", 64) && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        }
        Target::Mcp => plain(".", 128),
        _ => plain("", 64),
    }
}

macro_rules! bfcl_naming_tests {
    ($($test:ident => $target:ident;)*) => {$(
        #[test]
        fn $test() {
            bfcl_exports_and_dispatches_with_mapped_names(Target::$target);
        }
    )*};
}

bfcl_naming_tests! {
    bfcl_names_mapped_for_anthropic => Anthropic;
    bfcl_names_mapped_for_anthropic_strict => AnthropicStrict;
    bfcl_names_mapped_for_openai_chat => OpenAiChat;
    bfcl_names_mapped_for_openai_chat_strict => OpenAiChatStrict;
    bfcl_names_mapped_for_openai_responses => OpenAiResponses;
    bfcl_names_mapped_for_openai_responses_strict => OpenAiResponsesStrict;
    bfcl_names_mapped_for_gemini => Gemini;
    bfcl_names_mapped_for_gemini_json_schema => GeminiJsonSchema;
    bfcl_names_mapped_for_mcp => Mcp;
}

/// BFCL has both `math.gcd` and `math_gcd`: mapped for Anthropic they would be
/// one name, so the export is refused naming both tools; Gemini takes both as
/// they are. An unknown name gets the names the export gave as suggestions.
#[test]
fn mapped_names_that_collide_are_refused_naming_both_tools() {
    let schema =
        Schema::parse(&json!({"type": "object", "properties": {"a": {"type": "integer"}}}))
            .unwrap();
    let tools = Toolbox::new()
        .naming(Naming::map())
        .dynamic("math.gcd", "", schema.clone(), |_| "dotted")
        .dynamic("math_gcd", "", schema.clone(), |_| "plain");
    for target in [Target::Anthropic, Target::OpenAiResponsesStrict] {
        let err = tools.export(target).unwrap_err();
        assert_eq!(err.problems.len(), 1, "{err}");
        assert_eq!(err.problems[0].tool, "math_gcd");
        assert!(
            err.problems[0]
                .message
                .contains("the tools 'math.gcd' and 'math_gcd' are both named 'math_gcd'"),
            "{err}"
        );
        assert!(tools.provider_names(target).is_err());
    }
    assert!(tools.export(Target::Gemini).is_ok());
    // Each tool's own name still reaches it; the mapped name reaches the first.
    let answer = |name: &str| tools.dispatch(Target::Anthropic, &anthropic_call(name, json!({})));
    assert_eq!(answer("math.gcd").unwrap()["content"], "dotted");
    assert_eq!(answer("math_gcd").unwrap()["content"], "plain");

    // A prefix makes the server's names distinct from another server's.
    let prefixed = Toolbox::new()
        .naming(Naming::map_with_prefix("calc"))
        .dynamic("math.gcd", "", schema, |_| "dotted");
    let exported = prefixed.export(Target::Anthropic).unwrap();
    assert_eq!(exported.value[0]["name"], "calc__math_gcd");
    let result = prefixed
        .dispatch(
            Target::Anthropic,
            &anthropic_call("calc__math_gcd", json!({})),
        )
        .unwrap();
    assert_eq!(result["content"], "dotted");
    let unknown = prefixed
        .dispatch(
            Target::Anthropic,
            &anthropic_call("calc_math_gcd", json!({})),
        )
        .unwrap();
    assert_eq!(
        error_text(&unknown),
        "unknown tool 'calc_math_gcd' (did you mean 'calc__math_gcd'?); available tools: 'calc__math_gcd'"
    );
    // Without the mapping the name is refused, and only the own name dispatches.
    let kept = prefixed.clone().naming(Naming::Keep);
    assert!(kept
        .export(Target::Anthropic)
        .unwrap_err()
        .to_string()
        .contains("does not follow the provider's pattern"));
    assert_eq!(
        error_text(
            &kept
                .dispatch(
                    Target::Anthropic,
                    &anthropic_call("calc__math_gcd", json!({}))
                )
                .unwrap()
        ),
        "unknown tool 'calc__math_gcd'; available tools: 'math.gcd'"
    );
}

/// Names no provider takes as they are: empty, 10,000 characters, non-ASCII
/// letters, a prefix that is itself invalid: mapped or refused, never a panic.
#[test]
fn hostile_names_are_mapped_or_refused() {
    let schema = Schema::parse(&json!({"type": "object", "properties": {}})).unwrap();
    let long = "ä".repeat(10_000);
    let tools = Toolbox::new()
        .naming(Naming::map_with_prefix("my server/v2"))
        .dynamic(long.clone(), "", schema.clone(), |_| "long")
        .dynamic("天気", "", schema.clone(), |_| "weather");
    for target in Target::ALL {
        let names = tools.provider_names(target).unwrap();
        for name in &names {
            assert!(follows_pattern(target, name), "{target}: {name}");
        }
        assert_ne!(names[0], names[1]);
        tools.export(target).unwrap();
        let call = provider_call(target, &names[0], &json!({}));
        let outcome = tools.run(target, Call::from_provider(target, &call).unwrap());
        assert_eq!(outcome.text(), "long", "{target}");
    }
    let empty = Toolbox::new()
        .naming(Naming::map())
        .dynamic("", "", schema, |_| "");
    for target in Target::ALL {
        let err = empty.export(target).unwrap_err();
        assert!(
            err.to_string()
                .contains("an empty tool name cannot be mapped"),
            "{err}"
        );
    }
}

/// Typed tools answer an export from the definitions compiled into them: with a
/// prefix the export is the same one with each name prefixed (the compiled
/// definitions renamed, not exported again), each rename reported, and the
/// result of a call names the tool as the model did.
#[test]
fn compiled_definitions_are_renamed_by_the_naming() {
    let plain = toolbox();
    let prefixed = toolbox().naming(Naming::map_with_prefix("srv"));
    let mut compared = 0;
    for target in Target::ALL {
        let Ok(expected) = plain.export(target) else {
            assert!(prefixed.export(target).is_err(), "{target}");
            continue;
        };
        let mut expected_value = expected.value.clone();
        let list = match target {
            Target::Gemini | Target::GeminiJsonSchema => expected_value
                .pointer_mut("/0/functionDeclarations")
                .unwrap(),
            Target::Mcp => expected_value.pointer_mut("/tools").unwrap(),
            _ => &mut expected_value,
        };
        for def in list.as_array_mut().unwrap() {
            let fields = if def.get("function").is_some() {
                &mut def["function"]
            } else {
                def
            };
            let name = fields["name"].as_str().unwrap().to_owned();
            fields["name"] = json!(format!("srv__{name}"));
        }
        let exported = prefixed.export(target).unwrap();
        assert_eq!(exported.value, expected_value, "{target}");
        let renames: Vec<String> = exported
            .report
            .of_kind(ChangeKind::Renamed)
            .map(|c| format!("{}: {}", c.tool, c.what))
            .collect();
        assert_eq!(
            renames,
            [
                "get_weather: the name 'get_weather' is written 'srv__get_weather'",
                "search_docs: the name 'search_docs' is written 'srv__search_docs'",
                "echo: the name 'echo' is written 'srv__echo'",
            ],
            "{target}"
        );
        let others: Vec<_> = exported
            .report
            .changes()
            .iter()
            .filter(|c| c.kind != ChangeKind::Renamed)
            .collect();
        assert_eq!(others, expected.report.changes().iter().collect::<Vec<_>>());
        compared += 1;
    }
    assert!(compared >= 5, "{compared}");
    let result = prefixed
        .dispatch(
            Target::Gemini,
            &json!({"functionCall": {"name": "srv__get_weather", "args": {"city": "Oslo"}}}),
        )
        .unwrap();
    assert_eq!(
        result,
        json!({"functionResponse": {"name": "srv__get_weather", "response": {"output": "Oslo: 21C for 1 days"}}})
    );
}

/// A typed tool with no export compiled for a target (a derived type nesting
/// another, a `tool_schema!` declaring no targets) is exported once and kept:
/// the toolbox's list, asked twice, is the engine's list of the same tools, the
/// provider's names mapped or not.
#[test]
fn a_list_of_typed_tools_without_compiled_exports_is_the_engines_list() {
    use tool_schema::export::{toolbox as engine_list, ToolSpec};
    let specs = [ToolSpec::of::<GetWeather>(), ToolSpec::of::<SearchDocs>()];
    assert!(SearchDocs::__EXPORTS.is_empty() && GetWeather::__EXPORTS.is_empty());
    for naming in [Naming::Keep, Naming::map()] {
        let tools = Toolbox::new()
            .naming(naming.clone())
            .tool(weather)
            .tool(|args: Validated<SearchDocs>| args["query"].clone());
        let options = ExportOptions::default().naming(naming.clone());
        for target in Target::ALL {
            let expected = engine_list(target, &specs, &options);
            assert_eq!(tools.export(target), expected, "{target}, first");
            assert_eq!(tools.export(target), expected, "{target}, kept");
        }
    }
}
