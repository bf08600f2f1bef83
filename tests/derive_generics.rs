//! `#[derive(ToolArgs)]` on generic structs and enums (issue #14): each
//! instantiation's schema is the type's own with its parameters' spliced in, its
//! validator delegates the parameters' parts to `<T as ToolArgs>` and agrees with
//! the interpreter on the instantiated schema; instantiations nest in other
//! derived types, and the strict exports keep their meaning.

#[path = "support/reports.rs"]
mod reports;

#[path = "support/problems.rs"]
mod problems;

use reports::report;
use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::export::ToolExport;
use tool_schema::ToolArgsExt;
use tool_schema::{Schema, ToolArgs};

/// A point.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Point {
    #[arg(minimum = 0)]
    x: i32,
    y: i32,
}

/// A tag.
#[derive(ToolArgs, Deserialize, Debug, PartialEq, Clone)]
struct Label {
    #[arg(min_length = 1)]
    text: String,
}

/// Two of a kind.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Pair<T> {
    left: T,
    right: T,
}

/// One page of results.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Page<T> {
    #[arg(max_items = 3)]
    items: Vec<T>,
    next: Option<String>,
}

/// Either of two.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Either<A, B> {
    First {
        value: A,
    },
    Second {
        value: B,
        #[arg(minimum = 1)]
        weight: u8,
    },
}

/// A generic type nested in a plain one, and in another generic one.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Holder {
    points: Pair<Point>,
    pages: Page<Pair<Label>>,
}

/// The bound given instead of the inferred one.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[tool(bound = "T: ToolArgs + Clone")]
struct Bounded<T> {
    item: T,
}

/// A generic type declaring targets: its own parts are checked when the crate
/// compiles, each instantiation's parameters where its schema text is used.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[tool(targets(openai_strict, anthropic_strict))]
#[serde(deny_unknown_fields)]
struct Strict<T> {
    item: T,
    note: Option<String>,
}

/// Generic payloads in the other two tagged representations, beside fields whose
/// checks keep state in the validator (a pattern, a format, a documented enum).
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent<T> {
    One(T),
    Many(Vec<T>),
    None,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
enum External<T> {
    Item(T),
    Pair(T, T),
    Stop,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Level {
    /// Loud.
    High,
    Low,
}

#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Mixed<T> {
    #[arg(pattern = "^[a-z]+$")]
    code: String,
    #[arg(format = "email")]
    mail: Option<String>,
    level: Level,
    adjacent: Adjacent<T>,
    external: Vec<External<T>>,
}

/// What the strict targets take unchanged.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Note {
    text: String,
}

#[test]
fn instantiated_schema() {
    let point = json!({
        "type": "object",
        "properties": {
            "x": {"type": "integer", "minimum": 0, "maximum": i32::MAX},
            "y": {"type": "integer", "minimum": i32::MIN, "maximum": i32::MAX}
        },
        "required": ["x", "y"],
        "additionalProperties": false
    });
    let schema: Value = serde_json::from_str(<Pair<Point>>::SCHEMA_JSON).unwrap();
    assert_eq!(schema["properties"]["left"], point);
    assert_eq!(schema["properties"]["right"], schema["properties"]["left"]);
    assert_eq!(schema["required"], json!(["left", "right"]));
    assert_eq!(<Pair<Point>>::schema(), &schema);
    // Each instantiation its own.
    let labels: Value = serde_json::from_str(<Pair<Label>>::SCHEMA_JSON).unwrap();
    assert_eq!(
        labels["properties"]["left"]["properties"]["text"]["minLength"],
        1
    );
    assert_eq!(<Pair<Label>>::schema(), &labels);
    assert_ne!(<Pair<Label>>::schema(), <Pair<Point>>::schema());
    Schema::parse(<Holder>::schema()).unwrap();
    Schema::parse(<Either<Point, Label>>::schema()).unwrap();
}

#[test]
fn validated_through_the_parameter() {
    assert!(
        report::<Pair<Point>>(json!({"left": {"x": 1, "y": 2}, "right": {"x": 0, "y": -1}}))
            .is_empty()
    );
    assert_eq!(
        report::<Pair<Point>>(
            json!({"left": {"x": -1, "y": 2}, "right": {"x": 0, "y": 1, "z": 0}})
        ),
        vec![
            ("/left/x".to_string(), "below-minimum"),
            ("/right/z".to_string(), "unexpected")
        ]
    );
    assert_eq!(
        report::<Page<Label>>(json!({"items": [{"text": ""}, {"text": "a"}, {}, {"text": "b"}]})),
        vec![
            ("/items".to_string(), "max-items"),
            ("/items/0/text".to_string(), "min-length"),
            ("/items/2/text".to_string(), "missing"),
        ]
    );
    assert_eq!(
        report::<Either<Point, Label>>(
            json!({"kind": "second", "value": {"text": ""}, "weight": 0})
        ),
        vec![
            ("/value/text".to_string(), "min-length"),
            ("/weight".to_string(), "below-minimum")
        ]
    );
    assert_eq!(
        report::<Holder>(json!({
            "points": {"left": {"x": 1, "y": 2}, "right": {"x": -3, "y": 1}},
            "pages": {"items": [{"left": {"text": "a"}, "right": {"text": ""}}]}
        })),
        vec![
            ("/points/right/x".to_string(), "below-minimum"),
            ("/pages/items/0/right/text".to_string(), "min-length"),
        ]
    );
    assert!(report::<Bounded<Label>>(json!({"item": {"text": "a"}})).is_empty());
}

#[test]
fn parsed_by_serde() {
    let page = <Page<Point>>::parse(&json!({"items": [{"x": 1, "y": 2}], "next": "n"})).unwrap();
    assert_eq!(page.items, [Point { x: 1, y: 2 }]);
    let text = r#"{"kind":"first","value":{"x":3,"y":4}}"#;
    let either: Either<Point, Label> = tool_schema::parse_str(text).unwrap();
    assert_eq!(
        either,
        Either::First {
            value: Point { x: 3, y: 4 }
        }
    );
    assert!(tool_schema::parse_str::<Either<Point, Label>>(
        r#"{"kind":"first","value":{"x":-3,"y":4}}"#
    )
    .is_err());
}

#[test]
fn strict_exports_keep_the_parameters_constraints() {
    let export = <Pair<Point>>::openai_chat_strict().unwrap();
    let text = export.to_string();
    assert!(
        text.contains("\"minimum\":0") || text.contains("below-minimum"),
        "{text}"
    );
    <Holder>::anthropic_strict().unwrap();
    let strict = <Strict<Note>>::openai_chat_strict().unwrap().to_string();
    assert!(strict.contains("\"item\""), "{strict}");
    assert_eq!(<Strict<Note>>::NAME, "strict");
}

#[test]
fn tagged_payloads_and_stateful_checks() {
    let ok = json!({
        "code": "abc",
        "mail": "a@b.c",
        "level": "high",
        "adjacent": {"t": "Many", "c": [{"text": "a"}]},
        "external": [{"Item": {"text": "x"}}, {"Pair": [{"text": "y"}, {"text": "z"}]}, "Stop"]
    });
    assert!(report::<Mixed<Label>>(ok.clone()).is_empty());
    let parsed = <Mixed<Label>>::parse(&ok).unwrap();
    assert_eq!(
        parsed.adjacent,
        Adjacent::Many(vec![Label { text: "a".into() }])
    );
    assert_eq!(
        report::<Mixed<Label>>(json!({
            "code": "ABC",
            "mail": "nope",
            "level": "mid",
            "adjacent": {"t": "One", "c": {"text": ""}},
            "external": [{"Pair": [{"text": "y"}, {}]}]
        })),
        vec![
            ("/code".to_string(), "pattern"),
            ("/mail".to_string(), "format"),
            ("/level".to_string(), "enum"),
            ("/adjacent/c/text".to_string(), "min-length"),
            ("/external/0/Pair/1/text".to_string(), "missing"),
        ]
    );
    // Another instantiation, its own schema and validator.
    assert!(report::<Mixed<Point>>(json!({
        "code": "a", "level": "low", "adjacent": {"t": "One", "c": {"x": 1, "y": 1}}, "external": []
    }))
    .is_empty());
}

/// Each instantiation has its own run-time model: the text path of one never
/// answers with another's schema.
#[test]
fn each_instantiation_validates_text_by_its_own_schema() {
    let points = r#"{"left":{"x":1,"y":2},"right":{"x":3,"y":4}}"#;
    let labels = r#"{"left":{"text":"a"},"right":{"text":""}}"#;
    for _ in 0..2 {
        assert!(<Pair<Point>>::validate_str(points).unwrap().is_valid());
        assert!(!<Pair<Label>>::validate_str(points).unwrap().is_valid());
        let report = <Pair<Label>>::validate_str(labels).unwrap();
        assert_eq!(
            report.messages(),
            <Pair<Label>>::validate(&serde_json::from_str(labels).unwrap()).messages()
        );
        assert_eq!(report.violations().len(), 1, "{:?}", report.messages());
        assert!(!<Pair<Point>>::validate_str(labels).unwrap().is_valid());
        assert!(!std::ptr::eq(
            <Pair<Label>>::compiled_schema(),
            <Pair<Point>>::compiled_schema()
        ));
    }
}

// Standard types as generic arguments (issue #29): each with the schema the
// derive writes for a field of that type.

/// A newtype takes its field's schema: the derive's schema of each standard
/// type, to compare with the type's own `ToolArgs`.
macro_rules! same_schema_as_a_field {
    ($($ty:ty),* $(,)?) => {{
        $({
            #[derive(ToolArgs)]
            #[allow(dead_code)]
            struct Field($ty);
            // (The same keywords: a tuple's in another order at a newtype's root.)
            assert_eq!(
                serde_json::from_str::<Value>(<$ty as ToolArgs>::SCHEMA_JSON).unwrap(),
                serde_json::from_str::<Value>(<Field as ToolArgs>::SCHEMA_JSON).unwrap(),
                "{}",
                stringify!($ty)
            );
        })*
    }};
}

#[test]
fn standard_types_have_the_schemas_of_fields() {
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    same_schema_as_a_field!(
        u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64, bool, String,
        char, Value, std::path::PathBuf, IpAddr, Ipv4Addr, Ipv6Addr,
        Vec<u8>, HashSet<String>, BTreeSet<i64>, HashMap<String, u16>, BTreeMap<String, bool>,
        Box<u8>, Vec<Vec<u32>>, (u8,), (u8, String), (i8, bool, f64), Vec<Point>,
        [u8; 3], [bool; 0], [Point; 2], [[i8; 2]; 12], Vec<[String; 1]>,
        (u8, u8, u8, u8, u8, u8, char),
        (u8, u16, u32, u64, i8, i16, i32, i64, bool, char, String, f32, f64, Value, (u8,), [u8; 1]),
    );
    // `Option<T>` in the form of a field `Option<T>`: `null` joins a type, a
    // type's own `anyOf` gains a branch, a derived type's schema is one branch
    // beside `null`, what takes `null` already is unchanged.
    same_schema_as_a_field!(
        Option<u8>,
        Option<String>,
        Option<Vec<u32>>,
        Option<f32>,
        Option<char>,
        Option<IpAddr>,
        Option<Value>,
        Option<Option<u8>>,
        Option<Point>,
        Option<Box<Point>>,
        Option<(u8, String)>,
        Option<[u8; 2]>,
        Option<HashMap<String, u8>>,
        Option<BTreeSet<i64>>,
        Box<Option<u8>>,
        Vec<Option<u8>>,
        Option<Pair<u8>>,
        Option<Vec<Option<String>>>,
    );
    assert_eq!(
        <Option<u8>>::SCHEMA_JSON,
        r#"{"type":["integer","null"],"minimum":0,"maximum":255}"#
    );
}

#[test]
fn standard_types_are_generic_arguments() {
    // `u8` keeps its range; `String`, `Vec<u32>` theirs.
    let pair = <Pair<u8>>::schema();
    assert_eq!(
        pair["properties"]["left"],
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    assert_eq!(
        <Pair<u8>>::validate(&json!({"left": 256, "right": "x"})).messages(),
        [
            "argument 'left' should be at most 255, got 256",
            "argument 'right' should be integer, got string"
        ]
    );
    assert_eq!(
        <Pair<u8>>::parse(&json!({"left": 1, "right": 2})).unwrap(),
        Pair { left: 1, right: 2 }
    );
    let page = <Page<String>>::parse(&json!({"items": ["a", "b"], "next": null})).unwrap();
    assert_eq!(page.items, ["a", "b"]);
    assert_eq!(
        <Page<String>>::validate(&json!({"items": ["a", 1, "c", "d"]})).messages(),
        [
            "argument 'items' should have at most 3 items, got 4",
            "argument 'items[1]' should be string, got integer"
        ]
    );
    let vecs = json!({"left": [1, 2], "right": []});
    assert_eq!(
        <Pair<Vec<u32>>>::parse(&vecs).unwrap(),
        Pair {
            left: vec![1, 2],
            right: vec![]
        }
    );
    assert_eq!(
        <Pair<Vec<u32>>>::validate(&json!({"left": [-1], "right": [1.5]})).messages(),
        [
            "argument 'left[0]' should be at least 0, got -1",
            "argument 'right[0]' should be integer, got number"
        ]
    );
    // The text path reads them too.
    assert_eq!(
        tool_schema::parse_str::<Pair<Option<String>>>(r#"{"left": null, "right": "r"}"#).unwrap(),
        Pair {
            left: None,
            right: Some("r".to_string())
        }
    );
    // A fixed array keeps its length, its items their type.
    assert_eq!(
        <Pair<[u8; 2]>>::schema()["properties"]["left"],
        json!({"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 255},
               "minItems": 2, "maxItems": 2})
    );
    assert_eq!(
        <Pair<[u8; 2]>>::parse(&json!({"left": [1, 2], "right": [3, 4]})).unwrap(),
        Pair {
            left: [1, 2],
            right: [3, 4]
        }
    );
    assert_eq!(
        <Pair<[u8; 2]>>::validate(&json!({"left": [1], "right": [1, 300]})).messages(),
        [
            "argument 'left' should have at least 2 items, got 1",
            "argument 'right[1]' should be at most 255, got 300"
        ]
    );
    // Nested in a generic derived type, beside derived ones.
    let either = json!({"kind": "second", "value": [1, "x"], "weight": 2});
    assert!(<Either<Point, (u8, String)>>::validate(&either).is_valid());
    assert_eq!(
        <Either<Point, (u8, String)>>::validate(
            &json!({"kind": "second", "value": [300, "x"], "weight": 2})
        )
        .messages(),
        ["argument 'value[0]' should be at most 255, got 300"]
    );
}

/// Every standard type the derive takes as a field, as a generic argument: the
/// instantiation validates as the interpreter does on its schema.
#[test]
fn every_standard_field_type_is_a_generic_argument() {
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    macro_rules! each {
        ($($ty:ty => ($($ok:tt)*), ($($bad:tt)*);)*) => {$(
            let (ok, bad) = (json!($($ok)*), json!($($bad)*));
            let call = json!({"left": ok, "right": bad});
            let interp = Schema::parse(<Pair<$ty>>::schema()).unwrap();
            assert_eq!(<Pair<$ty>>::validate(&call), interp.validate(&call), "{}", stringify!($ty));
            assert!(!<Pair<$ty>>::validate(&call).is_valid(), "{}", stringify!($ty));
            assert!(<Pair<$ty>>::validate(&json!({"left": ok, "right": ok})).is_valid(), "{}", stringify!($ty));
        )*};
    }
    each! {
        u8 => (255), (256);
        u16 => (0), (-1);
        u32 => (1), (4294967296u64);
        u64 => (1), (-1);
        u128 => (1), (1.5);
        usize => (1), (4294967296u64);
        i8 => (-128), (128);
        i16 => (1), (32768);
        i32 => (1), ("1");
        i64 => (-1), (9223372036854775808u64);
        i128 => (1), (null);
        isize => (1), (2147483648u64);
        f32 => (1.5), (1e39);
        f64 => (1.5), ("x");
        bool => (true), (1);
        String => ("a"), (1);
        char => ("a"), ("ab");
        std::path::PathBuf => ("/a"), (1);
        IpAddr => ("127.0.0.1"), ("x");
        Ipv4Addr => ("127.0.0.1"), ("::1");
        Ipv6Addr => ("::1"), ("127.0.0.1");
        Vec<u8> => ([1]), ([256]);
        HashSet<String> => (["a"]), (["a", "a"]);
        BTreeSet<u8> => ([1]), ([1, 1]);
        HashMap<String, u8> => ({"a": 1}), ({"a": -1});
        BTreeMap<String, String> => ({"a": "b"}), ({"a": 1});
        Option<u8> => (null), (256);
        Box<i8> => (1), (200);
        (u8, String) => ([1, "a"]), ([1]);
        (u8,) => ([1]), ([1, 2]);
        Vec<Option<Point>> => ([null, {"x": 1, "y": 2}]), ([{"x": -1, "y": 2}]);
        [u8; 2] => ([1, 2]), ([1]);
        [u8; 3] => ([0, 1, 255]), ([0, 1, 256]);
        [String; 0] => ([]), (["a"]);
        [Point; 1] => ([{"x": 0, "y": 0}]), ([{"x": 0, "y": 0}, {"x": 0, "y": 0}]);
        (u8, u8, u8, u8, u8, u8, bool) => ([1, 2, 3, 4, 5, 6, true]), ([1, 2, 3, 4, 5, 6]);
    }
}

/// The derive's target problems of a field of each standard type (its
/// newtype's, the newtype's name in place of the type's): the standard type's
/// own, so that a generic type declaring targets refuses an instantiation the
/// targets refuse, as it refuses such a field.
macro_rules! same_problems_as_a_field {
    ($($ty:ty => $name:literal),* $(,)?) => {{
        $({
            #[derive(ToolArgs)]
            #[allow(dead_code)]
            struct Field($ty);
            assert!(
                problems::same_problems(
                    <$ty as ToolArgs>::__TARGET_PROBLEMS,
                    <Field as ToolArgs>::__TARGET_PROBLEMS,
                    $name
                ),
                "{}",
                stringify!($ty)
            );
        })*
    }};
}

#[test]
fn standard_types_have_the_target_problems_of_fields() {
    use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    same_problems_as_a_field!(
        u8 => "u8", u16 => "u16", u32 => "u32", u64 => "u64", u128 => "u128",
        usize => "usize", i8 => "i8", i16 => "i16", i32 => "i32", i64 => "i64",
        i128 => "i128", isize => "isize", f32 => "f32", f64 => "f64", bool => "bool",
        String => "String", char => "char", Value => "Value",
        std::path::PathBuf => "PathBuf", IpAddr => "IpAddr", Ipv4Addr => "Ipv4Addr",
        Ipv6Addr => "Ipv6Addr", Vec<bool> => "Vec", HashSet<bool> => "HashSet",
        BTreeSet<bool> => "HashSet", HashMap<String, bool> => "HashMap",
        BTreeMap<String, bool> => "HashMap", (bool,) => "tuple", (bool, String) => "tuple",
        Box<bool> => "Box", [bool; 3] => "array", [bool; 1] => "array", [bool; 0] => "array",
        [bool; 2] => "array", [bool; 12] => "array",
        (bool, bool, bool, bool, bool, bool, String) => "tuple",
    );
}

/// A generic type declaring targets: an instantiation the targets refuse is a
/// build error (see ui), one they take passes.
#[test]
fn declared_targets_take_standard_arguments_they_take() {
    // `Strict<T>` declares OpenAI strict and Anthropic strict: `bool` suits both.
    assert!(<Strict<bool>>::validate(&json!({"item": true})).is_valid());
    assert!(<Strict<bool>>::SCHEMA_JSON.contains("\"boolean\""));
}

// `Option` arguments (issue #29): a field whose type is a type parameter is
// optional where the argument is an `Option`, as serde reads it and as the same
// field written `Option<..>` is.

/// `call`'s reading by the validators and serde, for `G` (a generic
/// instantiation) against `W` (its equivalent written without parameters):
/// the same reports in every path, and a valid call read by serde as `parse`
/// and `parse_str` read it.
fn reads_as_written<G, W>(call: &Value, what: &str)
where
    G: ToolArgs + serde::de::DeserializeOwned + std::fmt::Debug + PartialEq + 'static,
    W: ToolArgs + serde::de::DeserializeOwned + 'static,
{
    let report = G::validate(call);
    let at = format!("{what}: {call}");
    assert_eq!(report, W::validate(call), "{at}");
    assert_eq!(
        report,
        Schema::parse(G::schema()).unwrap().validate(call),
        "{at}"
    );
    assert_eq!(G::is_valid(call), report.is_valid(), "{at}");
    let text = call.to_string();
    assert_eq!(G::validate_str(&text).unwrap(), report, "{at}");
    let serde_reads = serde_json::from_value::<G>(call.clone());
    assert_eq!(
        serde_reads.is_ok(),
        serde_json::from_value::<W>(call.clone()).is_ok(),
        "{at}"
    );
    if report.is_valid() {
        let read = serde_reads.unwrap_or_else(|e| panic!("{at}: valid, serde refuses: {e}"));
        assert_eq!(G::parse(call).unwrap(), read, "{at}");
        assert_eq!(tool_schema::parse_str::<G>(&text).unwrap(), read, "{at}");
    } else {
        assert!(G::parse(call).is_err(), "{at}");
        assert!(tool_schema::parse_str::<G>(&text).is_err(), "{at}");
    }
}

/// For each `inner`: `Pair<Option<inner>>` against a struct of two fields
/// `Option<inner>`: the same schema text, every export the same, and each call
/// (absent, `null`, each value, on either side) read alike; absence and `null`
/// valid, as serde reads them.
macro_rules! option_arguments_read_as_fields {
    ($($inner:ty => [$($values:tt)*];)*) => {$({
        /// Two of a kind.
        #[derive(ToolArgs, Deserialize, Debug, PartialEq)]
        #[tool(name = "pair")]
        #[allow(dead_code)]
        struct Written {
            left: Option<$inner>,
            right: Option<$inner>,
        }
        type Generic = Pair<Option<$inner>>;
        let what = stringify!($inner);
        assert_eq!(Generic::SCHEMA_JSON, Written::SCHEMA_JSON, "{what}");
        for target in tool_schema::export::Target::ALL {
            let options = tool_schema::export::ExportOptions::default();
            let generic = Generic::export_to(target, &options).map(|e| (e.value, e.nullable_optional));
            let written = Written::export_to(target, &options).map(|e| (e.value, e.nullable_optional));
            assert_eq!(format!("{generic:?}"), format!("{written:?}"), "{what} for {target:?}");
        }
        let mut calls = vec![
            json!({}),
            json!({"left": null}),
            json!({"left": null, "right": null}),
            json!({"left": [], "right": {"x": 1}}),
        ];
        let values = json!([$($values)*]);
        for value in values.as_array().unwrap().iter().cloned() {
            calls.push(json!({"left": value}));
            calls.push(json!({"right": value.clone(), "left": null}));
            calls.push(json!({"left": value.clone(), "right": value}));
        }
        for call in &calls {
            reads_as_written::<Generic, Written>(call, what);
        }
        for absent in [json!({}), json!({"left": null}), json!({"right": null})] {
            assert!(Generic::validate(&absent).is_valid(), "{what}: {absent}");
            assert_eq!(
                serde_json::from_value::<Generic>(absent).unwrap(),
                Pair { left: None, right: None }
            );
        }
    })*};
}

#[test]
fn option_arguments_are_optional_as_serde_reads_them() {
    option_arguments_read_as_fields! {
        u8 => [1, 255, 256, -1, "1", 1.5];
        String => ["a", "", 1, false];
        Vec<u32> => [[1, 2], [], [-1], [null], "x"];
        Point => [{"x": 1, "y": 2}, {"x": -1, "y": 2}, {"x": 1}, {"x": 1, "y": 2, "z": 3}, 1];
        Label => [{"text": "a"}, {"text": ""}, {}, "a"];
        Pair<u8> => [{"left": 1, "right": 2}, {"left": 1}, {"left": 256, "right": 1}, {}];
        Option<u8> => [1, 256];
        Box<u8> => [1, -1];
        (u8, String) => [[1, "a"], [1], [1, 1]];
        std::net::IpAddr => ["127.0.0.1", "::1", "x"];
    }
}

/// Issue #29's call, and the parameters made optional wherever they stand:
/// through `Box`, inside another instantiation, in a tagged enum's variant, a
/// non-`Option` argument still required.
#[test]
fn option_arguments_in_other_places() {
    let call = json!({"right": 1});
    assert!(<Pair<Option<u8>>>::validate(&call).is_valid());
    assert_eq!(
        <Pair<Option<u8>>>::parse(&call).unwrap(),
        Pair {
            left: None,
            right: Some(1)
        }
    );
    assert!(<Pair<Option<u8>>>::validate(&json!({"left": null, "right": 1})).is_valid());
    assert_eq!(
        <Pair<u8>>::validate(&call).messages(),
        ["missing required argument 'left'"]
    );
    assert!(!<Pair<u8>>::SCHEMA_JSON.contains(r#""required":[]"#));
    // `Box<Option<u8>>` reads an absent member as `None` too.
    assert!(<Pair<Box<Option<u8>>>>::validate(&call).is_valid());
    assert_eq!(
        <Pair<Box<Option<u8>>>>::parse(&call).unwrap(),
        Pair {
            left: Box::new(None),
            right: Box::new(Some(1))
        }
    );
    // Nested: the inner instantiation's members are optional, the outer's not.
    let nested = json!({"left": {}, "right": {"right": 2}});
    assert!(<Pair<Pair<Option<u8>>>>::validate(&nested).is_valid());
    assert_eq!(
        <Pair<Pair<Option<u8>>>>::parse(&nested).unwrap(),
        Pair {
            left: Pair {
                left: None,
                right: None
            },
            right: Pair {
                left: None,
                right: Some(2)
            }
        }
    );
    assert_eq!(
        <Pair<Pair<Option<u8>>>>::validate(&json!({"left": {}})).messages(),
        ["missing required argument 'right'"]
    );
    // A tagged enum's variant: `value` optional, `weight` still required.
    type Choice = Either<Option<u8>, Option<String>>;
    let first = json!({"kind": "first"});
    assert!(
        Choice::validate(&first).is_valid(),
        "{}",
        Choice::SCHEMA_JSON
    );
    assert_eq!(
        Choice::parse(&first).unwrap(),
        Either::First { value: None }
    );
    assert_eq!(
        Choice::validate(&json!({"kind": "second"})).messages(),
        Schema::parse(Choice::schema())
            .unwrap()
            .validate(&json!({"kind": "second"}))
            .messages()
    );
    assert!(!Choice::validate(&json!({"kind": "second"})).is_valid());
    assert!(Choice::validate(&json!({"kind": "second", "weight": 1})).is_valid());
    // A struct flattening an instantiation takes its `required` as it is.
    assert!(FlatOptions::validate(&json!({"id": 1})).is_valid());
    assert_eq!(
        FlatNumbers::validate(&json!({"id": 1})).messages(),
        [
            "missing required argument 'left'",
            "missing required argument 'right'"
        ]
    );
    assert_eq!(
        FlatOptions::parse(&json!({"id": 1, "right": 3})).unwrap(),
        FlatOptions {
            id: 1,
            pair: Pair {
                left: None,
                right: Some(3)
            }
        }
    );
}

/// An id and a pair of optional numbers, flattened.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct FlatOptions {
    id: u8,
    #[serde(flatten)]
    pair: Pair<Option<u8>>,
}

/// An id and a pair of numbers, flattened.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
#[allow(dead_code)]
struct FlatNumbers {
    id: u8,
    #[serde(flatten)]
    pair: Pair<u8>,
}
