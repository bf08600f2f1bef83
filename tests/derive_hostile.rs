//! `#[derive(ToolArgs)]` on hostile-looking but ordinary user code (issue 11).
//!
//! Item 1: a recursive derived type whose recursive field is documented crashed
//! rustc (the compile-time export check inlined `{"$ref": "#", "description": ..}`
//! without end). A reference never gets sibling keywords now: a documented or
//! described reference is a one-branch `anyOf`, the same constraint, which every
//! target that takes recursion exports as it is. The types here compile (also a
//! ui-pass case, `tests/ui-pass/derive_recursive_documented.rs`); their schemas,
//! exports and messages are checked.

#![allow(dead_code)] // fields only read by serde

#[path = "support/agreement.rs"]
mod agreement;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use tool_schema::export::{self, ExportOptions, Target, ToolSpec};
use tool_schema::ToolArgsExt;
use tool_schema::{Options, Schema, ToolArgs};

/// A tree node.
#[derive(ToolArgs, Deserialize, Debug)]
struct Node {
    label: String,
    /// The parent node.
    parent: Option<Box<Node>>,
}

/// The same node, undocumented: what `Node` must report on every call.
#[derive(ToolArgs, Deserialize, Debug)]
struct BareNode {
    label: String,
    parent: Option<Box<BareNode>>,
}

/// Every way a type holds itself, each documented.
#[derive(ToolArgs, Deserialize, Debug)]
#[tool(targets(anthropic, openai_chat, openai_responses, gemini_json_schema, mcp))]
struct Chain {
    /// The next link.
    next: Option<Box<Self>>,
    /// The links below.
    #[arg(max_items = 4)]
    children: Vec<Self>,
    /// Links by name.
    named: HashMap<String, Chain>,
    /// Ordered links by name.
    ordered: Option<BTreeMap<String, Box<Chain>>>,
    #[arg(description = "A link held as is.")]
    boxed: Option<Box<Chain>>,
    /// Links or gaps.
    gaps: Vec<Option<Box<Self>>>,
}

/// The strict targets (no maps there).
#[derive(ToolArgs, Deserialize, Debug)]
#[tool(targets(openai_chat_strict, openai_responses_strict, gemini_json_schema))]
struct Strict {
    /// The next link.
    next: Option<Box<Self>>,
    /// The links below.
    children: Vec<Self>,
    /// A tree.
    tree: Node,
    /// Maybe a tree.
    maybe: Option<Box<Node>>,
}

/// Types holding the recursive ones, documented.
#[derive(ToolArgs, Deserialize, Debug)]
#[tool(targets(openai_chat, gemini_json_schema, mcp))]
struct Holder {
    /// The tree.
    tree: Node,
    /// Maybe a tree.
    maybe: Option<Node>,
    /// Trees.
    trees: Vec<Node>,
    /// The chain.
    #[arg(description = "A chain.")]
    chain: Box<Chain>,
    /// Again, one level down.
    inner: Inner,
}

#[derive(ToolArgs, Deserialize, Debug)]
#[tool(targets(gemini_json_schema))]
struct Inner {
    /// A node.
    node: Node,
}

/// An untagged enum holding recursive types.
#[derive(ToolArgs, Deserialize, Debug)]
#[serde(untagged)]
enum NodeOrName {
    N(Node),
    Name(String),
}

/// The pointers of the `$ref`s that have sibling keywords.
fn refs_with_siblings(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if m.contains_key("$ref") && m.len() > 1 {
                out.push(at.to_string());
            }
            for (k, item) in m {
                refs_with_siblings(item, &format!("{at}/{k}"), out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                refs_with_siblings(item, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

fn schemas() -> Vec<(&'static str, &'static Value)> {
    vec![
        ("node", Node::schema()),
        ("chain", Chain::schema()),
        ("strict", Strict::schema()),
        ("holder", Holder::schema()),
        ("inner", Inner::schema()),
        ("node_or_name", NodeOrName::schema()),
    ]
}

#[test]
fn a_documented_self_reference_is_a_one_branch_any_of() {
    assert_eq!(
        Node::schema(),
        &json!({"type": "object", "properties": {
            "label": {"type": "string"},
            "parent": {"description": "The parent node.", "anyOf": [{"$ref": "#"}, {"type": "null"}]}
        }, "required": ["label"]})
    );
    let chain = &Chain::schema()["properties"];
    assert_eq!(
        chain["next"],
        json!({"description": "The next link.", "anyOf": [{"$ref": "#"}, {"type": "null"}]})
    );
    assert_eq!(
        chain["children"],
        json!({"type": "array", "description": "The links below.", "items": {"$ref": "#"}, "maxItems": 4})
    );
    assert_eq!(
        chain["boxed"],
        json!({"description": "A link held as is.", "anyOf": [{"$ref": "#"}, {"type": "null"}]})
    );
    assert_eq!(
        chain["gaps"]["items"],
        json!({"anyOf": [{"$ref": "#"}, {"type": "null"}]})
    );
}

#[test]
fn a_documented_nested_recursive_type_is_a_one_branch_any_of() {
    let holder = Holder::schema();
    let p = &holder["properties"];
    assert_eq!(
        p["tree"],
        json!({"description": "The tree.", "anyOf": [{"$ref": "#/$defs/Node"}]})
    );
    assert_eq!(
        p["maybe"],
        json!({"description": "Maybe a tree.", "anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]})
    );
    assert_eq!(
        p["trees"],
        json!({"type": "array", "description": "Trees.", "items": {"$ref": "#/$defs/Node"}})
    );
    assert_eq!(
        p["chain"],
        json!({"description": "A chain.", "anyOf": [{"$ref": "#/$defs/Chain"}]})
    );
    assert_eq!(
        p["inner"]["properties"]["node"],
        json!({"description": "A node.", "anyOf": [{"$ref": "#/$defs/Node"}]})
    );
    assert_eq!(
        holder["$defs"]["Node"]["properties"]["parent"],
        json!({"description": "The parent node.", "anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]})
    );
    let defs: Vec<&String> = holder["$defs"].as_object().unwrap().keys().collect();
    assert_eq!(defs, ["Node", "Chain"]);
}

#[test]
fn no_reference_has_siblings() {
    for (name, schema) in schemas() {
        let mut found = Vec::new();
        refs_with_siblings(schema, "", &mut found);
        assert!(found.is_empty(), "{name}: {found:?}");
        // Every schema is one the model takes.
        Schema::parse(schema).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn every_target_taking_recursion_exports_them() {
    let ok = |target: Target, name: &str, schema: &Value| {
        let spec = ToolSpec {
            name,
            title: None,
            description: "",
            schema,
        };
        if let Err(e) = export::export(target, &spec, &ExportOptions::default()) {
            panic!("{name} to {target}: {e:?}");
        }
    };
    // (An untagged enum's root is no tool's arguments object.)
    for (name, schema) in schemas().into_iter().filter(|(n, _)| *n != "node_or_name") {
        for target in [
            Target::Anthropic,
            Target::OpenAiChat,
            Target::GeminiJsonSchema,
            Target::Mcp,
        ] {
            ok(target, name, schema);
        }
    }
    for target in [Target::OpenAiChatStrict, Target::OpenAiResponsesStrict] {
        ok(target, "node", Node::schema());
        ok(target, "strict", Strict::schema());
    }
}

#[test]
fn a_documented_reference_reports_what_an_undocumented_one_does() {
    let calls = [
        json!({"label": "a"}),
        json!({"label": "a", "parent": {"label": "b"}}),
        json!({"label": "a", "parent": {"label": 3}}),
        json!({"label": "a", "parent": "x"}),
        json!({"label": "a", "parent": null}),
        json!({"label": "a", "parent": {"parent": {"label": "c", "x": 1}}}),
        json!({"label": "a", "parent": {"label": "b", "parent": []}}),
    ];
    let interpreted = Schema::parse(Node::schema()).unwrap();
    for call in calls {
        let documented = Node::validate(&call).messages();
        assert_eq!(documented, BareNode::validate(&call).messages(), "{call}");
        assert_eq!(documented, interpreted.validate(&call).messages(), "{call}");
        if documented.is_empty() {
            Node::parse(&call).unwrap();
        }
    }
    assert_eq!(
        Node::validate(&json!({"label": "a", "parent": {"label": 3}})).messages(),
        ["argument 'parent.label' should be string, got integer"]
    );
}

// Item 10: `f32` has its range, as integers have theirs: serde reads a larger
// number as an infinity.

/// Floats everywhere.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Floats {
    single: f32,
    double: f64,
    maybe: Option<f32>,
    many: Vec<f32>,
    nullable: Vec<Option<f32>>,
    named: HashMap<String, f32>,
    #[arg(minimum = -1.5, maximum = 2)]
    bounded: Option<f32>,
    #[arg(exclusive_minimum = 0)]
    positive: Option<f32>,
}

/// `f32::MAX` as Rust prints it: the bound of an `f32`'s schema.
const F32_MAX: f64 = 3.4028235e38;

#[test]
fn an_f32_has_its_range_in_the_schema() {
    let p = &Floats::schema()["properties"];
    let range = json!({"type": "number", "minimum": -F32_MAX, "maximum": F32_MAX});
    assert_eq!(p["single"], range);
    let nullable = json!({"type": ["number", "null"], "minimum": -F32_MAX, "maximum": F32_MAX});
    assert_eq!(p["maybe"], nullable);
    assert_eq!(p["many"]["items"], range);
    assert_eq!(p["nullable"]["items"], nullable);
    assert_eq!(p["named"]["additionalProperties"], range);
    assert_eq!(p["double"], json!({"type": "number"}));
    assert_eq!(
        p["bounded"],
        json!({"type": ["number", "null"], "minimum": -1.5, "maximum": 2})
    );
    assert_eq!(
        p["positive"],
        json!({"type": ["number", "null"], "minimum": -F32_MAX, "maximum": F32_MAX, "exclusiveMinimum": 0})
    );
    assert!(Floats::SCHEMA_JSON.contains(r#""maximum":3.4028235e+38"#));
}

fn floats(over: Value) -> Value {
    let mut call = json!({"single": 1.5, "double": 1e300, "many": [], "nullable": [], "named": {}});
    for (k, v) in over.as_object().unwrap() {
        call[k] = v.clone();
    }
    call
}

#[test]
fn an_f32_out_of_range_is_a_violation_on_every_path() {
    let interpreted = Schema::parse(Floats::schema()).unwrap();
    let cases = [
        (
            json!({"single": 1e39}),
            "argument 'single' should be at most 3.4028235e+38, got 1e+39",
        ),
        (
            json!({"single": -1e300}),
            "argument 'single' should be at least -3.4028235e+38, got -1e+300",
        ),
        (
            json!({"maybe": 3.5e38}),
            "argument 'maybe' should be at most 3.4028235e+38, got 3.5e+38",
        ),
        (
            json!({"many": [1, 1e39]}),
            "argument 'many[1]' should be at most 3.4028235e+38, got 1e+39",
        ),
        (
            json!({"nullable": [null, -1e39]}),
            "argument 'nullable[1]' should be at least -3.4028235e+38, got -1e+39",
        ),
        (
            json!({"named": {"a": 1e308}}),
            "argument 'named.a' should be at most 3.4028235e+38, got 1e+308",
        ),
        (
            json!({"positive": 1e39}),
            "argument 'positive' should be at most 3.4028235e+38, got 1e+39",
        ),
    ];
    for (over, message) in cases {
        let call = floats(over);
        let text = call.to_string();
        let report = Floats::validate(&call);
        assert_eq!(report.messages(), [message], "{call}");
        assert_eq!(interpreted.validate(&call).messages(), [message], "{call}");
        assert!(Floats::parse(&call).is_err(), "{call}");
        assert!(tool_schema::parse_str::<Floats>(&text).is_err(), "{text}");
        assert!(
            tool_schema::__private::parse_str_generic::<Floats>(&text, &Default::default())
                .is_err(),
            "{text}"
        );
        assert_eq!(
            Floats::validate_str(&text).unwrap().messages(),
            [message],
            "{text}"
        );
    }
}

#[test]
fn an_f32_in_range_parses_finite() {
    let call = floats(json!({
        "single": F32_MAX, "maybe": -F32_MAX, "many": [3.4028235e38, -1e38, 0],
        "nullable": [null, 1e-3], "named": {"a": -3.4e38}, "bounded": 2, "positive": 1e-30
    }));
    let text = call.to_string();
    let parsed = Floats::parse(&call).unwrap();
    assert_eq!(parsed, tool_schema::parse_str::<Floats>(&text).unwrap());
    assert_eq!(
        parsed,
        tool_schema::__private::parse_str_generic::<Floats>(&text, &Default::default()).unwrap()
    );
    assert_eq!(parsed.single, f32::MAX);
    assert_eq!(parsed.maybe, Some(-f32::MAX));
    assert!(parsed.many.iter().all(|f| f.is_finite()));
    assert!(parsed.named["a"].is_finite());
}

// Item 10: what `parse` returns is what the validator accepted. serde reads an
// untagged enum as the first variant that reads the value; a derived untagged
// enum whose earlier variant could read, as itself, a value its schema refuses and
// a later variant accepts does not compile (tests/ui/derive_untagged_ambiguous.rs:
// the issue's `Small { x }` before `Big { x, y }`). The enums below compile, and on
// generated calls serialising what `parse` returns gives back the call.

/// Reads only what its schema accepts (`deny_unknown_fields`).
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Small {
    x: i64,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Big {
    x: i64,
    y: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    z: Option<f32>,
}

/// The issue's enum, with `Small` closed to serde too.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(untagged)]
enum Either {
    S(Small),
    B(Big),
}

/// The other order: `Big` first, closed.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct ClosedBig {
    x: i64,
    y: String,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(untagged)]
enum BigFirst {
    B(ClosedBig),
    S(OpenSmall),
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct OpenSmall {
    x: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// Scalars of every kind, one per JSON type, and null.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(untagged)]
enum Scalar {
    Int(i64),
    Float(f64),
    Single(Vec<f32>),
    Text(String),
    Flag(bool),
    Nothing,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Level {
    Low,
    High,
}

/// Numbers of every width, options, collections and maps.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Numbers {
    a: u8,
    b: i64,
    c: f32,
    d: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    e: Option<u16>,
    f: Vec<f32>,
    g: BTreeMap<String, i32>,
    h: Vec<Option<f64>>,
    #[arg(minimum = -2.5, maximum = 1e10)]
    i: f32,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<Level>,
}

/// Untagged enums nested at every place, with the other types.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Outer {
    either: Either,
    #[serde(skip_serializing_if = "Option::is_none")]
    maybe: Option<BigFirst>,
    list: Vec<Either>,
    named: HashMap<String, Scalar>,
    nullable: Vec<Option<Scalar>>,
    numbers: Numbers,
}

/// Option, unit enum and struct fields in the variants: `Circle` is closed, and
/// `Rect` requires `w`, which `Circle` never reads.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Circle {
    radius: f64,
    level: Level,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct Rect {
    w: f32,
    h: u32,
    level: Level,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    corner: Option<Small>,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(untagged)]
enum Shape {
    C(Circle),
    R(Rect),
}

/// One or many: serde reads `Big` from an array only if its first item is an
/// integer, never from an array of objects.
#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
#[serde(untagged)]
enum OneOrMany {
    One(Big),
    Many(Vec<Big>),
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct ShapeCall {
    shape: Shape,
    shapes: Vec<Shape>,
    one_or_many: OneOrMany,
}

// (At the root of a tool's arguments, tool-call mode reads every member of an
// `anyOf` root as undeclared: the enums are read as arguments here.)

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct EitherCall {
    v: Either,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct BigFirstCall {
    v: BigFirst,
}

#[derive(ToolArgs, Deserialize, Serialize, Debug, PartialEq)]
struct ScalarCall {
    v: Scalar,
}

/// Numbers equal as JSON numbers, or, for an `f32`, once rounded to one; a
/// member `null` on one side and left out on the other (an `Option` field's
/// `null` reads as `None`, which serialises as left out).
fn same(call: &Value, back: &Value) -> bool {
    match (call, back) {
        (Value::Number(a), Value::Number(b)) => {
            let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
            a == b || (b as f32 as f64 == b && a as f32 == b as f32)
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.iter()
                .all(|(k, v)| b.get(k).map_or(v.is_null(), |w| same(v, w)))
                && b.iter().all(|(k, w)| a.contains_key(k) || w.is_null())
        }
        (a, b) => a == b,
    }
}

/// For generated valid and near-valid calls of `T`: whenever the call is valid,
/// `parse`, `parse_str` and the generic text pass read it, and each gives back
/// the call when serialised (`Option` fields left out are left out). In JSON
/// Schema's reading (`Options::SPEC`) and with `null_is_absent`, what `parse_with`
/// returns is valid, and `parse_str_with` returns the same.
fn round_trips<T>(seed: u64) -> usize
where
    T: ToolArgs + serde::de::DeserializeOwned + Serialize + std::fmt::Debug + PartialEq + 'static,
{
    let schema = T::schema();
    let mut rng = agreement::Rng(seed);
    let mut valid = 0;
    for i in 0..2000 {
        let call = agreement::generate(&mut rng, schema, 0, i % 5 < 3);
        let text = call.to_string();
        match T::parse(&call) {
            Ok(parsed) => {
                valid += 1;
                let back = serde_json::to_value(&parsed).unwrap();
                assert!(
                    same(&call, &back),
                    "{}: {call}\n  read as {parsed:?}\n  gives {back}",
                    T::NAME
                );
                assert!(T::validate(&back).is_valid(), "{back}");
                let by_text = tool_schema::parse_str::<T>(&text).unwrap();
                assert_eq!(by_text, parsed, "{text}");
                let generic =
                    tool_schema::__private::parse_str_generic::<T>(&text, &Options::default())
                        .unwrap();
                assert_eq!(generic, parsed, "{text}");
            }
            Err(report) => {
                assert!(!report.is_valid());
                assert!(tool_schema::parse_str::<T>(&text).is_err(), "{text}");
            }
        }
        let nulls = Options::default().null_is_absent(true);
        for options in [Options::SPEC, nulls] {
            if let Ok(parsed) = T::parse_with(&call, &options) {
                let back = serde_json::to_value(&parsed).unwrap();
                assert!(
                    T::validate_with(&back, &options).is_valid(),
                    "{}: {call} read with {options:?} as {parsed:?}",
                    T::NAME
                );
                let by_text = tool_schema::parse_str_with::<T>(&text, &options).unwrap();
                assert_eq!(by_text, parsed, "{text}");
            }
        }
    }
    valid
}

#[test]
fn what_parse_returns_gives_back_the_call() {
    for (name, valid) in [
        ("either", round_trips::<EitherCall>(1)),
        ("big_first", round_trips::<BigFirstCall>(2)),
        ("scalar", round_trips::<ScalarCall>(3)),
        ("numbers", round_trips::<Numbers>(4)),
        ("outer", round_trips::<Outer>(5)),
        ("shape", round_trips::<ShapeCall>(7)),
        ("floats", round_trips_floats(6)),
    ] {
        eprintln!("{name}: {valid} valid calls");
        assert!(valid >= 100, "{name}: only {valid} valid calls");
    }
}

fn round_trips_floats(seed: u64) -> usize {
    // `Floats` has no Serialize: parse and parse_str agree, and every float is finite.
    let mut rng = agreement::Rng(seed);
    let mut valid = 0;
    for i in 0..2000 {
        let call = agreement::generate(&mut rng, Floats::schema(), 0, i % 5 < 3);
        if let Ok(parsed) = Floats::parse(&call) {
            valid += 1;
            let by_text = tool_schema::parse_str::<Floats>(&call.to_string()).unwrap();
            assert_eq!(by_text, parsed);
            let all = [parsed.single, parsed.maybe.unwrap_or(0.0)]
                .into_iter()
                .chain(parsed.many.iter().copied())
                .chain(parsed.nullable.iter().flatten().copied())
                .chain(parsed.named.values().copied());
            for f in all {
                assert!(f.is_finite(), "{call}");
            }
        }
    }
    valid
}

#[test]
fn the_issue_call_is_read_as_the_variant_that_accepts_it() {
    let call = json!({"v": {"x": 1, "y": "s"}});
    assert!(EitherCall::validate(&call).is_valid());
    let want = EitherCall {
        v: Either::B(Big {
            x: 1,
            y: "s".into(),
            z: None,
        }),
    };
    assert_eq!(EitherCall::parse(&call).unwrap(), want);
    assert_eq!(
        tool_schema::parse_str::<EitherCall>(&call.to_string()).unwrap(),
        want
    );
    assert_eq!(
        EitherCall::parse(&json!({"v": {"x": 1}})).unwrap().v,
        Either::S(Small { x: 1 })
    );
    let first = BigFirstCall::parse(&call).unwrap().v;
    assert_eq!(
        first,
        BigFirst::B(ClosedBig {
            x: 1,
            y: "s".into()
        })
    );
    assert_eq!(
        BigFirstCall::parse(&json!({"v": {"x": 1}})).unwrap().v,
        BigFirst::S(OpenSmall { x: 1, note: None })
    );
}
