//! `#[derive(ToolArgs)]` on recursive types and `#[serde(untagged)]` enums, and the
//! `#[arg(exclusive_minimum, exclusive_maximum, multiple_of)]` keys (issue 6).
//!
//! - A type that contains itself (`Vec<Self>`, `Option<Box<Self>>`, its own name)
//!   refers to its root: `{"$ref": "#"}`. Nested in another type it becomes
//!   `{"$ref": "#/$defs/Name"}`, its definition gathered (once) into the outer
//!   schema's root `$defs`.
//! - An untagged enum of newtype variants is `anyOf` its variants' schemas (serde
//!   keeps the first variant that deserialises, so several may match: not `oneOf`);
//!   a unit variant is `null`.
//!
//! Each type: its exact schema, exact messages for invalid calls (the compiled
//! validator and the interpreter of the exported schema agree), typed parsing, and
//! serde agreement on generated calls (`support/agreement.rs`).

#[path = "support/agreement.rs"]
mod agreement;

use agreement::{check, Extras};
use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::export::ToolExport;
use tool_schema::export::{self, ExportOptions, Target, ToolSpec};
use tool_schema::ToolArgsExt;
use tool_schema::{Schema, ToolArgs};

/// A recursive model.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct TreeNode {
    label: String,
    children: Vec<TreeNode>,
}

/// A linked list: `Option<Box<Self>>`.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Chain {
    #[arg(minimum = 1)]
    step: u8,
    next: Option<Box<Self>>,
}

/// Trees nested twice, and through another type.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Garden {
    /// The main tree.
    main: TreeNode,
    spare: Option<TreeNode>,
    forest: Forest,
    chain: Chain,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Forest {
    trees: Vec<TreeNode>,
}

/// An integer or a string.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum IntOrStr {
    Int(i64),
    Str(String),
}

/// A unit variant is `null`; a nested struct is one of the choices.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Target2 {
    Point(Point),
    Name(String),
    #[serde(skip_deserializing)]
    #[allow(dead_code)]
    Hidden(bool),
    Nothing,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Point {
    x: f64,
    y: f64,
}

/// A recursive untagged enum.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Nested {
    Leaf(u8),
    List(Vec<Nested>),
}

/// Untagged enums as fields.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct UnionField {
    value: IntOrStr,
    maybe: Option<IntOrStr>,
    targets: Vec<Target2>,
    nested: Option<Nested>,
}

/// Exclusive bounds and multiples.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Bounds {
    #[arg(exclusive_minimum = 0, exclusive_maximum = 2)]
    temperature: f64,
    #[arg(multiple_of = 5, minimum = 0)]
    step: u32,
    #[arg(exclusive_minimum = -1, multiple_of = 0.5)]
    half: f32,
}

/// The messages of `call`, once the compiled validator, the interpreter of the
/// exported schema and the text path have agreed on the report.
fn messages<T: ToolArgs + 'static>(call: Value) -> Vec<String> {
    let report = T::validate(&call);
    let interp = Schema::parse(T::schema()).expect("the exported schema is accepted");
    assert_eq!(report, interp.validate(&call), "{call}");
    assert_eq!(
        T::validate_str(&call.to_string()).unwrap(),
        report,
        "{call}"
    );
    report.messages()
}

#[test]
fn recursive_schemas_refer_to_the_root() {
    assert_eq!(
        TreeNode::schema(),
        &json!({"type": "object", "properties": {
            "label": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#"}}
        }, "required": ["label", "children"]})
    );
    assert_eq!(
        Chain::schema(),
        &json!({"type": "object", "properties": {
            "step": {"type": "integer", "minimum": 1, "maximum": 255},
            "next": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}
        }, "required": ["step"], "additionalProperties": false})
    );
    assert_eq!(
        Nested::schema(),
        &json!({"anyOf": [
            {"type": "integer", "minimum": 0, "maximum": 255},
            {"type": "array", "items": {"$ref": "#"}}
        ]})
    );
}

#[test]
fn nested_recursive_types_are_gathered_into_defs() {
    let tree_def = json!({"type": "object", "properties": {
        "label": {"type": "string"},
        "children": {"type": "array", "items": {"$ref": "#/$defs/TreeNode"}}
    }, "required": ["label", "children"]});
    let s = Garden::schema();
    assert_eq!(
        s["properties"]["main"],
        // A `$ref` gets no siblings: the description sits beside a one-branch `anyOf`.
        json!({"description": "The main tree.", "anyOf": [{"$ref": "#/$defs/TreeNode"}]})
    );
    assert_eq!(
        s["properties"]["spare"],
        json!({"anyOf": [{"$ref": "#/$defs/TreeNode"}, {"type": "null"}]})
    );
    assert_eq!(
        s["properties"]["forest"]["properties"]["trees"]["items"],
        json!({"$ref": "#/$defs/TreeNode"})
    );
    assert_eq!(s["properties"]["chain"], json!({"$ref": "#/$defs/Chain"}));
    // TreeNode comes through `main` and through `Forest`: one definition.
    let defs = s["$defs"].as_object().unwrap();
    assert_eq!(defs.keys().collect::<Vec<_>>(), ["TreeNode", "Chain"]);
    assert_eq!(defs["TreeNode"], tree_def);
    assert_eq!(
        defs["Chain"]["properties"]["next"],
        json!({"anyOf": [{"$ref": "#/$defs/Chain"}, {"type": "null"}]})
    );
    // Forest alone carries the definition too, at its own root.
    assert_eq!(Forest::schema()["$defs"]["TreeNode"], tree_def);
    // A non-recursive type without nested definitions has no `$defs`.
    assert!(Point::schema().get("$defs").is_none());
}

#[test]
fn recursive_calls_validate_at_every_depth() {
    let deep = json!({"label": "a", "children": [
        {"label": "b", "children": [{"label": "c", "children": []}]},
        {"label": "d", "children": []}
    ]});
    assert!(TreeNode::validate(&deep).is_valid());
    assert_eq!(
        messages::<TreeNode>(json!({"label": "a", "children": [
            {"label": "b", "children": [{"label": 3, "children": []}, {"children": "x"}]}
        ]})),
        [
            "argument 'children[0].children[0].label' should be string, got integer",
            "missing required argument 'children[0].children[1].label'",
            "argument 'children[0].children[1].children' should be array, got string",
        ]
    );
    assert_eq!(
        messages::<Chain>(
            json!({"step": 1, "next": {"step": 0, "next": {"step": 2, "extra": true}}})
        ),
        [
            "argument 'next.step' should be at least 1, got 0",
            "unexpected argument 'next.next.extra'",
        ]
    );
    let garden = json!({
        "main": deep,
        "forest": {"trees": [{"label": "x", "children": [{"label": false, "children": []}]}]},
        "chain": {"step": 1, "next": {"step": 300}}
    });
    assert_eq!(
        messages::<Garden>(garden),
        [
            "argument 'forest.trees[0].children[0].label' should be string, got boolean",
            "argument 'chain.next.step' should be at most 255, got 300",
        ]
    );
    let parsed = TreeNode::parse(&deep).unwrap();
    assert_eq!(parsed.children[0].children[0].label, "c");
    let chain = Chain::parse(&json!({"step": 1, "next": {"step": 2}})).unwrap();
    assert_eq!(
        chain,
        Chain {
            step: 1,
            next: Some(Box::new(Chain {
                step: 2,
                next: None
            }))
        }
    );
}

#[test]
fn untagged_enums_are_any_of_their_variants() {
    assert_eq!(
        IntOrStr::schema(),
        &json!({"anyOf": [{"type": "integer", "maximum": i64::MAX}, {"type": "string"}]})
    );
    let s = Target2::schema();
    assert_eq!(s["anyOf"][0]["properties"]["x"], json!({"type": "number"}));
    assert_eq!(s["anyOf"][1], json!({"type": "string"}));
    assert_eq!(
        s["anyOf"][2],
        json!({"type": "null"}),
        "skipped variants are left out"
    );
    assert_eq!(s["anyOf"].as_array().unwrap().len(), 3);
    let p = &UnionField::schema()["properties"];
    assert_eq!(
        p["maybe"],
        json!({"anyOf": [p["value"], {"type": "null"}]}),
        "Option<T> as a field: optional, or null"
    );
    assert_eq!(
        UnionField::schema()["required"],
        json!(["value", "targets"])
    );

    assert_eq!(
        UnionField::parse(
            &json!({"value": 3, "maybe": "x", "targets": [null, "home", {"x": 1, "y": 2.5}]})
        )
        .unwrap(),
        UnionField {
            value: IntOrStr::Int(3),
            maybe: Some(IntOrStr::Str("x".into())),
            targets: vec![
                Target2::Nothing,
                Target2::Name("home".into()),
                Target2::Point(Point { x: 1.0, y: 2.5 })
            ],
            nested: None,
        }
    );
    assert_eq!(
        UnionField::parse(&json!({"value": "7", "targets": [], "nested": [1, [2, []]]}))
            .unwrap()
            .nested,
        Some(Nested::List(vec![
            Nested::Leaf(1),
            Nested::List(vec![Nested::Leaf(2), Nested::List(vec![])])
        ]))
    );
    assert_eq!(
        messages::<UnionField>(json!({"value": 1.5, "targets": [true, {"x": 1}], "nested": [300]})),
        [
            "argument 'value' should be string or integer, got number",
            "argument 'targets[0]' should be object, string or null, got boolean",
            // The object alternative, the closest one, speaks for the `anyOf`.
            "missing required argument 'targets[1].y'",
            "argument 'nested[0]' should be at most 255, got 300",
        ]
    );
}

#[test]
fn exclusive_bounds_and_multiples() {
    let p = &Bounds::schema()["properties"];
    assert_eq!(
        p["temperature"],
        json!({"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 2})
    );
    assert_eq!(
        p["step"],
        json!({"type": "integer", "minimum": 0, "maximum": 4294967295u64, "multipleOf": 5})
    );
    assert_eq!(
        p["half"],
        // An `f32`: its range (issue 11), then the exclusive bound.
        json!({"type": "number", "minimum": -3.4028235e38, "maximum": 3.4028235e38,
               "exclusiveMinimum": -1, "multipleOf": 0.5})
    );
    assert!(Bounds::validate(&json!({"temperature": 1.5, "step": 10, "half": -0.5})).is_valid());
    assert_eq!(
        messages::<Bounds>(json!({"temperature": 2, "step": 7, "half": -1})),
        [
            "argument 'temperature' should be less than 2, got 2",
            "argument 'step' should be a multiple of 5, got 7",
            "argument 'half' should be greater than -1, got -1",
        ]
    );
}

#[test]
fn strict_exports_keep_the_references() {
    let strict = |spec: &ToolSpec| {
        export::export(Target::OpenAiChatStrict, spec, &ExportOptions::default())
            .map(|e| e.value["function"]["parameters"].clone())
    };
    let tree = strict(&ToolSpec::of::<TreeNode>()).unwrap();
    assert_eq!(
        tree["properties"]["children"]["items"],
        json!({"$ref": "#"})
    );
    assert_eq!(tree["additionalProperties"], json!(false));
    let garden = strict(&ToolSpec::of::<Garden>()).unwrap();
    assert_eq!(
        garden["$defs"]["TreeNode"]["additionalProperties"],
        json!(false)
    );
    assert_eq!(
        garden["properties"]["spare"]["anyOf"][0],
        json!({"$ref": "#/$defs/TreeNode"})
    );
    // The exported strict schema still validates what the derived type accepts.
    let strict_schema = Schema::parse(&garden).unwrap();
    let call = json!({"main": {"label": "a", "children": []}, "spare": null,
        "forest": {"trees": []}, "chain": {"step": 1, "next": null}});
    assert!(strict_schema.validate(&call).is_valid());
}

/// Nested types a declared target takes: this compiles only because each nested
/// type's recorded problems for `openai_strict` are none.
#[derive(ToolArgs, Deserialize, Debug)]
#[tool(targets(openai_strict))]
#[allow(dead_code)]
struct StrictGarden {
    garden: Garden,
    union: IntOrStr,
    bounds: Option<Bounds>,
}

#[test]
fn target_problems_are_recorded_per_target() {
    let index = |t: Target| Target::ALL.iter().position(|x| *x == t).unwrap();
    let openai = index(Target::OpenAiChatStrict);
    let anthropic = index(Target::AnthropicStrict);
    assert_eq!(
        <StrictGarden as ToolArgs>::__TARGET_PROBLEMS[openai],
        ("", "")
    );
    // Anthropic strict tool use has no recursive schemas, and describes bounds.
    let (refusal, lossy) = <StrictGarden as ToolArgs>::__TARGET_PROBLEMS[anthropic];
    assert!(
        refusal.starts_with("refuses `TreeNode`") && refusal.contains("recursive"),
        "{refusal}"
    );
    // The first lossy change among the nested types that export at all (the
    // recursive ones are refused): i64's bound in `IntOrStr`.
    assert!(
        lossy.starts_with("would not enforce `IntOrStr` at /anyOf/0/maximum"),
        "{lossy}"
    );
    assert!(StrictGarden::openai_chat_strict().is_ok());
}

#[test]
fn serde_agrees() {
    check::<TreeNode>(11, Extras::default());
    // `next` at every depth the generator reaches.
    let chain = |at: &str, field: &str| -> Vec<&'static str> {
        (0..12)
            .map(|depth| &*format!("{at}{}{field}", "next.".repeat(depth)).leak())
            .collect()
    };
    check::<Chain>(
        12,
        Extras {
            bounded: chain("", "step").leak(),
            ..Extras::default()
        },
    );
    check::<UnionField>(
        13,
        Extras {
            ..Extras::default()
        },
    );
    check::<Garden>(
        14,
        Extras {
            bounded: chain("chain.", "step").leak(),
            ..Extras::default()
        },
    );
    check::<Bounds>(
        15,
        Extras {
            bounded: &["temperature", "step", "half"],
            ..Extras::default()
        },
    );
}
