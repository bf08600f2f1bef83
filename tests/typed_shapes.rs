//! The typed form beyond plain objects (docs/typed-literals.md): `const` as a
//! unit-like type, tagged unions as internally tagged enums, a type and `null` as
//! an `Option`, fixed-length `prefixItems` as tuples, `$defs` as named types
//! (recursion through `Box`), `allOf` merged into one struct, and the
//! `#[typed(...)]` attribute. Each binding names the type the mapping gives (the
//! compiler checks it); each call round-trips or is refused with the validator's
//! report.

#[path = "support/varied_calls.rs"]
mod varied_calls;

use serde_json::{json, Value};
use std::collections::HashSet;
use tool_schema::json::json_eq;
use tool_schema::{tool_schema, Options, ToolArgs};
use varied_calls::varied;

tool_schema! {
    /// Draw a shape.
    #[typed(name(Circle = "/properties/shape/oneOf/0", Grey = "/$defs/Grey"))]
    pub struct Draw = {
        "type": "object",
        "properties": {
            "version": { "const": 2 },
            "mode": { "type": "string", "enum": ["fast"] },
            "nothing": { "const": null },
            "shape": {
                "description": "What to draw.",
                "oneOf": [
                    {
                        "type": "object",
                        "properties": {
                            "kind": { "const": "circle" },
                            "radius": { "type": "number", "minimum": 0, "maximum": 1000 }
                        },
                        "required": ["kind", "radius"],
                        "additionalProperties": false
                    },
                    {
                        "type": "object",
                        "properties": {
                            "kind": { "type": "string", "enum": ["rect"] },
                            "w": { "type": "integer" },
                            "h": { "type": "integer", "minimum": 0, "maximum": 100 }
                        },
                        "required": ["kind", "w", "h"]
                    }
                ]
            },
            "origin": {
                "type": "array",
                "prefixItems": [
                    { "type": "number", "minimum": -1000, "maximum": 1000 },
                    { "type": "number", "minimum": -1000, "maximum": 1000 }
                ],
                "items": false,
                "minItems": 2
            },
            "rgb": {
                "type": "array",
                "prefixItems": [
                    { "type": "integer", "minimum": 0, "maximum": 255 },
                    { "type": "integer", "minimum": 0, "maximum": 255 },
                    { "type": "integer", "minimum": 0, "maximum": 255 }
                ],
                "minItems": 3,
                "maxItems": 3
            },
            "open_tuple": { "type": "array", "prefixItems": [{ "type": "string" }] },
            "maybe": { "anyOf": [{ "type": "integer", "minimum": 0, "maximum": 10 }, { "type": "null" }] },
            "untagged": { "oneOf": [{ "type": "string" }, { "type": "integer" }] },
            "layer": { "$ref": "#/$defs/Layer" },
            "grey": { "$ref": "#/$defs/Grey" },
            "tree": { "$ref": "#/$defs/Tree" },
            "styled": {
                "allOf": [
                    { "$ref": "#/$defs/Base" },
                    {
                        "type": "object",
                        "properties": { "bold": { "type": "boolean" }, "font": { "type": "string", "minLength": 2 } },
                        "required": ["bold"]
                    }
                ]
            },
            "unmerged": { "allOf": [{ "type": "string" }, { "minLength": 1 }] },
            "step": {
                "oneOf": [
                    {
                        "type": "object",
                        "properties": {
                            "Move": {
                                "type": "object",
                                "properties": { "x": { "type": "integer", "minimum": 0, "maximum": 9 } },
                                "required": ["x"],
                                "additionalProperties": false
                            }
                        },
                        "required": ["Move"],
                        "additionalProperties": false
                    },
                    {
                        "type": "object",
                        "properties": { "Wait": { "type": "integer", "minimum": 0, "maximum": 60 } },
                        "required": ["Wait"],
                        "additionalProperties": false
                    }
                ]
            },
            "nested": { "$ref": "#/$defs/Nested" },
            "numbered": {
                "oneOf": [
                    { "type": "object", "properties": { "v": { "const": 1 } }, "required": ["v"] },
                    { "type": "object", "properties": { "v": { "const": 2 } }, "required": ["v"] }
                ]
            },
            "finish": {
                "oneOf": [
                    { "const": "matte", "description": "No shine." },
                    { "type": "string", "enum": ["gloss"] }
                ]
            }
        },
        "required": ["shape"],
        "$defs": {
            "Layer": {
                "type": "object",
                "properties": { "name": { "type": "string" }, "depth": { "type": "integer" } },
                "required": ["name"],
                "additionalProperties": false
            },
            "Grey": { "type": "string", "enum": ["light", "dark"] },
            "Tree": {
                "type": "object",
                "properties": {
                    "label": { "type": "string" },
                    "children": { "type": "array", "items": { "$ref": "#/$defs/Tree" } },
                    "parent": { "$ref": "#/$defs/Tree" }
                },
                "required": ["label"],
                "additionalProperties": false
            },
            "Nested": { "type": "array", "items": { "$ref": "#/$defs/Nested" }, "maxItems": 2 },
            "Base": {
                "type": "object",
                "properties": { "font": { "type": "string" } },
                "required": ["font"]
            }
        }
    }
}

tool_schema! {
    /// Act: a tagged union at the root.
    pub struct Act = {
        "oneOf": [
            {
                "type": "object",
                "properties": {
                    "action": { "const": "move" },
                    "x": { "type": "integer", "minimum": 0, "maximum": 100 }
                },
                "required": ["action", "x"],
                "additionalProperties": false
            },
            {
                "type": "object",
                "properties": { "action": { "const": "stop" } },
                "required": ["action"],
                "additionalProperties": false
            }
        ]
    }
}

tool_schema! {
    /// A root that is a `$ref` alone: the schema it names is the root's.
    pub struct Named = {
        "$ref": "#/definitions/named",
        "definitions": {
            "named": {
                "type": "object",
                "properties": { "next": { "$ref": "#/definitions/named" }, "n": { "type": "integer", "minimum": 0, "maximum": 9 } },
                "required": ["n"],
                "additionalProperties": false
            }
        }
    }
}

tool_schema! {
    /// Label something.
    #[typed(derive(Eq, Hash, PartialOrd), name(Shade = "/properties/color"))]
    pub struct Label = {
        "type": "object",
        "properties": {
            "text": { "type": "string" },
            "level": { "type": "integer", "minimum": 0, "maximum": 9 },
            "color": { "type": "string", "enum": ["red", "green"] },
            "v": { "const": 1 }
        },
        "required": ["text"],
        "additionalProperties": false
    }
}

#[test]
fn the_types_follow_the_mapping() {
    let call = json!({
        "version": 2.0, "mode": "fast", "nothing": null,
        "shape": {"kind": "rect", "w": -9223372036854775808i64, "h": 3, "extra": [1]},
        "origin": [1.5, -2], "rgb": [0, 128, 255], "open_tuple": ["a", 1],
        "maybe": null, "untagged": 3,
        "layer": {"name": "top", "depth": 18446744073709551615u64}, "grey": "dark",
        "tree": {"label": "a", "children": [{"label": "b"}], "parent": {"label": "r"}},
        "styled": {"font": "serif", "bold": true}, "unmerged": "x"
    });
    let args = Draw::parse_with(&call, &modes()[1]).unwrap();
    let version: Option<DrawVersion> = args.version;
    let mode: Option<DrawMode> = args.mode;
    let nothing: Option<DrawNothing> = args.nothing;
    let shape: &DrawShape = &args.shape;
    let origin: Option<(f64, f64)> = args.origin;
    let rgb: Option<(u8, u8, u8)> = args.rgb;
    let open_tuple: &Option<Value> = &args.open_tuple;
    let maybe: Option<Option<u8>> = args.maybe;
    let untagged: &Option<Value> = &args.untagged;
    let layer: &Option<Layer> = &args.layer;
    let grey: Option<Grey> = args.grey;
    let tree: &Option<Tree> = &args.tree;
    let styled: &Option<DrawStyled> = &args.styled;
    let unmerged: &Option<Value> = &args.unmerged;
    assert_eq!(version, Some(DrawVersion));
    assert_eq!(DrawVersion::JSON, "2");
    assert_eq!((mode, nothing), (Some(DrawMode), Some(DrawNothing)));
    let DrawShape::Rect(rect) = shape else {
        panic!("{shape:?}")
    };
    let w: &serde_json::Number = &rect.w;
    let h: u8 = rect.h;
    assert_eq!((w.as_i64(), h), (Some(i64::MIN), 3));
    assert_eq!(rect.additional_properties["extra"], json!([1]));
    assert_eq!(origin, Some((1.5, -2.0)));
    assert_eq!(rgb, Some((0, 128, 255)));
    assert_eq!(open_tuple, &Some(json!(["a", 1])));
    assert_eq!(maybe, Some(None));
    assert_eq!(untagged, &Some(json!(3)));
    let layer = layer.as_ref().unwrap();
    let depth: &Option<serde_json::Number> = &layer.depth;
    assert_eq!(depth.as_ref().and_then(|d| d.as_u64()), Some(u64::MAX));
    assert_eq!(grey, Some(Grey::Dark));
    let tree = tree.as_ref().unwrap();
    let children: &Option<Vec<Box<Tree>>> = &tree.children;
    let parent: &Option<Box<Tree>> = &tree.parent;
    assert_eq!(children.as_ref().unwrap()[0].label, "b");
    assert_eq!(parent.as_ref().unwrap().label, "r");
    let styled = styled.as_ref().unwrap();
    let (font, bold): (&String, bool) = (&styled.font, styled.bold);
    assert_eq!((font.as_str(), bold), ("serif", true));
    assert_eq!(unmerged, &Some(json!("x")));
    // A definition that refers to itself through an array has no struct to box,
    // and a tag that is not a string is not serde's: both are `Value`s.
    let nested: &Option<Value> = &args.nested;
    let numbered: &Option<Value> = &args.numbered;
    assert_eq!((nested, numbered), (&None, &None));
    // One member named after its variant: an externally tagged enum.
    let step: &Option<DrawStep> = &args.step;
    assert_eq!(step, &None);
    let moved =
        Draw::parse(&json!({"shape": {"kind": "circle", "radius": 1}, "step": {"Move": {"x": 3}}}));
    assert_eq!(
        moved.unwrap().step,
        Some(DrawStep::Move(DrawStepMove { x: 3 }))
    );
    let waited =
        Draw::parse(&json!({"shape": {"kind": "circle", "radius": 1}, "step": {"Wait": 60}}));
    assert_eq!(waited.unwrap().step, Some(DrawStep::Wait(60u8)));
    let finish: Option<DrawFinish> = args.finish;
    assert_eq!(finish, None);
    assert_eq!(
        [DrawFinish::Matte, DrawFinish::Gloss].map(|f| serde_json::to_value(f).unwrap()),
        [json!("matte"), json!("gloss")]
    );
    // The named variant struct, by its JSON pointer.
    let circle = Draw::parse(&json!({"shape": {"kind": "circle", "radius": 2}})).unwrap();
    assert_eq!(circle.shape, DrawShape::Circle(Circle { radius: 2.0 }));
    assert_eq!(
        serde_json::to_value(&circle).unwrap(),
        json!({"shape": {"kind": "circle", "radius": 2.0}})
    );
}

#[test]
fn a_root_union_is_an_enum() {
    let moved = Act::parse(&json!({"action": "move", "x": 7})).unwrap();
    assert_eq!(moved, Act::Move(ActMove { x: 7 }));
    assert_eq!(
        Act::parse(&json!({"action": "stop"})).unwrap(),
        Act::Stop(ActStop {})
    );
    let report = Act::parse(&json!({"action": "move", "x": 700})).unwrap_err();
    assert_eq!(report, Act::validate(&json!({"action": "move", "x": 700})));
    assert!(Act::parse(&json!({"action": "jump"})).is_err());
}

#[test]
fn a_root_ref_names_the_roots_schema() {
    let call = json!({"n": 1, "next": {"n": 2, "next": {"n": 3}}});
    let named = Named::parse(&call).unwrap();
    let next: &Option<Box<Named>> = &named.next;
    assert_eq!(next.as_ref().unwrap().n, 2);
    assert_eq!(serde_json::to_value(&named).unwrap(), call);
    let calls = [
        call,
        json!({"n": 10}),
        json!({"n": 1, "next": {}}),
        json!({"n": 1, "x": 1}),
    ];
    let (valid, invalid) = check_round_trips::<Named>(&calls);
    assert!(
        valid >= 3 && invalid >= 9,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn derives_are_added_and_types_named() {
    let a = Label::parse(&json!({"text": "a", "color": "red", "v": 1})).unwrap();
    let b = Label::parse(&json!({"text": "b", "level": 3})).unwrap();
    let shade: Option<Shade> = a.color;
    assert_eq!(shade, Some(Shade::Red));
    let set: HashSet<Label> = [a.clone(), b.clone(), a.clone()].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert!(a < b);
    assert_eq!(LabelV.partial_cmp(&LabelV), Some(std::cmp::Ordering::Equal));
}

/// Calls at the edges of each mapping, valid and not.
fn draw_calls() -> Vec<Value> {
    let base = json!({"shape": {"kind": "circle", "radius": 1}});
    let variants: Vec<(&str, Vec<Value>)> = vec![
        (
            "version",
            vec![json!(2), json!(2.0), json!(3), json!("2"), json!(null)],
        ),
        ("mode", vec![json!("fast"), json!("slow"), json!(null)]),
        ("nothing", vec![json!(null), json!(0)]),
        (
            "shape",
            vec![
                json!({"kind": "circle", "radius": 0}),
                json!({"kind": "circle", "radius": 1001}),
                json!({"kind": "circle", "radius": 1, "x": 1}),
                json!({"kind": "rect", "w": 18446744073709551615u64, "h": 0}),
                json!({"kind": "rect", "w": -1, "h": 0, "note": null}),
                json!({"kind": "rect", "w": 1.5, "h": 0}),
                json!({"kind": "rect", "w": 1}),
                json!({"kind": "square"}),
                json!({"radius": 1}),
                json!([]),
            ],
        ),
        (
            "origin",
            vec![
                json!([0, 0]),
                json!([1e3, -1e3]),
                json!([0]),
                json!([0, 0, 0]),
                json!([0, "0"]),
            ],
        ),
        (
            "rgb",
            vec![
                json!([0, 0, 0]),
                json!([255, 255, 255]),
                json!([256, 0, 0]),
                json!([0, 0]),
            ],
        ),
        (
            "open_tuple",
            vec![
                json!([]),
                json!(["a"]),
                json!(["a", {"b": null}]),
                json!([1]),
            ],
        ),
        ("maybe", vec![json!(null), json!(0), json!(10), json!(11)]),
        ("untagged", vec![json!("s"), json!(1), json!(1.5)]),
        (
            "layer",
            vec![
                json!({"name": "x"}),
                json!({"name": "x", "depth": -5}),
                json!({"name": "x", "depth": 1.5}),
                json!({"name": "x", "more": 1}),
            ],
        ),
        ("grey", vec![json!("light"), json!("Light")]),
        (
            "tree",
            vec![
                json!({"label": "a", "children": []}),
                json!({"label": "a", "children": [{"label": "b", "children": [{"label": "c"}]}]}),
                json!({"label": "a", "parent": {"label": "b", "parent": {"label": "c"}}}),
                json!({"label": "a", "children": [{"nolabel": 1}]}),
            ],
        ),
        (
            "styled",
            vec![
                json!({"font": "serif", "bold": false}),
                json!({"font": "s", "bold": false}),
                json!({"font": "serif"}),
                json!({"font": "serif", "bold": true, "size": 3}),
            ],
        ),
        ("unmerged", vec![json!("x"), json!(""), json!(1)]),
        (
            "step",
            vec![
                json!({"Move": {"x": 0}}),
                json!({"Wait": 0}),
                json!({"Wait": 61}),
                json!({"Move": {"x": 1}, "Wait": 1}),
                json!({}),
                json!("Move"),
            ],
        ),
        (
            "nested",
            vec![
                json!([]),
                json!([[], [[]]]),
                json!([[], [], []]),
                json!([1]),
            ],
        ),
        (
            "numbered",
            vec![
                json!({"v": 1}),
                json!({"v": 2.0, "w": null}),
                json!({"v": 3}),
            ],
        ),
        (
            "finish",
            vec![json!("matte"), json!("gloss"), json!("satin"), json!(null)],
        ),
        ("unknown", vec![json!(1), json!(null)]),
    ];
    varied(&base, variants)
}

fn modes() -> [Options; 3] {
    [
        Options::default(),
        Options::default().undeclared(tool_schema::Undeclared::RejectIfForbidden),
        Options::default().null_is_absent(true),
    ]
}

/// Each call of `calls` under each mode: parsed and written back unchanged when
/// valid, refused with the validator's report when not; the counts of each.
fn check_round_trips<T>(calls: &[Value]) -> (usize, usize)
where
    T: ToolArgs + serde::de::DeserializeOwned + serde::Serialize + std::fmt::Debug,
{
    let (mut valid, mut invalid) = (0, 0);
    for options in modes() {
        for call in calls {
            let report = T::validate_with(call, &options.integer_floats(false));
            match T::parse_with(call, &options) {
                Ok(args) => {
                    assert!(report.is_valid(), "parsed a refused call: {call}");
                    let back = serde_json::to_value(&args).unwrap();
                    let expected = if options.null_is_absent {
                        without_nulls(call)
                    } else {
                        call.clone()
                    };
                    assert!(
                        json_eq(&back, &expected) || json_eq(&back, call),
                        "{call} came back as {back} ({args:?})"
                    );
                    valid += 1;
                }
                Err(parsed) => {
                    assert_eq!(parsed.messages(), report.messages(), "{call}");
                    assert!(!report.is_valid());
                    invalid += 1;
                }
            }
        }
    }
    (valid, invalid)
}

/// `value` without its object members that are `null`, at every depth.
fn without_nulls(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), without_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_nulls).collect()),
        other => other.clone(),
    }
}

#[test]
fn draw_calls_round_trip_or_report_the_same() {
    let (valid, invalid) = check_round_trips::<Draw>(&draw_calls());
    assert!(
        valid >= 80 && invalid >= 60,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn act_and_label_calls_round_trip_or_report_the_same() {
    let act = [
        json!({"action": "move", "x": 0}),
        json!({"action": "move", "x": 101}),
        json!({"action": "move"}),
        json!({"action": "stop"}),
        json!({"action": "stop", "x": 1}),
        json!({"action": 1}),
        json!({}),
    ];
    let (valid, invalid) = check_round_trips::<Act>(&act);
    assert!(
        valid >= 6 && invalid >= 12,
        "{valid} valid, {invalid} invalid"
    );
    let label = [
        json!({"text": "a"}),
        json!({"text": "a", "v": 1.0, "level": 9, "color": "green"}),
        json!({"text": "a", "v": 2}),
        json!({"text": "a", "level": 10}),
        json!({"text": "a", "color": null}),
    ];
    let (valid, invalid) = check_round_trips::<Label>(&label);
    assert!(
        valid >= 6 && invalid >= 6,
        "{valid} valid, {invalid} invalid"
    );
}
