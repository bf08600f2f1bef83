//! `#[derive(ToolArgs)]` on enums with data (issue #14, item 1): serde's three
//! tagged representations as a discriminated `anyOf`, the variants' doc comments
//! as the branches' descriptions; a call reported against the branch its tag
//! chooses (an unknown tag as one `enum` miss with the allowed tags), alike in
//! the compiled validator and the interpreter; the strict exports keep the union.

use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::export::ToolExport;
use tool_schema::{Schema, ToolArgs};

/// Manage files.
#[derive(ToolArgs, Deserialize, Debug)]
#[serde(tag = "action", rename_all = "snake_case")]
#[allow(dead_code)]
enum Files {
    /// Read a file.
    Read {
        path: String,
    },
    /// Move a file.
    Move {
        from: String,
        to: String,
        #[arg(minimum = 1, maximum = 3)]
        retries: Option<u8>,
    },
    List,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[serde(tag = "t", content = "c")]
#[allow(dead_code)]
enum Adjacent {
    Num(u8),
    Pair(bool, String),
    Unit,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
enum External {
    /// Wait so many seconds.
    Wait(u32),
    Say {
        text: String,
    },
    Stop,
}

/// The three nested.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct Holder {
    files: Files,
    adjacent: Adjacent,
    step: External,
}

/// For the strict exports: OpenAI strict takes neither a tuple (`prefixItems`)
/// nor an `anyOf` at the root.
#[derive(ToolArgs, Deserialize, Debug)]
#[allow(dead_code)]
struct StrictHolder {
    files: Files,
    step: External,
}

/// The report of `call` by the compiled validator, checked equal to the
/// interpreter's: (pointer, kind code, message).
fn report<T: ToolArgs>(call: Value) -> Vec<(String, &'static str)> {
    let compiled = T::validate(&call);
    let interp = Schema::parse(T::schema()).unwrap().validate(&call);
    assert_eq!(compiled, interp, "{call}");
    compiled
        .violations()
        .iter()
        .map(|v| (v.path.to_pointer(), v.kind.code()))
        .collect()
}

fn pair(p: &str, k: &'static str) -> (String, &'static str) {
    (p.to_string(), k)
}

#[test]
fn internally_tagged_schema() {
    let schema: Value = serde_json::from_str(Files::SCHEMA_JSON).unwrap();
    assert_eq!(
        schema,
        json!({"anyOf": [
            {"type": "object", "properties": {"action": {"type": "string", "const": "read"},
                "path": {"type": "string"}}, "required": ["action", "path"], "description": "Read a file."},
            {"type": "object", "properties": {"action": {"type": "string", "const": "move"},
                "from": {"type": "string"}, "to": {"type": "string"},
                "retries": {"type": ["integer", "null"], "minimum": 1, "maximum": 3}},
                "required": ["action", "from", "to"], "description": "Move a file."},
            {"type": "object", "properties": {"action": {"type": "string", "const": "list"}},
                "required": ["action"]}
        ]})
    );
    let model = Schema::parse(&schema).unwrap();
    let tag = model.root().any_of_tag.as_ref().expect("discriminated");
    assert_eq!(tag.name, "action");
    assert_eq!(tag.values, [json!("read"), json!("move"), json!("list")]);
}

#[test]
fn a_call_is_reported_against_its_variant() {
    assert!(report::<Files>(json!({"action": "list"})).is_empty());
    assert_eq!(
        report::<Files>(json!({"action": "move", "from": "a", "to": "b", "retries": 9})),
        [pair("/retries", "above-maximum")]
    );
    assert_eq!(
        report::<Files>(json!({"action": "move", "path": "a"})),
        [
            pair("/from", "missing"),
            pair("/to", "missing"),
            pair("/path", "unexpected")
        ]
    );
    let unknown = Files::validate(&json!({"action": "copy", "path": "a"}));
    assert_eq!(
        unknown.messages(),
        ["argument 'action' should be one of \"read\", \"move\", \"list\", got \"copy\""]
    );
    assert_eq!(
        report::<Files>(json!({"path": "a"})),
        [pair("/action", "missing")]
    );
}

#[test]
fn adjacently_tagged() {
    assert!(report::<Adjacent>(json!({"t": "Num", "c": 7})).is_empty());
    assert!(report::<Adjacent>(json!({"t": "Pair", "c": [true, "x"]})).is_empty());
    assert!(report::<Adjacent>(json!({"t": "Unit"})).is_empty());
    assert!(report::<Adjacent>(json!({"t": "Unit", "c": null})).is_empty());
    assert_eq!(
        report::<Adjacent>(json!({"t": "Num", "c": 300})),
        [pair("/c", "above-maximum")]
    );
    assert_eq!(
        report::<Adjacent>(json!({"t": "Pair", "c": [true, "x", 1]})),
        [pair("/c/2", "not-allowed")]
    );
    assert_eq!(
        report::<Adjacent>(json!({"t": "Big", "c": 1})),
        [pair("/t", "enum")]
    );
}

#[test]
fn externally_tagged() {
    let schema: Value = serde_json::from_str(External::SCHEMA_JSON).unwrap();
    assert_eq!(
        schema["anyOf"][0],
        json!({"type": "object", "properties": {"Wait": {"type": "integer", "minimum": 0, "maximum": 4294967295u64}},
            "required": ["Wait"], "additionalProperties": false, "description": "Wait so many seconds."})
    );
    assert_eq!(
        schema["anyOf"][2],
        json!({"type": "string", "enum": ["Stop"]})
    );
    let h =
        |step: Value| json!({"files": {"action": "list"}, "adjacent": {"t": "Unit"}, "step": step});
    assert!(report::<Holder>(h(json!("Stop"))).is_empty());
    assert!(report::<Holder>(h(json!({"Say": {"text": "hi"}}))).is_empty());
    assert_eq!(
        report::<Holder>(h(json!({"Say": {"text": 1}}))),
        [pair("/step/Say/text", "type")]
    );
    assert_eq!(report::<Holder>(h(json!("Go"))), [pair("/step", "enum")]);
}

#[test]
fn strict_exports_keep_the_union() {
    let tool = StrictHolder::openai_chat_strict().expect("exports");
    let files = &tool["function"]["parameters"]["properties"]["files"];
    let branches = files["anyOf"].as_array().expect("anyOf kept");
    assert_eq!(branches.len(), 3);
    assert_eq!(branches[0]["properties"]["action"]["const"], "read");
    assert_eq!(branches[0]["description"], "Read a file.");
    let steps = &tool["function"]["parameters"]["properties"]["step"]["anyOf"];
    assert_eq!(steps[0]["required"], json!(["Wait"]));
    assert!(StrictHolder::anthropic_strict().is_ok());
    assert!(StrictHolder::gemini_json_schema().is_ok());
    // The root of a tagged enum is an `anyOf`, which OpenAI strict refuses.
    assert!(Files::openai_chat_strict().is_err());
}

/// A newtype struct: its field's schema; a tuple struct and a tuple field: an
/// array of exactly their items.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct UserId(u64);

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Span2(u32, Option<String>);

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Assign {
    user: UserId,
    span: Span2,
    pair: (bool, i8),
}

#[test]
fn newtype_and_tuple_structs() {
    assert_eq!(UserId::SCHEMA_JSON, r#"{"type":"integer","minimum":0}"#);
    let span: Value = serde_json::from_str(Span2::SCHEMA_JSON).unwrap();
    assert_eq!(
        span,
        json!({"type": "array", "prefixItems": [
            {"type": "integer", "minimum": 0, "maximum": 4294967295u64},
            {"type": ["string", "null"]}], "items": false, "minItems": 2})
    );
    let call = json!({"user": 7, "span": [1, null], "pair": [true, -3]});
    assert!(report::<Assign>(call.clone()).is_empty());
    assert_eq!(
        Assign::parse(&call).unwrap(),
        Assign {
            user: UserId(7),
            span: Span2(1, None),
            pair: (true, -3)
        }
    );
    assert_eq!(
        report::<Assign>(json!({"user": -1, "span": [1], "pair": [true, 1, 2]})),
        [
            pair("/user", "below-minimum"),
            pair("/span", "min-items"),
            pair("/pair/2", "not-allowed")
        ]
    );
}

/// A string enum whose variants are documented: each value a branch with its
/// description; a miss still reads as one enum.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Speed {
    /// As fast as possible.
    Fast,
    Slow,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Go {
    speed: Speed,
}

#[test]
fn documented_unit_variants() {
    assert_eq!(
        Speed::schema(),
        &json!({"anyOf": [
            {"type": "string", "const": "fast", "description": "As fast as possible."},
            {"type": "string", "const": "slow"}
        ]})
    );
    assert_eq!(
        Go::parse(&json!({"speed": "slow"})).unwrap().speed,
        Speed::Slow
    );
    assert_eq!(
        Go::validate(&json!({"speed": "medium"})).messages(),
        ["argument 'speed' should be one of \"fast\", \"slow\", got \"medium\""]
    );
    assert_eq!(report::<Go>(json!({"speed": 1})), [pair("/speed", "type")]);
    let strict = Go::openai_chat_strict().expect("exports");
    let speed = &strict["function"]["parameters"]["properties"]["speed"];
    assert_eq!(speed["anyOf"][0]["description"], "As fast as possible.");
    assert_eq!(
        tool_schema::parse_str::<Go>(r#"{"speed": "fast"}"#).unwrap(),
        Go { speed: Speed::Fast }
    );
}
