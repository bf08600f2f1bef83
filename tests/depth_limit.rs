//! Issue 11, item 2 (values), for generated code: `Options::max_depth` in the
//! validators `tool_schema!` compiles and in recursive derived types, `validate`,
//! `is_valid`, `parse` and the text path (`validate_str`, `parse_str`), each
//! agreeing with the interpreter. Every check runs on a thread with a 2 MiB stack.

#[path = "../engine/tests/depth_support/mod.rs"]
mod depth_support;

use depth_support::{crossing, deep, on_small_stack, on_stack, small_stack, Shape, STACK_FOR_1000};
use serde::Deserialize;
use serde_json::{json, Value};
use tool_schema::{parse_str_with, validate_str_with};
use tool_schema::{tool_schema, Kind, Options, Position, Report, Schema, ToolArgs, Violation};

tool_schema! {
    pub PropsRef = {"type": "object", "properties": {"a": {"$ref": "#"}, "b": {"type": "string"}}};
    pub DefsRef = {"type": "object", "properties": {"a": {"$ref": "#/$defs/node"}},
        "$defs": {"node": {"type": "object", "properties": {"a": {"$ref": "#/$defs/node"}, "b": {"type": "string"}}}}};
    #[tool(any_root)]
    pub ItemsRef = {"type": "array", "items": {"$ref": "#"}};
    pub AdditionalRef = {"type": "object", "additionalProperties": {"$ref": "#"}};
    pub AnyOfRef = {"type": "object", "properties": {
        "a": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}, "b": {"type": "string"}}};
    pub AllOfRef = {"type": "object", "properties": {
        "a": {"allOf": [{"$ref": "#"}, {"type": "object"}]}, "b": {"type": "string"}}};
    pub OneOfRef = {"type": "object", "properties": {
        "a": {"oneOf": [{"$ref": "#"}, {"type": "null"}]}, "b": {"type": "string"}}};
    pub MixedRef = {"type": "object", "properties": {
        "a": {"type": "array", "items": {"$ref": "#"}}, "b": {"type": "string"}}};
    pub FreeForm = {"type": "object", "properties": {"a": {}, "e": {"enum": [1]}}};
}

/// A recursive derived type: `Option<Box<Self>>`.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Node {
    a: Option<Box<Node>>,
    b: Option<String>,
}

/// A recursive derived type through a vector: `Option<Vec<Self>>`.
#[derive(ToolArgs, Deserialize, Debug, PartialEq)]
struct Tree {
    a: Option<Vec<Tree>>,
    b: Option<String>,
}

/// One case: validate and is_valid of a tool, and its options and shape.
struct Case {
    name: &'static str,
    validate: fn(&Value, &Options) -> Report,
    is_valid: fn(&Value, &Options) -> bool,
    schema: fn() -> &'static Value,
    shape: Shape,
    options: Options,
}

macro_rules! case {
    ($t:ty, $shape:expr, $options:expr) => {
        Case {
            name: stringify!($t),
            validate: <$t>::validate_with,
            is_valid: <$t>::is_valid_with,
            schema: <$t>::schema,
            shape: $shape,
            options: $options,
        }
    };
}

fn cases() -> Vec<Case> {
    let tool = Options::default();
    vec![
        case!(PropsRef, Shape::Objects, tool),
        case!(DefsRef, Shape::Objects, tool),
        case!(ItemsRef, Shape::Arrays, Options::SPEC),
        case!(AdditionalRef, Shape::Objects, tool),
        case!(AnyOfRef, Shape::Objects, tool),
        case!(AllOfRef, Shape::Objects, tool),
        case!(OneOfRef, Shape::Objects, tool),
        case!(MixedRef, Shape::Mixed, tool),
        case!(FreeForm, Shape::Objects, tool),
        case!(Node, Shape::Objects, tool),
        case!(Tree, Shape::Mixed, tool),
    ]
}

/// The violation of a value of `shape` past `limit` levels under `schema`.
fn too_deep(schema: &Schema, shape: Shape, limit: usize) -> Vec<Violation> {
    let position = match shape {
        Shape::Arrays => Position::default(),
        _ => Position {
            argument: Some(0),
            declared: schema.root().property("a").map(|(i, _)| i),
        },
    };
    vec![Violation::new(
        Kind::TooDeep { limit },
        crossing(shape, limit),
        position,
    )]
}

/// The compiled validator and the interpreter of its schema on one value:
/// (compiled report, compiled is_valid, interpreter report, interpreter is_valid).
fn both(case: &Case, value: &Value, options: &Options) -> (Report, bool, Report, bool) {
    let interp = Schema::parse((case.schema)()).expect("schema");
    (
        (case.validate)(value, options),
        (case.is_valid)(value, options),
        interp.validate_with(value, options),
        interp.is_valid_with(value, options),
    )
}

#[test]
fn compiled_and_derived_validators_stop_at_the_limit() {
    for case in cases() {
        let interp = Schema::parse((case.schema)()).expect("schema");
        for levels in [200, 10_000, 100_000] {
            let (report, valid, ireport, ivalid) = on_small_stack(
                || deep(case.shape, levels, None),
                |v| both(&case, v, &case.options),
            );
            assert_eq!(
                report.violations,
                too_deep(&interp, case.shape, 128),
                "{}, {levels}",
                case.name
            );
            assert_eq!(report, ireport, "{}", case.name);
            assert!(!valid && !ivalid, "{}", case.name);
        }
        for (levels, limit) in [(128, 128), (5, 5), (1000, 1000)] {
            let options = case.options.max_depth(limit);
            // 1000 levels need more than 2 MiB for the interpreter in a debug
            // build (see `STACK_FOR_1000`); the default fits.
            let stack = if limit > 128 { STACK_FOR_1000 } else { 2 << 20 };
            let (report, valid, ireport, ivalid) = on_stack(
                stack,
                || deep(case.shape, levels, None),
                |v| both(&case, v, &options),
            );
            assert!(
                report.is_valid() && valid,
                "{}, {levels}: {:?}",
                case.name,
                report.messages()
            );
            assert!(ireport.is_valid() && ivalid, "{}", case.name);
            let (report, valid, ireport, ivalid) = on_stack(
                stack,
                || deep(case.shape, levels + 1, None),
                |v| both(&case, v, &options),
            );
            assert_eq!(
                report.violations,
                too_deep(&interp, case.shape, limit),
                "{}",
                case.name
            );
            assert_eq!(report, ireport, "{}", case.name);
            assert!(!valid && !ivalid, "{}", case.name);
        }
    }
}

/// A violation at the bottom of a value 128 levels deep: reported in full by the
/// compiled walk on the small stack, as the interpreter reports it.
#[test]
fn a_violation_at_the_limit_is_reported() {
    for case in cases() {
        if case.shape == Shape::Arrays || case.name == "FreeForm" || case.name == "AdditionalRef" {
            continue;
        }
        let (report, valid, ireport, ivalid) = on_small_stack(
            || deep(case.shape, 128, Some(json!(7))),
            |v| both(&case, v, &case.options),
        );
        assert_eq!(report.len(), 1, "{}: {:?}", case.name, report.messages());
        assert_eq!(report, ireport, "{}", case.name);
        assert!(matches!(report.violations[0].kind, Kind::Type { .. }));
        assert_eq!(report.violations[0].path.len(), 128);
        assert!(!valid && !ivalid);
    }
}

/// `enum` and free-form values past the limit: never walked, cloned nor compared.
#[test]
fn free_values_are_measured_too() {
    let free = &cases()[8];
    for key in ["a", "e"] {
        let (report, valid, ireport, _) = on_small_stack(
            || json!({ key: deep(Shape::Arrays, 100_000, None) }),
            |v| both(free, v, &Options::default()),
        );
        assert_eq!(report.len(), 1);
        assert_eq!(report.violations[0].kind, Kind::TooDeep { limit: 128 });
        assert_eq!(report.violations[0].path.len(), 128);
        assert_eq!(report, ireport);
        assert!(!valid);
    }
}

/// The text path of compiled and derived tools: the report of parse-then-validate
/// (below serde_json's 127 levels the same violation; past them a `TextError`).
#[test]
fn the_text_path_agrees() {
    fn check<T: ToolArgs + 'static>(shape: Shape, options: Options) {
        for limit in [1, 5, 64, 126, 128] {
            let options = options.max_depth(limit);
            for levels in [limit - 1, limit, limit + 1, 127, 128] {
                if levels == 0 {
                    continue;
                }
                let text = deep(shape, levels, None).to_string();
                let got = small_stack(|| {
                    validate_str_with::<T>(&text, &options).map_err(|e| e.message())
                });
                match serde_json::from_str::<Value>(&text) {
                    Ok(v) => {
                        let want = T::validate_with(&v, &options);
                        assert_eq!(
                            got.as_ref().ok(),
                            Some(&want),
                            "{} {limit} {levels}",
                            T::NAME
                        );
                        if levels > limit {
                            assert_eq!(want.violations[0].kind, Kind::TooDeep { limit });
                        }
                    }
                    Err(_) => assert!(got.is_err() && levels > 127),
                }
            }
        }
    }
    check::<PropsRef>(Shape::Objects, Options::default());
    check::<ItemsRef>(Shape::Arrays, Options::SPEC);
    check::<AnyOfRef>(Shape::Objects, Options::default());
    check::<MixedRef>(Shape::Mixed, Options::default());
    check::<FreeForm>(Shape::Objects, Options::default());
    check::<Node>(Shape::Objects, Options::default());
    check::<Tree>(Shape::Mixed, Options::default());
}

/// `parse` and `parse_str` of recursive derived types: typed arguments up to the
/// limit, the one violation past it (the generated typed visitor included).
#[test]
fn derived_types_parse_up_to_the_limit() {
    let options = Options::default().max_depth(6);
    let node = small_stack(|| Node::parse(&deep(Shape::Objects, 6, None)).expect("valid"));
    let mut depth = 1;
    let mut at = &node;
    while let Some(next) = &at.a {
        depth += 1;
        at = next;
    }
    assert_eq!(depth, 6);
    let text = deep(Shape::Objects, 7, None).to_string();
    assert!(!tool_schema::__private::fast_accepts::<Node>(
        &text, &options
    ));
    assert!(parse_str_with::<Node>(&text, &Options::default()).is_ok());
    let err = parse_str_with::<Node>(&text, &options).unwrap_err();
    let interp = Schema::parse(Node::schema()).unwrap();
    assert_eq!(
        err.report().unwrap().violations,
        too_deep(&interp, Shape::Objects, 6)
    );
    let err = Node::parse_with(&serde_json::from_str(&text).unwrap(), &options).unwrap_err();
    assert_eq!(err.violations, too_deep(&interp, Shape::Objects, 6));
    let err =
        parse_str_with::<Tree>(&deep(Shape::Mixed, 7, None).to_string(), &options).unwrap_err();
    assert_eq!(
        err.messages(),
        ["argument 'a[0].a[0].a[0]' is nested too deeply (more than 6 levels)"]
    );
    // The default: the deepest text serde_json reads (127 levels) parses, on the small stack.
    let text = deep(Shape::Objects, 127, None).to_string();
    small_stack(|| assert!(tool_schema::parse_str::<Node>(&text).is_ok()));
    let value = deep(Shape::Objects, 128, None);
    let parsed = on_small_stack(|| value.clone(), |v| Node::parse(v).is_ok());
    assert!(parsed);
    let text = deep(Shape::Objects, 128, None).to_string();
    assert!(matches!(
        tool_schema::parse_str::<Node>(&text),
        Err(tool_schema::ParseError::Malformed(_))
    ));
}
