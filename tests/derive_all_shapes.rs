//! Issue #14's acceptance: one crate deriving every serde shape the derive takes
//! (a `tag = "action"` enum of struct variants, an adjacently tagged enum, an
//! externally tagged one, a flattened struct, aliases, a newtype, a generic
//! struct, `chrono`/`uuid`/`url`/`IpAddr` fields) compiles with the provider
//! targets it declares; its schema passes the model and every declared target;
//! and validation agrees with serde on generated valid and invalid calls
//! (`support/agreement.rs`), in the compiled validator, the interpreter and the
//! text path. Run with `--features chrono,uuid,url`.

#[path = "support/agreement.rs"]
mod agreement;

use agreement::{check, round_trip, Extras};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::net::IpAddr;
use tool_schema::export::{ExportOptions, Target, ToolExport};
use tool_schema::{parse_str, Schema, ToolArgs};
use url::Url;
use uuid::Uuid;

/// Manage files.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(tag = "action", rename_all = "snake_case")]
enum Files {
    /// Read a file.
    Read {
        #[serde(alias = "file")]
        path: String,
    },
    /// Move a file.
    Move {
        from: String,
        to: String,
        #[arg(minimum = 1, maximum = 3)]
        #[serde(skip_serializing_if = "Option::is_none")]
        retries: Option<u8>,
    },
    /// List the folder.
    List,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(tag = "kind", content = "value")]
enum Amount {
    Count(u32),
    Range { lo: u32, hi: u32 },
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
enum Step {
    /// Wait so many seconds.
    Wait(u32),
    Say {
        text: String,
    },
    Stop,
}

/// A user's id.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct UserId(u64);

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Page<T> {
    items: Vec<T>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<String>,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Entry {
    name: String,
    #[arg(minimum = 1)]
    size: u32,
}

/// Flattened into the tool: its fields are the tool's own arguments.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Paging {
    /// Results per call.
    #[serde(alias = "max")]
    #[arg(minimum = 1, maximum = 50)]
    limit: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    cursor: Option<String>,
}

/// Run one task for a user.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[tool(targets(anthropic, openai_responses, mcp))]
struct Task {
    #[serde(alias = "owner")]
    user: UserId,
    files: Files,
    amount: Amount,
    step: Step,
    page: Page<Entry>,
    #[serde(flatten)]
    paging: Paging,
    at: DateTime<Utc>,
    day: NaiveDate,
    id: Uuid,
    link: Url,
    ip: IpAddr,
}

fn valid_task() -> Value {
    json!({
        "owner": 7,
        "files": {"action": "read", "file": "a.txt"},
        "amount": {"kind": "Range", "value": {"lo": 1, "hi": 3}},
        "step": {"Wait": 5},
        "page": {"items": [{"name": "x", "size": 2}], "next": "p2"},
        "max": 10,
        "at": "2024-05-31T09:30:00Z",
        "day": "2024-02-29",
        "id": "123e4567-e89b-12d3-a456-426614174000",
        "link": "https://example.com/a?b#c",
        "ip": "::1"
    })
}

#[test]
fn the_schema_passes_the_model_and_each_declared_target() {
    let schema = Task::schema();
    Schema::parse(schema).expect("the model accepts the derived schema");
    let props = schema["properties"].as_object().unwrap();
    // The flattened struct's fields are the tool's own; the aliases are the
    // model's, never a provider's.
    assert!(props.contains_key("limit") && props.contains_key("cursor"));
    assert!(!props.contains_key("paging"));
    for target in [Target::Anthropic, Target::OpenAiResponses, Target::Mcp] {
        let exported = Task::export_to(target, &ExportOptions::default())
            .unwrap_or_else(|e| panic!("{target:?}: {e}"));
        let text = serde_json::to_string(&exported.value).unwrap();
        assert!(
            !text.contains("x-tool-schema-aliases"),
            "{target:?}: {text}"
        );
        assert!(!text.contains("\"owner\""), "{target:?}: {text}");
        assert!(text.contains("\"limit\""), "{target:?}: {text}");
    }
}

#[test]
fn a_valid_call_reads_as_serde_reads_it() {
    let call = valid_task();
    let report = Task::validate(&call);
    assert!(report.is_valid(), "{:?}", report.messages());
    assert_eq!(
        Schema::parse(Task::schema()).unwrap().validate(&call),
        report
    );
    let task = Task::parse(&call).unwrap();
    assert_eq!(task, serde_json::from_value::<Task>(call.clone()).unwrap());
    assert_eq!(parse_str::<Task>(&call.to_string()).unwrap(), task);
    assert_eq!(task.user, UserId(7));
    assert_eq!(task.paging.limit, 10);
    assert_eq!(
        task.files,
        Files::Read {
            path: "a.txt".into()
        }
    );
    // What serde writes back (canonical names) is valid too, and reads the same.
    let back = serde_json::to_value(&task).unwrap();
    assert_eq!(Task::parse(&back).unwrap(), task);
}

#[test]
fn an_invalid_call_is_reported_and_serde_refuses_it() {
    let mut call = valid_task();
    call["user"] = json!(8); // beside "owner": the same argument twice
    call["files"] = json!({"action": "copy"});
    call["limit"] = json!(0);
    call["id"] = json!("123e4567e89b12d3a456426614174000");
    call["ip"] = json!("1.2.3.04");
    let report = Task::validate(&call);
    assert_eq!(
        Schema::parse(Task::schema()).unwrap().validate(&call),
        report
    );
    let codes: Vec<(String, &str)> = report
        .violations()
        .iter()
        .map(|v| (v.path.to_pointer(), v.kind.code()))
        .collect();
    for (path, code) in [
        ("/files/action", "enum"),
        ("/id", "format"),
        ("/ip", "any-of"),
    ] {
        assert!(
            codes.iter().any(|(p, c)| p == path && *c == code),
            "{path} {code}: {codes:?}"
        );
    }
    assert!(
        codes.iter().any(|(_, c)| *c == "same-argument"),
        "{codes:?}"
    );
    assert!(serde_json::from_value::<Task>(call.clone()).is_err());
    assert!(Task::parse(&call).is_err());
    assert!(parse_str::<Task>(&call.to_string()).is_err());
}

#[test]
fn generated_calls_agree_with_serde() {
    // What serde reads and the schema refuses: the `#[arg]` bounds, `null` for
    // `Option` fields (the schema says "leave it out").
    let extras = Extras {
        // The formats, narrower than the types' parsers: chrono reads two-digit
        // years, `uuid` the hyphenless form, `url` URIs without an authority.
        bounded: &[
            "files.retries",
            "page.items.*.size",
            "limit",
            "max",
            "at",
            "day",
            "id",
            "link",
        ],
        ..Extras::default()
    };
    check::<Task>(41, extras);
    round_trip::<Task>(41);
}
