//! Issue 11, item 2 (values): `Options::max_depth`. A value nested deeper than the
//! limit (built in code, where serde_json's own limit does not apply) gets one
//! `Kind::TooDeep` violation at the first container past it, in `validate`,
//! `is_valid` and the text path, and nothing recurses on the native stack in
//! proportion to the value's depth. Every check runs on a thread with a 2 MiB
//! stack.

mod depth_support;

use depth_support::{crossing, deep, on_small_stack, on_stack, small_stack, Shape, STACK_FOR_1000};
use serde_json::{json, Value};
use tool_schema_engine::{Format, Kind, Options, Position, Schema, Violation};

/// Recursive schemas, each with the shape of value it describes and the options
/// that read it (pure arrays need a root that is not an object).
fn recursive_schemas() -> Vec<(&'static str, Schema, Shape, Options)> {
    let tool = Options::default();
    let spec = Options::SPEC;
    let cases = [
        (
            "properties $ref #",
            json!({"type": "object", "properties": {"a": {"$ref": "#"}, "b": {"type": "string"}}}),
            Shape::Objects,
            tool,
        ),
        (
            "$defs",
            json!({"type": "object", "properties": {"a": {"$ref": "#/$defs/node"}}, "$defs": {"node": {
                "type": "object",
                "properties": {"a": {"$ref": "#/$defs/node"}, "b": {"type": "string"}}
            }}}),
            Shape::Objects,
            tool,
        ),
        (
            "items",
            json!({"type": "array", "items": {"$ref": "#"}}),
            Shape::Arrays,
            spec,
        ),
        (
            "additionalProperties",
            json!({"type": "object", "additionalProperties": {"$ref": "#"}}),
            Shape::Objects,
            tool,
        ),
        (
            "anyOf around $ref",
            json!({"type": "object", "properties": {
                "a": {"anyOf": [{"$ref": "#"}, {"type": "null"}]},
                "b": {"type": "string"}
            }}),
            Shape::Objects,
            tool,
        ),
        (
            "allOf around $ref",
            json!({"type": "object", "properties": {
                "a": {"allOf": [{"$ref": "#"}, {"type": "object"}]},
                "b": {"type": "string"}
            }}),
            Shape::Objects,
            tool,
        ),
        (
            "oneOf around $ref",
            json!({"type": "object", "properties": {
                "a": {"oneOf": [{"$ref": "#"}, {"type": "null"}]},
                "b": {"type": "string"}
            }}),
            Shape::Objects,
            tool,
        ),
        (
            "mixed: items of a property",
            json!({"type": "object", "properties": {
                "a": {"type": "array", "items": {"$ref": "#"}},
                "b": {"type": "string"}
            }}),
            Shape::Mixed,
            tool,
        ),
        (
            "free-form property",
            json!({"type": "object", "properties": {"a": {}}}),
            Shape::Objects,
            tool,
        ),
    ];
    cases
        .into_iter()
        .map(|(name, schema, shape, options)| {
            let schema = Schema::parse(&schema).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, schema, shape, options)
        })
        .collect()
}

/// The one violation of a value of `shape` nested past `limit` levels.
fn too_deep(shape: Shape, limit: usize, position: Position) -> Vec<Violation> {
    vec![Violation::new(
        Kind::TooDeep { limit },
        crossing(shape, limit),
        position,
    )]
}

/// The position of the violation: argument 0 when the root is an object.
fn position(schema: &Schema, shape: Shape) -> Position {
    match shape {
        Shape::Arrays => Position::default(),
        _ => Position {
            argument: Some(0),
            declared: schema.root().property("a").map(|(i, _)| i),
        },
    }
}

#[test]
fn deep_values_get_one_violation_on_a_small_stack() {
    for (name, schema, shape, options) in recursive_schemas() {
        for levels in [200, 10_000, 100_000] {
            let (report, valid) = on_small_stack(
                || deep(shape, levels, None),
                |v| {
                    (
                        schema.validate_with(v, &options),
                        schema.is_valid_with(v, &options),
                    )
                },
            );
            let want = too_deep(shape, 128, position(&schema, shape));
            assert_eq!(report.violations, want, "{name}, {levels} levels");
            assert!(!valid, "{name}, {levels} levels");
        }
    }
}

#[test]
fn values_at_the_limit_are_walked() {
    for (name, schema, shape, options) in recursive_schemas() {
        // 128 levels: within the limit, and valid.
        let (report, valid) = on_small_stack(
            || deep(shape, 128, None),
            |v| {
                (
                    schema.validate_with(v, &options),
                    schema.is_valid_with(v, &options),
                )
            },
        );
        assert!(report.is_valid(), "{name}: {:?}", report.messages());
        assert!(valid, "{name}");
        // 129 levels: one past.
        let (report, valid) = on_small_stack(
            || deep(shape, 129, None),
            |v| {
                (
                    schema.validate_with(v, &options),
                    schema.is_valid_with(v, &options),
                )
            },
        );
        let want = too_deep(shape, 128, position(&schema, shape));
        assert_eq!(report.violations, want, "{name}");
        assert!(!valid, "{name}");
    }
}

/// A violation at the bottom of a value 128 levels deep: the reporting walk
/// (through `anyOf`/`oneOf` alternatives at every level) and the report's path
/// fit the small stack.
#[test]
fn a_violation_at_the_limit_is_reported_in_full() {
    for (name, schema, shape, options) in recursive_schemas() {
        if shape != Shape::Objects || name.contains("free-form") || name.contains("additional") {
            continue;
        }
        let report = on_small_stack(
            || deep(shape, 128, Some(json!(7))),
            |v| schema.validate_with(v, &options),
        );
        let mut path = crossing(shape, 127);
        path.push(tool_schema_engine::Segment::Key("b".into()));
        assert_eq!(report.len(), 1, "{name}: {:?}", report.messages());
        let v = &report.violations[0];
        assert_eq!(v.path, path, "{name}");
        assert!(matches!(v.kind, Kind::Type { .. }), "{name}: {:?}", v.kind);
        let messages = Format::Default.render(&report);
        assert!(
            messages[0].ends_with(".a.b' should be string, got integer"),
            "{messages:?}"
        );
    }
}

/// The reproducer of the issue: a 100k-deep value failing an `enum` was cloned
/// into the report; now the limit answers first, on any schema (the schema
/// never descends into the value).
#[test]
fn a_deep_value_is_never_cloned_into_a_report() {
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {"a": {"enum": [1]}, "c": {"const": [1]}, "u": {"type": "array", "uniqueItems": true}}
    }))
    .unwrap();
    for key in ["a", "c"] {
        let report = on_small_stack(
            || json!({ key: deep(Shape::Arrays, 100_000, None) }),
            |v| schema.validate(v),
        );
        let mut segs = crossing(Shape::Arrays, 127).into_segments();
        segs.insert(0, tool_schema_engine::Segment::Key(key.to_string().into()));
        let path = tool_schema_engine::Path::from(segs);
        assert_eq!(report.len(), 1);
        assert_eq!(report.violations[0].path, path);
        assert_eq!(report.violations[0].kind, Kind::TooDeep { limit: 128 });
    }
    // Two equal deep elements under `uniqueItems` are never compared.
    let report = on_small_stack(
        || json!({"u": [deep(Shape::Arrays, 100_000, None), deep(Shape::Arrays, 100_000, None)]}),
        |v| (schema.validate(v), schema.is_valid(v)),
    );
    assert_eq!(report.0.violations[0].kind, Kind::TooDeep { limit: 128 });
    assert!(!report.1);
}

#[test]
fn the_message_shortens_the_path() {
    let (_, schema, shape, options) = recursive_schemas().remove(0);
    let report = on_small_stack(
        || deep(shape, 10_000, None),
        |v| schema.validate_with(v, &options),
    );
    assert_eq!(
        report.messages(),
        ["argument 'a.a.a.a…a.a.a.a' is nested too deeply (more than 128 levels)"]
    );
    let json = tool_schema_engine::json_report(&report);
    let json = &json["violations"];
    assert_eq!(json[0]["kind"], "too-deep");
    assert_eq!(json[0]["limit"], 128);
    assert_eq!(json[0]["path"].as_str().unwrap().len(), 128 * 2 - 1);
    // Short paths are written in full.
    let report = schema.validate_with(&deep(shape, 4, None), &options.max_depth(2));
    assert_eq!(
        report.messages(),
        ["argument 'a.a' is nested too deeply (more than 2 levels)"]
    );
    let mixed = Schema::parse(&json!({"type": "array"})).unwrap();
    let report = mixed.validate_with(&deep(Shape::Mixed, 30, None), &Options::SPEC.max_depth(12));
    assert_eq!(
        report.messages(),
        ["argument 'a[0].a[0]…a[0].a[0]' is nested too deeply (more than 12 levels)"]
    );
    let report = mixed.validate_with(&json!([[1]]), &Options::SPEC.max_depth(1));
    assert_eq!(
        report.messages(),
        ["argument '[0]' is nested too deeply (more than 1 level)"]
    );
}

/// Other limits: 5 (on a 2 MiB stack), and 1000 (on the stack a debug build
/// needs for it, [`STACK_FOR_1000`]).
#[test]
fn the_limit_can_be_changed() {
    for (name, schema, shape, options) in recursive_schemas() {
        for limit in [5, 1000] {
            let options = options.max_depth(limit);
            let stack = if limit > 128 { STACK_FOR_1000 } else { 2 << 20 };
            let (report, valid) = on_stack(
                stack,
                || deep(shape, limit, None),
                |v| {
                    (
                        schema.validate_with(v, &options),
                        schema.is_valid_with(v, &options),
                    )
                },
            );
            assert!(
                report.is_valid() && valid,
                "{name}, {limit}: {:?}",
                report.messages()
            );
            let (report, valid) = on_stack(
                stack,
                || deep(shape, limit + 1, None),
                |v| {
                    (
                        schema.validate_with(v, &options),
                        schema.is_valid_with(v, &options),
                    )
                },
            );
            assert_eq!(
                report.violations,
                too_deep(shape, limit, position(&schema, shape)),
                "{name}"
            );
            assert!(!valid);
        }
    }
    // A violation at the bottom of 1000 levels, reported through `anyOf` at
    // every level.
    let (_, schema, shape, options) = recursive_schemas().remove(4);
    let options = options.max_depth(1000);
    let report = on_stack(
        STACK_FOR_1000,
        || deep(shape, 1000, Some(json!(7))),
        |v| schema.validate_with(v, &options),
    );
    assert_eq!(report.len(), 1, "{:?}", report.violations.first());
    assert_eq!(report.violations[0].path.len(), 1000);
}

/// Other violations are not looked for in a call past the limit: the one
/// violation is all the report says.
#[test]
fn past_the_limit_nothing_else_is_reported() {
    let schema = Schema::parse(&json!({
        "type": "object",
        "properties": {"a": {"$ref": "#"}, "n": {"type": "integer"}},
        "required": ["n"]
    }))
    .unwrap();
    let mut value = deep(Shape::Objects, 6, None);
    value["x"] = json!("unexpected");
    let report = schema.validate_with(&value, &Options::default().max_depth(5));
    assert_eq!(
        report.violations,
        too_deep(Shape::Objects, 5, position(&schema, Shape::Objects))
    );
    // Within the limit, the same call has its three problems.
    let report = schema.validate_with(&value, &Options::default());
    assert_eq!(report.len(), 7, "{:?}", report.messages());
}

/// The text path answers as parse-then-validate does: `max_depth` below serde's
/// own limit (127 nested containers) is the same violation; past serde's limit
/// the text is not JSON to serde_json (a `TextError`), whatever `max_depth` says.
#[test]
fn the_text_path_agrees() {
    for (name, schema, shape, options) in recursive_schemas() {
        for limit in [1, 5, 100, 126, 127, 128, 1000] {
            let options = options.max_depth(limit);
            for levels in [limit.saturating_sub(1), limit, limit + 1, 127, 128] {
                if levels == 0 {
                    continue;
                }
                let text = deep(shape, levels, None).to_string();
                let got = small_stack(|| {
                    schema
                        .validate_str(&text, &options)
                        .map_err(|e| e.message())
                });
                let want = match serde_json::from_str::<Value>(&text) {
                    Ok(v) => Ok(schema.validate_with(&v, &options)),
                    Err(e) => Err(e.to_string()),
                };
                match (&got, &want) {
                    (Ok(g), Ok(w)) => assert_eq!(g, w, "{name}, limit {limit}, {levels} levels"),
                    (Err(g), Err(_)) => assert!(g.contains("recursion limit exceeded"), "{g}"),
                    _ => panic!("{name}, limit {limit}, {levels} levels: {got:?} vs {want:?}"),
                }
                if levels > 127 {
                    assert!(got.is_err(), "serde_json reads at most 127 levels");
                } else if levels > limit {
                    let report = got.unwrap();
                    assert_eq!(report.violations[0].kind, Kind::TooDeep { limit });
                    assert_eq!(report.len(), 1);
                }
            }
        }
    }
}

/// The pass that settles valid text alone leaves text past the limit to the
/// exact path.
#[test]
fn the_text_pass_does_not_settle_deep_text() {
    let schema = Schema::parse(&json!({"type": "object", "properties": {"a": {}}})).unwrap();
    let text = deep(Shape::Objects, 7, None).to_string();
    let options = Options::default().max_depth(6);
    assert!(!tool_schema_engine::text::__pass_accepts(
        &schema, &text, &options
    ));
    assert!(tool_schema_engine::text::__pass_accepts(
        &schema,
        &text,
        &Options::default()
    ));
    let report = schema.validate_str(&text, &options).unwrap();
    assert_eq!(
        report.violations,
        too_deep(Shape::Objects, 6, position(&schema, Shape::Objects))
    );
    // Brackets inside strings are not levels.
    let text = r#"{"a": {"s": "[[[[[[[[[[{{{{{{{\"[[[["}}"#;
    assert!(schema
        .validate_str(text, &Options::default().max_depth(2))
        .unwrap()
        .is_valid());
}
