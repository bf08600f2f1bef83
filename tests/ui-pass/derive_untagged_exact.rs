// Untagged enums whose parse returns what the validator accepted (issue 11): serde
// never reads, as an earlier variant, a value its schema refuses and a later
// variant accepts. A closed struct (deny_unknown_fields) never reads an object with
// a name the other variant requires; a struct reads an array only as its fields in
// order; variants of disjoint JSON types never meet.
use serde::Deserialize;
use tool_schema::ToolArgs;

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Small {
    x: i64,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Big {
    x: i64,
    y: String,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Either {
    S(Small),
    B(Big),
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Width {
    Double(f64),
    Single(f32),
    Name(String),
    List(Vec<u8>),
    Nothing,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Cm,
    Inch,
}

// Option, unit enum and struct fields: `Circle` is not exact, but closed, and
// `Rect` requires `w`, which `Circle` never reads.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Circle {
    radius: f64,
    unit: Unit,
    label: Option<String>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Rect {
    w: f64,
    h: f64,
    unit: Unit,
    label: Option<String>,
    corner: Option<Small>,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Shape {
    C(Circle),
    R(Rect),
}

// The open struct first: the closed later one lacks `y`, which it requires.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum BigFirst {
    B(Big),
    S(Small),
}

// One or many: serde reads `Big` from an array whose first item is an integer,
// never from an array of objects.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum OneOrMany {
    One(Big),
    Many(Vec<Big>),
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Call {
    either: Either,
    width: Width,
    shape: Shape,
    big_first: BigFirst,
    one_or_many: OneOrMany,
}

fn main() {
    let call = serde_json::json!({
        "either": {"x": 1, "y": "s"},
        "width": 1e39,
        "shape": {"w": 1, "h": 2, "unit": "cm"},
        "big_first": {"x": 1},
        "one_or_many": [{"x": 1, "y": "s"}]
    });
    let parsed = Call::parse(&call).unwrap();
    assert_eq!(parsed.either, Either::B(Big { x: 1, y: "s".into() }));
    assert_eq!(parsed.width, Width::Double(1e39));
    assert!(matches!(parsed.shape, Shape::R(Rect { w: 1.0, .. })));
    assert_eq!(parsed.big_first, BigFirst::S(Small { x: 1 }));
    assert_eq!(
        parsed.one_or_many,
        OneOrMany::Many(vec![Big { x: 1, y: "s".into() }])
    );
}
